import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, dateFrom, signInAdmin, signInStaff, signUp, type TestAgency } from '../support/http.js';

/**
 * The official portal's outage mode (docs/product.md "When the official portal is down", decision
 * 0032), checked on what was stored, on every database: admins switch it; the clocks of paid
 * applications waiting for the portal pause and resume; applicants due within OUTAGE_NOTICE_DAYS are
 * mailed once per outage (a switch up and down again within a day is the same outage).
 */
describe.each(appDatabases())('the portal-outage mode on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  type Owner = Awaited<ReturnType<typeof applicantWithApplication>>;
  const gateway = () => t.ports.gateway as MemoryPaymentGateway;

  async function paid(arrivalInDays: number): Promise<Owner> {
    const owner = await applicantWithApplication(t, { expectedArrivalDate: dateFrom(t.clock, arrivalInDays), expectedDepartureDate: dateFrom(t.clock, arrivalInDays + 7) });
    const id = owner.application.id;
    const intent = (await (await owner.browser.post(`/api/payments/initial/${id}`, { startNow: true })).json()) as { paymentIntentId: string };
    gateway().succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    return owner;
  }
  const stored = async (owner: Owner) => (await t.ports.applications.findById(owner.application.id))!;
  const outageMails = async (owner: Owner) => (await t.ports.outbox.list({ to: owner.email })).filter((m) => m.template === 'portal_outage');
  const publicStatus = async () => (await (await t.app.request('/api/public/status')).json()) as { state: string; message: string | null; since: string | null };

  it('refuses anyone but an admin (403) and bad input (400 { message }), writing nothing', async () => {
    const admin = await signInAdmin(t);
    const reviewer = await signInStaff(t, 'reviewer');
    const applicant = await signUp(t.app);
    const down = { state: 'down', message: 'The portal answers 404.' };
    expect((await reviewer.browser.post('/api/admin/portal-status', down)).status).toBe(403);
    expect((await applicant.browser.post('/api/admin/portal-status', down)).status).toBe(403);
    for (const [body, message] of [
      [{ state: 'down' }, /message/i],
      [{ state: 'down', message: '   ' }, /message/i],
      [{ state: 'sideways', message: 'x' }, /up, down/],
      [{ state: 'down', message: 'x'.repeat(501) }, /500 characters/],
    ] as const) {
      const res = await admin.browser.post('/api/admin/portal-status', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await t.ports.portalOutages.latest()).toBeNull();
    expect(await publicStatus()).toEqual({ state: 'up', message: null, since: null });
    expect((await t.ports.audit.list({ limit: 50 })).filter((e) => e.action === 'portal_status.set')).toEqual([]);
  });

  it('down: pauses the clocks waiting for the portal and mails those arriving within 7 days, once; up resumes them', async () => {
    const soon = await paid(5);
    const later = await paid(20);
    const unpaid = await applicantWithApplication(t, { expectedArrivalDate: dateFrom(t.clock, 5), expectedDepartureDate: dateFrom(t.clock, 12) });
    const submitted = await paid(4);
    const admin = await signInAdmin(t);
    const ledger = { reference: 'EG-123', state: 'submitted', governmentFeeCents: null, governmentFeeCurrency: 'USD', paidAt: null };
    expect((await admin.browser.put(`/api/admin/applications/${submitted.application.id}/portal`, ledger)).status).toBe(200);
    const deadlineBefore = (await stored(soon)).guaranteeDeadline!;

    t.clock.advance({ hours: 1 });
    const wentDown = t.clock.now();
    const res = await admin.browser.post('/api/admin/portal-status', { state: 'down', message: '  The portal answers 404 since this morning.  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: { state: 'down', message: 'The portal answers 404 since this morning.' }, paused: 2, mailed: 1 });
    expect(await publicStatus()).toEqual({ state: 'down', message: 'The portal answers 404 since this morning.', since: wentDown.toISOString() });

    expect(await stored(soon)).toMatchObject({ guaranteePausedAt: wentDown, guaranteePausedFor: 'portal' });
    expect(await stored(later)).toMatchObject({ guaranteePausedAt: wentDown, guaranteePausedFor: 'portal', outageNoticeId: null });
    expect(await stored(unpaid)).toMatchObject({ guaranteePausedAt: null, outageNoticeId: null });
    expect(await stored(submitted)).toMatchObject({ guaranteePausedAt: null, outageNoticeId: null });
    const mails = await outageMails(soon);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ applicationId: soon.application.id, message: 'The portal answers 404 since this morning.', arrivalDate: dateFrom(t.clock, 5) });
    expect(await outageMails(later)).toEqual([]);
    expect(await outageMails(submitted)).toEqual([]);

    const [audit] = (await t.ports.audit.list({ limit: 50 })).filter((e) => e.action === 'portal_status.set');
    expect(audit).toMatchObject({
      actorEmail: admin.email,
      detail: { before: { state: 'up' }, after: { state: 'down', message: 'The portal answers 404 since this morning.' }, paused: 2, mailed: 1 },
    });

    // The dashboard reads the pause like any other.
    const own = (await (await soon.browser.get(`/api/applications/${soon.application.id}`)).json()) as { guarantee: { paused: boolean; pausedFor: string } };
    expect(own.guarantee).toMatchObject({ paused: true, pausedFor: 'portal' });

    // Two working days later it is back: the deadline moves by the two days the portal took.
    t.clock.advance({ days: 2 });
    const up = await admin.browser.post('/api/admin/portal-status', { state: 'up' });
    expect(await up.json()).toMatchObject({ status: { state: 'up' }, resumed: 2, paused: 0, mailed: 0 });
    const resumed = await stored(soon);
    expect(resumed).toMatchObject({ guaranteePausedAt: null, guaranteePausedFor: null });
    expect(resumed.guaranteeDeadline!.getTime()).toBeGreaterThan(deadlineBefore.getTime());
    expect((await publicStatus()).state).toBe('up');

    // Down again the same day: the same outage goes on — paused again, nobody mailed twice.
    t.clock.advance({ hours: 2 });
    const again = await admin.browser.post('/api/admin/portal-status', { state: 'down', message: 'Down again.' });
    expect(await again.json()).toMatchObject({ paused: 2, mailed: 0 });
    expect(await outageMails(soon)).toHaveLength(1);
    expect((await publicStatus()).since).toBe(wentDown.toISOString());
  });

  it('the portal-outage job applies the outage again: an application paid since is paused, an arrival entering the window is mailed, once', async () => {
    const admin = await signInAdmin(t);
    const far = await paid(9);
    expect(await (await admin.browser.post('/api/admin/portal-status', { state: 'down', message: 'Down since 09:00.' })).json()).toMatchObject({ paused: 1, mailed: 0 });
    t.clock.advance({ hours: 1 });
    const since = await paid(3);
    expect(await stored(since)).toMatchObject({ guaranteePausedAt: null });
    const job = () => jobDefinition(t.agency, 'portal-outage').run({});
    expect(await job()).toBe('portal down: 1 clock(s) paused, 0 resumed, 1 applicant(s) mailed');
    expect(await stored(since)).toMatchObject({ guaranteePausedFor: 'portal' });
    expect(await outageMails(since)).toHaveLength(1);
    expect(await outageMails(far)).toEqual([]);
    // Three days on, the first traveller's arrival (now 6 days away) is inside the window.
    t.clock.advance({ days: 3 });
    expect(await job()).toBe('portal down: 0 clock(s) paused, 0 resumed, 1 applicant(s) mailed');
    expect(await job()).toBe('portal down: 0 clock(s) paused, 0 resumed, 0 applicant(s) mailed');
    expect(await outageMails(far)).toHaveLength(1);
    expect(await outageMails(since)).toHaveLength(1);
  });

  it('a switch down more than a day after the last one came up is a new outage: those still due hear of it once more', async () => {
    const soon = await paid(6);
    const admin = await signInAdmin(t);
    expect((await admin.browser.post('/api/admin/portal-status', { state: 'down', message: 'First outage.' })).status).toBe(200);
    expect((await admin.browser.post('/api/admin/portal-status', { state: 'up' })).status).toBe(200);
    t.clock.advance({ hours: 25 });
    expect(await (await admin.browser.post('/api/admin/portal-status', { state: 'down', message: 'Second outage.' })).json()).toMatchObject({ mailed: 1 });
    expect((await outageMails(soon)).map((m) => m.data.message)).toEqual(['First outage.', 'Second outage.']);
  });
});
