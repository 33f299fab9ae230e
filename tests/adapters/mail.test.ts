import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryError, MemoryMailer, OutboxFolderMailer, SmtpMailer, compactTimestamp, mailerName, openMailer, renderMail } from '../../adapters/mail/index.js';
import type { MailToRender } from '../../adapters/mail/templates/index.js';
import { isDomainError } from '../../core/domain/errors.js';
import { MAIL_TEMPLATES, type MailContent, type MailData, type MailTemplateName } from '../../core/domain/mail.js';
import type { MailToDeliver } from '../../core/ports/mailer.js';
import { CONTRACT_SETTINGS as SETTINGS, SAMPLE_DATA } from '../contracts/mailer.contract.js';
import { parseMail, startSmtpServer, type LocalSmtpServer } from '../support/smtp-server.js';

const FROM = 'Nile Gate e-Visa Agency <no-reply@nilegate.example>';
let id = 1;
const mail = (overrides: Partial<Omit<MailToDeliver, 'template' | 'data'>> & (MailContent | { template?: never; data?: never }) = {}): MailToDeliver => {
  const { template, data, ...rest } = overrides;
  const content: MailContent = template ? ({ template, data } as MailContent) : { template: 'status_changed', data: SAMPLE_DATA.status_changed };
  return { id: (id += 1), to: 'amira@example.com', attachments: [], ...content, ...rest };
};

async function rejection(promise: Promise<unknown>): Promise<MailDeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailDeliveryError);
  // Every mailer's failure leaves it as the domain's Unavailable('mail') (adapters/mail/unavailable.ts).
  expect(isDomainError(error, 'Unavailable')).toBe(true);
  expect((error as MailDeliveryError).data).toMatchObject({ type: 'Unavailable', service: 'mail' });
  return error as MailDeliveryError;
}

describe('SmtpMailer failures', () => {
  let server: LocalSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a server answering 451 twice then recovering: two temporary failures, then exactly one message with the same Message-ID', async () => {
    const mailer = new SmtpMailer(server.url, FROM, SETTINGS);
    server.failNext(2, 451);
    const before = server.received.length;
    const m = mail({ template: 'evisa', data: SAMPLE_DATA.evisa, attachments: [{ fileName: 'visa.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 visa') }] });
    const first = await rejection(mailer.send(m));
    expect(first.temporary).toBe(true);
    expect(first.responseCode).toBe(451);
    expect(first.message).toMatch(/451|temporarily/);
    await rejection(mailer.send(m));
    expect(server.received.length).toBe(before);
    await mailer.send(m);
    expect(server.refused).toBe(2);
    expect(server.received.length).toBe(before + 1);
    const got = await parseMail(server.received.at(-1)!.raw);
    expect(got.messageId).toMatch(new RegExp(`^<outbox-${m.id}-[0-9a-f]{16}@nilegate\\.example>$`));
    expect(got.attachments[0]!.content.toString()).toBe('%PDF-1.7 visa');
    expect(server.received.at(-1)!.envelopeTo).toEqual(['amira@example.com']);
    expect(server.received.at(-1)!.envelopeFrom).toBe('no-reply@nilegate.example');
    mailer.close();
  });

  it('a permanent 5xx refusal of the message is answered as a refusal of the mail, not thrown (no retry can change it)', async () => {
    const mailer = new SmtpMailer(server.url, FROM, SETTINGS);
    const before = server.received.length;
    server.failNext(1, 554, '5.7.1 Message rejected as spam');
    expect(await mailer.send(mail())).toEqual({ status: 'refused', refused: 'message', reason: expect.stringMatching(/^554 .*rejected as spam/) });
    expect(server.received.length).toBe(before);
    expect(await mailer.send(mail())).toEqual({ status: 'accepted' });
    mailer.close();
  });

  it('a recipient refused with 550 is a bounce: answered as a refusal of the recipient, with the server’s words', async () => {
    const mailer = new SmtpMailer(server.url, FROM, SETTINGS);
    server.refuseRecipient('gone@example.com');
    try {
      const before = server.received.length;
      expect(await mailer.send(mail({ to: 'gone@example.com' }))).toEqual({ status: 'refused', refused: 'recipient', reason: '550 5.1.1 No such user here' });
      expect(server.received.length).toBe(before);
      // A 4xx answer to the recipient stays a temporary failure, retried.
      server.refuseRecipient('gone@example.com', 450, '4.2.1 Mailbox busy');
      const error = await rejection(mailer.send(mail({ to: 'gone@example.com' })));
      expect(error.temporary).toBe(true);
      expect(error.responseCode).toBe(450);
    } finally {
      server.acceptRecipient('gone@example.com');
    }
    expect(await mailer.send(mail({ to: 'gone@example.com' }))).toEqual({ status: 'accepted' });
    mailer.close();
  });

  it('a server that is down (connection refused) throws a temporary failure', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, FROM, SETTINGS);
    const error = await rejection(mailer.send(mail()));
    expect(error.temporary).toBe(true);
    expect(error.responseCode).toBeNull();
    expect(error.message).toMatch(/ECONNREFUSED|connect/i);
  });

  it('a server that accepts the connection but never greets times out and throws', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, FROM, SETTINGS, { greetingTimeout: 300, connectionTimeout: 300, socketTimeout: 300 });
    const error = await rejection(mailer.send(mail()));
    expect(error.temporary).toBe(true);
    expect(error.message).toMatch(/greeting|timeout/i);
    await new Promise<void>((resolve) => {
      silent.close(() => resolve());
      // drop the connection nodemailer left open
      for (const s of sockets) s.destroy();
    });
  });
});

