import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { FILE_TOO_LARGE_MESSAGE } from '../../core/domain/document.js';
import { errors, isDomainError } from '../../core/domain/errors.js';
import type { Permission } from '../../core/domain/permissions.js';
import { requirePermission } from '../../core/use-cases/shared.js';
import type { z } from 'zod';
import { actorOf } from './auth.js';
import { validBodyOrNull, type AppEnv } from './context.js';
import type { LoginThrottle } from './login-throttle.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * Route facts: what a route reads and how often it may be called, declared as Hono middleware in
 * the route's own declaration (`.post('/x', jsonBody(), rateLimited(…), handler)`), never decided
 * by matching paths in a central switch. A state-changing API route (POST, PUT, PATCH, DELETE)
 * declares its body kind — `jsonBody()`, `upload({ maxBytes })` or `signedWebhook()` — and one that
 * declares none is refused loudly (500, logged) rather than passed or answered 415; a test walks
 * every registered route to keep it so.
 */

export const JSON_ONLY_MESSAGE = 'Please send the request as JSON (Content-Type: application/json).';
export const BODY_TOO_LARGE_MESSAGE = 'The request is too large.';

/** JSON bodies are small forms: anything larger is refused before it is read. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
/** Provider events are a few KB. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** Room for a multipart envelope (boundaries, part headers, small text fields) beyond the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What a state-changing route reads as its body. */
export type BodyKind = 'json' | 'upload' | 'signed-webhook';

export interface RouteFacts {
  body: BodyKind;
  /** The most bytes of body the route reads (a larger body is refused with 413 before it is read). */
  maxBytes: number;
  /**
   * Calls from other sites are expected (a provider's webhook, authenticated by its signature): the
   * global same-origin check (security.ts) lets them through.
   */
  crossSite: boolean;
}

const FACTS = Symbol('route facts');
type Declared = MiddlewareHandler<AppEnv> & { [FACTS]?: RouteFacts };

function declare(facts: RouteFacts, middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return Object.assign(middleware, { [FACTS]: facts });
}

/** The facts a handler (one of `app.routes`' entries) declares, if it is a route-fact middleware. */
export function factsOf(handler: unknown): RouteFacts | undefined {
  return typeof handler === 'function' ? (handler as Declared)[FACTS] : undefined;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request only reads (GET, HEAD, OPTIONS): everything else changes state. */
export function isRead(method: string): boolean {
  return READS.has(method);
}

/**
 * What the route that answers this request declares: the first matched route registered for the
 * request's method (middleware and catch-alls are registered for every method), with the facts
 * among its own handlers. `route` is null when no route has the path (the API's 404), `facts` null
 * when the route declares none. Known before any handler runs: Hono matches the whole chain of
 * handlers first, so global middleware reads what the route declared.
 */
export function routeFacts(c: Context): { route: string | null; facts: RouteFacts | null } {
  const matched = matchedRoutes(c);
  const method = c.req.method;
  const route = matched.find((r) => r.method === method);
  if (!route) return { route: null, facts: null };
  for (const r of matched) {
    if (r.method !== method || r.path !== route.path) continue;
    const facts = factsOf(r.handler);
    if (facts) return { route: route.path, facts };
  }
  return { route: route.path, facts: null };
}

/**
 * Global: a state-changing API request that reaches a route must reach one that declares its body
 * kind. A route without one is a programming error, answered 500 and logged with what to add.
 */
export function bodyKindDeclared(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isRead(c.req.method)) return next();
    const { route, facts } = routeFacts(c);
    if (route === null || facts) return next();
    throw new Error(`${c.req.method} ${route} declares no body kind: add jsonBody(), upload({ maxBytes }) or signedWebhook() to its route (apps/http/route-facts.ts)`);
  };
}

const tooLarge = (c: Context) => c.json({ message: BODY_TOO_LARGE_MESSAGE }, 413);

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The body, if any, is JSON of at most `maxBytes` (256 KB): any other declared type (text/plain,
 * urlencoded, multipart — the classic cross-site form attack too) is refused with 415, a larger body
 * with 413 as soon as the limit is passed. Also declared by state-changing routes that read no body
 * (logout, starting a payment…), so a form post to them is refused the same way. The handler reads
 * and checks the body itself (readBody), after its own checks.
 */
export function jsonBody(maxBytes = JSON_BODY_LIMIT_BYTES): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return declare({ body: 'json', maxBytes, crossSite: false }, async (c, next) => {
    if (isRead(c.req.method)) return next();
    const contentType = c.req.header('content-type');
    if (contentType !== undefined && contentType.trim() !== '' && !isJsonType(contentType)) {
      return c.json({ message: JSON_ONLY_MESSAGE }, 415);
    }
    return limit(c, next);
  });
}

/**
 * A multipart upload whose file is at most `maxBytes`: a body over that (plus the multipart
 * envelope) is refused with 413 at once when Content-Length says so, otherwise as soon as the
 * streamed bytes cross it — nothing beyond the limit is buffered. The handler reads it with
 * readUpload (uploads.ts), which checks the multipart type and the file's first bytes.
 */
export function upload({ maxBytes }: { maxBytes: number }): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes + MULTIPART_OVERHEAD_BYTES,
    // The server answers at once; @hono/node-server then discards what the client still sends for
    // a moment (never buffering it) and closes the connection.
    onError: () => {
      throw errors.fileTooLarge(FILE_TOO_LARGE_MESSAGE);
    },
  });
  return declare({ body: 'upload', maxBytes, crossSite: false }, limit as MiddlewareHandler<AppEnv>);
}

/**
 * A provider's webhook: its raw body (at most 1 MB) is read and its signature verified by the
 * handler, and it is called from the provider's servers, not from our pages — so it is exempt from
 * the same-origin check (the signature is its authentication).
 */
