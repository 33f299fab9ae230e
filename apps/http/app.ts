import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serveStatic } from '@hono/node-server/serve-static';
import { isDomainError } from '../../core/domain/errors.js';
import { WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS } from '../../core/domain/two-factor.js';
import type { Agency } from '../shared/agency.js';
import { loadAuth } from './auth.js';
import { clientIp, clientWentAway, type AppEnv } from './context.js';
import type { RouteDeps } from './deps.js';
import { domainErrorResponse, INTERNAL_ERROR_MESSAGE } from './error-map.js';
import { LoginThrottle } from './login-throttle.js';
import { StoredLimiter } from './rate-limit.js';
import { adminRoutes } from './routes/admin.js';
import { adminRefundRoutes } from './routes/admin-refunds.js';
import { adminReportRoutes } from './routes/admin-reports.js';
import { adminPortalRoutes } from './routes/admin-portal.js';
import { adminRuleRoutes, publicRuleRoutes } from './routes/admin-rules.js';
import { adminAuditRoutes } from './routes/admin-audit.js';
import { adminStaffRoutes } from './routes/admin-staff.js';
import { applicationDraftRoutes } from './routes/application-draft.js';
import { adminGroupRoutes, applicationGroupRoutes, groupPaymentRoutes } from './routes/application-groups.js';
import { applicationRoutes } from './routes/applications.js';
import { authRoutes } from './routes/auth.js';
import { publicRecordRoutes } from './routes/public-record.js';
import { adminPortalStatusRoutes } from './routes/admin-portal-status.js';
import { configRoutes } from './routes/config.js';
import { contactRoutes } from './routes/contact.js';
import { documentRoutes } from './routes/documents.js';
import { eventRoutes } from './routes/events.js';
import { healthRoutes } from './routes/health.js';
import { passportScanRoutes } from './routes/passport-scan.js';
import { paymentRoutes } from './routes/payments.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { paymentsWebhookRoutes } from './routes/payments-webhook.js';
import { testPaymentRoutes } from './routes/test-payments.js';
import { trackRoutes } from './routes/track.js';
import { secondStepRoutes, sessionRoutes, twoFactorRoutes } from './routes/two-factor.js';
import { BODY_TOO_LARGE_MESSAGE, bodyKindDeclared, jsonBody } from './route-facts.js';
import { sameOriginWrites, securityHeaders } from './security.js';
import { SecondStep } from './second-step.js';
import { SessionManager } from './sessions.js';
import { staffTwoFactorFirst } from './staff-two-factor.js';
import { SignedInCache, type SignedInCacheOptions } from './signed-in-cache.js';
import type { Logger } from '../shared/logger.js';
import { logOf, metricsRoute, requestContext } from './request-context.js';
import { WebPages } from './web-pages.js';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface AppOptions {
  /** This process's cache of checked sessions (on by default; false reads both rows on every request). */
  sessionCache?: SignedInCacheOptions | false;
  /** Default: 10 failed logins per account and address in 15 minutes (see LoginThrottle). */
  loginLimit?: RateLimit;
  /** Default: 20 registrations per address per hour. */
  registerLimit?: RateLimit;
  /** Default: 20 contact forms per address per hour. */
  contactLimit?: RateLimit;
  /** Default: 600 analytics events per address per minute. */
  eventLimit?: RateLimit;
  /** Tracking without signing in (docs/product.md §16.1). Defaults: 20 requests per address per hour;
   * 5 per application number and per email per hour; 20 codes tried per address and per number per 15 minutes. */
  trackLimits?: { address?: RateLimit; target?: RateLimit; verify?: RateLimit };
  /** Proxies in front of the server that append to X-Forwarded-For (default: TRUST_PROXY from the configuration). */
  trustProxyHops?: number;
  /** The SPA build to serve (apps/web/dist by default, when it exists); null serves none. */
  staticRoot?: string | null;
  /** Mounts GET /api/bench/bare (before any middleware) and /api/bench/floor (after it) for the API benchmark. */
  benchRoutes?: boolean;
  /**
   * Where the request lines, unexpected errors (with their stack) and operational events (outages,
   * degraded health, client aborts) go, each with its request's id (default: the agency's logger).
   */
  logger?: Logger;
}

/** apps/web/dist, wherever the server is started from. */
export const DEFAULT_STATIC_ROOT = fileURLToPath(new URL('../web/dist', import.meta.url));
export const NOT_FOUND_MESSAGE = 'Not found.';
export { BODY_TOO_LARGE_MESSAGE };
/** Nobody reads it (the connection is gone), but every error answer has a message. */
const CLIENT_GONE_MESSAGE = 'The request was not received in full.';

/** An unexpected error, with its stack, on the request's log line. */
function logError(error: unknown, c: Context): void {
  logOf(c).error({ err: error, method: c.req.method, path: c.req.path }, 'the request failed');
}

