import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboxFolderMailer } from '../../adapters/mail/outbox/index.js';
import { errors } from '../../core/domain/errors.js';
import type { Mailer, MailToDeliver } from '../../core/ports/mailer.js';
import type { SmsSender, SmsToSend } from '../../core/ports/sms-sender.js';
import { MemorySmsSender } from '../../adapters/sms/memory/index.js';
import { applicationForm, FILES, makeSqliteApp, signInAdmin, signUp, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';
import { captureLog, type CapturedLog } from '../support/log-capture.js';

/**
 * A whole traveller and staff journey through the HTTP app with the log captured at its most
 * talkative level (trace), then the log is searched for every personal value and secret the
 * journey used: none may be there. The journey includes what tends to leak: a mail server's refusal
 * that quotes the recipient, and a database error that quotes the row.
 */
const METRICS_TOKEN = 'metrics-token-0f3c9a71d2b84e6a';
const TRAVELLER = {
  email: 'philippa.quennell-ashdown@example.org',
  fullName: 'Philippa Quennell-Ashdown',
  phoneNumber: '+447911123456',
  password: 'tangerine-harbour-1987',
};
const FORM = { givenName: 'Philippa', surname: 'Quennell-Ashdown', passportNumber: '533380006', smsUpdates: true };
const CARDS = { declined: '4000000000000002', good: '4242424242424242', final: '4242 4242 4242 4242' };

/** The outbox folder, except that the first mail is refused for now the way SMTP servers say it: quoting its recipient. */
class FirstMailDeferred implements Mailer {
  private deferred = false;
  constructor(private readonly folder: Mailer) {}
  async send(mail: MailToDeliver) {
    if (!this.deferred) {
      this.deferred = true;
      throw errors.unavailable('mail', `452 4.2.2 <${mail.to}>: Mailbox full, try again later`);
    }
    return this.folder.send(mail);
  }
}

/** Texts, except that the first is refused for now the way providers say it: quoting the number. */
class FirstTextDeferred implements SmsSender {
  private deferred = false;
  readonly sent = new MemorySmsSender();
  async send(text: SmsToSend) {
    if (!this.deferred) {
      this.deferred = true;
      throw errors.unavailable('sms', `The 'To' number ${text.to} is not reachable right now (carrier timeout)`);
    }
    return this.sent.send(text);
  }
}

let t: TestAgency;
let dataDir: string;
let texts: FirstTextDeferred;
let log: CapturedLog;
let traveller: SignedUp;
let applicationId = 0;
const secrets: Record<string, string> = {};

beforeAll(async () => {
  log = captureLog('trace');
  dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-log-privacy-'));
  const settings = {
    agencyName: 'Egypt e-Visa Agency',
    agencyEmail: 'support@egypt-evisa-agency.example',
    publicUrl: 'http://localhost:3000',
    agencyAddress: ['London'],
    vatNumber: null,
    refundApprovalPence: 2500,
  };
  const mailer = new FirstMailDeferred(new OutboxFolderMailer(path.join(dataDir, 'outbox'), 'Egypt e-Visa Agency <support@egypt-evisa-agency.example>', settings));
  texts = new FirstTextDeferred();
  t = await makeSqliteApp({ logger: log.logger, env: { METRICS_TOKEN, DATA_DIR: dataDir }, overrides: { mailer, sms: texts } });
  await t.workJobs({ pollMs: 20 });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function drained(queues: string[]) {
  await vi.waitFor(
    async () => {
      const stats = await t.agency.persistence.jobs.stats();
      for (const name of queues)
        expect(
          stats.find((q) => q.name === name),
          name,
        ).toMatchObject({ active: 0 });
      for (const name of queues.filter((q) => q !== 'deliver-mail'))
        expect(
          stats.find((q) => q.name === name),
          name,
        ).toMatchObject({ queued: 0 });
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('the log of a whole journey', () => {
  it('the traveller registers, applies, uploads, pays; staff review, refund and send the visa; the operator scrapes', async () => {
    traveller = await signUp(t.app, TRAVELLER);
    secrets.travellerSession = traveller.browser.cookies.get('evisa_session')!;
    const created = await traveller.browser.post('/api/applications', applicationForm(t.clock, FORM));
    expect(created.status).toBe(201);
    applicationId = (await created.json()).id;
    expect(
      (
        await traveller.browser.upload(`/api/applications/${applicationId}/documents`, {
          file: { content: FILES.pdf, name: `${FORM.surname} passport.pdf`, type: 'application/pdf' },
          type: 'passport',
        })
      ).status,
    ).toBe(201);
    expect((await traveller.browser.patch(`/api/applications/${applicationId}`, { address: '1 Nile St', city: 'London', postcode: 'N1 1AA', hotelDetails: 'Nile Hotel' })).status).toBe(200);

    const pay = async (type: 'initial' | 'final', card: string) => {
      const intent = await (await traveller.browser.post(`/api/payments/${type}/${applicationId}`)).json();
      const charge = await traveller.browser.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, { cardNumber: card });
      const confirm = await traveller.browser.post(`/api/payments/${type}/confirm/${applicationId}`, { paymentIntentId: intent.paymentIntentId });
      return { charge: charge.status, confirm: confirm.status };
    };
    expect(await pay('initial', CARDS.declined)).toEqual({ charge: 402, confirm: 402 });
    expect(await pay('initial', CARDS.good)).toEqual({ charge: 200, confirm: 200 });

    // A wrong password, then a sign-in while the users table answers with a database error that quotes the row.
    const stranger = new TestBrowser(t.app);
    expect((await stranger.post('/api/login', { email: TRAVELLER.email, password: 'not-the-password' })).status).toBe(401);
    const findByEmail = t.ports.users.findByEmail;
    // As the pg driver throws it: the row's values in its properties (detail), a key's value in the message.
    t.ports.users.findByEmail = async () => {
      throw Object.assign(new Error(`duplicate key value violates unique constraint "users_email_key" (${TRAVELLER.email}, ${TRAVELLER.phoneNumber}, ${CARDS.good})`), {
        code: '23505',
        detail: `Key (email, full_name)=(${TRAVELLER.email}, ${TRAVELLER.fullName}) already exists.`,
        row: { fullName: TRAVELLER.fullName, passportNumber: FORM.passportNumber },
      });
    };
    try {
      expect((await stranger.post('/api/login', { email: TRAVELLER.email, password: TRAVELLER.password })).status).toBe(500);
    } finally {
      t.ports.users.findByEmail = findByEmail;
    }

    // Staff (two-factor) review it, refund the initial fee in part, approve, attach the visa; the final fee with another card.
    const admin = await signInAdmin(t, 'reviewer.kowalczyk@agency.example');
    secrets.staffSession = admin.browser.cookies.get('evisa_session')!;
    secrets.staffTwoFactorSecret = admin.twoFactorSecret;
    secrets.staffPassword = admin.password;
    expect((await admin.browser.get(`/api/admin/applications?q=${encodeURIComponent(FORM.surname)}`)).status).toBe(200);
    expect((await admin.browser.get(`/api/admin/applications?q=${encodeURIComponent(FORM.passportNumber)}`)).status).toBe(200);
    expect((await admin.browser.post(`/api/admin/applications/${applicationId}/refunds`, { paymentType: 'initial', amountPence: 200, reason: `Goodwill for ${TRAVELLER.fullName}` })).status).toBe(201);
    for (const status of ['under_process', 'verified', 'approved']) expect((await admin.browser.put(`/api/admin/applications/${applicationId}/status`, { status })).status).toBe(200);
    expect((await admin.browser.upload(`/api/admin/applications/${applicationId}/visa-upload`, { visa: { content: FILES.pdf, name: `${FORM.givenName}-${FORM.surname}-evisa.pdf` } })).status).toBe(
      201,
    );
    expect(await pay('final', CARDS.final)).toEqual({ charge: 200, confirm: 200 });
    expect((await admin.browser.post(`/api/admin/applications/${applicationId}/send-evisa`, {})).status).toBe(200);
    expect((await admin.browser.get('/api/admin/applications')).status).toBe(200);

    // The traveller forgets the password and resets it with the mailed link.
    expect((await new TestBrowser(t.app).post('/api/password-reset', { email: TRAVELLER.email })).status).toBe(200);
    await drained(['deliver-mail', 'deliver-text', 'check-passport', 'send-refund']);
    await vi.waitFor(() => expect(texts.sent.sent.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    const outbox = path.join(t.agency.config.dataDir, 'outbox');
    await vi.waitFor(
      () => {
        const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
        const reset = mails.map((m) => /reset-password\?token=3D([^"\s<]+)|reset-password\?token=([^"\s<]+)/.exec(m.replace(/=\r?\n/g, ''))).find(Boolean);
        expect(reset).toBeTruthy();
        secrets.resetToken = decodeURIComponent((reset![1] ?? reset![2])!);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect((await new TestBrowser(t.app).post('/api/password-reset/confirm', { token: secrets.resetToken, newPassword: 'a-new-password-2026' })).status).toBe(200);

    // The operator scrapes, and someone guesses.
    expect((await new TestBrowser(t.app).get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
    expect((await new TestBrowser(t.app).get('/metrics', { authorization: 'Bearer guessed-token-1234567890' })).status).toBe(401);
  });

  it('holds no email, name, passport number, phone number, card number, password or token', () => {
    const text = log.text();
    // The log is there and is about this journey: requests, the deferred mail, the database error.
    expect(log.lines.length).toBeGreaterThan(30);
    const records = log.records();
    expect(records.filter((r) => r.msg === 'request').length).toBeGreaterThan(25);
    expect(records.some((r) => r.component === 'jobs' && r.level === 'warn' && String(r.msg).includes('Mailbox full'))).toBe(true);
    expect(records.some((r) => r.component === 'jobs' && r.level === 'warn' && String(r.msg).includes('carrier timeout'))).toBe(true);
    expect(texts.sent.sent.length).toBeGreaterThan(0);
    expect(records.some((r) => r.level === 'error' && (r.err as { message?: string; code?: string } | undefined)?.code === '23505')).toBe(true);
    expect(text).toContain('[email]');

    const forbidden: Record<string, string> = {
      email: TRAVELLER.email,
      'email, user part': TRAVELLER.email.split('@')[0]!,
      'staff email': 'reviewer.kowalczyk@agency.example',
      'full name': TRAVELLER.fullName,
      'given name': FORM.givenName,
      surname: FORM.surname,
      'passport number': FORM.passportNumber,
      phone: TRAVELLER.phoneNumber,
      'phone, national': '07911 123456',
      'phone, digits': '7911123456',
      'declined card': CARDS.declined,
      card: CARDS.good,
      'final card': CARDS.final,
      'final card, digits': CARDS.final.replace(/ /g, ''),
      password: TRAVELLER.password,
      'metrics token': METRICS_TOKEN,
      'guessed token': 'guessed-token-1234567890',
      ...secrets,
    };
    for (const [what, value] of Object.entries(forbidden)) {
      expect(value.length, what).toBeGreaterThan(5);
      expect(text.toLowerCase().includes(value.toLowerCase()), `${what} (${value}) is in the log`).toBe(false);
    }
  });
});
