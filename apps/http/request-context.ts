import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { createLogger, type Logger } from '../shared/logger.js';
import type { AgencyMetrics } from '../shared/metrics.js';
import type { AppEnv } from './context.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A request id taken from the client (a proxy or load balancer that set one) only when it is
 * sane: 1 to 128 letters, digits and `._:-` (a UUID, a hex or ULID id, a proxy's dotted id).
 * Anything else is replaced with a new UUID, never echoed.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** An answer slower than this is worth a warning line, whatever its status. */
export const SLOW_ANSWER_SECONDS = 1;

/**
 * How loud an answer's access line is (decision 0029). A quick success is routine — `debug`: the
 * metrics count every answer by route, status and duration, and writing a line for each cost the
 * signed-in read ~15 % of its time (`npm run bench:api`). A refusal or a failure (4xx, 5xx) is
 * `info` — a failure's cause is already a warning or an error line of its own, with the same
 * `reqId`; a slow answer is a warning.
 */
export function accessLevel(status: number, seconds: number): 'debug' | 'info' | 'warn' {
  if (seconds >= SLOW_ANSWER_SECONDS) return 'warn';
  return status >= 400 ? 'info' : 'debug';
}

/**
 * The first middleware of the app: gives the request its id (X-Request-Id, taken or made), returns
 * it on every answer (errors and static pages included), and once answered observes the duration
 * histogram by route pattern (Hono's matched route, never the raw URL: bounded labels) and writes
 * one access line — method, route, status, milliseconds — with the id, at its accessLevel. Handlers log through
 * logOf(c), whose lines carry the same id. The per-request cost is a UUID, a histogram observation
 * and one log line; the request's own logger is made only when a handler logs.
 */
export function requestContext(logger: Logger, metrics: AgencyMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    c.set('baseLogger', logger);
    // On the node server the header goes straight onto the Node response, before the handler, which
    // keeps @hono/node-server on its fast path (as securityHeaders does); elsewhere (app.request in
    // tests) it is set on the answer once it exists, whatever made it.
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    const direct = outgoing !== undefined && typeof outgoing.setHeader === 'function' && !outgoing.headersSent;
    if (direct) outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    await next();
    if (!direct) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const seconds = (performance.now() - started) / 1000;
    const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    const route = routePath(c) || 'unmatched';
    const status = c.res.status;
    metrics.httpDuration.observe({ route, method, status: String(status) }, seconds);
    const level = accessLevel(status, seconds);
    if (logger.isLevelEnabled(level)) logger[level]({ reqId: requestId, method, route, status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
  };
}

/** Where a route sub-app mounted on its own, without requestContext (a test), logs. */
let standalone: Logger | null = null;

/** The request's logger: every line it writes carries the request's id (`reqId`). */
export function logOf(c: Context): Logger {
  const context = c as Context<AppEnv>;
  let own = context.get('logger');
  if (!own) {
    const base = context.get('baseLogger');
    own = base ? base.child({ reqId: context.get('requestId') }) : (standalone ??= createLogger());
    context.set('logger', own);
  }
  return own;
}

export const METRICS_TOKEN_MESSAGE = 'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.';

/** The SHA-256 of a text: both sides of a comparison get the same length, so it leaks not even that. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics on the main port. With METRICS_TOKEN set, only `Authorization: Bearer <token>`
 * (compared in constant time) is answered; a missing or wrong one is 401 `{ message }`. Without
 * METRICS_TOKEN the route does not exist here (404, like any unknown path: an installation that
 * has not chosen to publish metrics says nothing about having them); METRICS_PORT serves them on
 * 127.0.0.1 without a token.
 */
export function metricsRoute(token: string | null, render: () => Promise<{ body: string; contentType: string }>): MiddlewareHandler<AppEnv> {
  const expected = token === null ? null : digest(token);
  return async (c) => {
    if (expected === null) return c.notFound();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      return c.json({ message: METRICS_TOKEN_MESSAGE }, 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const { body, contentType } = await render();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}
