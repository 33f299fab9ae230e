import { z } from 'zod';
import { INVALID_APPLICATION_ID_MESSAGE } from '../domain/document.js';

/** A positive whole-number id from a path or query ('12' or 12). */
export function idSchema(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
}

/** SPEC §5: 'Invalid application ID. Please refresh the page and try again.' */
export const applicationIdSchema = idSchema(INVALID_APPLICATION_ID_MESSAGE);
export const documentIdSchema = idSchema('Invalid document ID.');
