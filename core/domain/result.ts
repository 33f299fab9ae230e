import type { DomainError } from './errors.js';

/** Pure domain decisions return a Result; use cases throw the error part. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(error: DomainError): Result<T> => ({ ok: false, error });

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw result.error;
  return result.value;
}
