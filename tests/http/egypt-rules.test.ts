import { describe, expect, it } from 'vitest';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicationForm, signInAdmin, signInStaff, signUp, TestBrowser, type TestAgency } from '../support/http.js';

const SOURCE = { url: 'https://www.visa2egypt.gov.eg/', title: "Egypt's e-visa portal: passport validity" };
const EIGHT_FROM_ARRIVAL = { months: 8, countedFrom: 'arrival' };

/**
 * Egypt's rules as dated data through the HTTP API (docs/product.md §5.11) on every database: the
 * form checked against the rules in force on its arrival date on both sides of a rule's
 * effectiveFrom, staff's changes (audited, validated, admins only), and a change that affects open
 * applications marking them and mailing each applicant exactly once. The clock is the fake's:
 * 2026-11-23; the shipped 8-month rule starts on 2027-01-04.
 */
describe.each(appDatabases())("Egypt's rules on $name", (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function apply(browser: TestBrowser, overrides: Record<string, unknown>) {
    return browser.post('/api/applications', applicationForm(t.clock, overrides));
  }
  const rulesMails = async () => (await t.ports.outbox.list()).filter((m) => m.template === 'rules_changed');

  it('checks the passport 6 months from today before the switch and 8 months from arrival from it', async () => {
    const applicant = await signUp(t.app);
    // Arrival the day before the switch: 6 months from today (2027-05-23).
    const before = { expectedArrivalDate: '2027-01-03', expectedDepartureDate: '2027-01-10' };
    const short = await apply(applicant.browser, { ...before, passportExpiry: '2027-05-22' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: 'Passport must be valid for at least 6 months from today' });
    expect((await apply(applicant.browser, { ...before, passportExpiry: '2027-05-23' })).status).toBe(201);
    // Arrival on the switch date: 8 months from arrival (2027-09-04).
    const after = { expectedArrivalDate: '2027-01-04', expectedDepartureDate: '2027-01-10' };
    const refused = await apply(applicant.browser, { ...after, passportExpiry: '2027-09-03' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Passport must be valid for at least 8 months from your arrival date: until 4 September 2027 or later' });
    expect((await apply(applicant.browser, { ...after, passportExpiry: '2027-09-04' })).status).toBe(201);
  });

  it('answers a nationality off the e-visa route with its route', async () => {
    const applicant = await signUp(t.app);
    const res = await apply(applicant.browser, { nationality: 'Canada', countryOfBirth: 'Canada' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Citizens of Canada cannot use Egypt's e-visa: you need a visa from an Egyptian embassy or consulate before you travel\./);
  });

  it('publishes the rules in force, with the government fee and the scheduled 8-month rule', async () => {
    const res = await new TestBrowser(t.app).get('/api/public/rules');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body.on).toBe('2026-11-23');
    expect(body.passportValidity).toMatchObject({ value: { months: 6, countedFrom: 'application' }, source: { url: expect.stringMatching(/^https:/) }, lastChecked: '2026-11-25' });
    expect(body.minDaysBeforeArrival.value).toEqual({ days: 3 });
    expect(body.routes['United Kingdom'].value.route).toBe('evisa');
    expect(body.governmentFee).toEqual({ Single: { amountCents: 2500, effectiveFrom: '2020-01-01' } });
    expect(body.scheduled).toEqual([expect.objectContaining({ kind: 'passport_validity', effectiveFrom: '2027-01-04', value: EIGHT_FROM_ARRIVAL })]);
    const later = (await (await new TestBrowser(t.app).get('/api/public/rules?on=2027-01-04')).json()) as Record<string, any>;
    expect(later.passportValidity.value).toEqual(EIGHT_FROM_ARRIVAL);
  });

  it("an admin moves the 8-month rule's date: the form follows it on both sides, and the change is audited", async () => {
    const admin = await signInAdmin(t);
    const moved = await admin.browser.put('/api/admin/rules', { kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-02-01', source: SOURCE });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ rule: { effectiveFrom: '2027-02-01', lastChecked: '2026-11-23', createdBy: admin.user.id }, replaced: [{ effectiveFrom: '2027-01-04' }], affected: [] });
    const listed = (await (await admin.browser.get('/api/admin/rules')).json()) as { rules: { kind: string; effectiveFrom: string; state: string }[] };
    expect(listed.rules.filter((r) => r.kind === 'passport_validity').map((r) => [r.effectiveFrom, r.state])).toEqual([
      ['2020-01-01', 'in_force'],
      ['2027-02-01', 'scheduled'],
    ]);
    const audit = (await t.ports.audit.list({ limit: 50 })).filter((e) => e.action === 'egypt_rule.set');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.user.id);
    expect(audit[0]!.detail).toMatchObject({ before: { entries: [{ effectiveFrom: '2027-01-04', value: EIGHT_FROM_ARRIVAL }] }, after: { effectiveFrom: '2027-02-01', value: EIGHT_FROM_ARRIVAL } });

    const applicant = await signUp(t.app);
    // 2027-01-04 is now before the switch: 6 months from today is enough.
    expect((await apply(applicant.browser, { expectedArrivalDate: '2027-01-04', expectedDepartureDate: '2027-01-10', passportExpiry: '2027-06-01' })).status).toBe(201);
    // After the moved switch (the clock on 2027-01-20): 8 months from arrival.
    t.clock.set('2027-01-20T10:00:00Z');
    const later = await signUp(t.app);
    const late = await apply(later.browser, { expectedArrivalDate: '2027-02-01', expectedDepartureDate: '2027-02-10', passportExpiry: '2027-09-30' });
    expect(await late.json()).toMatchObject({ message: 'Passport must be valid for at least 8 months from your arrival date: until 1 October 2027 or later' });
    expect((await apply(later.browser, { expectedArrivalDate: '2027-01-31', expectedDepartureDate: '2027-02-10', passportExpiry: '2027-07-20' })).status).toBe(201);
  });

  it('a change that affects open applications marks them and mails each affected applicant exactly once', async () => {
    const admin = await signInAdmin(t);
    // The 8-month rule pushed out, so that short passports can apply for January.
    expect((await admin.browser.put('/api/admin/rules', { kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-06-01', source: SOURCE })).status).toBe(200);
    const january = { expectedArrivalDate: '2027-01-10', expectedDepartureDate: '2027-01-20' };
    const ann = await signUp(t.app);
    const annOne = (await (await apply(ann.browser, { ...january, passportExpiry: '2027-07-01' })).json()) as { id: number };
    const annTwo = (await (await apply(ann.browser, { ...january, passportExpiry: '2027-08-01' })).json()) as { id: number };
    const bob = await signUp(t.app);
    const bobOk = (await (await apply(bob.browser, { ...january, passportExpiry: '2028-01-01' })).json()) as { id: number };
    const cat = await signUp(t.app);
    const catFrench = (await (await apply(cat.browser, { ...january, nationality: 'France', countryOfBirth: 'France' })).json()) as { id: number };
    const before = (await rulesMails()).length;

    const back = await admin.browser.put('/api/admin/rules', { kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-01-04', source: SOURCE });
    expect(((await back.json()) as { affected: number[] }).affected).toEqual([annOne.id, annTwo.id]);
    const route = await admin.browser.put('/api/admin/rules', {
      kind: 'nationality_route',
      subject: 'France',
      value: { route: 'visa_on_arrival', conditions: null, maxDays: 30 },
      effectiveFrom: '2026-12-01',
      source: SOURCE,
    });
    expect(((await route.json()) as { affected: number[] }).affected).toEqual([catFrench.id]);
    // Setting them again (the same entries: a re-check) mails no one.
    expect(
      ((await (await admin.browser.put('/api/admin/rules', { kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-01-04', source: SOURCE })).json()) as { affected: number[] })
        .affected,
    ).toEqual([]);

    const mails = (await rulesMails()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([ann.user.email, cat.user.email].sort());
    const annMail = mails.find((m) => m.to === ann.user.email)!;
    expect((annMail.data as { applications: { applicationId: number; message: string }[] }).applications.map((a) => a.applicationId)).toEqual([annOne.id, annTwo.id]);
    expect((annMail.data as { applications: { message: string }[] }).applications[0]!.message).toMatch(
      /at least 8 months from your arrival date: until 10 September 2027 or later\. Yours expires on 1 July 2027\./,
    );

    const read = async (id: number) => (await (await admin.browser.get(`/api/admin/applications/${id}`)).json()) as { application?: { ruleNotice: unknown }; ruleNotice?: unknown };
    const noticeOf = async (id: number) => {
      const body = await read(id);
      return body.application ? body.application.ruleNotice : body.ruleNotice;
    };
    expect(await noticeOf(annOne.id)).toMatchObject({ change: 'passport_validity@2027-01-04', reason: 'passport_validity' });
    expect(await noticeOf(catFrench.id)).toMatchObject({ change: 'nationality_route:France@2026-12-01', reason: 'nationality_route' });
    expect(await noticeOf(bobOk.id)).toBeNull();
  });

  it('refuses bad rules with 400 { message } and other roles with 403, writing nothing', async () => {
    const admin = await signInAdmin(t);
    const stored = async () => JSON.stringify(await t.ports.egyptRules.list());
    const rulesBefore = await stored();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'visa_colour', value: {}, effectiveFrom: '2027-01-01', source: SOURCE }, /rule kind must be one of/],
      [{ kind: 'passport_validity', value: { months: 25, countedFrom: 'arrival' }, effectiveFrom: '2027-01-01', source: SOURCE }, /from 1 to 24/],
      [{ kind: 'passport_validity', value: { months: -1, countedFrom: 'arrival' }, effectiveFrom: '2027-01-01', source: SOURCE }, /from 1 to 24/],
      [{ kind: 'min_days_before_arrival', value: { days: -3 }, effectiveFrom: '2027-01-01', source: SOURCE }, /least days/],
      [{ kind: 'passport_validity', value: { months: 7, countedFrom: 'application' }, effectiveFrom: '2026-11-01', source: SOURCE }, /already in force cannot be changed from a past date/],
      [{ kind: 'nationality_route', subject: 'Atlantis', value: { route: 'evisa' }, effectiveFrom: '2027-01-01', source: SOURCE }, /nationality from the list/],
      [{ kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-01-01', source: { url: 'not a url', title: 'x' } }, /web address/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.browser.put('/api/admin/rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const reviewer = await signInStaff(t, 'reviewer');
    const forbidden = await reviewer.browser.put('/api/admin/rules', { kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-03-01', source: SOURCE });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toHaveProperty('message');
    const applicant = await signUp(t.app);
    expect((await applicant.browser.put('/api/admin/rules', { kind: 'passport_validity', value: EIGHT_FROM_ARRIVAL, effectiveFrom: '2027-03-01', source: SOURCE })).status).toBe(403);
    expect(await stored()).toBe(rulesBefore);
    expect((await t.ports.audit.list({ limit: 50 })).filter((e) => e.action === 'egypt_rule.set')).toEqual([]);
  });
});
