import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { Application } from '../../core/domain/application.js';
import { isDomainError } from '../../core/domain/errors.js';
import { jobsForRefund, refundJob } from '../../core/domain/jobs.js';
import { creditNote, receiptKeyOfRefund } from '../../core/domain/receipt.js';
import type { GatewayRefund, Refund, RefundRequest } from '../../core/domain/refund.js';
import type { RefundSettlement } from '../../core/ports/refund-repository.js';
import { aPayment, at, aUser, seedApplication, type MakePersistence } from './persistence-fixtures.js';

/**
 * The RefundRepository contract (docs/product.md §4.7) on memory, SQLite and PostgreSQL: a refund is
 * never more than is left of its payment — also when two are asked for at once —, every status moves
 * once (compare-and-set), a success adds to the application's refunded amount and version with its
 * credit note and mail, and what was stored is read back.
 */
export function describeRefundRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: RefundRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    /** An application whose final fee of `amount` was paid as `pi_…`. */
    async function paidApplication(amount = 3900): Promise<{ application: Application; providerPaymentId: string }> {
      const seeded = await seedApplication(p);
      const providerPaymentId = `pi_refund_${seeded.id}_${Math.random().toString(36).slice(2, 8)}`;
      const committed = await p.applications.commit({ application: seeded, expectedVersion: 1, payment: aPayment({ type: 'final', providerPaymentId, amount, userId: seeded.userId }) });
      if (committed.outcome !== 'committed') throw new Error(committed.outcome);
      return { application: committed.application, providerPaymentId };
    }

    const ask = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
      paymentType: 'final',
      amount: 1000,
      reason: 'Goodwill gesture',
      source: 'staff',
      status: 'pending',
      requestedBy: null,
      requestedByName: 'Sam Staff',
      createdAt: at(10),
      ...overrides,
    });

    const refundJobs = async () => (await p.jobs.stats()).find((q) => q.name === 'send-refund')?.queued ?? 0;

    function succeeded(refund: Refund, application: Application, gatewayRefundId: string | null = `re_${refund.id}`): RefundSettlement {
      return {
        status: 'succeeded',
        gatewayRefundId,
        creditNote: creditNote({
          refundId: refund.id,
          paymentType: refund.paymentType,
          amount: refund.amount,
          currency: 'gbp',
          payer: { userId: application.userId, fullName: 'Amira Hassan', email: 'amira@example.com' },
          traveller: { applicationNumber: application.applicationNumber, givenName: application.givenName, surname: application.surname },
          card: null,
          applicationId: application.id,
          refersTo: null,
          issuedAt: at(20),
        }),
        mails: [
          {
            to: 'amira@example.com',
            template: 'refund_issued',
            data: { applicationNumber: application.applicationNumber, applicationId: application.id, paymentType: refund.paymentType, amount: refund.amount },
            attachments: [{ receiptKey: receiptKeyOfRefund(refund.id) }],
          },
        ],
      };
    }

    async function validationOf(promise: Promise<unknown>): Promise<string> {
      try {
        await promise;
      } catch (error) {
        if (isDomainError(error, 'Validation')) return error.message;
        throw error;
      }
      throw new Error('expected a Validation error');
    }

    it('stores a refund of the payment with the jobs it is given, its own id filled in; one waiting for approval is given none', async () => {
      const { application } = await paidApplication();
      const jobsBefore = await refundJobs();
      const { refund, replayed } = await p.refunds.request(application.id, ask(), { jobs: jobsForRefund('pending') });
      expect(replayed).toBe(false);
      expect(refund).toEqual({
        id: expect.any(Number),
        paymentId: expect.any(Number),
        applicationId: application.id,
        paymentType: 'final',
        amount: 1000,
        currency: 'gbp',
        reason: 'Goodwill gesture',
        status: 'pending',
        source: 'staff',
        requestedBy: null,
        requestedByName: 'Sam Staff',
        approvedBy: null,
        approvedByName: null,
        gatewayRefundId: null,
        failureReason: null,
        createdAt: at(10),
        updatedAt: at(10),
      });
      expect(await refundJobs()).toBe(jobsBefore + 1);
      const waiting = await p.refunds.request(application.id, ask({ amount: 2000, status: 'pending_approval', reason: 'Second' }), { jobs: jobsForRefund('pending_approval') });
      expect(waiting.refund.status).toBe('pending_approval');
      expect(await refundJobs()).toBe(jobsBefore + 1);
      expect(await p.refunds.findById(refund.id)).toEqual(refund);
      expect((await p.refunds.listByApplication(application.id)).map((r) => r.id)).toEqual([refund.id, waiting.refund.id]);
      expect(await p.refunds.findById(refund.id + 1000)).toBeNull();
      expect(await p.refunds.listByApplication(application.id + 1000)).toEqual([]);
    });

    it('more than is left of the payment, or a fee never paid: Validation, and nothing is written', async () => {
      const { application } = await paidApplication(3900);
      await p.refunds.request(application.id, ask({ amount: 3000 }));
      expect(await validationOf(p.refunds.request(application.id, ask({ amount: 1000, reason: 'more' })))).toBe('The refund is more than is left of the final fee (£9.00).');
      expect(await validationOf(p.refunds.request(application.id, ask({ paymentType: 'initial' })))).toBe('No initial fee has been paid on this application: there is nothing to refund.');
      expect(await p.refunds.listByApplication(application.id)).toHaveLength(1);
      // Exactly what is left still fits; then nothing does.
      await p.refunds.request(application.id, ask({ amount: 900, reason: 'rest' }));
      expect(await validationOf(p.refunds.request(application.id, ask({ amount: 1, reason: 'a penny' })))).toBe('Nothing is left to refund of the final fee.');
    });

    it('the same request again answers the refund it made: recorded once', async () => {
      const { application } = await paidApplication();
      const first = await p.refunds.request(application.id, ask());
      const again = await p.refunds.request(application.id, ask({ createdAt: at(11) }));
      expect(again).toEqual({ refund: first.refund, replayed: true });
      const both = await Promise.all([p.refunds.request(application.id, ask({ reason: 'twice' })), p.refunds.request(application.id, ask({ reason: 'twice' }))]);
      expect(both[0].refund.id).toBe(both[1].refund.id);
      expect(both.map((b) => b.replayed).sort()).toEqual([false, true]);
      expect(await p.refunds.listByApplication(application.id)).toHaveLength(2);
    });

    it('two refunds asked for at once that together exceed the payment: exactly one is stored', async () => {
      const { application } = await paidApplication(1000);
      const results = await Promise.allSettled([p.refunds.request(application.id, ask({ amount: 600, reason: 'first' })), p.refunds.request(application.id, ask({ amount: 600, reason: 'second' }))]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(isDomainError(rejected.reason, 'Validation')).toBe(true);
      expect((await p.refunds.listByApplication(application.id)).map((r) => r.amount)).toEqual([600]);
    });

    it('approve moves a refund waiting for approval to pending once, with the jobs it is given', async () => {
      const { application } = await paidApplication();
      const { refund } = await p.refunds.request(application.id, ask({ amount: 3900, status: 'pending_approval' }));
      const jobsBefore = await refundJobs();
      const approver = await p.users.create(aUser({ fullName: 'Bo Boss', isAdmin: true }));
      const approve = () => p.refunds.approve(refund.id, { userId: approver.id, name: 'Bo Boss' }, at(15), { jobs: [refundJob(refund.id)] });
      const [a, b] = await Promise.all([approve(), approve()]);
      const approved = [a, b].filter((x) => x !== null);
      expect(approved).toHaveLength(1);
      expect(approved[0]).toMatchObject({ id: refund.id, status: 'pending', approvedBy: approver.id, approvedByName: 'Bo Boss', updatedAt: at(15) });
      expect(await refundJobs()).toBe(jobsBefore + 1);
      expect(await p.refunds.approve(refund.id, { userId: approver.id, name: 'Bo Boss' }, at(16))).toBeNull();
      expect(await p.refunds.approve(refund.id + 1000, { userId: approver.id, name: 'Bo Boss' }, at(16))).toBeNull();
    });

    it("a refund that waits is queued with the approvers' mails in its transaction (never with a replay), and listed until approved", async () => {
      const { application } = await paidApplication();
      const notice = (to: string) => ({
        to,
        template: 'refund_approval_needed' as const,
        data: { applicationNumber: application.applicationNumber, paymentType: 'final' as const, amount: 3900, requestedByName: 'Sam Staff', reason: 'Visa refused' },
      });
      const waiting = ask({ amount: 3900, reason: 'Visa refused', status: 'pending_approval' });
      const { refund } = await p.refunds.request(application.id, waiting, { mails: [notice('bo@agency.example'), notice('fay@agency.example')] });
      const mails = async () =>
        (await p.outbox.list())
          .filter((m) => m.template === 'refund_approval_needed')
          .map((m) => m.to)
          .sort();
      expect(await mails()).toEqual(['bo@agency.example', 'fay@agency.example']);
      expect((await p.jobs.stats()).find((q) => q.name === 'deliver-mail')?.queued).toBe(2);
      expect(await p.refunds.request(application.id, { ...waiting, createdAt: at(11) }, { mails: [notice('bo@agency.example')] })).toMatchObject({ replayed: true });
      expect(await mails()).toEqual(['bo@agency.example', 'fay@agency.example']);

      expect(await p.refunds.listAwaitingApproval()).toEqual([{ refund, applicationNumber: application.applicationNumber, givenName: application.givenName, surname: application.surname }]);
      const approver = await p.users.create(aUser({ fullName: 'Bo Boss', isAdmin: true }));
      await p.refunds.approve(refund.id, { userId: approver.id, name: 'Bo Boss' }, at(15));
      expect(await p.refunds.listAwaitingApproval()).toEqual([]);
    });

    it('a success adds to the refunded amount and version once, with its credit note and mail; a replay changes nothing', async () => {
      const { application } = await paidApplication();
      const { refund } = await p.refunds.request(application.id, ask({ amount: 1500 }));
      const settlement = succeeded(refund, application, 're_contract_1');
      const [one, two] = await Promise.all([p.refunds.settle(refund.id, settlement, at(20)), p.refunds.settle(refund.id, settlement, at(20))]);
      expect([one!.changed, two!.changed].sort()).toEqual([false, true]);
      expect(one!.refund).toMatchObject({ status: 'succeeded', gatewayRefundId: 're_contract_1', updatedAt: at(20) });
      const after = await p.applications.findById(application.id);
      expect(after).toMatchObject({ refundedAmount: 1500, version: application.version + 1 });
      const note = await p.receipts.findByKey(receiptKeyOfRefund(refund.id));
      expect(note).toMatchObject({ kind: 'refund', amount: 1500, paymentType: 'final', applicationId: application.id, number: expect.stringMatching(/^R-2026-\d{6}$/) });
      const mails = (await p.outbox.list()).filter((m) => m.template === 'refund_issued');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.attachments).toEqual([{ receiptKey: receiptKeyOfRefund(refund.id) }]);
      // Late answers: another success, a failure — nothing moves.
      expect(await p.refunds.settle(refund.id, settlement, at(30))).toMatchObject({ changed: false, refund: { status: 'succeeded', updatedAt: at(20) } });
      expect(await p.refunds.settle(refund.id, { status: 'failed', gatewayRefundId: null, failureReason: 'late' }, at(30))).toMatchObject({ changed: false, refund: { status: 'succeeded' } });
      expect(await p.applications.findById(application.id)).toMatchObject({ refundedAmount: 1500, version: application.version + 1 });
      expect(await p.refunds.findByGatewayId('re_contract_1')).toMatchObject({ id: refund.id });
      // A commit computed before the refund is stale: it cannot write the old amount back.
      expect(await p.applications.commit({ application, expectedVersion: application.version })).toEqual({ outcome: 'stale' });
      expect(await p.refunds.settle(refund.id + 1000, settlement, at(30))).toBeNull();
    });

    it('a failure records the reason and gives the amount back to what is left; pending records the gateway id once', async () => {
      const { application } = await paidApplication(1000);
      const { refund } = await p.refunds.request(application.id, ask({ amount: 1000 }));
      expect(await p.refunds.settle(refund.id, { status: 'pending', gatewayRefundId: 're_pending_1' }, at(12))).toMatchObject({
        changed: true,
        refund: { status: 'pending', gatewayRefundId: 're_pending_1' },
      });
      expect(await p.refunds.settle(refund.id, { status: 'pending', gatewayRefundId: 're_pending_1' }, at(13))).toMatchObject({ changed: false });
      const failed = await p.refunds.settle(refund.id, { status: 'failed', gatewayRefundId: null, failureReason: 'The card issuer declined the refund.' }, at(14));
      expect(failed).toMatchObject({ changed: true, refund: { status: 'failed', gatewayRefundId: 're_pending_1', failureReason: 'The card issuer declined the refund.' } });
      expect(await p.applications.findById(application.id)).toMatchObject({ refundedAmount: 0, version: application.version });
      expect((await p.refunds.request(application.id, ask({ amount: 1000, reason: 'again' }))).replayed).toBe(false);
    });

    it('a refund made at the provider is recorded once by its gateway id, pending with the jobs it is given', async () => {
      const { application, providerPaymentId } = await paidApplication();
      const [payment] = await p.payments.listByApplication(application.id);
      const gateway: GatewayRefund = { id: 're_outside_1', paymentId: providerPaymentId, amount: 500, currency: 'gbp', status: 'succeeded', refundId: null, createdAt: at(40) };
      const jobsBefore = await refundJobs();
      const results = await Promise.all(
        [1, 2, 3].map(() => p.refunds.recordProviderRefund({ paymentId: payment!.id, gateway, reason: 'Refunded at the provider', createdAt: at(40) }, { jobs: jobsForRefund('pending') })),
      );
      expect(results.filter((r) => r.recorded)).toHaveLength(1);
      expect(new Set(results.map((r) => r.refund.id)).size).toBe(1);
      expect(results[0]!.refund).toMatchObject({
        applicationId: application.id,
        paymentType: 'final',
        amount: 500,
        status: 'pending',
        source: 'provider',
        gatewayRefundId: 're_outside_1',
        requestedBy: null,
        requestedByName: 'Payment provider',
      });
      expect(await refundJobs()).toBe(jobsBefore + 1);
      expect(await p.refunds.listByApplication(application.id)).toHaveLength(1);
      expect((await p.refunds.listSince(at(40))).map((r) => r.gatewayRefundId)).toEqual(['re_outside_1']);
      expect(await p.refunds.listSince(at(41))).toEqual([]);
    });

    it('an application change can ask for a refund in its transaction; more than is left rolls the whole change back', async () => {
      const { application } = await paidApplication(1000);
      const jobsBefore = await refundJobs();
      const cancelled = { ...application, cancelledAt: at(50), updatedAt: at(50) };
      const committed = await p.applications.commit({
        application: cancelled,
        expectedVersion: application.version,
        refund: ask({ amount: 1000, source: 'cancellation', reason: 'Cancelled by the applicant', requestedByName: 'Amira Hassan', createdAt: at(50) }),
        jobs: jobsForRefund('pending'),
      });
      expect(committed.outcome).toBe('committed');
      expect(await p.refunds.listByApplication(application.id)).toMatchObject([{ amount: 1000, source: 'cancellation', status: 'pending' }]);
      expect(await refundJobs()).toBe(jobsBefore + 1);
      const current = (await p.applications.findById(application.id))!;
      const tooMuch = p.applications.commit({
        application: { ...current, cancellationReason: 'again' },
        expectedVersion: current.version,
        refund: ask({ amount: 1, source: 'cancellation', reason: 'x' }),
      });
      expect(await validationOf(tooMuch)).toBe('Nothing is left to refund of the final fee.');
      expect(await p.applications.findById(application.id)).toEqual(current);
      expect(await p.refunds.listByApplication(application.id)).toHaveLength(1);
    });
  });
}
