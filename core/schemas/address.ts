import { z } from 'zod';
import { requiredText } from './fields.js';

/** docs/product.md §5.7 Address form (PATCH /api/applications/{id}). */
export const addressSchema = z.object({
  address: requiredText('Address is required', { max: 300, maxMessage: 'Address must be at most 300 characters' }),
  city: requiredText('City is required', { max: 100, maxMessage: 'City must be at most 100 characters' }),
  postcode: requiredText('Postcode is required', { max: 20, maxMessage: 'Postcode must be at most 20 characters' }),
  hotelDetails: requiredText('Hotel details are required', { max: 1000, maxMessage: 'Hotel details must be at most 1000 characters' }),
});
export type AddressInput = z.output<typeof addressSchema>;
