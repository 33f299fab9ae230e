import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { StripePaymentGateway } from '../../adapters/payments/stripe/index.js';
import { renderMail, type MailToRender } from '../../adapters/mail/templates/index.js';
import { GROUP_MESSAGES } from '../../core/domain/application-group.js';
import { applicantWithApplication, applicationForm, makeAppOn, makeMemoryApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { appOnProvider, PAYMENT_PROVIDERS } from '../support/payment-providers.js';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server.js';

/** A family of `n` travellers with the same trip, each with its own name and passport. */
function family(t: TestAgency, n: number, overrides: (i: number) => Record<string, unknown> = () => ({})) {
  return Array.from({ length: n }, (_, i) => applicationForm(t.clock, { givenName: `Traveller${i + 1}`, passportNumber: `P${1000 + i}`, ...overrides(i) }));
}

async function createFamily(t: TestAgency, n: number) {
  const lead = await signUp(t.app);
  const res = await lead.browser.post('/api/application-groups', { travellers: family(t, n) });
  expect(res.status).toBe(201);
  const group = (await res.json()) as { groupId: number; applications: { id: number; applicationNumber: string }[] };
  return { ...lead, group };
}

describe('family applications: creating one', () => {
  let t: TestAgency;
  beforeEach(async () => {
    t = await makeMemoryApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates 2 to 10 applications in one group, each its own, mails each, drops the draft and records the group size', async () => {
    const { browser, user, group } = await (async () => {
      const lead = await signUp(t.app);
      await lead.browser.put('/api/application-draft', { givenName: 'Half typed' });
      const res = await lead.browser.post('/api/application-groups', { travellers: family(t, 3) });
      expect(res.status).toBe(201);
      return { ...lead, group: (await res.json()) as { groupId: number; applications: { id: number; applicationNumber: string }[] } };
    })();
    expect(group).toEqual({ groupId: expect.any(Number), applications: [0, 1, 2].map(() => ({ id: expect.any(Number), applicationNumber: expect.stringMatching(/^EV-/) })) });
    expect(new Set(group.applications.map((a) => a.applicationNumber)).size).toBe(3);

    const stored = await t.ports.groups.listApplications(group.groupId);
    expect(stored.map((a) => [a.id, a.givenName, a.passportNumber, a.groupId, a.userId, a.status])).toEqual(
      group.applications.map((a, i) => [a.id, `Traveller${i + 1}`, `P${1000 + i}`, group.groupId, user.id, 'online_entry']),
    );
    const listed = (await (await browser.get('/api/applications')).json()) as { id: number; groupId: number | null }[];
    expect(listed.map((a) => a.groupId)).toEqual([group.groupId, group.groupId, group.groupId]);
    const admin = await signInAdmin(t);
    expect((await (await admin.browser.get(`/api/applications/${group.applications[1]!.id}`)).json()).groupId).toBe(group.groupId);

    expect(await t.ports.drafts.find(user.id)).toBeNull();
    const received = (await t.ports.outbox.list({ to: user.email })).filter((m) => m.template === 'application_received');
    expect(received.map((m) => m.data)).toEqual(group.applications.map((a) => expect.objectContaining({ applicationId: a.id, applicationNumber: a.applicationNumber, paid: false })));
    const events = await t.ports.analytics.list({ name: 'family_application_created' });
    expect(events).toEqual([expect.objectContaining({ userId: user.id, properties: { groupId: group.groupId, groupSize: 3, applicationId: group.applications[0]!.id } })]);
  });

  it('refuses fewer than 2 or more than 10 travellers, a bad form or different dates with 400, storing nothing', async () => {
    const { browser, user } = await signUp(t.app);
    const cases: [unknown, string, string][] = [
      [{ travellers: family(t, 1) }, 'travellers', GROUP_MESSAGES.size],
      [{ travellers: family(t, 11) }, 'travellers', GROUP_MESSAGES.size],
      [{}, 'travellers', GROUP_MESSAGES.size],
      [{ travellers: 'two' }, 'travellers', GROUP_MESSAGES.size],
      [{ travellers: family(t, 2, (i) => (i === 1 ? { givenName: '' } : {})) }, 'travellers.1.givenName', 'Given name is required'],
      [{ travellers: family(t, 2, (i) => (i === 1 ? { privacyPolicyAccepted: false } : {})) }, 'travellers.1.privacyPolicyAccepted', 'You must accept the privacy policy to continue'],
      [{ travellers: family(t, 3, (i) => (i === 2 ? { expectedDepartureDate: applicationForm(t.clock).expectedArrivalDate } : {})) }, 'travellers.2.expectedDepartureDate', GROUP_MESSAGES.sharedDates],
    ];
    for (const [body, field, message] of cases) {
      const res = await browser.post('/api/application-groups', body);
      expect(res.status, field).toBe(400);
      const answer = await res.json();
      expect(answer.errors[field], field).toEqual([message]);
    }
    expect(await t.ports.applications.listByUser(user.id)).toEqual([]);
  });

  it('sends one payment reminder per family, naming the group and asking for £10 × N; the export names the group too', async () => {
    const { user, group } = await createFamily(t, 3);
    const alone = await applicantWithApplication(t);
    const run = await t.agency.useCases.sendPaymentReminders(null);
    expect(run.sent).toBe(2);
    const reminders = (await t.ports.outbox.list()).filter((m) => m.template === 'payment_reminder');
    const familyReminder = reminders.find((m) => m.to === user.email)!;
    expect(reminders.filter((m) => m.to === user.email)).toHaveLength(1);
    expect(familyReminder.data).toMatchObject({ applicationId: group.applications[0]!.id, groupId: group.groupId, groupSize: 3, amount: 3000, paymentType: 'initial' });
    const rendered = renderMail(familyReminder as unknown as MailToRender, t.ports.settings);
    expect(rendered.subject).toBe(`Reminder: payment due for family application ${group.applications[0]!.applicationNumber}`);
    expect(rendered.text).toContain(`/payment?groupId=${group.groupId}`);
    expect(rendered.text).toContain('£30.00');
    expect(reminders.find((m) => m.to === alone.email)!.data).not.toHaveProperty('groupId');

    const exported: { applicationId: number | null; groupId: number | null }[] = [];
    for await (const entry of t.agency.useCases.exportApplications({})) {
      exported.push({ applicationId: entry.application?.id ?? null, groupId: entry.application?.groupId ?? null });
    }
    expect(
      exported
        .filter((e) => e.groupId === group.groupId)
        .map((e) => e.applicationId)
        .sort(),
    ).toEqual(group.applications.map((a) => a.id).sort());
  });

  it('staff read a family application’s travellers (the admin filter by group); applicants may not', async () => {
    const { browser, group, user } = await createFamily(t, 2);
    await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    const res = await admin.browser.get(`/api/admin/application-groups/${group.groupId}`);
    expect(res.status).toBe(200);
    const entries = await res.json();
    expect(entries.map((e: { application: { id: number; groupId: number }; user: { id: number } }) => [e.application.id, e.application.groupId, e.user.id])).toEqual(
      group.applications.map((a) => [a.id, group.groupId, user.id]),
    );
    expect((await admin.browser.get('/api/admin/application-groups/999999')).status).toBe(404);
    expect((await browser.get(`/api/admin/application-groups/${group.groupId}`)).status).toBe(403);
  });

  it('a traveller of a family application is not paid for alone', async () => {
    const { browser, group } = await createFamily(t, 2);
    const res = await browser.post(`/api/payments/initial/${group.applications[1]!.id}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: GROUP_MESSAGES.groupFeeOnly });
  });

  it('only its maker pays: another applicant gets 404, an admin 403, a visitor 401', async () => {
    const { group } = await createFamily(t, 2);
    const other = await signUp(t.app);
    const admin = await signInAdmin(t);
    for (const url of [`/api/payments/initial-group/${group.groupId}`, `/api/payments/initial-group/confirm/${group.groupId}`]) {
      const body = url.includes('confirm') ? { paymentIntentId: 'pi_x' } : undefined;
      expect((await other.browser.post(url, body)).status).toBe(404);
      expect((await admin.browser.post(url, body)).status).toBe(403);
    }
    expect((await other.browser.post('/api/payments/initial-group/999999')).status).toBe(404);
    expect((await other.browser.post('/api/payments/initial-group/abc')).status).toBe(400);
  });
});

describe.each(PAYMENT_PROVIDERS)('family applications: the initial fees paid once ($name)', (kind) => {
  const on = appOnProvider(kind);

  it('charges £10 × N once and moves every application to application_created with the same payment', async () => {
    const { browser, group } = await createFamily(on.t, 4);
    const started = await browser.post(`/api/payments/initial-group/${group.groupId}`);
    expect(started.status).toBe(200);
    const intent = await started.json();
    expect(intent).toEqual({ clientSecret: expect.any(String), paymentIntentId: expect.any(String), amount: 4000, currency: 'gbp' });
    // Asking again reuses the open payment.
    expect((await (await browser.post(`/api/payments/initial-group/${group.groupId}`)).json()).paymentIntentId).toBe(intent.paymentIntentId);

    await on.provider.charge(browser, intent.paymentIntentId);
    on.t.clock.advance(60_000);
    const confirmed = await browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: intent.paymentIntentId });
    expect(confirmed.status).toBe(200);
    const body = await confirmed.json();
    expect(body.recorded).toBe(true);
    expect(body.applications.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual(group.applications.map((a) => [a.id, 'application_created']));

    const stored = await on.t.ports.groups.listApplications(group.groupId);
    const paidAt = stored[0]!.initialPaymentAt;
    expect(paidAt).not.toBeNull();
    for (const application of stored) {
      expect(application).toMatchObject({ status: 'application_created', initialPaymentId: intent.paymentIntentId, initialPaymentAt: paidAt, guaranteeDeadline: stored[0]!.guaranteeDeadline });
      expect(await on.t.ports.payments.listByApplication(application.id)).toEqual([
        expect.objectContaining({ type: 'initial', providerPaymentId: intent.paymentIntentId, amount: 1000, currency: 'gbp', status: 'succeeded' }),
      ]);
      expect((await on.t.ports.history.listByApplication(application.id)).map((h) => h.toStatus)).toEqual(['application_created']);
    }
    expect(await on.t.ports.analytics.list({ name: 'family_fees_paid' })).toEqual([expect.objectContaining({ properties: expect.objectContaining({ groupSize: 4, amount: 4000 }) })]);
    // Its one receipt names the card each provider reports for the Visa test card.
    expect(await on.t.ports.receipts.findByKey(`payment:${intent.paymentIntentId}`)).toMatchObject({ amount: 4000, card: { brand: 'visa', last4: '4242' }, applicationId: group.applications[0]!.id });

    // A replay changes nothing; a new payment is not opened.
    const replay = await browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: intent.paymentIntentId });
    expect(replay.status).toBe(200);
    expect((await replay.json()).recorded).toBe(false);
    const again = await browser.post(`/api/payments/initial-group/${group.groupId}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: GROUP_MESSAGES.alreadyPaid });
    for (const application of stored) expect(await on.t.ports.payments.listByApplication(application.id)).toHaveLength(1);
  });

  it('paid at the provider but never confirmed: starting again records it for the whole family', async () => {
    const { browser, group } = await createFamily(on.t, 2);
    const intent = await (await browser.post(`/api/payments/initial-group/${group.groupId}`)).json();
    await on.provider.charge(browser, intent.paymentIntentId);
    const again = await browser.post(`/api/payments/initial-group/${group.groupId}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'The initial fee has already been paid.' });
    for (const application of await on.t.ports.groups.listApplications(group.groupId)) {
      expect(application).toMatchObject({ status: 'application_created', initialPaymentId: intent.paymentIntentId });
    }
  });

  it('an unpaid payment, or one made for a single application, records nothing', async () => {
    const { browser, group } = await createFamily(on.t, 2);
    const intent = await (await browser.post(`/api/payments/initial-group/${group.groupId}`)).json();
    const unpaid = await browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: intent.paymentIntentId });
    expect(unpaid.status).toBe(402);

    const single = await applicantWithApplication(on.t);
    const singleIntent = await (await single.browser.post(`/api/payments/initial/${single.application.id}`)).json();
    await on.provider.charge(single.browser, singleIntent.paymentIntentId);
    const foreign = await browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: singleIntent.paymentIntentId });
    expect(foreign.status).toBe(402);
    for (const application of await on.t.ports.groups.listApplications(group.groupId)) {
      expect(application).toMatchObject({ status: 'online_entry', initialPaymentId: null });
      expect(await on.t.ports.payments.listByApplication(application.id)).toEqual([]);
    }
  });
});

describe('family applications on Stripe: the webhook', () => {
  let t: TestAgency;
  let stripe: StripeTestServer;
  beforeEach(async () => {
    stripe = await startStripeServer();
    t = await makeMemoryApp({ overrides: { gateway: new StripePaymentGateway(stripe.config) } });
  });
  afterEach(async () => {
    await t.close();
    await stripe.stop();
  });

  it('the provider’s webhook (and its replays) records the family’s payment once, before the browser confirms', async () => {
    const { browser, group } = await createFamily(t, 3);
    const intent = await (await browser.post(`/api/payments/initial-group/${group.groupId}`)).json();
    stripe.succeed(intent.paymentIntentId);
    const { payload, signature } = stripe.signedEvent(intent.paymentIntentId);
    const deliveries = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.app.request('http://localhost:3000/api/payments/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }),
      ),
    );
    expect(deliveries.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const application of await t.ports.groups.listApplications(group.groupId)) {
      expect(application).toMatchObject({ status: 'application_created', initialPaymentId: intent.paymentIntentId });
      expect(await t.ports.payments.listByApplication(application.id)).toHaveLength(1);
    }
    const late = await browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: intent.paymentIntentId });
    expect(late.status).toBe(200);
    expect((await late.json()).recorded).toBe(false);
  });
});

const databases: [string, () => PersistenceHarness | Promise<PersistenceHarness>][] = [
  ['SQLite', () => sqliteHarness()],
  ['PostgreSQL', () => postgresHarness()],
];

describe.each(databases)('family applications on %s: races and replays of the group confirmation', (_name, makeHarness) => {
  let harness: PersistenceHarness;
  let t: TestAgency;
  let gateway: MemoryPaymentGateway;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(async () => {
    await harness.dispose();
  });
  beforeEach(async () => {
    gateway = new MemoryPaymentGateway();
    t = await makeAppOn(await harness.create(), { overrides: { gateway } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('eight confirmations at once (browser, replays, the webhook path) record the family’s payment exactly once', async () => {
    const { browser, group } = await createFamily(t, 3);
    const intent = await (await browser.post(`/api/payments/initial-group/${group.groupId}`)).json();
    expect(intent.amount).toBe(3000);
    gateway.succeed(intent.paymentIntentId);

    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => browser.post(`/api/payments/initial-group/confirm/${group.groupId}`, { paymentIntentId: intent.paymentIntentId })),
      // What a webhook or reconciliation does: confirm the lead application's initial fee.
      t.agency.useCases.confirmPayment(null, group.applications[0]!.id, 'initial', intent.paymentIntentId).then((r) => ({ status: 200, json: async () => r })),
      t.agency.useCases.confirmPayment(null, group.applications[2]!.id, 'initial', intent.paymentIntentId).then((r) => ({ status: 200, json: async () => r })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const recorded = (await Promise.all(answers.map(async (a) => (await a.json()).recorded))).filter(Boolean);
    expect(recorded).toEqual([true]);

    const stored = await t.ports.groups.listApplications(group.groupId);
    expect(stored.map((a) => [a.status, a.initialPaymentId, a.version])).toEqual(stored.map(() => ['application_created', intent.paymentIntentId, 2]));
    for (const application of stored) {
      expect(await t.ports.payments.listByApplication(application.id)).toEqual([expect.objectContaining({ providerPaymentId: intent.paymentIntentId, amount: 1000 })]);
      expect(await t.ports.history.listByApplication(application.id)).toHaveLength(1);
      // One receipt for the one payment, listed under every traveller.
      expect((await t.ports.receipts.listForApplication(application)).map((r) => [r.number, r.amount, r.lines.length])).toEqual([[expect.stringMatching(/^R-\d{4}-000001$/), 3000, 3]]);
    }
    expect(await t.ports.analytics.list({ name: 'family_fees_paid' })).toHaveLength(1);
  });

  it('a change to one traveller while confirming does not split the family: all are paid, or none', async () => {
    const { browser, group } = await createFamily(t, 2);
    const members = await t.ports.groups.listApplications(group.groupId);
    // A stale version for the second traveller: the whole commit is refused and nothing is written.
    const result = await t.ports.groups.commitAll(members.map((m, i) => ({ application: { ...m, initialPaymentId: 'pi_partial' }, expectedVersion: i === 1 ? m.version + 5 : m.version })));
    expect(result).toEqual({ outcome: 'stale' });
    expect((await t.ports.groups.listApplications(group.groupId)).map((a) => [a.initialPaymentId, a.version])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    void browser;
  });
});
