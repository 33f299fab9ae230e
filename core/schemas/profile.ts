import { z } from 'zod';
import { msg } from '../i18n/index.js';
import { localeField, PASSWORD_MAX, phoneField } from './fields.js';
import { PASSWORDS_DONT_MATCH } from './auth.js';

/** docs/product.md §5.8 Profile: only the phone number can be changed. */
export const profileSchema = z.object({ phoneNumber: phoneField });
export type ProfileInput = z.output<typeof profileSchema>;

/** The language the account reads the product in: chosen with the language switcher. */
export const localeSchema = z.object({ locale: localeField });
export type LocaleInput = z.output<typeof localeSchema>;

/** What PUT /api/user/profile takes: the phone number (the profile form), the language (the switcher), or both. */
export const profileChangeSchema = profileSchema.partial().extend(localeSchema.partial().shape);

/** docs/product.md §5.8 Profile: the new password (also the password-reset page's). */
export const newPasswordField = z
  .string({ error: msg('New password must be at least 6 characters') })
  .min(6, msg('New password must be at least 6 characters'))
  .max(PASSWORD_MAX, msg('New password must be at most 200 characters'));

/** docs/product.md §5.8 Profile: the confirmation, checked in the browser and never sent. */
const confirmPasswordField = z.string({ error: msg('Please confirm your new password') }).min(6, msg('Please confirm your new password'));

/** "Passwords don't match" on confirmPassword, once the confirmation is long enough to compare. */
function confirmationMatches(value: unknown, ctx: z.RefinementCtx): void {
  const v = value as { newPassword?: unknown; confirmPassword?: unknown };
  if (typeof v.confirmPassword === 'string' && v.confirmPassword.length >= 6 && v.confirmPassword !== v.newPassword) {
    ctx.addIssue({ code: 'custom', message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
  }
}

/** What the server accepts (PUT /api/user/change-password). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: msg('Current password is required') })
    .min(1, msg('Current password is required'))
    .max(PASSWORD_MAX, msg('Current password is required')),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The profile page's form: plus the confirmation, checked here and never sent. */
export const changePasswordFormSchema = changePasswordSchema.extend({ confirmPassword: confirmPasswordField }).superRefine(confirmationMatches, { when: () => true });
export type ChangePasswordFormInput = z.output<typeof changePasswordFormSchema>;

/** The password-reset page's form: a new password and its confirmation (the token is in the link). */
export const newPasswordFormSchema = z.object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField }).superRefine(confirmationMatches, { when: () => true });
export type NewPasswordFormInput = z.output<typeof newPasswordFormSchema>;
