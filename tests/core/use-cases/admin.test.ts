import { describe, expect, it } from 'vitest';
import { collect } from '../../support/collect.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { approve, domainError, makeAdmin, paidApplication, payFee, pdfFile, registerApplicant, validForm } from '../helpers.js';

async function setup() {
  const { ports, uc } = makeMemoryAgency();
  const admin = await makeAdmin(uc);
  const { applicant, applicationId } = await paidApplication(ports, uc);
  return { ports, uc, admin, applicant, applicationId };
}

describe('admin listings', () => {
  it('lists every application with its user, then users without an application (admins left out)', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const alice = await registerApplicant(uc);
    ports.clock.advance({ minutes: 1 });
    const bob = await registerApplicant(uc, 'bob@example.com', 'Bob Brown');
    const app = await uc.createApplication(alice, validForm());

    const list = await collect(await uc.listAdminApplications(admin));
    expect(list.map((e) => [e.status, e.user.email, e.id])).toEqual([
      ['online_entry', 'alice@example.com', app.id],
      ['user_registered', 'bob@example.com', null],
    ]);
    // The application's own fields at the top level, its user attached (docs/product.md §10.2).
    // Its passport number masked, as every staff read carries it (decision 0030).
    expect(list[0]).toMatchObject({ ...app, passportNumber: '•••••4567', user: { id: alice.userId, email: 'alice@example.com', username: 'alice@example.com' } });
    expect(app.passportNumber).toBe('P1234567');
    expect(list[1]).toEqual({
      id: null,
      userId: bob.userId,
      status: 'user_registered',
      assignee: null,
      portal: null,
      user: { id: bob.userId, email: 'bob@example.com', username: 'bob@example.com', fullName: 'Bob Brown', phoneNumber: '07700900123', createdAt: ports.clock.now() },
    });
    expect(list[0].user).not.toHaveProperty('passwordHash');
  });

  it('is for admins only', async () => {
    const { uc } = makeMemoryAgency();
    const alice = await registerApplicant(uc);
    // Refused before anything is read or streamed.
    await domainError(uc.listAdminApplications(alice), 'Forbidden');
    await domainError(uc.searchAdminApplications(alice, { page: 1, pageSize: 10 }), 'Forbidden');
    await domainError(uc.countAdminTabs(alice), 'Forbidden');
    await domainError(uc.changeApplicationStatus(alice, 1, { status: 'approved' }), 'Forbidden');
    await domainError(uc.statusHistory(alice, 1), 'Forbidden');
    await domainError(uc.attachVisa(alice, 1, pdfFile()), 'Forbidden');
    await domainError(uc.sendEvisa(alice, 1), 'Forbidden');
    await domainError(uc.sendPaymentReminders(alice), 'Forbidden');
    await domainError(uc.sendApplicationReminders(alice), 'Forbidden');
  });

  it('pages the online-entries tab from applications into the pseudo-entries and counts both', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const appIds: number[] = [];
    for (const name of ['a1', 'a2', 'a3']) {
      const actor = await registerApplicant(uc, `${name}@example.com`);
      // Same arrival date and no guarantee deadline yet: a tab lists them by id.
      appIds.push((await uc.createApplication(actor, validForm())).id);
      ports.clock.advance({ minutes: 1 });
    }
    for (const name of ['u1', 'u2']) {
      await registerApplicant(uc, `${name}@example.com`);
      ports.clock.advance({ minutes: 1 });
    }
    const page1 = await uc.searchAdminApplications(admin, { tab: 'online-entries', page: 1, pageSize: 2 });
    const page2 = await uc.searchAdminApplications(admin, { tab: 'online-entries', page: 2, pageSize: 2 });
    const page3 = await uc.searchAdminApplications(admin, { tab: 'online-entries', page: 3, pageSize: 2 });
    expect(page1.total).toBe(5);
    expect(page1.items.map((e) => e.application?.id)).toEqual(appIds.slice(0, 2));
    expect(page2.items.map((e) => e.application?.id ?? e.user.email)).toEqual([appIds[2], 'u2@example.com']);
    expect(page3.items.map((e) => e.user.email)).toEqual(['u1@example.com']);

    const searched = await uc.searchAdminApplications(admin, { tab: 'online-entries', q: 'U1', page: 1, pageSize: 10 });
    expect(searched.items.map((e) => e.status)).toEqual(['user_registered']);
    const other = await uc.searchAdminApplications(admin, { tab: 'approved', page: 1, pageSize: 10 });
    expect(other).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });

    const counts = await uc.countAdminTabs(admin);
    const none = { 'online-entries': 0, 'initial-payment': 0, 'submitted-portal': 0, approved: 0, completed: 0, rejected: 0 };
    // Mine and Unassigned count applications only (pseudo-entries are nobody's work yet).
    expect(counts).toEqual({ ...none, 'online-entries': 5, mine: none, unassigned: { ...none, 'online-entries': 3 } });
    expect((await uc.countAdminTabs(admin, { overdue: true }))['online-entries']).toBe(0);
  });

  it('lists overdue applications: guarantee deadline passed, visa not decided', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    expect((await uc.searchAdminApplications(admin, { overdue: true, page: 1, pageSize: 10 })).total).toBe(0);
    ports.clock.set('2026-12-01T09:00:00.000Z');
    const overdue = await uc.searchAdminApplications(admin, { overdue: true, page: 1, pageSize: 10 });
    expect(overdue.items.map((e) => [e.application?.id, e.application?.guarantee.breached])).toEqual([[applicationId, true]]);
    expect(await uc.countAdminTabs(admin, { overdue: true })).toMatchObject({ 'initial-payment': 1, 'online-entries': 0 });
  });
});

