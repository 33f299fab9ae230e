import { describe, expect, it } from 'vitest';
import { LibPhoneNumbers } from '../../../adapters/sms/index.js';
import { gsm7Length, SINGLE_SMS_LENGTH, TEXT_TEMPLATES, UNTEXTABLE_PHONE_MESSAGE, type TextContent } from '../../../core/domain/texts.js';
import { renderText } from '../../../adapters/texts/index.js';
import { TEXT_ATTEMPTS, TEXT_LEASE_MS, TextLeased } from '../../../core/use-cases/texts.js';
import { deliverQueuedTexts, makeMemoryAgency, TEST_SETTINGS, type MemoryPorts } from '../../support/memory-ports.js';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { actorOf, approve, domainError, makeAdmin, payFee, pdfFile, validForm } from '../helpers.js';

const MOBILE = '07400 123456';
const MOBILE_E164 = '+447400123456';

async function applicant(uc: UseCases, phoneNumber = MOBILE, email = 'amelia@example.com') {
  return actorOf(await uc.registerUser({ email, password: 'secret123', fullName: 'Amelia Clarke', phoneNumber }));
}

/** An opted-in applicant's application with its passport and initial fee paid. */
async function optedIn(ports: MemoryPorts, uc: UseCases, phoneNumber = MOBILE, email = 'amelia@example.com') {
  const actor = await applicant(uc, phoneNumber, email);
  const app = await uc.createApplication(actor, validForm({ givenName: 'Amelia', smsUpdates: true }));
  await uc.attachPassport(actor, app.id, pdfFile());
  await payFee(ports, uc, actor, app.id, 'initial');
  return { actor, app };
}

describe('phone numbers for texts (libphonenumber-js)', () => {
  const phones = new LibPhoneNumbers();
  it('reads UK numbers without a country code and writes E.164', () => {
    expect(phones.textable('07400 123456')).toEqual({ ok: true, e164: '+447400123456' });
    expect(phones.textable(' +44 (0)7400 123-456 ')).toEqual({ ok: true, e164: '+447400123456' });
    expect(phones.textable('0044 7400 123456')).toEqual({ ok: true, e164: '+447400123456' });
    expect(phones.textable('+33 6 12 34 56 78')).toEqual({ ok: true, e164: '+33612345678' });
    expect(phones.textable('+1 415 555 2671')).toEqual({ ok: true, e164: '+14155552671' });
  });
  it('refuses numbers that cannot receive texts: invalid, landlines, free-phone', () => {
    expect(phones.textable('12345678901')).toMatchObject({ ok: false, problem: expect.stringContaining('not a valid phone number') });
    expect(phones.textable('not a phone')).toMatchObject({ ok: false });
    expect(phones.textable('020 7946 0000')).toEqual({ ok: false, problem: '+442079460000 is not a mobile number' });
    expect(phones.textable('0800 123 4567')).toMatchObject({ ok: false });
  });
});

describe('text templates', () => {
  const data = { applicationNumber: 'EV-2611-123456', givenName: 'Bartholomew-Alexander' };
  const samples: TextContent[] = [
    { template: 'status_changed', data: { ...data, newStatus: 'verified' } },
    { template: 'info_requested', data: { ...data, passportReupload: true } },
    { template: 'info_requested', data: { ...data, passportReupload: false } },
    { template: 'approved', data: { ...data, finalFeeAmount: 3900 } },
    { template: 'approved', data: { ...data, finalFeeAmount: 0 } },
    { template: 'rejected', data },
    { template: 'evisa_sent', data },
  ];
  it('every template fits one GSM-7 SMS, names the agency, links to the dashboard and carries only the number and given name', () => {
    expect(new Set(samples.map((s) => s.template))).toEqual(new Set(TEXT_TEMPLATES));
    for (const sample of samples) {
      const body = renderText(sample, TEST_SETTINGS);
      expect(gsm7Length(body), body).not.toBeNull();
      expect(gsm7Length(body)!, body).toBeLessThanOrEqual(SINGLE_SMS_LENGTH);
      expect(body).toContain(TEST_SETTINGS.agencyName);
      expect(body).toContain('https://evisa.test/dashboard');
      expect(body).toContain('EV-2611-123456');
    }
    expect(renderText(samples[3]!, TEST_SETTINGS)).toContain('Final fee £39.00 due');
  });
});

