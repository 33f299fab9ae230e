import { describe, expect, it } from 'vitest';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { makeAdmin, payFee, pdfFile, registerApplicant, validForm } from '../helpers.js';

/**
 * The guarantee end to end: the clock starts when the initial payment is confirmed, runs over the
 * clocks-change weekend (29 March 2026) and Easter 2026 (Good Friday 3 April, Easter Monday 6 April),
 * and ends at midnight London time (BST) after Tuesday 7 April.
 */
describe('the 5-working-day guarantee through the use cases', () => {
  async function paidOnFriday27March() {
    const { ports, uc } = makeMemoryAgency();
    ports.clock.set('2026-03-26T09:00:00.000Z');
    const admin = await makeAdmin(uc);
    const applicant = await registerApplicant(uc);
    const app = await uc.createApplication(applicant, validForm({ expectedArrivalDate: '2026-05-01', expectedDepartureDate: '2026-05-08' }));
    await uc.attachPassport(applicant, app.id, pdfFile());
    ports.clock.set('2026-03-27T16:45:00.000Z'); // Friday afternoon, GMT
    await payFee(ports, uc, applicant, app.id, 'initial');
    await uc.changeApplicationStatus(admin, app.id, { status: 'under_process' });
    await uc.changeApplicationStatus(admin, app.id, { status: 'verified' });
    return { ports, uc, admin, applicant, applicationId: app.id };
  }

  it('sets the deadline to the end of Tuesday 7 April, London time', async () => {
    const { uc, applicant, applicationId } = await paidOnFriday27March();
    const app = await uc.getApplication(applicant, applicationId);
    expect(app.guaranteeDeadline?.toISOString()).toBe('2026-04-07T22:59:59.999Z');
  });

  it('charges the final fee when approved at 23:59 BST on the 7th', async () => {
    const { ports, uc, admin, applicant, applicationId } = await paidOnFriday27March();
    ports.clock.set('2026-04-07T22:59:00.000Z');
    const view = await uc.changeApplicationStatus(admin, applicationId, { status: 'approved' });
    expect(view).toMatchObject({ status: 'approved', guarantee: { breached: false } });
    expect(await uc.startPayment(applicant, applicationId, 'final')).toMatchObject({ amount: 3900 });
    // the guarantee stays kept after approval, however late the applicant pays
    ports.clock.set('2026-05-01T10:00:00.000Z');
    expect((await uc.getApplication(applicant, applicationId)).guarantee.breached).toBe(false);
  });

  it('waives the final fee when approved at 00:00 BST on the 8th', async () => {
    const { ports, uc, admin, applicant, applicationId } = await paidOnFriday27March();
    ports.clock.set('2026-04-07T23:00:00.000Z');
    const view = await uc.changeApplicationStatus(admin, applicationId, { status: 'approved' });
    expect(view).toMatchObject({ status: 'final_payment_received', guarantee: { breached: true } });
    expect((await ports.payments.listByApplication(applicationId)).map((p) => [p.type, p.amount, p.status])).toEqual([
      ['initial', 1000, 'succeeded'],
      ['final', 0, 'waived'],
    ]);
    expect(ports.gateway.all().filter((p) => p.paymentType === 'final')).toEqual([]);
    // Nothing was paid for the waived fee: the initial fee's is the only receipt.
    expect((await uc.listReceipts(applicant, applicationId)).map((r) => [r.number, r.paymentType, r.amount])).toEqual([['R-2026-000001', 'initial', 1000]]);
    const dashboard = await uc.listOwnApplications(applicant);
    expect(dashboard[0].finalPaymentId).toBe(`waived_${applicationId}`);
  });

  it('pauses while staff wait on the applicant: the overdue filter and the waiver follow the moved deadline', async () => {
    const { ports, uc } = makeMemoryAgency();
    ports.clock.set('2026-03-26T09:00:00.000Z');
    const admin = await makeAdmin(uc);
    const applicant = await registerApplicant(uc);
    const app = await uc.createApplication(applicant, validForm({ expectedArrivalDate: '2026-05-01', expectedDepartureDate: '2026-05-08' }));
    await uc.attachPassport(applicant, app.id, pdfFile());
    ports.clock.set('2026-03-27T16:45:00.000Z'); // Friday: the deadline is the end of Tuesday 7 April
    await payFee(ports, uc, applicant, app.id, 'initial');
    ports.clock.set('2026-04-01T09:00:00.000Z'); // Wednesday, working day 3
    const paused = await uc.changeApplicationStatus(admin, app.id, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    expect(paused.guarantee).toMatchObject({ paused: true, breached: false, workingDaysUsed: 2 });

    const overdueIds = async () => (await uc.searchAdminApplications(admin, { overdue: true, page: 1, pageSize: 50 })).items.map((i) => i.application?.id);
    ports.clock.set('2026-04-08T09:00:00.000Z'); // past the first deadline, still waiting on the applicant
    expect(await overdueIds()).toEqual([]);
    expect((await uc.getApplication(applicant, app.id)).guarantee).toMatchObject({ paused: true, breached: false, workingDaysUsed: 2 });

    ports.clock.set('2026-04-09T09:00:00.000Z'); // Thursday: the answer came; 1, 2, 7 and 8 April did not count
    const resumed = await uc.changeApplicationStatus(admin, app.id, { status: 'under_process' });
    expect(resumed.guaranteeDeadline?.toISOString()).toBe('2026-04-13T22:59:59.999Z');
    expect(resumed.guarantee).toMatchObject({ paused: false, breached: false, workingDaysUsed: 3, deadline: resumed.guaranteeDeadline });
    await uc.changeApplicationStatus(admin, app.id, { status: 'verified' });

    ports.clock.set('2026-04-13T20:00:00.000Z'); // Monday evening: within the moved deadline
    expect(await overdueIds()).toEqual([]);
    const approved = await uc.changeApplicationStatus(admin, app.id, { status: 'approved' });
    expect(approved).toMatchObject({ status: 'approved', guarantee: { breached: false } });
    expect(await uc.startPayment(applicant, app.id, 'final')).toMatchObject({ amount: 3900 });
  });
});
