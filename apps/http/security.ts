import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { isRead, routeFacts } from './route-facts.js';

export const CROSS_SITE_MESSAGE = "This request must come from the agency's own website.";

/**
 * CSRF defence for state-changing requests: they must come from the app's own origin. A browser
 * always sends Origin (or at least Sec-Fetch-Site) with such requests; a request with neither is
 * not from a browser (curl, the CLI, server-to-server) and cannot ride a victim's cookie.
 * Answers the 403 to send, or null when the request may proceed.
 */
export function refuseCrossSite(c: Context, publicOrigin: string): Response | null {
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    if (origin === publicOrigin) return null;
    let originHost: string | null = null;
    try {
      originHost = origin === 'null' ? null : new URL(origin).host;
    } catch {
      originHost = null;
    }
    const ownHost = c.req.header('host') ?? new URL(c.req.url).host;
    if (originHost !== null && originHost === ownHost) return null;
    return c.json({ message: CROSS_SITE_MESSAGE }, 403);
  }
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return c.json({ message: CROSS_SITE_MESSAGE }, 403);
  return null;
}

/**
 * Global: every state-changing API request must come from our own pages (refuseCrossSite), except
 * on a route that declares calls from other sites (a provider's signed webhook: `signedWebhook()`
 * in route-facts.ts). The exemption is read from the matched route's own declaration, never from
 * its path.
 */
export function sameOriginWrites(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (isRead(c.req.method) || routeFacts(c).facts?.crossSite) return next();
    return refuseCrossSite(c, publicOrigin) ?? next();
  };
}

/** The Content-Security-Policy: this origin only, plus Stripe's script, frames and API. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
  "connect-src 'self' https://api.stripe.com",
  "img-src 'self' data: blob: https://*.stripe.com",
  // Inline style attributes are used by the UI primitives (positioning of popovers).
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer (computed once). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  // Stripe's 3-D Secure may open a popup that must be able to talk back.
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")'],
];

/**
 * Security headers on every answer, and `Cache-Control: no-store` on API answers (they carry
 * personal data). They are set before the handler runs, so a handler may still override one. On
 * the node server they go straight onto the Node response (merged into its head when it is
 * written), which keeps @hono/node-server on its fast path; elsewhere (app.request in tests) they
 * are prepared on the context. Setting them after the handler instead would make the node server
 * materialise a full Response per request — a third of a bare route's throughput.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const api = c.req.path.startsWith('/api/');
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
      for (const [name, value] of SECURITY_HEADERS) outgoing.setHeader(name, value);
      if (api) outgoing.setHeader('Cache-Control', 'no-store');
    } else {
      for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
      if (api) c.header('Cache-Control', 'no-store');
    }
    await next();
  };
}