describe('texts on status changes (docs/product.md §16.4)', () => {
  it('texts an opted-in applicant once per status change, in E.164, with the words of each change', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { app } = await optedIn(ports, uc);
    await uc.changeApplicationStatus(admin, app.id, { status: 'under_process' });
    await uc.changeApplicationStatus(admin, app.id, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    // The same status and message again changes nothing: no text.
    await uc.changeApplicationStatus(admin, app.id, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    await uc.changeApplicationStatus(admin, app.id, { status: 'verified' });
    await uc.changeApplicationStatus(admin, app.id, { status: 'approved' });

    const log = await ports.texts.listByApplication(app.id);
    expect(log.map((t) => [t.template, t.to, t.status])).toEqual([
      ['status_changed', MOBILE_E164, 'queued'], // the initial fee moved it to application_created
      ['status_changed', MOBILE_E164, 'queued'],
      ['info_requested', MOBILE_E164, 'queued'],
      ['status_changed', MOBILE_E164, 'queued'],
      ['approved', MOBILE_E164, 'queued'],
    ]);
    expect(log[2]!.body).toBe(`Egypt E-Visa Agency: Amelia, we need more information for application ${app.applicationNumber}. https://evisa.test/dashboard`);
    expect(log[4]!.body).toContain('Final fee £39.00 due');
    // Nothing personal beyond the number and the given name.
    for (const t of log) expect(t.body).not.toMatch(/Clarke|passport number|P\d{6}/);

    expect(await deliverQueuedTexts(ports, uc)).toEqual({ sent: 5, failed: 0 });
    expect(ports.sms.sent.map((s) => s.to)).toEqual(Array(5).fill(MOBILE_E164));
    expect((await ports.texts.listByApplication(app.id)).every((t) => t.status === 'sent')).toBe(true);
    // Jobs run again (a retry after a lost answer) send nothing twice.
    for (const t of log) expect(await uc.deliverText(t.id)).toBe('already-sent');
    expect(ports.sms.sent).toHaveLength(5);
  });

  it('texts the rejection, and the e-visa when it is sent', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { actor, app } = await optedIn(ports, uc);
    await approve(uc, admin, app.id);
    await payFee(ports, uc, actor, app.id, 'final');
    // Attached after the final fee: mailed and texted on its own; staff's resend texts again.
    await uc.attachVisa(admin, app.id, pdfFile('visa.pdf'));
    await uc.sendEvisa(admin, app.id);
    const templates = (await ports.texts.listByApplication(app.id)).map((t) => t.template);
    expect(templates.slice(-3)).toEqual(['status_changed', 'evisa_sent', 'evisa_sent']);
    expect((await ports.outbox.list()).filter((m) => m.template === 'evisa')).toHaveLength(2);

    const other = await optedIn(ports, uc, '+44 7400 654321', 'other@example.com');
    await uc.changeApplicationStatus(admin, other.app.id, { status: 'under_process' });
    await uc.changeApplicationStatus(admin, other.app.id, { status: 'verified' });
    await uc.changeApplicationStatus(admin, other.app.id, { status: 'rejected' });
    const last = (await ports.texts.listByApplication(other.app.id)).at(-1)!;
    expect([last.template, last.to]).toEqual(['rejected', '+447400654321']);
  });

  it('sends no text to an applicant who did not opt in', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const actor = await applicant(uc);
    const app = await uc.createApplication(actor, validForm());
    expect(app.smsUpdates).toBe(false);
    await uc.changeApplicationStatus(admin, app.id, { status: 'application_created' });
    expect(await ports.texts.listByApplication(app.id)).toEqual([]);
  });

  it('opting in with a phone that cannot receive texts is refused with 400 and nothing is created', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await applicant(uc, '020 7946 0000');
    const error = await domainError(uc.createApplication(actor, validForm({ smsUpdates: true })), 'Validation', UNTEXTABLE_PHONE_MESSAGE);
    expect(error.data).toMatchObject({ errors: { smsUpdates: [UNTEXTABLE_PHONE_MESSAGE] } });
    expect(await ports.applications.listByUser(actor.userId)).toEqual([]);
    // Without texts the same form is accepted.
    expect((await uc.createApplication(actor, validForm())).smsUpdates).toBe(false);
  });

  it('a phone that became unusable later is a logged skip: the status change stands, the text is failed with why', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { actor, app } = await optedIn(ports, uc);
    await ports.users.updatePhone(actor.userId, '12345');
    const changed = await uc.changeApplicationStatus(admin, app.id, { status: 'under_process' });
    expect(changed.status).toBe('under_process');
    const last = (await ports.texts.listByApplication(app.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed', to: '12345', error: 'Not sent: 12345 is not a valid phone number' });
    // No job for it: nothing is sent.
    await deliverQueuedTexts(ports, uc);
    expect(ports.sms.sentTo('12345')).toEqual([]);
  });
});

