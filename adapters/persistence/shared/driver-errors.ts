/** What the drivers throw, read the same way for SQLite (better-sqlite3) and PostgreSQL (pg). */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** An error, its causes (drizzle wraps driver errors) and the errors an AggregateError gathers. */
export function errorChain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 5 || out.includes(e as ErrorLike)) return;
    const o = e as ErrorLike;
    out.push(o);
    if (Array.isArray(o.errors)) for (const inner of o.errors) visit(inner, depth + 1);
    visit(o.cause, depth + 1);
  };
  visit(error, 0);
  return out;
}

/** The driver codes in an error's chain (SQLite's `SQLITE_…`, PostgreSQL's SQLSTATE, Node's `E…`). */
export function errorCodes(error: unknown): string[] {
  return errorChain(error).flatMap((e) => (typeof e.code === 'string' ? [e.code] : []));
}

/**
 * The innermost message: the driver's own words ("database is locked", "connect ECONNREFUSED …"),
 * never drizzle's "Failed query: …" wrapper with the statement's parameters.
 */
export function driverMessage(error: unknown): string {
  let message = String((error as Error)?.message ?? error);
  for (const e of errorChain(error)) if (typeof e.message === 'string' && e.message) message = e.message;
  return message;
}

export function isUniqueViolation(error: unknown): boolean {
  return errorCodes(error).some((c) => c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY');
}

export function isForeignKeyViolation(error: unknown): boolean {
  return errorCodes(error).some((c) => c === '23503' || c === 'SQLITE_CONSTRAINT_FOREIGNKEY');
}
