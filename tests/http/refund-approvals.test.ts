import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { DEFAULT_REFUND_APPROVAL_PENCE } from '../../core/domain/refund.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, signInAdmin, signInStaff, type TestAgency } from '../support/http.js';

interface QueuedRefund {
  id: number;
  status: string;
  amountPence: number;
  paymentType: string;
  reason: string;
  requestedByName: string;
  applicationId: number;
  applicationNumber: string;
  travellerName: string;
  canApprove: boolean;
}

/**
 * Refunds awaiting approval (docs/product.md §4.7) with the default limit, on every database: a
 * refund above it waits in a queue with a count, those who may approve it are mailed (through the
 * outbox, in the transaction that stores it) and the one who asked is not.
 */
describe.each(appDatabases())('refunds awaiting approval on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));
  const gateway = () => t.ports.gateway as MemoryPaymentGateway;

  /** An applicant whose initial and final fees are paid (£10 + £39). */
  async function paidInFull() {
    const owner = await applicantWithApplication(t, { givenName: 'MARIA OLIVIA', surname: 'GARCIA' });
    const id = owner.application.id;
    const pay = async (type: 'initial' | 'final') => {
      const intent = (await (await owner.browser.post(`/api/payments/${type}/${id}`, { startNow: true })).json()) as { paymentIntentId: string };
      gateway().succeed(intent.paymentIntentId);
      expect((await owner.browser.post(`/api/payments/${type}/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    };
    await pay('initial');
    const reviewer = await signInAdmin(t);
    for (const status of ['under_process', 'verified', 'approved']) {
      expect((await reviewer.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    await pay('final');
    return { ...owner, id };
  }

  const approvalMails = async () => (await t.ports.outbox.list()).filter((m) => m.template === 'refund_approval_needed');

  it('the default limit (£25): the £10 initial fee is refunded at once, the £39 final fee waits for a second member of staff', async () => {
    expect(DEFAULT_REFUND_APPROVAL_PENCE).toBe(2500);
    const owner = await paidInFull();
    const finance = await signInStaff(t, 'finance');
    const initial = await finance.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'initial', amountPence: 1000, reason: 'Cancelled in time' });
    expect(initial.status).toBe(201);
    expect(await initial.json()).toMatchObject({ status: 'succeeded', amountPence: 1000 });
    const final = await finance.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'final', amountPence: 3900, reason: 'Visa refused after payment' });
    expect(final.status).toBe(201);
    expect(await final.json()).toMatchObject({ status: 'pending_approval', amountPence: 3900 });
    expect((await t.ports.applications.findById(owner.id))!.refundedAmount).toBe(1000);
  });

  it('queues the waiting refund with a count, mails those who may approve (not the requester, not other roles, not the deactivated) and empties once approved', async () => {
    const owner = await paidInFull();
    const requester = await signInStaff(t, 'finance');
    const otherFinance = await signInStaff(t, 'finance');
    const admin = await signInAdmin(t);
    const reviewer = await signInStaff(t, 'reviewer');
    const gone = await signInStaff(t, 'finance');
    expect(await t.ports.users.updateStaff(gone.user.id, { deactivatedAt: t.clock.now() })).toMatchObject({ user: { id: gone.user.id } });
    const before = await approvalMails();

    const body = { paymentType: 'final', amountPence: 3900, reason: 'Visa refused after payment' };
    const asked = await requester.browser.post(`/api/admin/applications/${owner.id}/refunds`, body);
    expect(asked.status).toBe(201);
    const refund = (await asked.json()) as { id: number };

    const mails = (await approvalMails()).filter((m) => !before.some((b) => b.id === m.id));
    // Every earlier admin of this test can approve too; the requester, the reviewer and the deactivated one never hear of it.
    const to = mails.map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([otherFinance.email, admin.email]));
    expect(to).not.toContain(requester.email);
    expect(to).not.toContain(reviewer.email);
    expect(to).not.toContain(gone.email);
    expect(new Set(to).size).toBe(to.length);
    expect(mails[0]!.data).toMatchObject({ applicationNumber: owner.application.applicationNumber, paymentType: 'final', amount: 3900, reason: 'Visa refused after payment', approvalLimit: 2500 });
    // A notice to staff, not a mail about the applicant's application: never in its delivery log.
    expect(mails.every((m) => m.applicationId === null)).toBe(true);
    expect((await t.ports.outbox.listByApplication(owner.id)).some((m) => m.template === 'refund_approval_needed')).toBe(false);

    // The same request again is the same refund: no second notice.
    expect((await requester.browser.post(`/api/admin/applications/${owner.id}/refunds`, body)).status).toBe(200);
    expect((await approvalMails()).length).toBe(before.length + mails.length);

    const queueOf = async (who: typeof admin) => {
      const res = await who.browser.get('/api/admin/refunds/awaiting-approval');
      expect(res.status).toBe(200);
      return (await res.json()) as { total: number; refunds: QueuedRefund[] };
    };
    const seenByApprover = await queueOf(otherFinance);
    expect(seenByApprover.total).toBe(1);
    expect(seenByApprover.refunds).toEqual([
      expect.objectContaining({
        id: refund.id,
        status: 'pending_approval',
        amountPence: 3900,
        paymentType: 'final',
        applicationId: owner.id,
        applicationNumber: owner.application.applicationNumber,
        travellerName: 'Maria Olivia Garcia',
        requestedByName: 'Agency Finance',
        canApprove: true,
      }),
    ]);
    expect((await queueOf(requester)).refunds[0]!.canApprove).toBe(false);
    // Only those who may approve read the queue.
    expect((await reviewer.browser.get('/api/admin/refunds/awaiting-approval')).status).toBe(403);
    expect((await owner.browser.get('/api/admin/refunds/awaiting-approval')).status).toBe(403);

    const approved = await otherFinance.browser.post(`/api/admin/refunds/${refund.id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'succeeded' });
    expect(await queueOf(admin)).toEqual({ total: 0, refunds: [] });
  });

  it('a refund below the limit mails nobody', async () => {
    const owner = await paidInFull();
    const before = (await approvalMails()).length;
    const admin = await signInAdmin(t);
    await signInStaff(t, 'finance');
    expect((await admin.browser.post(`/api/admin/applications/${owner.id}/refunds`, { paymentType: 'final', amountPence: 2500, reason: 'Goodwill' })).status).toBe(201);
    expect((await approvalMails()).length).toBe(before);
  });
});
