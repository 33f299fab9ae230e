import { describe, expect, it } from 'vitest';
import type { OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import { MAIL_LEASE_MS, MailLeased } from '../../../core/use-cases/deliver-mail.js';
import { deliverQueuedMail, makeMemoryAgency } from '../../support/memory-ports.js';
import { PDF_BYTES } from '../helpers.js';

describe('deliverMail (the deliver-mail job)', () => {
  it('sends a queued mail once and marks it sent; its job was queued with it', async () => {
    const { ports, uc } = makeMemoryAgency();
    await ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: { fullName: 'A' } }, ports.clock.now());
    await ports.outbox.enqueue({ to: 'b@example.com', template: 'application_reminder', data: { fullName: 'B' } }, ports.clock.now());
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 2, failed: 0 });
    expect(ports.mailer.delivered.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(await ports.outbox.list({ sent: false })).toEqual([]);
    // No job is left, and a repeated job (a retry after a lost answer) sends nothing again.
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 0 });
    expect(await uc.deliverMail(1)).toBe('already-sent');
    expect(ports.mailer.delivered).toHaveLength(2);
  });

  it('a mail that is gone is done, not retried', async () => {
    const { uc } = makeMemoryAgency();
    expect(await uc.deliverMail(42)).toBe('missing');
  });

  it('refuses (for the job to retry later) a mail another attempt holds, until its lease ends', async () => {
    const { ports, uc } = makeMemoryAgency();
    const mail = await ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: {} }, ports.clock.now());
    // Another worker claimed it a moment ago and is still sending.
    await ports.outbox.claim(mail.id, ports.clock.now(), new Date(ports.clock.now().getTime() + MAIL_LEASE_MS));
    await expect(uc.deliverMail(mail.id)).rejects.toBeInstanceOf(MailLeased);
    expect(ports.mailer.delivered).toEqual([]);
    ports.clock.advance({ seconds: MAIL_LEASE_MS / 1000 });
    expect(await uc.deliverMail(mail.id)).toBe('sent');
    expect((await ports.outbox.list())[0]).toMatchObject({ attempts: 2, sentAt: ports.clock.now() });
  });

  it('records a failed attempt on the row, ends its lease and throws for the job to retry', async () => {
    const { ports, uc } = makeMemoryAgency();
    const mail = await ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: {} }, ports.clock.now());
    ports.mailer.failNext(1, 'SMTP down');
    await expect(uc.deliverMail(mail.id)).rejects.toThrow('SMTP down');
    expect((await ports.outbox.list())[0]).toMatchObject({ id: mail.id, attempts: 1, lastError: 'SMTP down', sentAt: null, nextAttemptAt: ports.clock.now() });
    // The retry (the job's, after its delay) sends it.
    expect(await uc.deliverMail(mail.id)).toBe('sent');
    expect(ports.mailer.delivered).toHaveLength(1);
  });

  it('attaches stored files, and fails (to retry) when one is missing', async () => {
    const { ports, uc } = makeMemoryAgency();
    await ports.files.put('visa-key', PDF_BYTES, { contentType: 'application/pdf', fileName: 'visa.pdf' });
    const attachments = [{ storageKey: 'visa-key', fileName: 'visa.pdf', contentType: 'application/pdf' }];
    await ports.outbox.enqueue({ to: 'a@example.com', template: 'evisa', data: { applicationNumber: 'EV-1' }, attachments }, ports.clock.now());
    await ports.outbox.enqueue({ to: 'b@example.com', template: 'evisa', data: { applicationNumber: 'EV-2' }, attachments: [{ ...attachments[0], storageKey: 'gone' }] }, ports.clock.now());
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 1, failed: 1 });
    expect(ports.mailer.delivered[0].attachments).toEqual([{ fileName: 'visa.pdf', contentType: 'application/pdf', content: PDF_BYTES }]);
    expect((await ports.outbox.list({ sent: false }))[0].lastError).toBe('Attachment visa.pdf is missing from file storage.');
  });

  it('reports a stored mail whose data does not fit its template on the row, and sends the others', async () => {
    const { ports, uc } = makeMemoryAgency();
    const now = ports.clock.now();
    // Rows as an older version (or a hand edit) may have left them: the outbox keeps any JSON.
    const stored = (mail: unknown) => ports.outbox.enqueue(mail as OutboxMailInput, now);
    const mistyped = await stored({ to: 'a@example.com', template: 'payment_reminder', data: { applicationNumber: 'EV-1', applicationId: '12' } });
    const missing = await stored({ to: 'b@example.com', template: 'password_reset', data: { fullName: 'B' } });
    const unknown = await stored({ to: 'c@example.com', template: 'birthday_greeting', data: {} });
    await ports.outbox.enqueue({ to: 'd@example.com', template: 'application_reminder', data: { fullName: 'D' } }, now);

    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 1, failed: 3 });
    expect(ports.mailer.delivered.map((m) => m.to)).toEqual(['d@example.com']);
    const unsent = new Map((await ports.outbox.list({ sent: false })).map((m) => [m.id, m]));
    expect(unsent.get(mistyped.id)?.lastError).toMatch(/^The stored data does not fit the payment_reminder template \(applicationId: .*number.*\)$/);
    expect(unsent.get(missing.id)?.lastError).toMatch(/^The stored data does not fit the password_reset template \(resetToken: /);
    expect(unsent.get(unknown.id)?.lastError).toBe('Unknown mail template: birthday_greeting');
    // They stay in the outbox with their JSON as it was; their jobs retry them later like any failure.
    expect(unsent.get(mistyped.id)).toMatchObject({ attempts: 1, data: { applicationNumber: 'EV-1', applicationId: '12' } });
    const [deliverMail] = await ports.persistence.jobs.stats();
    expect(deliverMail).toMatchObject({ name: 'deliver-mail', queued: 3, active: 0, failed: 0 });
  });
});
