import { z } from 'zod';
import { isCountry } from '../domain/country-list.js';
import { emailField, localeField, phoneField, requiredText } from './fields.js';

export const NATIONALITY_MESSAGE = 'Please select your nationality';

/**
 * docs/product.md §5.9 Contact form: full name ≥ 2 and phone ≥ 10 as seen; the rest (valid email, nationality
 * from the country list, purpose of travel required) follows from the fields being required.
 */
export const contactSchema = z.object({
  fullName: requiredText('Full name must be at least 2 characters', {
    min: 2,
    max: 100,
    maxMessage: 'Full name must be at most 100 characters',
  }),
  email: emailField,
  phoneNumber: phoneField,
  nationality: z
    .string({ error: NATIONALITY_MESSAGE })
    .trim()
    .refine((v) => isCountry(v), NATIONALITY_MESSAGE),
  purposeOfTravel: requiredText('Please tell us the purpose of your travel', {
    max: 2000,
    maxMessage: 'Purpose of travel must be at most 2000 characters',
  }),
  /** The page's language: the account the enquiry creates reads the product in it. */
  locale: localeField.optional(),
});
export type ContactInput = z.output<typeof contactSchema>;
