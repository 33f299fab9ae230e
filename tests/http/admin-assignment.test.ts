import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, dateFrom, signInAdmin, signUp, TestBrowser, type TestAgency } from '../support/http.js';

type Entry = { application: { id: number } | null; status: string; assignee: { id: number; fullName: string } | null };
type Page = { items: Entry[]; total: number };

/**
 * Assignment (docs/product.md §2.14, §7.6) through the HTTP API on every database: assigning and
 * unassigning with its history, bad input writing nothing, the Mine/Unassigned filters and counts,
 * and the admin order (guarantee deadline, then arrival date, then id).
 */
describe.each(appDatabases())('assignment on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function paidApplication(overrides: Record<string, unknown> = {}) {
    const owner = await applicantWithApplication(t, overrides);
    const intent = await (await owner.browser.post(`/api/payments/initial/${owner.application.id}`)).json();
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    const res = await owner.browser.post(`/api/payments/initial/confirm/${owner.application.id}`, { paymentIntentId: intent.paymentIntentId });
    expect(res.status).toBe(200);
    return owner;
  }

  const trip = (days: number) => ({ expectedArrivalDate: dateFrom(t.clock, days), expectedDepartureDate: dateFrom(t.clock, days + 7) });
  const page = async (browser: TestBrowser, query: string) => (await (await browser.get(`/api/admin/applications?${query}`)).json()) as Page;
  const ids = (p: Page) => p.items.map((e) => e.application?.id ?? null);

  it('assigns, reassigns and unassigns, each with a history row; admin reads carry the assignee', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const me = await signInAdmin(t);
    const colleague = await signInAdmin(t);
    const assigned = await me.browser.put(`/api/admin/applications/${id}/assignee`, { userId: me.user.id });
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toEqual({ assignee: { id: me.user.id, fullName: 'Agency Admin' } });
    t.clock.advance({ minutes: 3 });
    expect((await me.browser.put(`/api/admin/applications/${id}/assignee`, { userId: colleague.user.id })).status).toBe(200);

    const listed = await page(me.browser, 'tab=online-entries');
    expect(listed.items.find((e) => e.application?.id === id)?.assignee).toEqual({ id: colleague.user.id, fullName: 'Agency Admin' });
    const full = (await (await me.browser.get('/api/admin/applications')).json()) as { id: number | null; assignee: unknown }[];
    expect(full.find((e) => e.id === id)?.assignee).toEqual({ id: colleague.user.id, fullName: 'Agency Admin' });
    expect(full.find((e) => e.id === null)).toBeUndefined();
    // The applicant never sees who works on the application.
    expect(JSON.stringify(await (await owner.browser.get(`/api/applications/${id}`)).json())).not.toContain('assignee');

    t.clock.advance({ minutes: 3 });
    const unassigned = await colleague.browser.put(`/api/admin/applications/${id}/assignee`, { userId: null });
    expect(await unassigned.json()).toEqual({ assignee: null });
    const history = await me.browser.get(`/api/admin/applications/${id}/assignments`);
    expect(history.status).toBe(200);
    const rows = (await history.json()) as Record<string, unknown>[];
    expect(rows.map((r) => [r.assigneeId, r.assignedById])).toEqual([
      [me.user.id, me.user.id],
      [colleague.user.id, me.user.id],
      [null, colleague.user.id],
    ]);
    expect(rows[0]).toMatchObject({ applicationId: id, assigneeName: 'Agency Admin', assignedByName: 'Agency Admin' });
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort());
    expect((await t.ports.applications.findById(id))?.assigneeId).toBeNull();
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const me = await signInAdmin(t);
    const applicant = await signUp(t.app);
    const leaver = await signInAdmin(t);
    expect((await me.browser.put(`/api/admin/staff/${leaver.user.id}`, { active: false })).status).toBe(200);
    const bad: [unknown, number][] = [
      [{ userId: 'me' }, 400],
      [{ userId: 1.5 }, 400],
      [{}, 400],
      [{ userId: -1 }, 400],
      [{ userId: applicant.user.id }, 400],
      [{ userId: leaver.user.id }, 400],
      [{ userId: 999_999 }, 400],
      [{ userId: 2 ** 31 }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await me.browser.put(`/api/admin/applications/${id}/assignee`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    for (const other of [999_999, 2 ** 31]) {
      const res = await me.browser.put(`/api/admin/applications/${other}/assignee`, { userId: me.user.id });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toEqual(expect.any(String));
      expect((await me.browser.get(`/api/admin/applications/${other}/assignments`)).status).toBe(404);
    }
    expect((await me.browser.put('/api/admin/applications/abc/assignee', { userId: me.user.id })).status).toBe(400);
    // Staff only.
    expect((await owner.browser.put(`/api/admin/applications/${id}/assignee`, { userId: me.user.id })).status).toBe(403);
    expect((await new TestBrowser(t.app).put(`/api/admin/applications/${id}/assignee`, { userId: null })).status).toBe(401);
    expect(await t.ports.assignments.listByApplication(id)).toEqual([]);
    expect((await t.ports.applications.findById(id))?.assigneeId).toBeNull();
  });

  it('filters by assignee=me|none and counts Mine and Unassigned per tab', async () => {
    const me = await signInAdmin(t);
    const colleague = await signInAdmin(t);
    const a = (await applicantWithApplication(t)).application.id;
    const b = (await applicantWithApplication(t)).application.id;
    const c = (await paidApplication()).application.id;
    await signUp(t.app); // a pseudo-entry: never assigned, never "unassigned"
    await me.browser.put(`/api/admin/applications/${a}/assignee`, { userId: me.user.id });
    await me.browser.put(`/api/admin/applications/${c}/assignee`, { userId: colleague.user.id });

    expect(ids(await page(me.browser, 'tab=online-entries&assignee=me'))).toEqual([a]);
    expect(ids(await page(colleague.browser, 'tab=online-entries&assignee=me'))).toEqual([]);
    expect(ids(await page(me.browser, 'tab=online-entries&assignee=none'))).toEqual([b]);
    expect((await page(me.browser, 'tab=online-entries&assignee=none')).total).toBe(1);
    expect(ids(await page(colleague.browser, 'assignee=me'))).toEqual([c]);
    expect((await page(me.browser, 'assignee=none')).total).toBe(1);
    expect((await me.browser.get('/api/admin/applications?assignee=someone')).status).toBe(400);

    const counts = await (await me.browser.get('/api/admin/applications/counts')).json();
    expect(counts['online-entries']).toBe(3);
    expect(counts.mine).toMatchObject({ 'online-entries': 1, 'initial-payment': 0 });
    expect(counts.unassigned).toMatchObject({ 'online-entries': 1, 'initial-payment': 0 });
    const theirs = await (await colleague.browser.get('/api/admin/applications/counts')).json();
    expect(theirs.mine).toMatchObject({ 'online-entries': 0, 'initial-payment': 1 });
    const searched = await (await me.browser.get('/api/admin/applications/counts?q=zzz')).json();
    expect(searched.mine['online-entries']).toBe(0);
    expect(searched.unassigned['online-entries']).toBe(0);
  });

  it('lists a tab by guarantee deadline (none last), then arrival date, then id', async () => {
    const admin = await signInAdmin(t);
    const late = (await applicantWithApplication(t, trip(30))).application.id;
    const soon = (await applicantWithApplication(t, trip(10))).application.id;
    const sameDay = (await applicantWithApplication(t, trip(10))).application.id;
    expect(ids(await page(admin.browser, 'tab=online-entries'))).toEqual([soon, sameDay, late]);

    // Paid: a guarantee deadline, so before every application without one, earliest deadline first.
    const paidFirst = (await paidApplication(trip(40))).application.id;
    t.clock.advance({ days: 1 });
    const paidLater = (await paidApplication(trip(12))).application.id;
    expect(ids(await page(admin.browser, 'tab=initial-payment'))).toEqual([paidFirst, paidLater]);
    const all = ids(await page(admin.browser, 'page=1&pageSize=50'));
    expect(all.slice(0, 5)).toEqual([paidFirst, paidLater, soon, sameDay, late]);
    // The same order on the search path, and page by page.
    expect(ids(await page(admin.browser, 'q=ada&pageSize=2&page=2'))).toEqual([soon, sameDay]);
    expect(ids(await page(admin.browser, 'tab=online-entries&pageSize=1&page=2'))).toEqual([sameDay]);
  });
});