describe('deliverText (the deliver-text job)', () => {
  async function queued() {
    const agency = makeMemoryAgency();
    const text = await agency.ports.texts.enqueue({ applicationId: 1, userId: 1, to: MOBILE_E164, template: 'rejected', body: 'x' }, agency.ports.clock.now());
    return { ...agency, text };
  }

  it('a temporary failure is recorded and thrown, for the job to retry; the retry sends it', async () => {
    const { ports, uc, text } = await queued();
    ports.sms.failNext(1);
    await expect(uc.deliverText(text.id)).rejects.toThrow('SMS provider unavailable');
    expect(await ports.texts.findById(text.id)).toMatchObject({ attempts: 1, lastError: 'SMS provider unavailable (simulated)', sentAt: null, failedAt: null });
    expect(await uc.deliverText(text.id)).toBe('sent');
    expect(await ports.texts.findById(text.id)).toMatchObject({ attempts: 2, sentAt: ports.clock.now(), providerId: 'MEM000001', lastError: null });
  });

  it('a refusal fails the text for good, with why, and is not retried', async () => {
    const { ports, uc, text } = await queued();
    ports.sms.failNext(1, { refused: true, message: "Twilio refused the text (21211): invalid 'To' phone number" });
    expect(await uc.deliverText(text.id)).toBe('refused');
    expect(await uc.deliverText(text.id)).toBe('refused');
    expect(ports.sms.sent).toEqual([]);
    expect((await ports.texts.listByApplication(1))[0]).toMatchObject({ status: 'failed', error: "Twilio refused the text (21211): invalid 'To' phone number", attempts: 1 });
  });

  it('out of attempts, a temporary failure fails the text instead of leaving it queued', async () => {
    const { ports, uc, text } = await queued();
    ports.sms.failNext(TEXT_ATTEMPTS);
    for (let i = 1; i < TEXT_ATTEMPTS; i++) await expect(uc.deliverText(text.id)).rejects.toThrow();
    expect(await uc.deliverText(text.id)).toBe('given-up');
    expect((await ports.texts.listByApplication(1))[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Gave up after \d+ attempts: SMS provider unavailable/) });
  });

  it('another attempt’s lease is respected until it ends', async () => {
    const { ports, uc, text } = await queued();
    await ports.texts.claim(text.id, ports.clock.now(), new Date(ports.clock.now().getTime() + TEXT_LEASE_MS));
    await expect(uc.deliverText(text.id)).rejects.toBeInstanceOf(TextLeased);
    ports.clock.advance({ seconds: TEXT_LEASE_MS / 1000 });
    expect(await uc.deliverText(text.id)).toBe('sent');
    expect(ports.sms.sent).toHaveLength(1);
  });
});

describe('resending a text from the delivery log', () => {
  it('queues the same words again as a new text, to the phone as it is now, and lists both', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { actor, app } = await optedIn(ports, uc);
    const [first] = await ports.texts.listByApplication(app.id);
    await ports.users.updatePhone(actor.userId, '+44 7400 999888');
    const again = await uc.resendMessage(admin, { channel: 'sms', id: first!.id });
    expect(again).toMatchObject({ channel: 'sms', to: '+447400999888', template: first!.template, status: 'queued' });
    const texts = await ports.texts.listByApplication(app.id);
    expect(texts.map((t) => `sms-${t.id}`)).toEqual([`sms-${first!.id}`, again.id]);
    expect(texts[1]!.body).toBe(first!.body);
    expect((await uc.listApplicationMessages(admin, app.id)).filter((m) => m.channel === 'sms').map((m) => m.id)).toEqual([again.id, `sms-${first!.id}`]);
    await domainError(uc.resendMessage(actor, { channel: 'sms', id: first!.id }), 'Forbidden');
    await domainError(uc.resendMessage(admin, { channel: 'sms', id: 9999 }), 'NotFound');
    await ports.users.updatePhone(actor.userId, '020 7946 0000');
    await domainError(uc.resendMessage(admin, { channel: 'sms', id: first!.id }), 'Validation');
  });
});
