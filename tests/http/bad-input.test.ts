import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithApplication, FILES, makeMemoryApp, makeSqliteApp, signInAdmin, TestBrowser, type TestAgency } from '../support/http.js';

/**
 * Bad input for every route — missing, wrong type, oversize, wrong content, unknown ids — is a 4xx
 * with a JSON { message }, never a 5xx.
 */
const LIMITS = { app: { contactLimit: { limit: 10_000, windowMs: 1000 }, loginLimit: { limit: 10_000, windowMs: 1000 } } };
const ADAPTERS: [string, () => Promise<TestAgency>][] = [
  ['memory adapters', () => makeMemoryApp(LIMITS)],
  ['SQLite and the embedded adapters', () => makeSqliteApp(LIMITS)],
];

for (const [adapters, make] of ADAPTERS) {
  describe(`bad input on ${adapters}`, () => {
    let t: TestAgency;
    let owner: TestBrowser;
    let admin: TestBrowser;
    let applicationId: number;

    beforeAll(async () => {
      t = await make();
      const o = await applicantWithApplication(t);
      owner = o.browser;
      applicationId = o.application.id;
      admin = (await signInAdmin(t)).browser;
    });
    afterAll(async () => {
      await t.close();
    });

    const BAD_BODIES: unknown[] = [
      undefined,
      null,
      [],
      'text',
      42,
      true,
      { unexpected: 'field' },
      { email: 42, password: ['x'], phoneNumber: { a: 1 }, fullName: null, status: 7, paymentIntentId: 12, name: { x: 1 } },
      { email: 'x'.repeat(10_000), password: 'y'.repeat(10_000), phoneNumber: 'z'.repeat(10_000), address: 'a'.repeat(10_000), name: 'n'.repeat(10_000) },
      { __proto__: { isAdmin: true }, constructor: { prototype: { isAdmin: true } } },
    ];

    const BAD_IDS = ['abc', '0', '-5', '1.5', '1e3', '99999999999999999999999', '%00', 'NaN', ' ', '12abc'];

    const JSON_ROUTES: { method: string; url: (id: string) => string; as: 'visitor' | 'owner' | 'admin' }[] = [
      { method: 'POST', url: () => '/api/register', as: 'visitor' },
      { method: 'POST', url: () => '/api/login', as: 'visitor' },
      { method: 'POST', url: () => '/api/contact', as: 'visitor' },
      { method: 'POST', url: () => '/api/password-reset', as: 'visitor' },
      { method: 'POST', url: () => '/api/password-reset/confirm', as: 'visitor' },
      { method: 'POST', url: () => '/api/events', as: 'visitor' },
      { method: 'POST', url: () => '/api/track/request', as: 'visitor' },
      { method: 'POST', url: () => '/api/track/verify', as: 'visitor' },
      { method: 'POST', url: () => '/api/track/forgot', as: 'visitor' },
      { method: 'PUT', url: () => '/api/user/profile', as: 'owner' },
      { method: 'PUT', url: () => '/api/user/change-password', as: 'owner' },
      { method: 'POST', url: () => '/api/applications', as: 'owner' },
      { method: 'PATCH', url: (id) => `/api/applications/${id}`, as: 'owner' },
      { method: 'POST', url: (id) => `/api/payments/initial/confirm/${id}`, as: 'owner' },
      { method: 'POST', url: (id) => `/api/payments/final/confirm/${id}`, as: 'owner' },
      { method: 'PUT', url: (id) => `/api/admin/applications/${id}/status`, as: 'admin' },
    ];

    function browserFor(as: 'visitor' | 'owner' | 'admin'): TestBrowser {
      return as === 'owner' ? owner : as === 'admin' ? admin : new TestBrowser(t.app);
    }

    async function expectClientError(res: Response, context: string) {
      const text = await res.text();
      expect(res.status, `${context} → ${res.status} ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${context} → ${res.status} ${text}`).toBeLessThan(500);
      expect(JSON.parse(text), context).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }

    describe('bad JSON bodies', () => {
      for (const route of JSON_ROUTES) {
        it(`${route.method} ${route.url(':id')}`, async () => {
          for (const body of BAD_BODIES) {
            const res = await browserFor(route.as).request(route.url(String(applicationId)), { method: route.method, json: body });
            await expectClientError(res, `${route.method} ${route.url(String(applicationId))} ${JSON.stringify(body)?.slice(0, 80)}`);
          }
          const notJson = await browserFor(route.as).request(route.url(String(applicationId)), {
            method: route.method,
            body: '{"a":',
            headers: { 'content-type': 'application/json' },
          });
          await expectClientError(notJson, 'broken JSON');
          const formType = await browserFor(route.as).request(route.url(String(applicationId)), {
            method: route.method,
            body: 'a=b',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          expect(formType.status).toBe(415);
        });
      }
      it('nothing was made admin by a prototype trick', async () => {
        const users = await t.ports.users.listWithoutApplication();
        expect(users.filter((u) => u.isAdmin).length).toBe(1);
      });
    });

    describe('bad and unknown ids', () => {
      const ID_ROUTES: { method: string; url: (id: string) => string; as: 'owner' | 'admin'; json?: unknown; upload?: string }[] = [
        { method: 'GET', url: (id) => `/api/applications/${id}`, as: 'owner' },
        { method: 'PATCH', url: (id) => `/api/applications/${id}`, as: 'owner', json: { address: 'a', city: 'c', postcode: 'p', hotelDetails: 'h' } },
        { method: 'GET', url: (id) => `/api/applications/${id}/documents`, as: 'owner' },
        { method: 'POST', url: (id) => `/api/applications/${id}/documents`, as: 'owner', upload: 'file' },
        { method: 'GET', url: (id) => `/api/documents/${id}/file`, as: 'owner' },
        { method: 'POST', url: (id) => `/api/payments/initial/${id}`, as: 'owner' },
        { method: 'POST', url: (id) => `/api/payments/final/${id}`, as: 'owner' },
        { method: 'POST', url: (id) => `/api/payments/initial/confirm/${id}`, as: 'owner', json: { paymentIntentId: 'pi_x' } },
        { method: 'POST', url: (id) => `/api/test-payments/${id}/confirm`, as: 'owner', json: { cardNumber: '4242424242424242' } },
        { method: 'GET', url: (id) => `/api/admin/applications/${id}/history`, as: 'admin' },
        { method: 'PUT', url: (id) => `/api/admin/applications/${id}/status`, as: 'admin', json: { status: 'under_process' } },
        { method: 'POST', url: (id) => `/api/admin/applications/${id}/visa-upload`, as: 'admin', upload: 'visa' },
        { method: 'POST', url: (id) => `/api/admin/applications/${id}/send-evisa`, as: 'admin', json: {} },
      ];
      for (const route of ID_ROUTES) {
        it(`${route.method} ${route.url(':id')}`, async () => {
          for (const id of [...BAD_IDS, '424242']) {
            const browser = browserFor(route.as);
            let res: Response;
            if (route.upload) {
              const form = new FormData();
              form.append(route.upload, new File([FILES.pdf as BlobPart], 'x.pdf'));
              res = await browser.request(route.url(encodeURIComponent(id)), { method: route.method, form });
            } else {
              res = await browser.request(route.url(encodeURIComponent(id)), { method: route.method, json: route.json });
            }
            await expectClientError(res, `${route.method} ${route.url(id)}`);
          }
        });
      }

      it('a non-numeric application id answers the message of docs/product.md §5.6', async () => {
        const res = await owner.get('/api/applications/abc');
        expect(res.status).toBe(400);
        expect((await res.json()).message).toBe('Invalid application ID. Please refresh the page and try again.');
      });
    });

    describe('bad uploads', () => {
      it('wrong content, empty file, no file, a broken multipart body', async () => {
        const url = `/api/applications/${applicationId}/documents`;
        const cases: { name: string; form?: FormData; body?: string; type?: string; status: number }[] = [
          { name: 'gif', form: formWith('file', FILES.gif, 'x.png'), status: 415 },
          { name: 'exe', form: formWith('file', FILES.exe, 'x.pdf'), status: 415 },
          { name: 'empty file', form: formWith('file', new Uint8Array(0), 'x.pdf'), status: 415 },
          { name: 'text instead of a file', form: textForm('file', 'hello'), status: 400 },
          { name: 'no file', form: textForm('type', 'passport'), status: 400 },
          { name: 'broken multipart', body: '--abc\r\nnot really multipart', type: 'multipart/form-data; boundary=abc', status: 400 },
          { name: 'multipart without boundary', body: 'x', type: 'multipart/form-data', status: 400 },
          { name: 'JSON body', body: '{"file":"x"}', type: 'application/json', status: 415 },
        ];
        for (const c of cases) {
          const res = c.form ? await owner.request(url, { method: 'POST', form: c.form }) : await owner.request(url, { method: 'POST', body: c.body, headers: { 'content-type': c.type! } });
          expect(res.status, c.name).toBe(c.status);
          expect(await res.json(), c.name).toEqual(expect.objectContaining({ message: expect.any(String) }));
        }
        expect(await t.ports.documents.listByApplication(applicationId)).toEqual([]);
      });

      it('bad admin list queries', async () => {
        for (const query of ['tab=nope', 'page=0', 'page=-1', 'pageSize=0', 'pageSize=x', 'overdue=maybe', `q=${'x'.repeat(500)}`]) {
          await expectClientError(await admin.get(`/api/admin/applications?${query}`), query);
        }
      });
    });
  });
}

function formWith(field: string, content: Uint8Array, name: string): FormData {
  const form = new FormData();
  form.append(field, new File([content as BlobPart], name));
  return form;
}

function textForm(field: string, value: string): FormData {
  const form = new FormData();
  form.append(field, value);
  return form;
}
