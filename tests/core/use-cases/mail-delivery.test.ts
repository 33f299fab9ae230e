import { describe, expect, it } from 'vitest';
import type { OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import { retryDelayMs } from '../../../core/use-cases/deliver-pending-mail.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { PDF_BYTES } from '../helpers.js';

describe('deliverPendingMail', () => {
  it('sends due mails once and marks them sent', async () => {
    const { ports, uc } = makeMemoryAgency();
    await ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: { fullName: 'A' } }, ports.clock.now());
    await ports.outbox.enqueue({ to: 'b@example.com', template: 'application_reminder', data: { fullName: 'B' } }, ports.clock.now());
    expect(await uc.deliverPendingMail()).toEqual({ sent: 2, failed: 0 });
    expect(ports.mailer.delivered.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(await ports.outbox.list({ sent: false })).toEqual([]);
    expect(await uc.deliverPendingMail()).toEqual({ sent: 0, failed: 0 });
    expect(ports.mailer.delivered).toHaveLength(2);
  });

  it('does not send mails that are not due yet', async () => {
    const { ports, uc } = makeMemoryAgency();
    const later = new Date(ports.clock.now().getTime() + 60_000);
    await ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: {} }, later);
    expect(await uc.deliverPendingMail()).toEqual({ sent: 0, failed: 0 });
  });

  it('retries failures with exponential backoff from 1 minute up to 1 hour', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);

    const { ports, uc } = makeMemoryAgency();
    const mail = await ports.outbox.enqueue({ to: 'a@example.com', template: 'application_reminder', data: {} }, ports.clock.now());
    ports.mailer.failNext(2, 'SMTP down');
    expect(await uc.deliverPendingMail()).toEqual({ sent: 0, failed: 1 });
    let [row] = await ports.outbox.list();
    expect(row).toMatchObject({ id: mail.id, attempts: 1, lastError: 'SMTP down', sentAt: null, nextAttemptAt: new Date(ports.clock.now().getTime() + 60_000) });

    ports.clock.advance({ seconds: 59 });
    expect(await uc.deliverPendingMail()).toEqual({ sent: 0, failed: 0 });
    ports.clock.advance({ seconds: 1 });
    expect(await uc.deliverPendingMail()).toEqual({ sent: 0, failed: 1 });
    [row] = await ports.outbox.list();
    expect(row.nextAttemptAt).toEqual(new Date(ports.clock.now().getTime() + 120_000));

    ports.clock.advance({ minutes: 2 });
    expect(await uc.deliverPendingMail()).toEqual({ sent: 1, failed: 0 });
    expect(ports.mailer.delivered).toHaveLength(1);
  });

  it('attaches stored files, and fails (to retry) when one is missing', async () => {
    const { ports, uc } = makeMemoryAgency();
    await ports.files.put('visa-key', PDF_BYTES, { contentType: 'application/pdf', fileName: 'visa.pdf' });
    const attachments = [{ storageKey: 'visa-key', fileName: 'visa.pdf', contentType: 'application/pdf' }];
    await ports.outbox.enqueue({ to: 'a@example.com', template: 'evisa', data: { applicationNumber: 'EV-1' }, attachments }, ports.clock.now());
    await ports.outbox.enqueue({ to: 'b@example.com', template: 'evisa', data: { applicationNumber: 'EV-2' }, attachments: [{ ...attachments[0], storageKey: 'gone' }] }, ports.clock.now());
    expect(await uc.deliverPendingMail()).toEqual({ sent: 1, failed: 1 });
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

    expect(await uc.deliverPendingMail()).toEqual({ sent: 1, failed: 3 });
    expect(ports.mailer.delivered.map((m) => m.to)).toEqual(['d@example.com']);
    const unsent = new Map((await ports.outbox.list({ sent: false })).map((m) => [m.id, m]));
    expect(unsent.get(mistyped.id)?.lastError).toMatch(/^The stored data does not fit the payment_reminder template \(applicationId: .*number.*\)$/);
    expect(unsent.get(missing.id)?.lastError).toMatch(/^The stored data does not fit the password_reset template \(resetToken: /);
    expect(unsent.get(unknown.id)?.lastError).toBe('Unknown mail template: birthday_greeting');
    // They stay in the outbox with their JSON as it was, retried later like any failure.
    expect(unsent.get(mistyped.id)).toMatchObject({ attempts: 1, data: { applicationNumber: 'EV-1', applicationId: '12' } });
  });

  it('respects the limit', async () => {
    const { ports, uc } = makeMemoryAgency();
    for (let i = 0; i < 3; i += 1) await ports.outbox.enqueue({ to: `${i}@example.com`, template: 'application_reminder', data: {} }, ports.clock.now());
    expect(await uc.deliverPendingMail({ limit: 2 })).toEqual({ sent: 2, failed: 0 });
    expect(await uc.deliverPendingMail({ limit: 2 })).toEqual({ sent: 1, failed: 0 });
  });
});
