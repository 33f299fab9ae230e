import { LOCALES } from '../domain/locale.js';
import { z } from 'zod';
import { msg } from '../i18n/index.js';

/**
 * Building blocks of the shared schemas. Every field answers one clear message for a missing,
 * mistyped or out-of-bounds value, so users never see zod's generic texts.
 */

/** A required text: trimmed, at least `min` characters (default 1), at most `max`. */
export function requiredText(message: string, options: { min?: number; max?: number; minMessage?: string; maxMessage?: string } = {}) {
  const { min = 1, max = 200 } = options;
  return z
    .string({ error: message })
    .trim()
    .min(Math.max(1, min), options.minMessage ?? message)
    .max(max, options.maxMessage ?? `Must be at most ${max} characters`);
}

/** Optional text: absent, null or blank become null. */
export function optionalText(max: number, maxMessage = `Must be at most ${max} characters`) {
  return z
    .string({ error: msg('Must be text') })
    .nullish()
    .transform((v, ctx) => {
      const text = typeof v === 'string' ? v.trim() : '';
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: maxMessage });
        return z.NEVER;
      }
      return text === '' ? null : text;
    });
}

export const EMAIL_MESSAGE = msg('Please enter a valid email');
export const PHONE_MESSAGE = msg('Please enter a valid phone number');

export const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));

/** docs/product.md §14.1: phone at least 10 characters. */
export const phoneField = z.string({ error: PHONE_MESSAGE }).trim().min(10, PHONE_MESSAGE).max(30, msg('Phone number must be at most 30 characters'));

/** docs/product.md §14.1: passwords at least 6 characters; the upper bound keeps hashing cheap. */
export const PASSWORD_MAX = 200;

/** A boolean that also accepts the texts 'true'/'false' (CLI flags, form posts). */
export function flag(message: string) {
  return z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: message }));
}

/** The message for a language outside the list (docs/product.md, "Languages"). */
export const LOCALE_INVALID_MESSAGE = `Language must be one of: ${LOCALES.join(', ')}`;

/** A language of the product ('en-GB', 'ar', 'de', 'fr', 'it'). */
export const localeField = z.enum(LOCALES, { error: LOCALE_INVALID_MESSAGE });