describe('changeApplicationStatus', () => {
  it('writes the status, a history row (who, when, from, to) and a status mail, and records the event', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    ports.clock.advance({ hours: 1 });
    const view = await uc.changeApplicationStatus(admin, applicationId, { status: 'under_process' });
    expect(view.status).toBe('under_process');
    const history = await uc.statusHistory(admin, applicationId);
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'application_created',
      toStatus: 'under_process',
      changedBy: admin.userId,
      changedByName: 'admin@evisa.test',
      changedAt: ports.clock.now(),
      message: null,
    });
    expect((await ports.outbox.list({ to: 'alice@example.com' })).at(-1)).toMatchObject({
      template: 'status_changed',
      data: { oldStatus: 'application_created', newStatus: 'under_process', applicationId },
    });
    expect(await ports.analytics.list({ name: 'status_changed' })).toEqual([
      expect.objectContaining({ userId: admin.userId, properties: { applicationId, oldStatus: 'application_created', newStatus: 'under_process' } }),
    ]);
  });

  it('refuses a status outside the tab’s choices and writes nothing', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    const mailsBefore = (await ports.outbox.list()).length;
    const error = await domainError(uc.changeApplicationStatus(admin, applicationId, { status: 'approved' }), 'InvalidTransition');
    expect(error.data).toMatchObject({ from: 'application_created', to: 'approved' });
    expect((await ports.applications.findById(applicationId))?.status).toBe('application_created');
    expect(await ports.history.listByApplication(applicationId)).toHaveLength(1); // the payment's
    expect(await ports.outbox.list()).toHaveLength(mailsBefore);
    expect(await ports.analytics.list()).toEqual([]);
  });

  it('asks for information by mail with the message', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    expect((await ports.outbox.list({ to: 'alice@example.com' })).at(-1)).toMatchObject({
      template: 'info_requested',
      data: { message: 'Please send your hotel booking.', requiresPassportReupload: false },
    });
    expect((await ports.history.listByApplication(applicationId)).at(-1)?.message).toBe('Please send your hotel booking.');
  });

  it('asks for a passport re-upload by mail when only the flag is set', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    const view = await uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required', requiresPassportReupload: true });
    expect(view.requiresPassportReupload).toBe(true);
    expect((await ports.outbox.list({ to: 'alice@example.com' })).at(-1)).toMatchObject({ template: 'passport_reupload_requested', data: { applicationId } });
  });

  it('needs a message or the re-upload flag for additional_info_required', async () => {
    const { uc, admin, applicationId } = await setup();
    await domainError(uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required' }), 'Validation', 'Please enter a message or require a passport re-upload.');
  });

  it('writes nothing for a change that changes nothing', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    const before = await ports.applications.findById(applicationId);
    await uc.changeApplicationStatus(admin, applicationId, { status: 'application_created' });
    expect(await ports.applications.findById(applicationId)).toEqual(before);
    expect(await ports.analytics.list()).toEqual([]);
  });

  it('mails the approval with the final fee due', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await approve(uc, admin, applicationId);
    const app = await uc.getApplication(admin, applicationId);
    expect(app).toMatchObject({ status: 'approved', approvedAt: ports.clock.now(), guarantee: { breached: false } });
    expect((await ports.outbox.list({ to: 'alice@example.com' })).at(-1)).toMatchObject({
      template: 'approved',
      data: { finalFeeAmount: 3900, finalFeeWaived: false },
    });
  });

  it('waives the final fee when approval comes after the guarantee deadline', async () => {
    const { ports, uc, admin, applicant, applicationId } = await setup();
    await uc.changeApplicationStatus(admin, applicationId, { status: 'verified' });
    ports.clock.set('2026-12-01T00:00:00.000Z'); // deadline was 2026-11-30 23:59:59.999
    const view = await uc.changeApplicationStatus(admin, applicationId, { status: 'approved' });
    expect(view).toMatchObject({ status: 'final_payment_received', finalPaymentId: `waived_${applicationId}`, guarantee: { breached: true } });
    expect((await ports.payments.listByApplication(applicationId)).find((p) => p.type === 'final')).toMatchObject({
      amount: 0,
      status: 'waived',
      providerPaymentId: null,
      userId: applicant.userId,
    });
    expect((await ports.history.listByApplication(applicationId)).at(-1)).toMatchObject({ fromStatus: 'verified', toStatus: 'final_payment_received', changedBy: admin.userId });
    expect((await ports.outbox.list({ to: 'alice@example.com' })).at(-1)).toMatchObject({ template: 'approved', data: { finalFeeAmount: 0, finalFeeWaived: true } });
    await domainError(uc.startPayment(applicant, applicationId, 'final'), 'PaymentNotDue');
  });

  it('keeps a consistent history when two admins change the status at once', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    const other = await makeAdmin(uc, 'second-admin@evisa.test');
    await Promise.all([uc.changeApplicationStatus(admin, applicationId, { status: 'under_process' }), uc.changeApplicationStatus(other, applicationId, { status: 'verified' })]);
    const history = (await ports.history.listByApplication(applicationId)).slice(1);
    expect(history).toHaveLength(2);
    expect(history[1].fromStatus).toBe(history[0].toStatus);
    expect((await ports.applications.findById(applicationId))?.status).toBe(history[1].toStatus);
  });

  it('answers not found for an unknown application', async () => {
    const { uc, admin } = await setup();
    await domainError(uc.changeApplicationStatus(admin, 999, { status: 'verified' }), 'NotFound');
  });
});

