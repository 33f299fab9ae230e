import { describe, expect, it } from 'vitest';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { approve, domainError, makeAdmin, payFee, pdfFile, registerApplicant, validForm } from '../helpers.js';

async function freshApplication() {
  const { ports, uc } = makeMemoryAgency();
  const applicant = await registerApplicant(uc);
  const app = await uc.createApplication(applicant, validForm());
  await uc.attachPassport(applicant, app.id, pdfFile());
  return { ports, uc, applicant, applicationId: app.id };
}

describe('startPayment', () => {
  it('opens the initial fee at £10 in GBP, with the amount from the core', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const started = await uc.startPayment(applicant, applicationId, 'initial');
    expect(started).toMatchObject({ amount: 1000, currency: 'gbp' });
    expect(started.clientSecret).toContain(started.paymentIntentId);
    expect(ports.gateway.all()).toEqual([expect.objectContaining({ id: started.paymentIntentId, amount: 1000, currency: 'gbp', applicationId, paymentType: 'initial' })]);
  });

  it('reuses the open intent on a second click', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const a = await uc.startPayment(applicant, applicationId, 'initial');
    const b = await uc.startPayment(applicant, applicationId, 'initial');
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
    expect(ports.gateway.all()).toHaveLength(1);
  });

  it('refuses fees that are not due', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    await domainError(uc.startPayment(applicant, applicationId, 'final'), 'PaymentNotDue', 'The final fee is due only once the application is approved.');
    await payFee(ports, uc, applicant, applicationId, 'initial');
    await domainError(uc.startPayment(applicant, applicationId, 'initial'), 'PaymentNotDue', 'The initial fee has already been paid.');
  });

  it('is for the owner only', async () => {
    const { uc, applicationId } = await freshApplication();
    const bob = await registerApplicant(uc, 'bob@example.com');
    await domainError(uc.startPayment(bob, applicationId, 'initial'), 'NotFound');
  });

  it('opens the final fee at £39 once approved', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const admin = await makeAdmin(uc);
    await payFee(ports, uc, applicant, applicationId, 'initial');
    await approve(uc, admin, applicationId);
    expect(await uc.startPayment(applicant, applicationId, 'final')).toMatchObject({ amount: 3900, currency: 'gbp' });
  });

  it('records the waiver instead of charging when the final fee due is £0', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const admin = await makeAdmin(uc);
    await payFee(ports, uc, applicant, applicationId, 'initial');
    await approve(uc, admin, applicationId);
    // An approval recorded after the deadline without the waiver (e.g. data from before the rule).
    const app = (await ports.applications.findById(applicationId))!;
    await ports.applications.commit({ application: { ...app, approvedAt: new Date(app.guaranteeDeadline!.getTime() + 1) }, expectedVersion: app.version });

    const started = await uc.startPayment(applicant, applicationId, 'final');
    expect(started).toEqual({ clientSecret: '', paymentIntentId: '', amount: 0, currency: 'gbp' });
    expect(ports.gateway.all().filter((p) => p.paymentType === 'final')).toEqual([]);
    expect(await ports.applications.findById(applicationId)).toMatchObject({ status: 'final_payment_received', finalPaymentId: `waived_${applicationId}` });
    expect((await ports.payments.listByApplication(applicationId)).find((p) => p.type === 'final')).toMatchObject({ amount: 0, status: 'waived', providerPaymentId: null });
  });

  it('an application paid at the provider but not yet confirmed is recorded, not given a second payment', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const first = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(first.paymentIntentId);
    await domainError(uc.startPayment(applicant, applicationId, 'initial'), 'PaymentNotDue', 'The initial fee has already been paid.');
    expect(ports.gateway.all()).toHaveLength(1);
    expect(await ports.applications.findById(applicationId)).toMatchObject({ initialPaymentId: first.paymentIntentId, status: 'application_created' });
    expect(await ports.history.listByApplication(applicationId)).toContainEqual(expect.objectContaining({ toStatus: 'application_created', changedByName: 'system' }));
  });

  it('a rejected application’s open payment is canceled at the provider', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const admin = await makeAdmin(uc);
    await payFee(ports, uc, applicant, applicationId, 'initial');
    await approve(uc, admin, applicationId);
    const final = await uc.startPayment(applicant, applicationId, 'final');
    await uc.changeApplicationStatus(admin, applicationId, { status: 'rejected' });
    expect((await ports.gateway.retrieve(final.paymentIntentId))?.status).toBe('canceled');
    await domainError(uc.startPayment(applicant, applicationId, 'final'), 'PaymentNotDue');
  });
});

