import { describe, expect, it } from 'vitest';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, signInAdmin, signInStaff, TestBrowser, type TestAgency } from '../support/http.js';

const PDF = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EMPTY = {
  reference: null,
  state: 'to_submit',
  governmentFeeCents: null,
  governmentFeeCurrency: 'USD',
  governmentFeePence: null,
  // The shield (decision 0033): nothing recorded for an application whose traveller has not paid.
  feeAtPaymentCents: null,
  feeAtPaymentPence: null,
  absorbedFeeCents: null,
  absorbedFeePence: null,
  paidAt: null,
  receipt: null,
  updatedAt: null,
  updatedBy: null,
};

/**
 * The portal ledger (docs/product.md §2.16) through the HTTP API on every database: the PUT, the
 * receipt upload and download, the government fees, and every bad input answered 4xx with nothing
 * written.
 */
describe.each(appDatabases())('the portal ledger on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const file of t.ports.files.list()) keys.push(file.key);
    return keys.sort();
  }

  async function setup() {
    const owner = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    return { owner, admin, id: owner.application.id as number, url: `/api/admin/applications/${owner.application.id}/portal` };
  }

  it('reads "to submit" until written; a PUT books the fee and the admin list carries it', async () => {
    const { admin, id, url } = await setup();
    expect(await (await admin.browser.get(url)).json()).toEqual(EMPTY);
    const listed = (await (await admin.browser.get('/api/admin/applications?tab=online-entries')).json()) as { items: { application: { id: number } | null; portal: unknown }[] };
    expect(listed.items.find((i) => i.application?.id === id)?.portal).toEqual(EMPTY);

    const paidAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const res = await admin.browser.put(url, { reference: ' EG-2026-77 ', state: 'submitted', governmentFeeCents: 2500, governmentFeeCurrency: 'USD', paidAt });
    expect(res.status).toBe(200);
    const written = {
      ...EMPTY,
      reference: 'EG-2026-77',
      state: 'submitted',
      governmentFeeCents: 2500,
      governmentFeePence: 1975,
      paidAt,
      updatedAt: t.clock.now().toISOString(),
      updatedBy: admin.user.id,
    };
    expect(await res.json()).toEqual(written);
    expect(await (await admin.browser.get(url)).json()).toEqual(written);

    const page = (await (await admin.browser.get('/api/admin/applications?tab=online-entries')).json()) as { items: { application: { id: number } | null; portal: unknown }[] };
    expect(page.items.find((i) => i.application?.id === id)?.portal).toEqual(written);
    const full = (await (await admin.browser.get('/api/admin/applications')).json()) as { id: number | null; portal: unknown }[];
    expect(full.find((e) => e.id === id)?.portal).toEqual(written);
    expect(full.filter((e) => e.id === null).every((e) => e.portal === null)).toBe(true);

    const granted = await admin.browser.put(url, { reference: 'EG-2026-77', state: 'granted', governmentFeeCents: 2500, paidAt: '2026-11-20' });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ state: 'granted', paidAt: '2026-11-20T00:00:00.000Z' });
    const trail = (await t.ports.audit.list({ applicationId: id, limit: 50 })).filter((e) => e.action === 'application.portal_updated');
    expect(trail).toHaveLength(2);
  });

  it.each([
    ['an unknown state', { state: 'paid' }],
    ['a negative fee', { state: 'submitted', governmentFeeCents: -100, paidAt: '2026-11-20' }],
    ['a fee given as text', { state: 'submitted', governmentFeeCents: '2500', paidAt: '2026-11-20' }],
    ['a fee without its date', { state: 'submitted', governmentFeeCents: 2500 }],
    ['a date without its fee', { state: 'submitted', paidAt: '2026-11-20' }],
    ['a payment in the future', { state: 'submitted', governmentFeeCents: 2500, paidAt: '2030-01-01' }],
    ['a date that does not exist', { state: 'submitted', governmentFeeCents: 2500, paidAt: '2026-02-30' }],
    ['another currency', { state: 'submitted', governmentFeeCents: 2500, governmentFeeCurrency: 'EUR', paidAt: '2026-11-20' }],
    ['granted without a reference', { state: 'granted' }],
    ['a reference over 64 characters', { state: 'submitted', reference: 'x'.repeat(65) }],
    ['no body', undefined],
  ])('refuses %s with 400 { message }, writing nothing', async (_what, body) => {
    const { admin, id, url } = await setup();
    const res = await admin.browser.put(url, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toEqual(expect.any(String));
    expect(await t.ports.portal.find(id)).toBeNull();
    expect((await t.ports.audit.list({ applicationId: id, limit: 50 })).filter((e) => e.action === 'application.portal_updated')).toEqual([]);
  });

  it('an unknown application is 404; the applicant 403, a visitor 401, support 403', async () => {
    const { owner, url } = await setup();
    expect((await (await signInAdmin(t)).browser.put('/api/admin/applications/999999/portal', { state: 'submitted' })).status).toBe(404);
    expect((await owner.browser.put(url, { state: 'submitted' })).status).toBe(403);
    expect((await new TestBrowser(t.app).get(url)).status).toBe(401);
    const support = await signInStaff(t, 'support');
    expect((await support.browser.put(url, { state: 'submitted' })).status).toBe(403);
    expect((await support.browser.get(url)).status).toBe(200);
    const finance = await signInStaff(t, 'finance');
    expect((await finance.browser.put(url, { state: 'submitted' })).status).toBe(200);
  });

  it('stores the receipt by its bytes, replaces it, streams it back to staff', async () => {
    const { admin, id, url } = await setup();
    const first = await admin.browser.upload(`${url}/receipt`, { receipt: { content: PDF, name: 'portal receipt.pdf', type: 'application/pdf' } });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ state: 'to_submit', receipt: { fileName: 'portal receipt.pdf', contentType: 'application/pdf', size: PDF.length } });
    const firstKey = (await t.ports.portal.find(id))!.receipt!.storageKey;

    // A PNG named .pdf is a PNG.
    const second = await admin.browser.upload(`${url}/receipt`, { receipt: { content: PNG, name: 'receipt.pdf', type: 'application/pdf' } });
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ receipt: { fileName: 'receipt.png', contentType: 'image/png' } });
    const secondKey = (await t.ports.portal.find(id))!.receipt!.storageKey;
    expect(await t.ports.files.exists(firstKey)).toBe(false);
    expect(await t.ports.files.exists(secondKey)).toBe(true);

    const download = await admin.browser.get(`${url}/receipt`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('receipt.png');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
  });

  it.each([
    ['an .exe renamed .pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'receipt.pdf', 415],
    ['an HTML page renamed .pdf', '<!doctype html><script>alert(1)</script>', 'receipt.pdf', 415],
    ['a GIF', 'GIF89a\x01\x00\x01\x00', 'receipt.gif', 415],
  ])('refuses %s, storing nothing', async (_what, content, name, status) => {
    const { admin, id, url } = await setup();
    const before = await storedKeys();
    const res = await admin.browser.upload(`${url}/receipt`, { receipt: { content, name, type: 'application/pdf' } });
    expect(res.status).toBe(status);
    expect((await res.json()).message).toBe('Please select a JPG, PNG, or PDF file.');
    expect(await t.ports.portal.find(id)).toBeNull();
    expect(await storedKeys()).toEqual(before);
    expect((await admin.browser.get(`${url}/receipt`)).status).toBe(404);
  });

  it('refuses an upload without the file or not multipart, and one for an unknown application', async () => {
    const { admin, id, url } = await setup();
    expect((await admin.browser.upload(`${url}/receipt`, { file: { content: PDF, name: 'r.pdf' } })).status).toBe(400);
    expect((await admin.browser.post(`${url}/receipt`, { receipt: 'x' })).status).toBe(415);
    expect((await admin.browser.upload('/api/admin/applications/999999/portal/receipt', { receipt: { content: PDF, name: 'r.pdf' } })).status).toBe(404);
    expect(await t.ports.portal.find(id)).toBeNull();
  });

  it('lists the government fees with the one in effect today', async () => {
    const { admin } = await setup();
    const res = await admin.browser.get('/api/admin/government-fees');
    expect(res.status).toBe(200);
    const seeded = { effectiveFrom: '2020-01-01', amountCents: 2500, pence: 1975, createdAt: '2020-01-01T00:00:00.000Z', createdBy: null };
    expect(await res.json()).toEqual({ fees: [seeded], current: seeded });
  });
});
