import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../core/domain/staff-role.js';
import { makeMemoryApp, signInStaff, signUp, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';

/**
 * Every /api/admin route × every staff role: allowed (anything but 403) or refused with 403
 * { message }. The routes are walked from the app itself, so a new admin route fails here until it
 * is added to EXPECTED; EXPECTED is written from docs/product.md §6, not from the code's table.
 */
const ALL: readonly StaffRole[] = ['admin', 'reviewer', 'finance', 'support'];
const EXPECTED: Record<string, readonly StaffRole[]> = {
  'GET /api/admin/applications': ALL,
  'GET /api/admin/applications/counts': ALL,
  'GET /api/admin/applications/:id': ALL,
  'POST /api/admin/applications/:id/reveal-passport': ['admin', 'reviewer', 'finance'],
  'GET /api/admin/work-queue': ALL,
  'GET /api/admin/assignees': ALL,
  'GET /api/admin/applications/:id/history': ALL,
  'PUT /api/admin/applications/:id/status': ['admin', 'reviewer'],
  'POST /api/admin/applications/:id/visa-upload': ['admin', 'reviewer'],
  'POST /api/admin/applications/:id/send-evisa': ['admin', 'reviewer'],
  'GET /api/admin/applications/:id/notes': ALL,
  'POST /api/admin/applications/:id/notes': ALL,
  'POST /api/admin/applications/:id/cancellation': ['admin', 'finance'],
  'POST /api/admin/send-payment-reminders': ['admin', 'reviewer', 'support'],
  'POST /api/admin/send-application-reminders': ['admin', 'reviewer', 'support'],
  'GET /api/admin/documents/:id/portal-copy': ALL,
  'GET /api/admin/payment-issues': ['admin', 'finance'],
  'POST /api/admin/payment-issues/:paymentIntentId/record': ['admin', 'finance'],
  'GET /api/admin/applications/:id/refunds': ALL,
  'POST /api/admin/applications/:id/refunds': ['admin', 'finance'],
  'POST /api/admin/refunds/:refundId/approve': ['admin', 'finance'],
  'GET /api/admin/refunds/awaiting-approval': ['admin', 'finance'],
  'GET /api/admin/application-groups/:groupId': ALL,
  'GET /api/admin/staff': ['admin'],
  'POST /api/admin/staff': ['admin'],
  'PUT /api/admin/staff/:userId': ['admin'],
  'DELETE /api/admin/staff/:userId/two-factor': ['admin'],
  'GET /api/admin/audit': ['admin'],
  'GET /api/admin/audit/verification': ['admin'],
  'PUT /api/admin/applications/:id/assignee': ALL,
  'GET /api/admin/applications/:id/assignments': ALL,
  'GET /api/admin/applications/:id/audit': ALL,
  'GET /api/admin/applications/:id/messages': ALL,
  'POST /api/admin/messages/:id/resend': ['admin', 'reviewer', 'support'],
  'GET /api/admin/reports/summary': ['admin', 'finance'],
  'GET /api/admin/applications/:id/portal': ALL,
  'PUT /api/admin/applications/:id/portal': ['admin', 'reviewer', 'finance'],
  'POST /api/admin/applications/:id/portal/receipt': ['admin', 'reviewer', 'finance'],
  'GET /api/admin/applications/:id/portal/receipt': ALL,
  'GET /api/admin/government-fees': ALL,
  'GET /api/admin/rules': ['admin'],
  'GET /api/admin/rules/:kind': ['admin'],
  'PUT /api/admin/rules': ['admin'],
  'GET /api/admin/portal-status': ['admin'],
  'POST /api/admin/portal-status': ['admin'],
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

let t: TestAgency;
const signedIn = new Map<StaffRole, SignedUp>();
let applicant: SignedUp;
beforeAll(async () => {
  t = await makeMemoryApp();
  for (const role of STAFF_ROLES) signedIn.set(role, await signInStaff(t, role));
  applicant = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Every admin API route of the app, "METHOD path". */
function adminRoutes(): string[] {
  const found = new Set<string>();
  for (const route of t.app.routes) {
    if (METHODS.includes(route.method) && route.path.startsWith('/api/admin/')) found.add(`${route.method} ${route.path}`);
  }
  return [...found].sort();
}

/** A path with its parameters filled in with records that do not exist (an allowed call answers 4xx, never 403). */
function concrete(path: string): string {
  return path.replace(':paymentIntentId', 'pi_unknown').replace(/:[A-Za-z]+/g, '999999');
}

async function call(who: SignedUp, route: string): Promise<Response> {
  const [method, path] = route.split(' ') as [string, string];
  if (route.endsWith('/portal/receipt') && method === 'POST') return who.browser.upload(concrete(path), { receipt: { content: '%PDF-1.4', name: 'receipt.pdf', type: 'application/pdf' } });
  if (route.endsWith('/visa-upload')) return who.browser.upload(concrete(path), { visa: { content: '%PDF-1.4', name: 'visa.pdf', type: 'application/pdf' } });
  return who.browser.request(concrete(path), method === 'GET' ? { method } : { method, json: {} });
}

describe('every admin route × every role', () => {
  it('the expected table names exactly the registered admin routes', () => {
    expect(adminRoutes()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const role of ALL) {
    it(`${role}: allowed routes answer (not 403); the others 403 { message }`, async () => {
      const who = signedIn.get(role)!;
      const wrong: string[] = [];
      for (const route of adminRoutes()) {
        const res = await call(who, route);
        const allowed = (EXPECTED[route] ?? []).includes(role);
        if (allowed && res.status === 403) wrong.push(`${route}: 403 ${await res.text()}`);
        if (!allowed) {
          const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
          if (res.status !== 403 || typeof body?.message !== 'string' || body.message === '') wrong.push(`${route}: ${res.status} ${JSON.stringify(body)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('applicants get 403 and visitors 401 on every admin route', async () => {
    const visitor = { browser: new TestBrowser(t.app) } as SignedUp;
    for (const route of adminRoutes()) {
      expect((await call(applicant, route)).status, route).toBe(403);
      expect((await call(visitor, route)).status, route).toBe(401);
    }
  });

  it('a refused role is answered 403 before the body is read: no 413 for an oversized upload', async () => {
    const finance = signedIn.get('finance')!;
    const res = await finance.browser.upload('/api/admin/applications/1/visa-upload', { visa: { content: new Uint8Array(12 * 1024 * 1024), name: 'visa.pdf', type: 'application/pdf' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Your role does not allow this (visa.send).' });
  });
});