describe('OutboxFolderMailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-adapter-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names each .eml by UTC time then outbox id, so a listing sorts by time', async () => {
    const times = [new Date('2026-11-22T09:01:02.123Z'), new Date('2026-11-22T09:01:02.124Z'), new Date('2026-12-01T00:00:00.000Z')];
    let i = 0;
    const folder = path.join(dir, 'sorted');
    const mailer = new OutboxFolderMailer(folder, FROM, SETTINGS, () => times[i++]!);
    await mailer.send(mail({ id: 9, to: 'a@example.com' }));
    await mailer.send(mail({ id: 10, to: 'b@example.com' }));
    await mailer.send(mail({ id: 2, to: 'c@example.com' }));
    const names = (await readdir(folder)).sort();
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(/^20261122T090102123Z-0000000009-[0-9a-f]{16}\.eml$/);
    expect(names[1]).toMatch(/^20261122T090102124Z-0000000010-[0-9a-f]{16}\.eml$/);
    expect(names[2]).toMatch(/^20261201T000000000Z-0000000002-[0-9a-f]{16}\.eml$/);
    const parsed = await Promise.all(names.map(async (n) => parseMail(await readFile(path.join(folder, n)))));
    expect(parsed.map((p) => p.to)).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(parsed[0]!.date!.toISOString()).toBe('2026-11-22T09:01:02.000Z');
    expect(parsed[0]!.from).toContain('Nile Gate e-Visa Agency');
    expect(parsed[0]!.from).toContain('<no-reply@nilegate.example>');
    const raw = await readFile(path.join(folder, names[0]!), 'utf8');
    expect(raw).toMatch(/^(?:[\w-]+: .*\r\n(?:[ \t].*\r\n)*)+\r\n/); // RFC 5322: header lines, CRLF, blank line, body
    expect(raw).toContain('MIME-Version: 1.0');
    expect(compactTimestamp(new Date('2026-11-22T09:01:02.123Z'))).toBe('20261122T090102123Z');
  });

  it('sending the same outbox mail again (a retry after a crash) writes no second file', async () => {
    const folder = path.join(dir, 'retry');
    const mailer = new OutboxFolderMailer(folder, FROM, SETTINGS);
    const m = mail();
    await mailer.send(m);
    await mailer.send(m);
    expect(await readdir(folder)).toHaveLength(1);
  });

  it('throws when the folder cannot be written (a file is in the way) and leaves nothing behind', async () => {
    const blocker = path.join(dir, 'blocker');
    await writeFile(blocker, 'x');
    const mailer = new OutboxFolderMailer(path.join(blocker, 'outbox'), FROM, SETTINGS);
    const error = await rejection(mailer.send(mail()));
    expect(error.temporary).toBe(true);
    expect(error.message).toContain('Could not write the mail');
  });
});

describe('MemoryMailer', () => {
  it('failNext(n) makes the next n sends throw and records nothing for them', async () => {
    const mailer = new MemoryMailer(SETTINGS);
    mailer.failNext(2);
    await expect(mailer.send(mail())).rejects.toThrow(/unavailable/);
    await expect(mailer.send(mail())).rejects.toThrow(/unavailable/);
    expect(mailer.delivered).toHaveLength(0);
    const m = mail({ to: 'x@example.com' });
    await mailer.send(m);
    expect(mailer.deliveredTo('X@example.com')).toHaveLength(1);
    expect(mailer.delivered[0]!.id).toBe(m.id);
  });

  it('fails the way the real mailers do: MailDeliveryError, the domain Unavailable(mail)', async () => {
    const mailer = new MemoryMailer(SETTINGS);
    mailer.failNext(1);
    await rejection(mailer.send(mail()));
  });
});

