import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import type { MemoryMailer } from '../../adapters/mail/memory/index.js';
import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { applicantWithApplication, applicationForm, makeAppOn, makeMemoryApp, signInAdmin, signUp, type SignedUp, type TestAgency } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';

/**
 * Numbered receipts (docs/product.md, "Receipts"): issued with every recorded payment, listed for
 * the application's owner and staff, downloaded as a PDF, attached to the payment's confirmation mail.
 */

interface ListedReceipt {
  number: string;
  kind: 'payment' | 'refund';
  paymentType: 'initial' | 'final';
  amountPence: number;
  currency: string;
  issuedAt: string;
  url: string;
}

const YEAR = 2026; // the FixedClock's

/** Opens the fee's payment, has the card charged at the gateway and confirms it, as the payment page does. */
async function pay(t: TestAgency, browser: SignedUp['browser'], applicationId: number, type: 'initial' | 'final' = 'initial', card?: { brand: string; last4: string }) {
  const intent = await (await browser.post(`/api/payments/${type}/${applicationId}`)).json();
  (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId, card);
  const confirm = await browser.post(`/api/payments/${type}/confirm/${applicationId}`, { paymentIntentId: intent.paymentIntentId });
  expect(confirm.status).toBe(200);
  return intent.paymentIntentId as string;
}

async function listed(browser: SignedUp['browser'], applicationId: number): Promise<ListedReceipt[]> {
  const res = await browser.get(`/api/applications/${applicationId}/receipts`);
  expect(res.status).toBe(200);
  return res.json();
}