/** The API routes, one sub-app per area (chained so the typed `hc` client sees every route). */
function apiRoutes(deps: RouteDeps) {
  return (
    new Hono<AppEnv>()
      .route('/', authRoutes(deps))
      .route('/login/two-factor', secondStepRoutes(deps))
      .route('/user/two-factor', twoFactorRoutes(deps))
      .route('/user/sessions', sessionRoutes(deps))
      .route('/contact', contactRoutes(deps))
      .route('/password-reset', passwordResetRoutes(deps))
      .route('/track', trackRoutes(deps))
      .route('/applications', applicationRoutes(deps))
      .route('/application-draft', applicationDraftRoutes(deps))
      .route('/application-groups', applicationGroupRoutes(deps))
      .route('/documents', documentRoutes(deps))
      .route('/passport-scan', passportScanRoutes(deps))
      // The webhook first: it is public, signed by the provider and reads its raw body.
      .route('/payments/webhook', paymentsWebhookRoutes({ useCases: deps.agency.useCases, gateway: deps.agency.ports.gateway }))
      // Before /payments, whose /:type/:applicationId would otherwise take /initial-group/{groupId}.
      .route('/payments/initial-group', groupPaymentRoutes(deps))
      .route('/payments', paymentRoutes(deps))
      .route('/test-payments', testPaymentRoutes(deps))
      // Every admin sub-app below is behind it: STAFF_TWO_FACTOR=required keeps staff without two-factor out.
      .use('/admin/*', staffTwoFactorFirst(deps.agency.config.staffTwoFactor))
      .route('/admin/application-groups', adminGroupRoutes(deps))
      .route('/admin', adminRefundRoutes(deps))
      .route('/admin', adminPortalRoutes(deps))
      .route('/admin', adminRuleRoutes(deps))
      .route('/admin', adminPortalStatusRoutes(deps))
      .route('/admin', adminAuditRoutes(deps))
      .route('/admin', adminReportRoutes(deps))
      .route('/admin', adminStaffRoutes(deps))
      .route('/admin', adminRoutes(deps))
      .route('/events', eventRoutes(deps))
      .route('/config', configRoutes(deps))
      .route('/public', publicRecordRoutes(deps))
      .route('/public', publicRuleRoutes(deps))
      .route('/health', healthRoutes(deps))
  );
}

