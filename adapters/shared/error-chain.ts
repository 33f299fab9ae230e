/**
 * What drivers and SDKs throw, read the same way everywhere (better-sqlite3, pg, minio, nodemailer,
 * node:fs): an error, the causes it wraps (drizzle wraps driver errors) and the errors an
 * AggregateError gathers (a connection tried over IPv4 and IPv6).
 */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** An error, its causes and the errors an AggregateError gathers, outermost first. */
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

/** The codes in an error's chain (SQLite's `SQLITE_…`, PostgreSQL's SQLSTATE, Node's `E…`, S3's `NoSuchKey`…). */
export function errorCodes(error: unknown): string[] {
  return errorChain(error).flatMap((e) => (typeof e.code === 'string' ? [e.code] : []));
}

/**
 * The innermost message: the driver's own words ("database is locked", "connect ECONNREFUSED …"),
 * never a wrapper's such as drizzle's "Failed query: …" with the statement's parameters.
 */
export function driverMessage(error: unknown): string {
  let message = String((error as Error)?.message ?? error);
  for (const e of errorChain(error)) if (typeof e.message === 'string' && e.message) message = e.message;
  return message;
}
