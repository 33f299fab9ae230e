import type { z } from 'zod';
import { errors } from '../domain/errors.js';

/** Turns zod issues into `{ field: [messages] }`; form-level issues go under '_form'. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fieldErrors;
}

/**
 * Parses untrusted input with a shared schema. Answers the parsed data, or throws DomainError
 * Validation whose message is the first failing field's message and whose `errors` lists every
 * field's messages.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw errors.validation(first?.message ?? 'Invalid input.', fieldErrorsOf(result.error));
}
