import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, signInAdmin, type TestAgency } from '../support/http.js';

type Step = { at: string; kind: string; status?: string; message?: string };
type Guarantee = { deadline: string | null; breached: boolean; workingDaysUsed: number; workingDaysTotal: number; paused: boolean };
type Owned = { id: number; status: string; timeline: Step[]; guarantee: Guarantee };

/**
 * The timeline with a rejection reason (docs/product.md §16.2) and the guarantee clock's pause
 * (§16.3) through the HTTP API, on every database: the overdue filter is SQL on SQLite and PostgreSQL.
 */
describe.each(appDatabases())('timeline and guarantee clock on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function paidApplication() {
    const owner = await applicantWithApplication(t);
    const intent = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    return owner;
  }

  it('staff reject with a reason; the applicant reads it on the timeline of both reads and in the mail, never who wrote it', async () => {
    const owner = await paidApplication();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    for (const status of ['under_process', 'verified']) {
      t.clock.advance({ minutes: 5 });
      expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    t.clock.advance({ minutes: 5 });
    const rejected = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'rejected', rejectionReason: 'Your passport expires within six months of arrival.' });
    expect(rejected.status).toBe(200);

    const one = (await (await owner.browser.get(`/api/applications/${id}`)).json()) as Owned;
    expect(one.timeline.map((s) => [s.kind, s.status ?? null])).toEqual([
      ['payment', null],
      ['status', 'application_created'],
      ['status', 'under_process'],
      ['status', 'verified'],
      ['status', 'rejected'],
    ]);
    expect(one.timeline.at(-1)).toEqual({ at: t.clock.now().toISOString(), kind: 'status', status: 'rejected', message: 'Your passport expires within six months of arrival.' });
    const [listed] = (await (await owner.browser.get('/api/applications')).json()) as Owned[];
    expect(listed.timeline).toEqual(one.timeline);
    expect(JSON.stringify(one)).not.toContain(admin.user.email);

    const mails = await t.ports.outbox.list({ to: owner.email });
    expect(mails.find((m) => m.template === 'status_changed' && (m.data as { newStatus?: string }).newStatus === 'rejected')?.data).toMatchObject({
      reason: 'Your passport expires within six months of arrival.',
    });
  });

  it('refuses a reason with another status, or one too long, with 400 { message } and writes nothing', async () => {
    const owner = await paidApplication();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    const historyBefore = await (await admin.browser.get(`/api/admin/applications/${id}/history`)).json();
    const withOther = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process', rejectionReason: 'Because' });
    expect(withOther.status).toBe(400);
    expect(await withOther.json()).toMatchObject({ message: 'A reason can be given only when the application is rejected.' });
    const tooLong = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'rejected', rejectionReason: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ message: expect.any(String) });
    expect(await (await admin.browser.get(`/api/admin/applications/${id}/history`)).json()).toEqual(historyBefore);
    expect(((await (await owner.browser.get(`/api/applications/${id}`)).json()) as Owned).status).toBe('application_created');
  });

  it('pauses the clock while waiting on the applicant: not overdue then, overdue once the moved deadline passes', async () => {
    const owner = await paidApplication();
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    const overdue = async () =>
      ((await (await admin.browser.get('/api/admin/applications?tab=initial-payment&overdue=true&page=1&pageSize=50')).json()) as { items: { application: { id: number } | null }[] }).items.map(
        (e) => e.application?.id,
      );
    const paidAt = t.clock.now();
    // Time passes in steps of at most 4 days, each signed-in browser using its session (idle limit 7 days).
    const travelTo = async (target: Date) => {
      while (t.clock.now().getTime() < target.getTime()) {
        t.clock.set(new Date(Math.min(target.getTime(), t.clock.now().getTime() + 4 * 86_400_000)));
        expect((await owner.browser.get('/api/user')).status).toBe(200);
        expect((await admin.browser.get('/api/user')).status).toBe(200);
      }
    };
    const running = ((await (await owner.browser.get(`/api/applications/${id}`)).json()) as Owned).guarantee;
    expect(running).toMatchObject({ paused: false, breached: false, workingDaysTotal: 5, workingDaysUsed: 0 });

    t.clock.advance({ hours: 1 });
    const asked = await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    expect(((await asked.json()) as Owned).guarantee).toMatchObject({ paused: true, breached: false });

    await travelTo(new Date(paidAt.getTime() + 14 * 86_400_000)); // long past the first deadline
    expect(await overdue()).toEqual([]);
    const waiting = ((await (await owner.browser.get(`/api/applications/${id}`)).json()) as Owned).guarantee;
    expect(waiting).toMatchObject({ paused: true, breached: false, workingDaysUsed: 0 });

    const resumed = (await (await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' })).json()) as Owned & { guaranteeDeadline: string };
    expect(resumed.guarantee).toMatchObject({ paused: false, breached: false });
    expect(new Date(resumed.guaranteeDeadline).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await overdue()).toEqual([]);

    await travelTo(new Date(new Date(resumed.guaranteeDeadline).getTime() + 60_000));
    expect(await overdue()).toEqual([id]);
    expect(((await (await owner.browser.get(`/api/applications/${id}`)).json()) as Owned).guarantee).toMatchObject({ breached: true, workingDaysUsed: 5 });
  });
});
