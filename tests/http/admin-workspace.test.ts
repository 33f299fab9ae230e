import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, signInAdmin, signInStaff, signUp, TestBrowser, type TestAgency } from '../support/http.js';

type Entry = {
  application: { id: number; status: string; guarantee: { deadline: string | null } } | null;
  status: string;
  user: { id: number; email: string };
  assignee: { id: number; fullName: string } | null;
  portal: { state: string } | null;
};

/**
 * The admin workspace's reads (docs/product.md §2.14, §7.6) on every database: one application as
 * its list entry (the side panel stays on it after a change moves it out of the tab), the tab /admin
 * opens on (the work tab with the earliest guarantee deadline), and the colleagues an application
 * can be assigned to.
 */
describe.each(appDatabases())('admin workspace on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function paidApplication() {
    const owner = await applicantWithApplication(t);
    const intent = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    return owner.application.id;
  }

  it('answers one application as its entry in the list, also once a change moved it to another tab', async () => {
    const id = await paidApplication();
    const admin = await signInAdmin(t);
    expect((await admin.browser.put(`/api/admin/applications/${id}/assignee`, { userId: admin.user.id })).status).toBe(200);
    const listed = ((await (await admin.browser.get('/api/admin/applications?tab=initial-payment')).json()) as { items: Entry[] }).items[0]!;

    const res = await admin.browser.get(`/api/admin/applications/${id}`);
    expect(res.status).toBe(200);
    const entry = (await res.json()) as Entry;
    expect(entry).toEqual(listed);
    expect(entry).toMatchObject({ status: 'application_created', assignee: { id: admin.user.id }, portal: { state: 'to_submit' } });

    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'verified' })).status).toBe(200);
    const moved = (await (await admin.browser.get(`/api/admin/applications/${id}`)).json()) as Entry;
    expect(moved).toMatchObject({ status: 'verified', application: { id, status: 'verified' }, assignee: { id: admin.user.id } });

    expect((await admin.browser.get('/api/admin/applications/999999')).status).toBe(404);
    expect((await admin.browser.get('/api/admin/applications/abc')).status).toBe(400);
    // The counts route is not taken for an id.
    expect((await admin.browser.get('/api/admin/applications/counts')).status).toBe(200);
    const owner = await signUp(t.app);
    expect((await owner.browser.get(`/api/admin/applications/${id}`)).status).toBe(403);
    expect((await new TestBrowser(t.app).get(`/api/admin/applications/${id}`)).status).toBe(401);
  });

  it('opens on the work tab holding the earliest guarantee deadline', async () => {
    const admin = await signInAdmin(t);
    await applicantWithApplication(t); // unpaid: no deadline, not work
    expect(await (await admin.browser.get('/api/admin/work-queue')).json()).toEqual({ tab: 'initial-payment', deadline: null });

    const first = await paidApplication();
    t.clock.advance({ days: 1 });
    await paidApplication();
    const queue = (await (await admin.browser.get('/api/admin/work-queue')).json()) as { tab: string; deadline: string };
    const firstDeadline = (await t.ports.applications.findById(first))!.guaranteeDeadline!.toISOString();
    expect(queue).toEqual({ tab: 'initial-payment', deadline: firstDeadline });

    // The earliest deadline moves on to the portal: so does the work queue.
    expect((await admin.browser.put(`/api/admin/applications/${first}/status`, { status: 'verified' })).status).toBe(200);
    expect(await (await admin.browser.get('/api/admin/work-queue')).json()).toEqual({ tab: 'submitted-portal', deadline: firstDeadline });
    // Decided: no longer work.
    expect((await admin.browser.put(`/api/admin/applications/${first}/status`, { status: 'approved' })).status).toBe(200);
    expect(((await (await admin.browser.get('/api/admin/work-queue')).json()) as { tab: string }).tab).toBe('initial-payment');
  });

  it('lists the active staff an application can be assigned to, to anyone who may assign', async () => {
    const admin = await signInAdmin(t);
    const reviewer = await signInStaff(t, 'reviewer');
    const leaver = await signInStaff(t, 'support');
    expect((await admin.browser.put(`/api/admin/staff/${leaver.user.id}`, { active: false })).status).toBe(200);
    await signUp(t.app); // an applicant is never a colleague

    const res = await reviewer.browser.get('/api/admin/assignees');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: admin.user.id, fullName: 'Agency Admin', role: 'admin' },
      { id: reviewer.user.id, fullName: 'Agency Reviewer', role: 'reviewer' },
    ]);
    // Only names and roles: a reviewer may not read the Staff page's emails and phone numbers.
    expect((await reviewer.browser.get('/api/admin/staff')).status).toBe(403);
  });
});
