import { z } from 'zod';
import { INVALID_APPLICATION_ID_MESSAGE } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import { parseMessageId } from '../domain/delivery-log.js';
import { MAX_STORED_ID } from '../domain/ids.js';
import { parseInput } from './parse.js';

/** A positive whole-number id from a path or query ('12' or 12), and the record it names. */
export type IdSchema = z.ZodType<number, unknown> & { readonly entity: string };

function idSchema(message: string, entity: string): IdSchema {
  return idSchemaFor(message, entity);
}

/** An id schema for another record (its message, and the entity a NotFound names). */
export function idSchemaFor(message: string, entity: string): IdSchema {
  const schema = z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
  return Object.assign(schema, { entity });
}

/**
 * A well-formed id (else 400 with the schema's message); one beyond the id columns' range names no
 * record: NotFound, like any unknown id.
 */
export function parseStoredId(schema: IdSchema, raw: unknown): number {
  const id = parseInput(schema, raw);
  if (id > MAX_STORED_ID) throw errors.notFound(schema.entity);
  return id;
}

/** docs/product.md §5.6: 'Invalid application ID. Please refresh the page and try again.' */
export const applicationIdSchema = idSchema(INVALID_APPLICATION_ID_MESSAGE, 'Application');
export const documentIdSchema = idSchema('Invalid document ID.', 'Document');

export const INVALID_MESSAGE_ID_MESSAGE = 'Invalid message ID.';

/**
 * A delivery log entry's id ('email-12', 'sms-5': docs/product.md §16.5), parsed to its channel
 * and record id. Anything else — no channel, an id of 2^31 or more — is malformed (400).
 */
export const messageIdSchema = z.string({ error: INVALID_MESSAGE_ID_MESSAGE }).transform((raw, ctx) => {
  const parsed = parseMessageId(raw);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: INVALID_MESSAGE_ID_MESSAGE });
    return z.NEVER;
  }
  return parsed;
});