describe('visa document and e-visa mail', () => {
  it('refuses a visa before approval, storing nothing', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    const keysBefore = ports.files.keys();
    await domainError(uc.attachVisa(admin, applicationId, pdfFile('visa.pdf')), 'Conflict', 'A visa document can be attached only once the application is approved.');
    expect(ports.files.keys()).toEqual(keysBefore);
  });

  it('attaches and replaces the visa document', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await approve(uc, admin, applicationId);
    const first = await uc.attachVisa(admin, applicationId, pdfFile('visa-v1.pdf'));
    const second = await uc.attachVisa(admin, applicationId, pdfFile('visa-v2.pdf'));
    expect(second).toMatchObject({ type: 'visa', fileName: 'visa-v2.pdf', status: 'verified' });
    const docs = await ports.documents.listByApplication(applicationId);
    expect(docs.filter((d) => d.type === 'visa').map((d) => d.fileName)).toEqual(['visa-v2.pdf']);
    expect(await ports.files.exists(first.storageKey)).toBe(false);
    expect((await ports.applications.findById(applicationId))?.visaDocument).toBe('visa-v2.pdf');
  });

  it('sends the e-visa only with the final payment and a visa attached', async () => {
    const { ports, uc, admin, applicant, applicationId } = await setup();
    await approve(uc, admin, applicationId);
    await domainError(uc.sendEvisa(admin, applicationId), 'Conflict', 'The e-visa can be sent only once the final payment has been received.');
    await payFee(ports, uc, applicant, applicationId, 'final');
    await domainError(uc.sendEvisa(admin, applicationId), 'Conflict', 'Please upload the visa document before sending the e-visa.');
    const visa = await uc.attachVisa(admin, applicationId, pdfFile('evisa.pdf'));
    expect(await uc.sendEvisa(admin, applicationId)).toEqual({ message: "E-visa document sent successfully to user's email" });
    expect((await ports.outbox.list({ to: 'alice@example.com' })).at(-1)).toMatchObject({
      template: 'evisa',
      // The visa, and the border pack drawn when the mail is sent (docs/product.md §16.6).
      attachments: [{ storageKey: visa.storageKey, fileName: 'evisa.pdf', contentType: 'application/pdf' }, { borderPackApplicationId: applicationId }],
      data: { givenName: 'Alice', surname: 'Smith' },
    });
  });

  it('refuses to send when the visa file has gone missing', async () => {
    const { ports, uc, admin, applicant, applicationId } = await setup();
    await approve(uc, admin, applicationId);
    await payFee(ports, uc, applicant, applicationId, 'final');
    const visa = await uc.attachVisa(admin, applicationId, pdfFile('evisa.pdf'));
    await ports.files.delete(visa.storageKey);
    await domainError(uc.sendEvisa(admin, applicationId), 'Conflict', 'The visa document file is missing. Please upload it again.');
  });
});
