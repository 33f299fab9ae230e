import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '../../core/domain/permissions.js';
import type { Actor } from '../../core/use-cases/use-cases.js';
import { permissionOf } from '../../apps/http/route-facts.js';
import { applicantWithApplication, FILES, makeMemoryApp, signInStaff, type SignedUp, type TestAgency } from '../support/http.js';

/**
 * Each permission is named twice: on the route (`requires(P)`, apps/http/route-facts.ts) and in the
 * use case behind it (`requirePermission(actor, P)`, core/use-cases/shared.ts). This walks every
 * route of the built app and proves the two agree: the route's guard sees an admin (every
 * permission), the use case it calls sees the same actor with a role that lacks exactly P, and the
 * answer must be the use case's own 403 naming P. A route whose use case demands another
 * permission, or none, is listed; so is an /api/admin route without `requires` whose use case
 * demands one.
 */

/** A role that exists only in this test: every permission but the one a probe denies. */
const PROBE_ROLE = 'permission-probe';
const table = ROLE_PERMISSIONS as Record<string, readonly Permission[]>;

let t: TestAgency;
let admin: SignedUp;
let applicationId: number;
/** While a probe runs: the use cases the route called with an actor. */
let probe: { reached: string[] } | null = null;

const isActor = (value: unknown): value is Actor => typeof value === 'object' && value !== null && 'userId' in value && 'isAdmin' in value;

beforeAll(async () => {
  t = await makeMemoryApp();
  admin = await signInStaff(t, 'admin');
  applicationId = (await applicantWithApplication(t)).application.id;
  // The routes call `useCases.x(actor, …)` on this object at request time: while a probe runs, the
  // use case is handed the actor with the probe's role (the route's guard has seen the real one).
  const useCases = t.agency.useCases as unknown as Record<string, unknown>;
  for (const [name, useCase] of Object.entries(useCases)) {
    if (typeof useCase !== 'function') continue;
    useCases[name] = (...args: unknown[]) => {
      if (probe && isActor(args[0])) {
        probe.reached.push(name);
        args[0] = { ...args[0], role: PROBE_ROLE };
      }
      return (useCase as (...a: unknown[]) => unknown)(...args);
    };
  }
});
afterAll(async () => {
  delete table[PROBE_ROLE];
  await t.close();
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every API route of the app, "METHOD path", with the permission its `requires(…)` names (if any). */
function apiRoutes(): Map<string, Permission | undefined> {
  const routes = new Map<string, Permission | undefined>();
  for (const route of t.app.routes) {
    if (!METHODS.includes(route.method) || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, permissionOf(route.handler) ?? routes.get(key));
  }
  return routes;
}

/** What each route is sent: enough for its handler to reach its use case (the use case refuses before anything is changed). */
const BODIES: Record<string, unknown> = {
  'PUT /api/admin/applications/:id/status': { status: 'approved' },
  'PUT /api/admin/applications/:id/assignee': { userId: null },
  'POST /api/admin/applications/:id/notes': { text: 'A note.' },
  'POST /api/admin/applications/:id/cancellation': { decision: 'decline', message: 'We have started.' },
  'POST /api/admin/applications/:id/refunds': { paymentType: 'initial', amountPence: 1000, reason: 'Goodwill.' },
  'PUT /api/admin/applications/:id/portal': { state: 'submitted', reference: 'EG-1' },
  'POST /api/admin/portal-status': { state: 'down', message: 'The portal is down.' },
  'POST /api/admin/staff': { email: 'new.staff@agency.example', fullName: 'New Staff', phoneNumber: '+441234567890', role: 'support' },
  'PUT /api/admin/staff/:userId': { active: false },
};
const UPLOADS: Record<string, string> = {
  'POST /api/admin/applications/:id/visa-upload': 'visa',
  'POST /api/admin/applications/:id/portal/receipt': 'receipt',
};

function pathOf(route: string): string {
  return route
    .split(' ')[1]!
    .replace('/messages/:id', '/messages/email-1')
    .replace(':id', String(applicationId))
    .replace(/:[A-Za-z]+/g, '1');
}

async function send(route: string): Promise<Response> {
  const method = route.split(' ')[0]!;
  const path = pathOf(route);
  const field = UPLOADS[route];
  if (field) return admin.browser.upload(path, { [field]: { content: FILES.pdf, name: 'x.pdf', type: 'application/pdf' } });
  if (method === 'GET') return admin.browser.get(path);
  return admin.browser.request(path, { method, json: BODIES[route] ?? {} });
}

/** The answer to `route` when its use case is handed a role that lacks exactly `denied` (all of them: null). */
async function probed(route: string, denied: Permission | null): Promise<{ status: number; message: string; reached: string[] }> {
  table[PROBE_ROLE] = PERMISSIONS.filter((p) => denied !== null && p !== denied);
  probe = { reached: [] };
  try {
    const res = await send(route);
    const text = await res.text();
    let message = text.slice(0, 200);
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: the text
    }
    return { status: res.status, message, reached: probe.reached };
  } finally {
    probe = null;
  }
}

describe('each route and the use case behind it name the same permission', () => {
  it('walks every route that declares requires(P): its use case refuses a role without P, naming P', async () => {
    const routes = [...apiRoutes()].filter(([, p]) => p !== undefined) as [string, Permission][];
    expect(routes.length).toBeGreaterThan(40); // the walk sees the real routes
    const disagreements: string[] = [];
    for (const [route, permission] of routes) {
      const { status, message, reached } = await probed(route, permission);
      if (status === 403 && message === `Your role does not allow this (${permission}).`) continue;
      const called = reached.length > 0 ? `its use case ${reached.join(', ')}` : 'no use case with an actor';
      disagreements.push(`${route} requires('${permission}'), but ${called} answered ${status} ${message}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('walks every /api/admin route without requires(…): none reaches a use case that demands a permission', async () => {
    const unguarded = [...apiRoutes()].filter(([route, p]) => p === undefined && route.split(' ')[1]!.startsWith('/api/admin/')).map(([route]) => route);
    const demanding: string[] = [];
    for (const route of unguarded) {
      const { status, message } = await probed(route, null);
      if (status === 403 && message.startsWith('Your role does not allow this (')) demanding.push(`${route}: ${message}`);
    }
    expect(demanding).toEqual([]);
  });
});
