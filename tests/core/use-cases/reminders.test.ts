import { describe, expect, it } from 'vitest';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { approve, makeAdmin, paidApplication, registerApplicant, validForm } from '../helpers.js';

describe('sendPaymentReminders', () => {
  async function setup() {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const unpaid = await registerApplicant(uc, 'unpaid@example.com');
    const unpaidApp = await uc.createApplication(unpaid, validForm());
    const processing = await paidApplication(ports, uc, 'processing@example.com');
    const approved = await paidApplication(ports, uc, 'approved@example.com');
    await approve(uc, admin, approved.applicationId);
    const rejected = await registerApplicant(uc, 'rejected@example.com');
    const rejectedApp = await uc.createApplication(rejected, validForm());
    await uc.changeApplicationStatus(admin, rejectedApp.id, { status: 'under_process' });
    await uc.changeApplicationStatus(admin, rejectedApp.id, { status: 'verified' });
    await uc.changeApplicationStatus(admin, rejectedApp.id, { status: 'rejected' });
    return { ports, uc, admin, unpaidApp, processing, approved };
  }

  it('reminds the unpaid initial fee and the due final fee, once', async () => {
    const { ports, uc, admin, unpaidApp, approved } = await setup();
    const result = await uc.sendPaymentReminders(admin);
    expect(result).toMatchObject({ sent: 2, skipped: 0, message: 'Payment reminders sent to 2 applicants.' });
    expect(result.recipients).toEqual([
      { email: 'unpaid@example.com', applicationId: unpaidApp.id, reason: 'initial fee unpaid' },
      { email: 'approved@example.com', applicationId: approved.applicationId, reason: 'final fee unpaid' },
    ]);
    const reminders = (await ports.outbox.list()).filter((m) => m.template === 'payment_reminder');
    expect(reminders.map((m) => [m.to, m.data.paymentType, m.data.amount])).toEqual([
      ['unpaid@example.com', 'initial', 1000],
      ['approved@example.com', 'final', 3900],
    ]);
    expect((await ports.applications.findById(unpaidApp.id))?.paymentReminderSent).toEqual(ports.clock.now());
  });

  it('does not remind anyone again within 72 hours', async () => {
    const { ports, uc, admin } = await setup();
    await uc.sendPaymentReminders(admin);
    ports.clock.advance({ hours: 71 });
    expect(await uc.sendPaymentReminders(admin)).toMatchObject({ sent: 0, skipped: 0, message: 'No payment reminders are due.' });
    ports.clock.advance({ hours: 2 });
    expect((await uc.sendPaymentReminders(null)).sent).toBe(2);
  });

  it('lists without claiming in a dry run', async () => {
    const { ports, uc, admin } = await setup();
    const before = (await ports.outbox.list()).length;
    const dry = await uc.sendPaymentReminders(admin, { dryRun: true });
    expect(dry).toMatchObject({ sent: 0, message: '2 applicants would be sent a payment reminder.' });
    expect(dry.recipients).toHaveLength(2);
    expect(await ports.outbox.list()).toHaveLength(before);
    expect((await uc.sendPaymentReminders(admin)).sent).toBe(2);
  });

  it('never sends the same reminder twice when two runs overlap', async () => {
    const { ports, uc, admin } = await setup();
    const [a, b] = await Promise.all([uc.sendPaymentReminders(admin), uc.sendPaymentReminders(null)]);
    expect(a.sent + b.sent).toBe(2);
    expect(a.skipped + b.skipped).toBe(2);
    expect((await ports.outbox.list()).filter((m) => m.template === 'payment_reminder')).toHaveLength(2);
  });
});

describe('sendApplicationReminders', () => {
  it('reminds registered users without an application (not admins), once per 72 hours', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    await registerApplicant(uc, 'idle@example.com', 'Idle User');
    const applied = await registerApplicant(uc, 'applied@example.com');
    await uc.createApplication(applied, validForm());

    const result = await uc.sendApplicationReminders(admin);
    expect(result).toMatchObject({ sent: 1, skipped: 0, message: 'Application reminders sent to 1 user.' });
    expect(result.recipients).toEqual([{ email: 'idle@example.com', applicationId: null, reason: 'no application yet' }]);
    const mails = (await ports.outbox.list()).filter((m) => m.template === 'application_reminder');
    expect(mails).toEqual([expect.objectContaining({ to: 'idle@example.com', data: { fullName: 'Idle User' } })]);
    expect((await ports.users.findByEmail('idle@example.com'))?.applicationReminderSent).toEqual(ports.clock.now());

    expect((await uc.sendApplicationReminders(admin)).sent).toBe(0);
    ports.clock.advance({ hours: 72, ms: 1 });
    expect((await uc.sendApplicationReminders(null)).sent).toBe(1);
  });

  it('counts a user claimed by an overlapping run as skipped', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    await registerApplicant(uc, 'a@example.com');
    await registerApplicant(uc, 'b@example.com');
    const [x, y] = await Promise.all([uc.sendApplicationReminders(admin), uc.sendApplicationReminders(admin)]);
    expect(x.sent + y.sent).toBe(2);
    expect(x.skipped + y.skipped).toBe(2);
    expect((await ports.outbox.list()).filter((m) => m.template === 'application_reminder')).toHaveLength(2);
  });

  it('dry run lists without claiming', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    await registerApplicant(uc, 'a@example.com');
    expect(await uc.sendApplicationReminders(admin, { dryRun: true })).toMatchObject({ sent: 0, message: '1 user would be sent an application reminder.' });
    expect(await ports.outbox.list()).toEqual([]);
  });
});
