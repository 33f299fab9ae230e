import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithApplication, FILES, makeMemoryApp, makeSqliteApp, signInAdmin, TestBrowser, type RequestOptions, type TestAgency } from '../support/http.js';

/**
 * Who gets what: every route × visitor, the applicant who owns the records, another applicant and
 * an admin. Codes are asserted exactly; a 404 for "someone else's record" never reveals it exists.
 */
type Role = 'visitor' | 'owner' | 'other' | 'admin';
const ROLES: Role[] = ['visitor', 'owner', 'other', 'admin'];

interface Fixture {
  applicationId: number;
  documentId: number;
}

interface Row {
  name: string;
  request: (f: Fixture, role: Role) => { url: string } & RequestOptions;
  expect: Record<Role, number>;
}

const all = (status: number): Record<Role, number> => ({ visitor: status, owner: status, other: status, admin: status });
const signedIn = (status: number): Record<Role, number> => ({ visitor: 401, owner: status, other: status, admin: status });
const adminOnly = (status: number): Record<Role, number> => ({ visitor: 401, owner: 403, other: 403, admin: status });
const pdf = () => {
  const form = new FormData();
  form.append('file', new File([FILES.pdf as BlobPart], 'p.pdf'));
  form.append('visa', new File([FILES.pdf as BlobPart], 'v.pdf'));
  form.append('type', 'passport');
  return form;
};