describe('confirmPayment', () => {
  it('records a succeeded initial payment with history and mail in one go', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId);
    ports.clock.advance({ minutes: 5 });
    const result = await uc.confirmPayment(applicant, applicationId, 'initial', paymentIntentId);

    expect(result.recorded).toBe(true);
    expect(result.application).toMatchObject({
      status: 'application_created',
      initialPaymentId: paymentIntentId,
      initialPaymentAt: ports.clock.now(),
      guarantee: { deadline: new Date('2026-11-30T23:59:59.999Z'), breached: false },
    });
    expect(await ports.payments.listByApplication(applicationId)).toEqual([
      expect.objectContaining({ type: 'initial', providerPaymentId: paymentIntentId, amount: 1000, currency: 'gbp', status: 'succeeded', userId: applicant.userId }),
    ]);
    expect(await ports.history.listByApplication(applicationId)).toEqual([
      expect.objectContaining({ fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system' }),
    ]);
    const mails = await ports.outbox.list({ to: 'alice@example.com' });
    expect(mails.at(-1)).toMatchObject({ template: 'application_received', data: { paid: true, applicationId } });
  });

  it('is idempotent: a second confirmation records nothing more', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const id = await payFee(ports, uc, applicant, applicationId, 'initial');
    const again = await uc.confirmPayment(applicant, applicationId, 'initial', id);
    expect(again.recorded).toBe(false);
    expect(again.application.initialPaymentId).toBe(id);
    expect(await ports.payments.listByApplication(applicationId)).toHaveLength(1);
    expect(await ports.history.listByApplication(applicationId)).toHaveLength(1);
  });

  it('records one payment when two confirmations race', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId);
    const results = await Promise.all([uc.confirmPayment(applicant, applicationId, 'initial', paymentIntentId), uc.confirmPayment(null, applicationId, 'initial', paymentIntentId)]);
    expect(results.map((r) => r.recorded).sort()).toEqual([false, true]);
    expect(await ports.payments.listByApplication(applicationId)).toHaveLength(1);
  });

  it('refuses a payment that has not succeeded, recording nothing', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    await domainError(uc.confirmPayment(applicant, applicationId, 'initial', paymentIntentId), 'PaymentNotSucceeded', 'Payment status: requires_payment_method. Please try again.');
    ports.gateway.decline(paymentIntentId, 'Your card was declined.');
    await domainError(
      uc.confirmPayment(applicant, applicationId, 'initial', paymentIntentId),
      'PaymentNotSucceeded',
      'Payment status: requires_payment_method. Please try again. Your card was declined.',
    );
    expect(await ports.payments.listByApplication(applicationId)).toEqual([]);
    expect((await ports.applications.findById(applicationId))?.initialPaymentId).toBeNull();
  });

  it.each([
    ['a different amount', { amount: 1 }, 'The amount paid (1 pence) does not match the fee due (1000 pence).'],
    ['another currency', { currency: 'usd' }, 'The payment was made in USD, not GBP.'],
    ['another application', { applicationId: 424242 }, 'This payment was made for another application or fee.'],
    ['another fee type', { paymentType: 'final' as const }, 'This payment was made for another application or fee.'],
  ])('refuses a payment for %s', async (_label, tampered, message) => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId);
    ports.gateway.tamper(paymentIntentId, tampered);
    await domainError(uc.confirmPayment(applicant, applicationId, 'initial', paymentIntentId), 'PaymentNotSucceeded', message);
    expect(await ports.payments.listByApplication(applicationId)).toEqual([]);
  });

  it('refuses an unknown payment id and a payment recorded for another application', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    await domainError(uc.confirmPayment(applicant, applicationId, 'initial', 'pi_unknown'), 'PaymentNotSucceeded', 'The payment provider does not know this payment.');
    const id = await payFee(ports, uc, applicant, applicationId, 'initial');
    const other = await uc.createApplication(applicant, validForm());
    await domainError(uc.confirmPayment(applicant, other.id, 'initial', id), 'PaymentNotSucceeded', 'This payment belongs to another application or fee.');
  });

  it('hides other people’s applications', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId);
    const bob = await registerApplicant(uc, 'bob@example.com');
    await domainError(uc.confirmPayment(bob, applicationId, 'initial', paymentIntentId), 'NotFound');
  });

  it('records the initial payment but leaves the status when staff already moved it on', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const admin = await makeAdmin(uc);
    await uc.changeApplicationStatus(admin, applicationId, { status: 'under_process' });
    await payFee(ports, uc, applicant, applicationId, 'initial');
    expect(await ports.applications.findById(applicationId)).toMatchObject({ status: 'under_process', initialPaymentId: expect.any(String) });
  });

  it('moves an approved application to final_payment_received on the final payment', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const admin = await makeAdmin(uc);
    await payFee(ports, uc, applicant, applicationId, 'initial');
    await approve(uc, admin, applicationId);
    const id = await payFee(ports, uc, applicant, applicationId, 'final');
    expect(await ports.applications.findById(applicationId)).toMatchObject({ status: 'final_payment_received', finalPaymentId: id });
    const mails = await ports.outbox.list({ to: 'alice@example.com' });
    expect(mails.at(-1)).toMatchObject({ template: 'status_changed', data: { oldStatus: 'approved', newStatus: 'final_payment_received' } });
  });
});

