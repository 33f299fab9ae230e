import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, applicationForm, signInAdmin, type TestAgency, type TestBrowser } from '../support/http.js';

type Step = { at: string; kind: string; status?: string; message?: string };
type Owned = { id: number; status: string; timeline: Step[]; guarantee: { paused: boolean } };

/**
 * The signed-in dashboard's read (GET /api/applications) is built and prepared once per server and
 * database connection (docs/decisions/0025): whatever is written after its first use — a new
 * application, a fee paid, a refund given back, a reply — is in the next answer, on every database.
 */
describe.each(appDatabases())('the applicant’s list after changes on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  const list = async (browser: TestBrowser) => {
    const res = await browser.get('/api/applications');
    expect(res.status).toBe(200);
    return (await res.json()) as Owned[];
  };
  const kinds = (owned: Owned) => owned.timeline.map((s) => s.kind);

  it('answers each change on the next read: a new application, a payment, a refund, an information request and its reply', async () => {
    const owner = await applicantWithApplication(t);
    const first = owner.application.id;
    expect((await list(owner.browser)).map((a) => [a.id, a.timeline])).toEqual([[first, []]]);

    // Two more applications: the same read, now over three.
    const more: number[] = [];
    for (const givenName of ['Grace', 'Mary']) {
      t.clock.advance({ minutes: 1 });
      const res = await owner.browser.post('/api/applications', applicationForm(t.clock, { givenName, passportNumber: `P${givenName.toUpperCase()}1` }));
      expect(res.status).toBe(201);
      more.push(((await res.json()) as { id: number }).id);
    }
    expect((await list(owner.browser)).map((a) => a.id)).toEqual([more[1], more[0], first]);

    t.clock.advance({ minutes: 1 });
    const intent = (await (await owner.browser.post(`/api/payments/initial/${first}`)).json()) as { paymentIntentId: string };
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${first}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    let paid = (await list(owner.browser)).find((a) => a.id === first)!;
    expect(kinds(paid)).toEqual(['payment', 'status']);
    expect(paid.timeline[0]).toEqual({ at: t.clock.now().toISOString(), kind: 'payment', message: 'Initial fee paid: £10.00', fee: 'initial', amount: 1000, waived: false });
    expect((await list(owner.browser)).filter((a) => a.id !== first).map((a) => a.timeline)).toEqual([[], []]);

    const admin = await signInAdmin(t);
    t.clock.advance({ minutes: 1 });
    const refund = await admin.browser.post(`/api/admin/applications/${first}/refunds`, { paymentType: 'initial', amountPence: 400, reason: 'Goodwill: slow reply' });
    expect(refund.status).toBe(201);
    paid = (await list(owner.browser)).find((a) => a.id === first)!;
    expect(paid.timeline.at(-1)).toEqual({ at: t.clock.now().toISOString(), kind: 'refund', message: 'Refunded £4.00 of the initial fee to your card', fee: 'initial', amount: 400 });

    t.clock.advance({ minutes: 1 });
    const asked = await admin.browser.put(`/api/admin/applications/${first}/status`, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    expect(asked.status).toBe(200);
    paid = (await list(owner.browser)).find((a) => a.id === first)!;
    expect(paid).toMatchObject({ status: 'additional_info_required', guarantee: { paused: true } });
    expect(paid.timeline.at(-1)).toEqual({ at: t.clock.now().toISOString(), kind: 'status', status: 'additional_info_required', message: 'Please send your hotel booking.' });

    t.clock.advance({ minutes: 1 });
    expect((await owner.browser.upload(`/api/applications/${first}/reply`, { text: 'Booked at the Nile Hotel, Cairo.' })).status).toBe(201);
    paid = (await list(owner.browser)).find((a) => a.id === first)!;
    expect(kinds(paid)).toEqual(['payment', 'status', 'refund', 'status', 'reply']);
    expect(paid.guarantee.paused).toBe(false);

    // The one application's read says the same.
    const one = (await (await owner.browser.get(`/api/applications/${first}`)).json()) as Owned;
    expect(one.timeline).toEqual(paid.timeline);
  });
});