/** Builds the whole HTTP app (API + SPA) from a composed agency. */
export function createApp(agency: Agency, options: AppOptions = {}) {
  const clock = () => agency.ports.clock.now();
  const attempts = agency.ports.attempts;
  const login = options.loginLimit ?? { limit: 10, windowMs: 15 * 60 * 1000 };
  const register = options.registerLimit ?? { limit: 20, windowMs: 60 * 60 * 1000 };
  const contact = options.contactLimit ?? { limit: 20, windowMs: 60 * 60 * 1000 };
  const events = options.eventLimit ?? { limit: 600, windowMs: 60 * 1000 };
  const track = {
    address: options.trackLimits?.address ?? { limit: 20, windowMs: 60 * 60 * 1000 },
    target: options.trackLimits?.target ?? { limit: 5, windowMs: 60 * 60 * 1000 },
    verify: options.trackLimits?.verify ?? { limit: 20, windowMs: 15 * 60 * 1000 },
  };
  const trustProxyHops = options.trustProxyHops ?? agency.config.trustProxyHops;
  // Sessions and users are cached only when they are the database's own stores, whose every change
  // (from any process) the database's feed announces.
  const { ports, persistence } = agency;
  const cacheable = options.sessionCache !== false && ports.sessions === persistence.sessions && ports.users === persistence.users;
  const cache = cacheable ? new SignedInCache(persistence.accessChanges, options.sessionCache || {}) : null;
  const sessions = new SessionManager(agency.ports, agency.config.publicUrl, {}, cache, (c) => clientIp(c, trustProxyHops));
  const logger = options.logger ?? agency.logger;
  const deps: RouteDeps = {
    agency,
    sessions,
    secondStep: new SecondStep(agency.ports, sessions.secure),
    limits: {
      // Every count is kept in the database (AttemptCounter), so N server processes count together.
      login: LoginThrottle.stored(attempts, login.limit, login.windowMs, clock),
      register: new StoredLimiter(attempts, 'register', register.limit, register.windowMs, clock),
      contact: new StoredLimiter(attempts, 'contact', contact.limit, contact.windowMs, clock),
      passwordReset: new StoredLimiter(attempts, 'password-reset', 5, 60 * 60 * 1000, clock), // 5 requests an hour per address and per account
      events: new StoredLimiter(attempts, 'events', events.limit, events.windowMs, clock),
      twoFactor: new StoredLimiter(attempts, 'two-factor', WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS, clock),
      trackAddress: new StoredLimiter(attempts, 'track-address', track.address.limit, track.address.windowMs, clock),
      trackTarget: new StoredLimiter(attempts, 'track-target', track.target.limit, track.target.windowMs, clock),
      trackVerify: new StoredLimiter(attempts, 'track-verify', track.verify.limit, track.verify.windowMs, clock),
      passportScan: new StoredLimiter(attempts, 'passport-scan', agency.config.passportScan.perHour, 60 * 60 * 1000, clock),
    },
    clientAddress: (c) => clientIp(c, trustProxyHops),
  };

  const app = new Hono<AppEnv>();
  // The benchmark's yardstick: a bare Hono JSON route, before any middleware.
  if (options.benchRoutes) app.get('/api/bench/bare', (c) => c.json({ ok: true, at: 'bare' }));
  // Every answer carries its request's id and is timed and logged (request-context.ts).
  app.use(requestContext(logger, agency.metrics));
  app.use(securityHeaders());
  // Global rules for every API request; what a route reads (its body kind and size) and how often
  // it may be called are declared on the route itself (route-facts.ts). Reads (the hot path) only
  // resolve the session. A state change must come from our own pages unless its route declares
  // otherwise (the signed webhook), and reach a route that declares its body kind.
  app.use('/api/*', sameOriginWrites(new URL(agency.config.publicUrl).origin));
  app.use('/api/*', bodyKindDeclared());
  app.use('/api/*', loadAuth(sessions, agency.useCases, { clientAddress: deps.clientAddress, staffTwoFactor: agency.config.staffTwoFactor }));

  // The same bare JSON answer behind every API middleware (headers, origin, session lookup): the floor.
  if (options.benchRoutes) app.get('/api/bench/floor', (c) => c.json({ ok: true, at: 'floor' }));
  const api = apiRoutes(deps);
  app.route('/api', api);
  // An unknown API path: JSON-only like every route, then 404.
  app.all('/api/*', jsonBody(), (c) => c.json({ message: NOT_FOUND_MESSAGE }, 404));
  // Prometheus's scrape: behind METRICS_TOKEN here (or on METRICS_PORT, server.ts), never behind a session.
  app.get(
    '/metrics',
    metricsRoute(agency.config.metricsToken, async () => ({ body: await agency.metrics.render(agency), contentType: agency.metrics.contentType })),
  );

  const staticRoot = options.staticRoot === undefined ? DEFAULT_STATIC_ROOT : options.staticRoot;
  if (staticRoot && existsSync(path.join(staticRoot, 'index.html'))) {
    const root = path.relative(process.cwd(), staticRoot) || '.';
    const pages = new WebPages(staticRoot, agency.config.publicUrl, agency.config.officialRoute);
    app.get('/robots.txt', (c) => c.text(pages.robots, 200, { 'Cache-Control': 'no-cache' }));
    app.get('/sitemap.xml', (c) => c.body(pages.sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' }));
    // The pre-rendered public pages (and the SPA shell at /), before the files: / is a folder there.
    app.get('*', (c, next) => {
      const elsewhere = pages.redirect(c);
      if (elsewhere !== null) return c.redirect(elsewhere, 302);
      return pages.has(c.req.path) ? pages.respond(c) : next();
    });
    app.use('/*', async (c, next) => {
      await next();
      if (c.res.status !== 200 || c.req.path.startsWith('/api/')) return;
      // Vite's hashed assets never change; everything else is revalidated.
      c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same address answers brotli, gzip or plain by Accept-Encoding: caches must key on it.
      if (!c.res.headers.get('Vary')) c.res.headers.set('Vary', 'Accept-Encoding');
    });
    // The build's .br and .gz copies are sent to clients that accept them.
    app.use('/*', serveStatic({ root, precompressed: true }));
    // Client-side routes (/dashboard, /admin, …) get the SPA's shell.
    app.get('*', (c) => pages.respond(c));
  }

  app.notFound((c) => c.json({ message: NOT_FOUND_MESSAGE }, 404));
  app.onError((error, c) => {
    if (clientWentAway(c)) {
      logOf(c).info({ method: c.req.method, path: c.req.path }, 'the client went away before sending the whole request');
      return c.json({ message: CLIENT_GONE_MESSAGE }, 400);
    }
    if (isDomainError(error)) {
      // The details of an outage (hosts, paths, driver messages) go to the log, never to the client.
      if (error.data.type === 'Unavailable') logOf(c).warn({ method: c.req.method, path: c.req.path, service: error.data.service, err: error }, `${error.data.service} unavailable`);
      if (error.data.type === 'Undecryptable') logOf(c).error({ method: c.req.method, path: c.req.path, keyId: error.data.keyId }, error.message);
      return domainErrorResponse(c, error);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      if (status >= 500) logError(error, c);
      return c.json({ message: status === 413 ? BODY_TOO_LARGE_MESSAGE : error.message || 'The request could not be handled.' }, status);
    }
    logError(error, c);
    return c.json({ message: INTERNAL_ERROR_MESSAGE }, 500);
  });

  return Object.assign(app, { sessions, limits: deps.limits });
}

/** The API's type, for the SPA's typed `hc` client: `hc<AppType>('/api')`. */
export type AppType = ReturnType<typeof apiRoutes>;
export type HttpApp = ReturnType<typeof createApp>;