const ROWS: Row[] = [
  { name: 'GET /api/user', request: () => ({ url: '/api/user' }), expect: signedIn(200) },
  { name: 'PUT /api/user/profile', request: () => ({ url: '/api/user/profile', method: 'PUT', json: { phoneNumber: '+447700900777' } }), expect: signedIn(200) },
  {
    name: 'PUT /api/user/change-password (wrong current password)',
    request: () => ({ url: '/api/user/change-password', method: 'PUT', json: { currentPassword: 'not-the-password', newPassword: 'whatever-new' } }),
    expect: signedIn(400),
  },
  { name: 'GET /api/applications', request: () => ({ url: '/api/applications' }), expect: signedIn(200) },
  { name: 'POST /api/applications (empty form)', request: () => ({ url: '/api/applications', json: {} }), expect: signedIn(400) },
  { name: 'PUT /api/application-draft', request: () => ({ url: '/api/application-draft', method: 'PUT', json: { givenName: 'Matrix' } }), expect: signedIn(200) },
  { name: 'GET /api/application-draft', request: () => ({ url: '/api/application-draft' }), expect: signedIn(200) },
  { name: 'DELETE /api/application-draft', request: () => ({ url: '/api/application-draft', method: 'DELETE' }), expect: signedIn(204) },
  { name: 'GET /api/applications/:id', request: (f) => ({ url: `/api/applications/${f.applicationId}` }), expect: { visitor: 401, owner: 200, other: 404, admin: 200 } },
  {
    name: 'PATCH /api/applications/:id',
    request: (f) => ({ url: `/api/applications/${f.applicationId}`, method: 'PATCH', json: { address: 'a', city: 'c', postcode: 'p', hotelDetails: 'h' } }),
    // Only the applicant fills in their own address; staff are refused rather than writing it.
    expect: { visitor: 401, owner: 200, other: 404, admin: 403 },
  },
  {
    name: 'GET /api/applications/:id/documents',
    request: (f) => ({ url: `/api/applications/${f.applicationId}/documents` }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    name: 'GET /api/applications/:id/receipts',
    request: (f) => ({ url: `/api/applications/${f.applicationId}/receipts` }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    // Before the e-visa is sent there is none; only ever the owner's (staff are refused).
    name: 'GET /api/applications/:id/border-pack (not sent yet)',
    request: (f) => ({ url: `/api/applications/${f.applicationId}/border-pack` }),
    expect: { visitor: 401, owner: 404, other: 404, admin: 403 },
  },
  {
    name: 'POST /api/applications/:id/documents (a second passport)',
    request: (f) => ({ url: `/api/applications/${f.applicationId}/documents`, method: 'POST', form: pdf() }),
    expect: { visitor: 401, owner: 409, other: 404, admin: 403 },
  },
  { name: 'GET /api/documents/:id/file', request: (f) => ({ url: `/api/documents/${f.documentId}/file` }), expect: { visitor: 401, owner: 200, other: 404, admin: 200 } },
  // A PDF without a passport page: on SQLite the real scanner reads it (no MRZ), on memory the fake reader finds none.
  { name: 'POST /api/passport-scan (no MRZ in the file)', request: () => ({ url: '/api/passport-scan', method: 'POST', form: pdf() }), expect: signedIn(422) },
  {
    name: 'POST /api/payments/initial/:id',
    request: (f) => ({ url: `/api/payments/initial/${f.applicationId}`, method: 'POST' }),
    expect: { visitor: 401, owner: 200, other: 404, admin: 403 },
  },
  {
    name: 'POST /api/payments/initial/confirm/:id (unknown payment)',
    request: (f) => ({ url: `/api/payments/initial/confirm/${f.applicationId}`, json: { paymentIntentId: 'pi_unknown' } }),
    // Only the applicant confirms a fee: an admin is refused (403) before the provider is asked.
    expect: { visitor: 401, owner: 402, other: 404, admin: 403 },
  },
  {
    name: 'POST /api/test-payments/:id/confirm (unknown payment)',
    request: () => ({ url: '/api/test-payments/pi_x/confirm', json: { cardNumber: '4242424242424242' } }),
    expect: signedIn(404),
  },
  {
    // Public and signed by the provider: the same answer for everyone (no webhooks without Stripe).
    name: 'POST /api/payments/webhook (test provider: not enabled)',
    request: () => ({ url: '/api/payments/webhook', json: { type: 'payment_intent.succeeded' } }),
    expect: all(404),
  },
  { name: 'GET /api/admin/applications', request: () => ({ url: '/api/admin/applications' }), expect: adminOnly(200) },
  { name: 'GET /api/admin/applications?tab=', request: () => ({ url: '/api/admin/applications?tab=approved&page=1&pageSize=5' }), expect: adminOnly(200) },
  { name: 'GET /api/admin/applications/counts', request: () => ({ url: '/api/admin/applications/counts' }), expect: adminOnly(200) },
  { name: 'GET /api/admin/applications/:id/history', request: (f) => ({ url: `/api/admin/applications/${f.applicationId}/history` }), expect: adminOnly(200) },
  { name: 'GET /api/admin/applications/:id/messages', request: (f) => ({ url: `/api/admin/applications/${f.applicationId}/messages` }), expect: adminOnly(200) },
  { name: 'POST /api/admin/messages/:id/resend (unknown mail)', request: () => ({ url: '/api/admin/messages/email-999999/resend', json: {} }), expect: adminOnly(404) },
  {
    name: 'PUT /api/admin/applications/:id/status',
    request: (f) => ({ url: `/api/admin/applications/${f.applicationId}/status`, method: 'PUT', json: { status: 'online_entry' } }),
    expect: adminOnly(200),
  },
  {
    name: 'POST /api/admin/applications/:id/visa-upload (not approved yet)',
    request: (f) => ({ url: `/api/admin/applications/${f.applicationId}/visa-upload`, method: 'POST', form: pdf() }),
    expect: adminOnly(409),
  },
  {
    name: 'POST /api/admin/applications/:id/send-evisa (not paid yet)',
    request: (f) => ({ url: `/api/admin/applications/${f.applicationId}/send-evisa`, json: {} }),
    expect: adminOnly(409),
  },
  { name: 'POST /api/admin/send-payment-reminders', request: () => ({ url: '/api/admin/send-payment-reminders', method: 'POST' }), expect: adminOnly(200) },
  { name: 'POST /api/admin/send-application-reminders', request: () => ({ url: '/api/admin/send-application-reminders', method: 'POST' }), expect: adminOnly(200) },
  { name: 'POST /api/events', request: () => ({ url: '/api/events', json: { name: 'page_view', path: '/' } }), expect: all(204) },
  {
    name: 'POST /api/contact',
    request: (_f, role) => ({
      url: '/api/contact',
      json: { fullName: 'Matrix Person', email: `matrix-${role}@example.com`, phoneNumber: '+447700900111', nationality: 'United Kingdom', purposeOfTravel: 'tourism' },
    }),
    expect: all(201),
  },
  { name: 'POST /api/password-reset', request: (_f, role) => ({ url: '/api/password-reset', json: { email: `matrix-reset-${role}@example.com` } }), expect: all(200) },
  {
    name: 'POST /api/track/request',
    request: (_f, role) => ({ url: '/api/track/request', json: { applicationNumber: 'EV-2611-ABCDEF', email: `matrix-track-${role}@example.com` } }),
    expect: all(200),
  },
  {
    name: 'POST /api/track/verify (wrong code)',
    request: (_f, role) => ({ url: '/api/track/verify', json: { applicationNumber: 'EV-2611-ABCDEF', email: `matrix-track-${role}@example.com`, code: '123456' } }),
    expect: all(400),
  },
  // A session is no tracking access: without the tracking cookie, nobody's application is shown.
  { name: 'GET /api/track/application', request: () => ({ url: '/api/track/application' }), expect: all(200) },
  { name: 'POST /api/track/end', request: () => ({ url: '/api/track/end', json: {} }), expect: all(200) },
  { name: 'POST /api/track/forgot', request: (_f, role) => ({ url: '/api/track/forgot', json: { email: `matrix-forgot-${role}@example.com` } }), expect: all(200) },
  {
    name: 'POST /api/password-reset/confirm (forged token)',
    request: () => ({ url: '/api/password-reset/confirm', json: { token: '1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', newPassword: 'hijacked-pw' } }),
    expect: all(400),
  },
  {
    name: 'POST /api/register',
    request: (_f, role) => ({ url: '/api/register', json: { email: `new-${role}@example.com`, password: 'secret-123', fullName: 'New Person', phoneNumber: '+447700900222' } }),
    expect: all(201),
  },
  { name: 'POST /api/login (wrong password)', request: () => ({ url: '/api/login', json: { email: 'nobody@example.com', password: 'nope-nope' } }), expect: all(401) },
  { name: 'GET /api/config', request: () => ({ url: '/api/config' }), expect: all(200) },
  { name: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { name: 'POST /api/logout', request: () => ({ url: '/api/logout', method: 'POST' }), expect: all(200) },
];

const ADAPTERS: [string, () => Promise<TestAgency>][] = [
  ['memory adapters', () => makeMemoryApp()],
  ['SQLite and the embedded adapters', () => makeSqliteApp()],
];

for (const [adapters, make] of ADAPTERS) {
  describe(`access matrix on ${adapters}`, () => {
    let t: TestAgency;
    let fixture: Fixture;
    const browsers = {} as Record<Role, TestBrowser>;

    beforeAll(async () => {
      t = await make();
      const owner = await applicantWithApplication(t);
      const upload = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, {
        file: { content: FILES.pdf, name: 'passport.pdf' },
        type: 'passport',
      });
      const document = await upload.json();
      fixture = { applicationId: owner.application.id, documentId: document.id };
      browsers.owner = owner.browser;
      browsers.other = (await applicantWithApplication(t)).browser;
      browsers.admin = (await signInAdmin(t)).browser;
      browsers.visitor = new TestBrowser(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    for (const row of ROWS) {
      it(row.name, async () => {
        const got: Record<Role, number> = { visitor: 0, owner: 0, other: 0, admin: 0 };
        for (const role of ROLES) {
          // Sign-out and registration replace the browser's session: they get a throwaway copy of its cookies.
          const browser = row.name.startsWith('POST /api/logout') || row.name.startsWith('POST /api/register') ? cloneOf(t, browsers[role]) : browsers[role];
          const { url, ...options } = row.request(fixture, role);
          const res = await browser.request(url, options);
          got[role] = res.status;
          if (res.status >= 400) expect(await res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
        }
        expect(got).toEqual(row.expect);
      });
    }
  });
}

function cloneOf(t: TestAgency, browser: TestBrowser): TestBrowser {
  const copy = new TestBrowser(t.app, browser.options);
  for (const [k, v] of browser.cookies) copy.cookies.set(k, v);
  return copy;
}
