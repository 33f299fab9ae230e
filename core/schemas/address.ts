import { z } from 'zod';
import { msg } from '../i18n/index.js';
import { requiredText } from './fields.js';

/** docs/product.md §5.7 Address form (PATCH /api/applications/{id}). */
export const addressSchema = z.object({
  address: requiredText(msg('Address is required'), { max: 300, maxMessage: msg('Address must be at most 300 characters') }),
  city: requiredText(msg('City is required'), { max: 100, maxMessage: msg('City must be at most 100 characters') }),
  postcode: requiredText(msg('Postcode is required'), { max: 20, maxMessage: msg('Postcode must be at most 20 characters') }),
  hotelDetails: requiredText(msg('Hotel details are required'), { max: 1000, maxMessage: msg('Hotel details must be at most 1000 characters') }),
});
export type AddressInput = z.output<typeof addressSchema>;