export function signedWebhook(maxBytes = WEBHOOK_BODY_LIMIT_BYTES): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return declare({ body: 'signed-webhook', maxBytes, crossSite: true }, limit as MiddlewareHandler<AppEnv>);
}

const PERMISSION = Symbol('permission');
type Guarded = MiddlewareHandler<AppEnv> & { [PERMISSION]?: Permission };

/**
 * The permission (core/domain/permissions.ts) a staff route needs, declared first on the route:
 * 401 for visitors and 403 { message } for a role without it, before anything else (a body, an
 * upload) is read. The check is the core's own requirePermission, over the same one table, and the
 * use case checks again: tests/http/route-permissions.test.ts walks every route and fails when the
 * use case behind it does not refuse a role without this same permission. Every /api/admin route
 * declares one (tests/http/route-facts.test.ts walks them).
 */
export function requires(permission: Permission): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    requirePermission(actorOf(c), permission);
    return next();
  };
  return Object.assign(guard, { [PERMISSION]: permission });
}

/** The permission a handler (one of `app.routes`' entries) declares, if it is a `requires(…)`. */
export function permissionOf(handler: unknown): Permission | undefined {
  return typeof handler === 'function' ? (handler as Guarded)[PERMISSION] : undefined;
}

/**
 * The key(s) a request is counted under, or null when it is not counted here: a request the
 * handler refuses anyway (an invalid body is answered 400 and never uses up the sender's allowance).
 */
export type RateKeys = (c: Context<AppEnv>) => string | readonly string[] | null | Promise<string | readonly string[] | null>;

export interface RateLimitOptions {
  /** What the 429 says (default: the error table's). */
  message?: string;
  /**
   * 'on-entry' (default): the request is counted before the handler runs. 'by-handler': only
   * checked on entry (429 before anything is read, once the allowance is used up); the handler
   * counts the request with `countAttempt(c)` when the costly work really starts (a passport scan
   * counts only files that reach the scanner).
   */
  count?: 'on-entry' | 'by-handler';
}

/**
 * Keys computed from the body as the route's `schema` reads it; a body that does not pass is not
 * counted (the handler answers it 400, as before any limit).
 */
export function keysOfValidBody<S extends z.ZodType>(schema: S, keys: (input: z.output<S>, c: Context<AppEnv>) => string | readonly string[]): RateKeys {
  return async (c) => {
    const input = await validBodyOrNull(c, schema);
    return input === null ? null : keys(input, c);
  };
}

async function keysOf(keys: RateKeys, c: Context<AppEnv>): Promise<readonly string[]> {
  const found = await keys(c);
  return found === null ? [] : typeof found === 'string' ? [found] : found;
}

/**
 * At most `limiter.limit` requests per key in its window (counted in the database, so every node
 * counts together); over it, 429 with Retry-After. With several keys each is counted in turn, and
 * the first one over its limit refuses.
 */
export function rateLimited(limiter: RateLimiter, keys: RateKeys, options: RateLimitOptions = {}): MiddlewareHandler<AppEnv> {
  const refuse = (wait: number) => {
    if (wait > 0) throw errors.rateLimited(wait, options.message);
  };
  const take = async (found: readonly string[]) => {
    for (const key of found) refuse(await limiter.take(key));
  };
  return async (c, next) => {
    const found = await keysOf(keys, c);
    if (options.count === 'by-handler') {
      for (const key of found) refuse(await limiter.retryAfterSeconds(key));
      c.set('countAttempt', () => take(found));
    } else {
      await take(found);
    }
    return next();
  };
}

/** Counts the request against its route's 'by-handler' rate limit (429 when it is now over it). */
export async function countAttempt(c: Context<AppEnv>): Promise<void> {
  const count = c.get('countAttempt');
  if (!count) throw new Error(`${c.req.method} ${c.req.path} counts an attempt but declares no rateLimited(…, { count: 'by-handler' })`);
  await count();
}

/**
 * Sign-in guessing (LoginThrottle): a (account, address) pair that must wait is refused with 429
 * before the handler runs; after it, a refusal of the credentials is counted as a failure and a
 * success forgives the account's failures. Requests without a key (an invalid body) pass uncounted.
 */
export function loginThrottled(throttle: LoginThrottle, keys: (c: Context<AppEnv>) => Promise<{ account: string; address: string } | null>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = await keys(c);
    if (!key) return next();
    const wait = await throttle.wait(key.account, key.address);
    if (wait > 0) throw errors.rateLimited(wait);
    await next();
    // The handler's error has been answered by now (Hono keeps it as c.error).
    if (isDomainError(c.error, 'InvalidCredentials')) await throttle.failed(key.account, key.address);
    else if (!c.error && c.res.status < 300) await throttle.succeeded(key.account, key.address);
  };
}

/**
 * Wrong answers per key (the two-factor code, per account): a key with `limiter.limit` of them in
 * its window is refused 429 before the handler runs, whatever it sends; after the handler, a 400 (the
 * answer was wrong, or not a code at all) counts one and a success forgives them. Counted in the
 * database, so every node counts the same wrong answers. Requests without a key pass uncounted.
 */
export function wrongAnswersThrottled(limiter: RateLimiter, key: (c: Context<AppEnv>) => Promise<string | null>, message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await key(c);
    if (found === null) return next();
    const wait = await limiter.retryAfterSeconds(found);
    if (wait > 0) throw errors.rateLimited(wait, message);
    await next();
    if (isDomainError(c.error, 'Validation')) await limiter.hit(found);
    else if (!c.error && c.res.status < 300) await limiter.reset(found);
  };
}