describe('openMailer', () => {
  it('picks SMTP for MAIL_URL and the outbox folder otherwise', () => {
    expect(openMailer({ mailUrl: 'smtp://127.0.0.1:2525', outboxDir: '/tmp/o', mailFrom: FROM, settings: SETTINGS })).toBeInstanceOf(SmtpMailer);
    const outbox = openMailer({ mailUrl: null, outboxDir: '/tmp/agency-outbox', mailFrom: FROM, settings: SETTINGS });
    expect(outbox).toBeInstanceOf(OutboxFolderMailer);
    expect((outbox as OutboxFolderMailer).dir).toBe('/tmp/agency-outbox');
    expect(mailerName({ mailUrl: null })).toBe('outbox');
    expect(mailerName({ mailUrl: 'smtp://h:25' })).toBe('smtp');
  });
});

describe('mail templates', () => {
  const render = <T extends MailTemplateName>(template: T, data: MailData<T> = SAMPLE_DATA[template]) => renderMail({ template, data, to: 'amira@example.com' } as MailToRender, SETTINGS);

  it('every template names the agency in subject or body and says it is not a government site', () => {
    for (const t of MAIL_TEMPLATES) {
      const r = render(t);
      expect(r.text).toContain('Nile Gate e-Visa Agency is a private agency and not an official government site.');
      expect(r.html).toContain('not an official government site');
      expect(r.text).toContain('help@nilegate.example');
    }
  });

  it('links go to PUBLIC_URL even with a trailing slash, with the application id where it matters', () => {
    const settings = { ...SETTINGS, publicUrl: 'https://visa.nilegate.example/' };
    expect(renderMail({ template: 'passport_reupload_requested', data: SAMPLE_DATA.passport_reupload_requested, to: 'a@b.c' }, settings).text).toContain(
      'Upload passport copy: https://visa.nilegate.example/passport-upload?applicationId=123',
    );
    expect(render('application_received').text).toContain('https://visa.nilegate.example/payment?applicationId=123');
    expect(render('application_reminder').text).toContain('Apply now: https://visa.nilegate.example/apply');
    expect(render('password_changed').text).toContain('https://visa.nilegate.example/profile');
  });

  it('status_changed shows statuses as labels (underscores to spaces, capitalised)', () => {
    const r = render('status_changed');
    expect(r.subject).toBe('Application EV-2026-000123: status changed to Under process');
    expect(r.text).toContain('Previous status: Application created');
    expect(r.text).toContain('New status: Under process');
  });

  it('application_received after payment says it is being processed and mentions the 5-working-day guarantee', () => {
    const r = render('application_received', { ...SAMPLE_DATA.application_received, paid: true });
    expect(r.text).toContain('now being processed');
    expect(r.text).toContain('5 working days');
    expect(r.text).not.toContain('/payment?');
  });

  it("a paid fee's mail mentions its attached receipt (text and HTML) only when one is attached", () => {
    const received = render('application_received', { ...SAMPLE_DATA.application_received, paid: true, receiptAttached: true });
    const changed = render('status_changed', { ...SAMPLE_DATA.status_changed, receiptAttached: true });
    for (const r of [received, changed]) {
      expect(r.text).toContain('Your receipt is attached to this email as a PDF');
      expect(r.html).toContain('Your receipt is attached to this email as a PDF');
    }
    expect(changed.text).toContain('Thank you for your payment.');
    expect(render('application_received', { ...SAMPLE_DATA.application_received, paid: true }).text).not.toContain('receipt');
    expect(render('status_changed').text).not.toContain('receipt');
  });

  it('info_requested with the re-upload flag links to the passport upload page', () => {
    const r = render('info_requested', { ...SAMPLE_DATA.info_requested, requiresPassportReupload: true });
    expect(r.text).toContain('/passport-upload?applicationId=123');
  });

  it('missing optional data falls back instead of printing "undefined"', () => {
    for (const t of MAIL_TEMPLATES) {
      // An old outbox row may lack even what today's mails always carry.
      const r = renderMail({ template: t, data: {}, to: 'who@example.com' } as unknown as MailToRender, SETTINGS);
      expect(r.text).not.toMatch(/undefined|null|NaN/);
      expect(r.html).not.toMatch(/undefined|NaN/);
      expect(r.text.startsWith('Hello,')).toBe(true);
    }
  });

  it('password_reset links to the reset page with its token and says how long it works', () => {
    const r = render('password_reset');
    expect(r.subject).toBe('Reset your Nile Gate e-Visa Agency password');
    expect(r.text).toContain('Choose a new password: https://visa.nilegate.example/reset-password?token=7.1795000000.c2lnbmF0dXJl');
    expect(r.html).toContain('href="https://visa.nilegate.example/reset-password?token=7.1795000000.c2lnbmF0dXJl"');
    expect(r.text).toContain('1 hour');
    expect(r.text).toContain('If you did not ask for this');
  });

  it('account_exists tells a contact-form visitor with an account how to sign in and how to reset the password', () => {
    const r = render('account_exists');
    expect(r.text).toContain('no new account was created');
    expect(r.text).toContain('Email: amira@example.com');
    expect(r.text).toContain('Sign in: https://visa.nilegate.example/auth');
    expect(r.text).toContain('Reset your password: https://visa.nilegate.example/reset-password?token=7.1795000000.c2lnbmF0dXJl');
    expect(r.text).not.toContain('temporary');
    // Without a token (an old outbox row) it points to the page that sends a new link.
    expect(render('account_exists', { email: 'amira@example.com' }).text).toContain('Reset your password: https://visa.nilegate.example/forgot-password');
  });

  it('what the final fee\'s mails say of the e-visa is true when they are sent: never "shortly" (docs/decisions/0022)', () => {
    const finalPaid = { ...SAMPLE_DATA.status_changed, oldStatus: 'approved', newStatus: 'final_payment_received', receiptAttached: true } as const;
    const waived = { ...SAMPLE_DATA.approved, finalFeeAmount: 0, finalFeeWaived: true };
    // The visa was attached already: its own mail is queued in the same commit.
    for (const r of [render('status_changed', { ...finalPaid, evisaFollows: true }), render('approved', { ...waived, evisaFollows: true })]) {
      expect(r.text).toContain('Your e-visa is ready: it follows in a separate email');
    }
    // Not attached yet (or an older mail without the key): it comes when staff attach it.
    for (const r of [render('status_changed', finalPaid), render('approved', waived), render('status_changed', { ...finalPaid, evisaFollows: false })]) {
      expect(r.text).toContain('We email you your e-visa on its own as soon as it is issued');
      expect(r.text).not.toContain('follows in a separate email');
    }
    expect(render('approved').text).toContain('We email you your e-visa once the final fee is paid and the e-visa is issued.');
    for (const t of MAIL_TEMPLATES) expect(render(t).text).not.toMatch(/shortly/i);
    // Other statuses say nothing of the e-visa.
    expect(render('status_changed').text).not.toContain('e-visa on its own');
  });

  it("a fee asked for is priced in the payment pages' words, the official fee included", () => {
    expect(render('application_received').text).toContain('£49.00 in all: £10.00 now, £39.00 only if your visa is approved — the official Egypt e-visa fee included.');
    expect(render('approved').text).toContain('£39.00 now, the last payment: £49.00 in all with the £10.00 initial fee you paid — the official Egypt e-visa fee included.');
    expect(render('payment_reminder', { ...SAMPLE_DATA.payment_reminder, paymentType: 'final', amount: 3900 }).text).toContain('£39.00 now, the last payment');
    // A family's reminder is for £10 × N: the per-traveller sentence is left to the payment page.
    expect(render('payment_reminder', { ...SAMPLE_DATA.payment_reminder, amount: 3000, groupId: 7, groupSize: 3 }).text).not.toContain('in all');
  });

  it("application_received after payment gives the guarantee's day when the payment set it", () => {
    const paid = { ...SAMPLE_DATA.application_received, paid: true };
    expect(render('application_received', { ...paid, answerBy: '2026-11-30T23:59:59.999Z' }).text).toContain(
      'Guaranteed answer by Monday 30 November 2026 (5 working days after your payment), or you do not pay the £39.00 final fee.',
    );
    expect(render('application_received', paid).text).toContain('Guaranteed answer within 5 working days of your payment, or you do not pay the £39.00 final fee.');
  });

  it('application_numbers lists a cancelled application as cancelled, not as refused', () => {
    const r = render('application_numbers', {
      applications: [
        { applicationNumber: 'EV-2611-7K3QX9', status: 'rejected', cancelled: true },
        { applicationNumber: 'EV-2610-000123', status: 'rejected' },
      ],
    });
    expect(r.text).toContain('EV-2611-7K3QX9: Cancelled');
    expect(r.text).toContain('EV-2610-000123: Rejected');
  });

  it('the e-visa mail names what is attached: the e-visa and the border pack', () => {
    const r = render('evisa', { ...SAMPLE_DATA.evisa, givenName: 'AMIRA', surname: 'HASSAN' });
    expect(r.text).toContain('Your Egypt e-visa is attached to this email, with your border pack');
    expect(r.text).toContain('Traveller: Amira Hassan');
    expect(r.text).not.toContain('as a PDF.');
  });

  it('a subject never carries a line break (no header injection)', () => {
    const r = render('status_changed', { ...SAMPLE_DATA.status_changed, applicationNumber: 'X\r\nBcc: victim@example.com' });
    expect(r.subject).not.toMatch(/[\r\n]/);
  });
});