async function pdfOf(browser: SignedUp['browser'], url: string): Promise<string> {
  const res = await browser.get(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

/** Sends every queued mail through the agency's deliver-mail job (memory mailer); answers what was delivered. */
async function deliverMail(t: TestAgency) {
  const runner = createJobRunner({ store: t.agency.persistence.jobs, log: () => undefined });
  await runner.drain({ name: 'deliver-mail', schedule: null, concurrency: 1, run: async ({ mailId }) => (await t.agency.useCases.deliverMail(mailId), null) });
  return (t.ports.mailer as MemoryMailer).delivered;
}

async function createFamily(t: TestAgency, names: string[]) {
  const lead = await signUp(t.app, { fullName: 'Layla Haddad' });
  const travellers = names.map((givenName, i) => applicationForm(t.clock, { givenName, surname: 'Haddad', passportNumber: `P${2000 + i}` }));
  const res = await lead.browser.post('/api/application-groups', { travellers });
  expect(res.status).toBe(201);
  const group = (await res.json()) as { groupId: number; applications: { id: number; applicationNumber: string }[] };
  return { ...lead, group };
}

describe('receipts of a single application', () => {
  let t: TestAgency;
  beforeEach(async () => {
    t = await makeMemoryApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('a paid fee is listed with its number for the owner and staff, and its url answers the PDF', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect(await listed(owner.browser, id)).toEqual([]);
    await pay(t, owner.browser, id);

    const receipts = await listed(owner.browser, id);
    expect(receipts).toEqual([
      {
        number: `R-${YEAR}-000001`,
        kind: 'payment',
        paymentType: 'initial',
        amountPence: 1000,
        currency: 'gbp',
        issuedAt: t.clock.now().toISOString(),
        url: `/api/applications/${id}/receipts/R-${YEAR}-000001`,
      },
    ]);
    const res = await owner.browser.get(receipts[0]!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="R-${YEAR}-000001.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const admin = await signInAdmin(t);
    expect(await listed(admin.browser, id)).toEqual(receipts);
    expect((await admin.browser.get(receipts[0]!.url)).status).toBe(200);
  });

  it('the PDF shows the agency, its VAT status, the number, payer, traveller, application, amount in £ and the card', async () => {
    const owner = await applicantWithApplication(t, { givenName: 'Ada', surname: 'Lovelace' });
    await pay(t, owner.browser, owner.application.id, 'initial', { brand: 'mastercard', last4: '4444' });
    const [receipt] = await listed(owner.browser, owner.application.id);
    const text = await pdfOf(owner.browser, receipt!.url);
    for (const expected of [
      t.ports.settings.agencyName,
      ...t.ports.settings.agencyAddress,
      'Not VAT registered',
      'RECEIPT',
      `R-${YEAR}-000001`,
      owner.user.fullName,
      owner.email,
      'Ada Lovelace',
      owner.application.applicationNumber,
      'Initial fee',
      '£10.00',
      'Mastercard ending 4444',
      'Monday 23 November 2026 at 10:00 (UK time)',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('the final fee gets the next number; each fee is listed once however often it is confirmed', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const initialIntent = await pay(t, owner.browser, id);
    // Replays (the browser again, a webhook) record nothing new and issue no second receipt.
    await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: initialIntent });
    await t.agency.useCases.confirmPayment(null, id, 'initial', initialIntent);
    const admin = await signInAdmin(t);
    for (const status of ['under_process', 'verified', 'approved']) {
      expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    await pay(t, owner.browser, id, 'final');
    expect((await listed(owner.browser, id)).map((r) => [r.number, r.paymentType, r.amountPence])).toEqual([
      [`R-${YEAR}-000001`, 'initial', 1000],
      [`R-${YEAR}-000002`, 'final', 3900],
    ]);
    expect(await pdfOf(owner.browser, `/api/applications/${id}/receipts/R-${YEAR}-000002`)).toContain('£39.00');
  });

  it('another applicant gets 404 for the list and every PDF; a receipt is served only under its own application', async () => {
    const a = await applicantWithApplication(t);
    const b = await applicantWithApplication(t);
    await pay(t, a.browser, a.application.id);
    await pay(t, b.browser, b.application.id);
    const [ofA] = await listed(a.browser, a.application.id);
    const [ofB] = await listed(b.browser, b.application.id);
    expect([ofA!.number, ofB!.number]).toEqual([`R-${YEAR}-000001`, `R-${YEAR}-000002`]);

    const list = await b.browser.get(`/api/applications/${a.application.id}/receipts`);
    expect(list.status).toBe(404);
    expect(await list.json()).toEqual({ message: 'Application not found.' });
    expect((await b.browser.get(ofA!.url)).status).toBe(404);
    // A's number under B's own application: not listed there.
    const crossed = await b.browser.get(`/api/applications/${b.application.id}/receipts/${ofA!.number}`);
    expect(crossed.status).toBe(404);
    expect(crossed.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await a.browser.get(`/api/applications/${a.application.id}/receipts/R-${YEAR}-999999`)).status).toBe(404);
    expect((await a.browser.get(`/api/applications/${a.application.id}/receipts/not-a-number`)).status).toBe(404);
    // Signed out: nothing.
    const anonymous = await signUp(t.app);
    await anonymous.browser.post('/api/logout');
    expect((await anonymous.browser.get(ofA!.url)).status).toBe(401);
  });

  it('the confirmation mail carries the receipt as R-….pdf and says so; the unpaid mail carries none', async () => {
    const owner = await applicantWithApplication(t, { givenName: 'Grace', surname: 'Hopper' });
    await pay(t, owner.browser, owner.application.id);
    const delivered = (await deliverMail(t)).filter((m) => m.to === owner.email && m.template === 'application_received');
    expect(delivered.map((m) => m.attachments.map((a) => [a.fileName, a.contentType]))).toEqual([[], [[`R-${YEAR}-000001.pdf`, 'application/pdf']]]);
    const paidMail = delivered[1]!;
    expect(paidMail.text).toContain('Your receipt is attached to this email as a PDF');
    expect(delivered[0]!.text).not.toContain('receipt');
    const text = await pdfText(new Uint8Array(paidMail.attachments[0]!.content));
    expect(text).toContain(`R-${YEAR}-000001`);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('£10.00');
  });

  it('prints the VAT number when AGENCY_VAT_NUMBER is set', async () => {
    const vat = await makeMemoryApp({ env: { AGENCY_VAT_NUMBER: 'GB123456789' } });
    try {
      const owner = await applicantWithApplication(vat);
      await pay(vat, owner.browser, owner.application.id);
      const text = await pdfOf(owner.browser, `/api/applications/${owner.application.id}/receipts/R-${YEAR}-000001`);
      expect(text).toContain('VAT number: GB123456789');
      expect(text).not.toContain('Not VAT registered');
    } finally {
      await vat.close();
    }
  });
});

describe('the receipt of a family’s one payment', () => {
  let t: TestAgency;
  beforeEach(async () => {
    t = await makeMemoryApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('is one receipt, listed under every traveller’s application, naming each traveller at £10; the lead’s mail carries it', async () => {
    const { browser, email, group } = await createFamily(t, ['Omar', 'Nour', 'Yusuf']);
    const intent = await (await browser.post(`/api/payments/initial-group/${group.groupId}`)).json();
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);

    const lists = await Promise.all(group.applications.map((a) => listed(browser, a.id)));
    for (const [i, list] of lists.entries()) {
      expect(list.map((r) => [r.number, r.kind, r.paymentType, r.amountPence, r.url])).toEqual([
        [`R-${YEAR}-000001`, 'payment', 'initial', 3000, `/api/applications/${group.applications[i]!.id}/receipts/R-${YEAR}-000001`],
      ]);
    }
    const text = await pdfOf(browser, lists[2]![0]!.url);
    for (const expected of ['Omar Haddad', 'Nour Haddad', 'Yusuf Haddad', ...group.applications.map((a) => a.applicationNumber), '£10.00', '£30.00', 'Layla Haddad']) {
      expect(text).toContain(expected);
    }
    expect(text.match(/£10\.00/g)).toHaveLength(3);

    const paidMails = (await deliverMail(t)).filter((m) => m.to === email && m.template === 'application_received' && m.text.includes('being processed'));
    expect(paidMails.map((m) => m.attachments.map((a) => a.fileName))).toEqual([[`R-${YEAR}-000001.pdf`], [], []]);
    expect(paidMails[0]!.text).toContain(group.applications[0]!.applicationNumber);

    const stranger = await signUp(t.app);
    expect((await stranger.browser.get(lists[1]![0]!.url)).status).toBe(404);
  });
});

const databases: [string, () => Promise<PersistenceHarness>][] = [
  ['SQLite', async () => sqliteHarness()],
  ['PostgreSQL', () => postgresHarness()],
];

describe.each(databases)('receipt numbers on %s', (_name, makeHarness) => {
  let harness: PersistenceHarness;
  let t: TestAgency;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(async () => {
    await harness.dispose();
  });
  beforeEach(async () => {
    t = await makeAppOn(await harness.create(), { overrides: { gateway: new MemoryPaymentGateway() } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('20 payments confirmed at once get 20 distinct, consecutive numbers, each on its own application', async () => {
    const applicants: Awaited<ReturnType<typeof applicantWithApplication>>[] = [];
    for (let i = 0; i < 20; i += 1) applicants.push(await applicantWithApplication(t, { passportNumber: `P${3000 + i}` }));
    const intents: string[] = [];
    for (const a of applicants) {
      const intent = await (await a.browser.post(`/api/payments/initial/${a.application.id}`)).json();
      (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
      intents.push(intent.paymentIntentId as string);
    }
    // Every confirmation at once, plus a replay of each (a webhook): 40 calls, 20 payments.
    const answers = await Promise.all(
      applicants.flatMap((a, i) => [
        a.browser.post(`/api/payments/initial/confirm/${a.application.id}`, { paymentIntentId: intents[i] }).then((r) => r.status),
        t.agency.useCases.confirmPayment(null, a.application.id, 'initial', intents[i]!).then(() => 200),
      ]),
    );
    expect(answers).toEqual(Array(40).fill(200));

    const numbers: string[] = [];
    for (const a of applicants) {
      const list = await listed(a.browser, a.application.id);
      expect(list).toHaveLength(1);
      numbers.push(list[0]!.number);
    }
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `R-${YEAR}-${String(i + 1).padStart(6, '0')}`));
  });
});
