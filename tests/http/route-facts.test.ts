import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { AppEnv } from '../../apps/http/context.js';
import { domainErrorResponse } from '../../apps/http/error-map.js';
import { bodyKindDeclared, factsOf, jsonBody, permissionOf, signedWebhook, upload, type RouteFacts } from '../../apps/http/route-facts.js';
import { sameOriginWrites } from '../../apps/http/security.js';
import { makeMemoryApp, TEST_ORIGIN, type TestAgency } from '../support/http.js';

/**
 * What a route reads (JSON, an upload with its own limit, a signed webhook) is declared on the
 * route itself; nothing decides it by matching paths.
 */
let t: TestAgency;
beforeAll(async () => {
  t = await makeMemoryApp();
});
afterAll(async () => {
  await t.close();
});

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every state-changing API route of the app ("POST /api/login"), with the facts its handlers declare. */
function stateChangingRoutes(): Map<string, RouteFacts[]> {
  const routes = new Map<string, RouteFacts[]>();
  for (const route of t.app.routes) {
    if (!STATE_CHANGING.includes(route.method) || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    const facts = factsOf(route.handler);
    routes.set(key, [...(routes.get(key) ?? []), ...(facts ? [facts] : [])]);
  }
  return routes;
}

describe('every state-changing API route declares its body kind', () => {
  it('walks every registered route: each POST, PUT, PATCH and DELETE declares exactly one', () => {
    const routes = stateChangingRoutes();
    expect(routes.size).toBeGreaterThan(25); // the walk sees the real routes
    const undeclared = [...routes].filter(([, facts]) => facts.length === 0).map(([route]) => route);
    expect(undeclared, 'declare jsonBody(), upload({ maxBytes }) or signedWebhook() on these routes').toEqual([]);
    const twice = [...routes].filter(([, facts]) => facts.length > 1).map(([route]) => route);
    expect(twice).toEqual([]);
  });

  it('uploads and the webhook are what their routes say; only the webhook takes calls from other sites', () => {
    const routes = [...stateChangingRoutes()].map(([route, [facts]]) => ({ route, ...facts! }));
    expect(
      routes
        .filter((r) => r.body === 'upload')
        .map((r) => `${r.route} ≤ ${r.maxBytes}`)
        .sort(),
    ).toEqual([
      'POST /api/admin/applications/:id/portal/receipt ≤ 10485760',
      'POST /api/admin/applications/:id/visa-upload ≤ 10485760',
      'POST /api/applications/:id/documents ≤ 10485760',
      // A reply's documents: up to 5 of at most 10 MB each (docs/product.md §16.7).
      'POST /api/applications/:id/reply ≤ 52428800',
      'POST /api/passport-scan ≤ 10485760',
    ]);
    expect(routes.filter((r) => r.body === 'signed-webhook').map((r) => r.route)).toEqual(['POST /api/payments/webhook']);
    expect(routes.filter((r) => r.crossSite).map((r) => r.route)).toEqual(['POST /api/payments/webhook']);
    for (const r of routes.filter((r) => r.body === 'json')) expect(r.maxBytes, r.route).toBe(256 * 1024);
  });
});

describe('every admin route declares the permission it needs', () => {
  it('walks every registered /api/admin route: each declares requires(permission) exactly once', () => {
    const declared = new Map<string, string[]>();
    for (const route of t.app.routes) {
      if (route.method === 'ALL' || !route.path.startsWith('/api/admin/')) continue;
      const key = `${route.method} ${route.path}`;
      const permission = permissionOf(route.handler);
      declared.set(key, [...(declared.get(key) ?? []), ...(permission ? [permission] : [])]);
    }
    expect(declared.size).toBeGreaterThan(15); // the walk sees the real routes
    const undeclared = [...declared].filter(([, permissions]) => permissions.length !== 1).map(([route]) => route);
    expect(undeclared, "declare requires('<permission>') (apps/http/route-facts.ts) first on these routes").toEqual([]);
  });
});

/** The app's global API rules around routes declared for the test, with the app's error answers. */
function appWith(declare: (app: Hono<AppEnv>) => void) {
  const failures: string[] = [];
  const app = new Hono<AppEnv>();
  app.use('*', sameOriginWrites(TEST_ORIGIN));
  app.use('*', bodyKindDeclared());
  declare(app);
  // As the real app: an unknown path is JSON-only, then 404.
  app.all('*', jsonBody(), (c) => c.json({ message: 'Not found.' }, 404));
  app.onError((error, c) => {
    if (isDomainError(error)) return domainErrorResponse(c, error);
    failures.push(error.message);
    return c.json({ message: 'Something went wrong on our side.' }, 500);
  });
  return { app, failures };
}

const form = (bytes: number) => {
  const body = new FormData();
  body.append('file', new File([new Uint8Array(bytes)], 'x.pdf'));
  return body;
};

describe('a route declared without its body kind', () => {
  it('is refused loudly (500, logged with what to add), neither passed nor answered 415', async () => {
    let reached = false;
    const { app, failures } = appWith((app) =>
      app.post('/forgotten', (c) => {
        reached = true;
        return c.json({ ok: true }, 200);
      }),
    );
    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'multipart/form-data; boundary=x' }]) {
      const res = await app.request('/forgotten', { method: 'POST', body: '{}', headers: { ...headers, origin: TEST_ORIGIN } });
      expect(res.status).toBe(500);
    }
    expect(reached).toBe(false);
    expect(failures[0]).toBe('POST /forgotten declares no body kind: add jsonBody(), upload({ maxBytes }) or signedWebhook() to its route (apps/http/route-facts.ts)');
    // Reads need no declaration; an unknown path is still a 404 (or 415 for a form post).
    expect((await app.request('/forgotten')).status).toBe(404);
    expect((await app.request('/nowhere', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(404);
    expect((await app.request('/nowhere', { method: 'POST', body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('a new upload route takes the limit it declares: no JSON-only 415, no 256 KB limit', async () => {
    const { app } = appWith((app) => app.post('/scans', upload({ maxBytes: 512 * 1024 }), async (c) => c.json({ size: ((await c.req.formData()).get('file') as File).size }, 200)));
    const small = await app.request('/scans', { method: 'POST', body: form(300 * 1024), headers: { origin: TEST_ORIGIN } });
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ size: 300 * 1024 });
    const large = await app.request('/scans', { method: 'POST', body: form(700 * 1024), headers: { origin: TEST_ORIGIN } });
    expect(large.status).toBe(413);
  });

  it('the same-origin exemption is the webhook route’s own declaration, not its path', async () => {
    const { app } = appWith((app) => app.post('/hooks/provider', signedWebhook(), (c) => c.json({ received: true }, 200)).post('/hooks/other', jsonBody(), (c) => c.json({ received: true }, 200)));
    const from = { origin: 'https://provider.example', 'content-type': 'application/json' };
    expect((await app.request('/hooks/provider', { method: 'POST', body: '{}', headers: from })).status).toBe(200);
    expect((await app.request('/hooks/other', { method: 'POST', body: '{}', headers: from })).status).toBe(403);
    // A body over the webhook's 1 MB is refused before it is read.
    const big = await app.request('/hooks/provider', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1), headers: from });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'The request is too large.' });
  });
});
