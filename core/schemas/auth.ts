import { z } from 'zod';
import { msg } from '../i18n/index.js';
import { emailField, localeField, PASSWORD_MAX, phoneField, requiredText } from './fields.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_TOO_SHORT = msg('Password must be at least 6 characters');
export const PASSWORDS_DONT_MATCH = msg("Passwords don't match");

/** docs/product.md §5.1 Login. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: msg('Please enter your password') })
    .min(1, msg('Please enter your password'))
    .max(PASSWORD_MAX, msg('Password must be at most 200 characters')),
});
export type LoginInput = z.output<typeof loginSchema>;

const passwordField = z.string({ error: PASSWORD_TOO_SHORT }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, msg('Password must be at most 200 characters'));

/**
 * docs/product.md §5.2 Registration: the shared input accepts only password, email, fullName and phoneNumber
 * (other keys, such as confirmPassword, are dropped).
 */
export const registrationSchema = z.object({
  password: passwordField,
  email: emailField,
  fullName: requiredText(msg('Full name is required'), { max: 100, maxMessage: msg('Full name must be at most 100 characters') }),
  phoneNumber: phoneField,
  /** The page's language when signing up (else the server guesses it from Accept-Language). */
  locale: localeField.optional(),
});
export type RegistrationInput = z.output<typeof registrationSchema>;

/** The sign-up tab: the registration fields plus confirmPassword (checked here, never sent). */
export const signUpFormSchema = registrationSchema.extend({ confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }) }).superRefine(
  (value, ctx) => {
    const v = value as { password?: unknown; confirmPassword?: unknown };
    if (typeof v.confirmPassword === 'string' && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
    }
  },
  { when: () => true },
);
export type SignUpFormInput = z.output<typeof signUpFormSchema>;