describe('reconcilePayments', () => {
  it('finds succeeded payments that were never confirmed and records them with fix', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const since = ports.clock.now();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId); // the browser closed before confirming

    const report = await uc.reconcilePayments({ since, fix: false });
    const application = (await ports.applications.findById(applicationId))!;
    expect(report).toEqual({
      checked: 1,
      missing: [
        {
          paymentIntentId,
          applicationId,
          applicationNumber: application.applicationNumber,
          paymentType: 'initial',
          amount: 1000,
          currency: 'gbp',
          createdAt: ports.clock.now(),
          recordable: true,
          fixed: false,
        },
      ],
      refunds: [],
    });
    expect(await ports.payments.listByApplication(applicationId)).toEqual([]);

    const fixed = await uc.reconcilePayments({ since, fix: true });
    expect(fixed.missing[0].fixed).toBe(true);
    expect((await ports.applications.findById(applicationId))?.initialPaymentId).toBe(paymentIntentId);
    expect((await uc.reconcilePayments({ since, fix: true })).missing).toEqual([]);
  });

  it('lists a refund made at the provider outside the product, and records it once with fix', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const since = ports.clock.now();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId);
    await uc.confirmPayment(applicant, applicationId, 'initial', paymentIntentId);
    const outside = ports.gateway.refundOutside(paymentIntentId, 400);
    const report = await uc.reconcilePayments({ since, fix: false });
    expect(report.refunds).toEqual([
      expect.objectContaining({ gatewayRefundId: outside.id, paymentIntentId, applicationId, paymentType: 'initial', amount: 400, status: 'succeeded', known: false, fixed: false }),
    ]);
    expect(await ports.refunds.listByApplication(applicationId)).toEqual([]);
    const fixed = await uc.reconcilePayments({ since, fix: true });
    expect(fixed.refunds.map((r) => r.fixed)).toEqual([true]);
    expect(await ports.refunds.listByApplication(applicationId)).toMatchObject([{ source: 'provider', status: 'succeeded', amount: 400, gatewayRefundId: outside.id }]);
    expect((await ports.applications.findById(applicationId))?.refundedAmount).toBe(400);
    expect((await uc.reconcilePayments({ since, fix: true })).refunds).toEqual([]);
    expect((await ports.applications.findById(applicationId))?.refundedAmount).toBe(400);
  });

  it('reports a payment it cannot record', async () => {
    const { ports, uc, applicant, applicationId } = await freshApplication();
    const since = ports.clock.now();
    const { paymentIntentId } = await uc.startPayment(applicant, applicationId, 'initial');
    ports.gateway.succeed(paymentIntentId);
    ports.gateway.tamper(paymentIntentId, { amount: 999 });
    const report = await uc.reconcilePayments({ since, fix: true });
    expect(report.missing[0]).toMatchObject({ fixed: false, recordable: false, problem: 'The amount paid (999 pence) does not match the fee due (1000 pence).' });
  });
});
