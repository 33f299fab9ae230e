import { describe, expect, it } from 'vitest';
import type { LoadedApplication } from '../../adapters/persistence/persistence.js';
import { anApplication, aPayment, aUser } from '../contracts/persistence-fixtures.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { signInAdmin, signInStaff, type TestAgency } from '../support/http.js';

/**
 * The government fee shield (docs/product.md §2.16, decision 0033) on every database: the traveller's
 * price never changes; when Egypt's fee in force on the day staff pay the portal is higher than on
 * the day the traveller paid us, the ledger records both fees and the rise the agency absorbed, and
 * the revenue report sums it per month (JSON and CSV). The clock stands at 23 November 2026.
 */
const z = (iso: string) => new Date(`${iso}Z`);

/** Egypt's fee over the autumn: up to US$30 on 15 October, US$45 on 10 November, down to US$35 on 20 November. */
const FEES = [
  { effectiveFrom: '2026-10-15', amountCents: 3000, pence: 2370 },
  { effectiveFrom: '2026-11-10', amountCents: 4500, pence: 3555 },
  { effectiveFrom: '2026-11-20', amountCents: 3500, pence: 2765 },
];

function paidApplication(userId: number, n: number, travellerPaidAt: Date | null): LoadedApplication {
  return {
    application: anApplication(userId, {
      status: travellerPaidAt ? 'verified' : 'online_entry',
      createdAt: z('2026-09-30T08:00:00'),
      updatedAt: travellerPaidAt ?? z('2026-09-30T08:00:00'),
      initialPaymentId: travellerPaidAt ? `pi_shield${n}` : null,
      initialPaymentAt: travellerPaidAt,
    }),
    payments: travellerPaidAt ? [aPayment({ userId, type: 'initial', amount: 1000, providerPaymentId: `pi_shield${n}`, createdAt: travellerPaidAt })] : [],
    history: [],
    documents: [],
    finalFeeWaived: false,
  };
}

describe.each(appDatabases())('the government fee shield on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function setup(travellerPaid: (Date | null)[]) {
    for (const fee of FEES) await t.ports.governmentFees.set({ ...fee, createdAt: z('2026-10-01T00:00:00'), createdBy: null });
    const bulk = t.agency.persistence.bulk;
    const [owner] = await bulk.insertUsers([aUser({ createdAt: z('2026-09-01T00:00:00') })]);
    const ids = await bulk.insertApplications(travellerPaid.map((at, n) => paidApplication(owner!, n, at)));
    const admin = await signInAdmin(t);
    const pay = async (id: number, governmentFeeCents: number, paidAt: string) => {
      const res = await admin.browser.put(`/api/admin/applications/${id}/portal`, { reference: `EG-${id}`, state: 'submitted', governmentFeeCents, governmentFeeCurrency: 'USD', paidAt });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    return { ids, admin, pay };
  }

  it('records both fees and the rise the agency absorbed when the fee went up between the two payments', async () => {
    // Paid us on 2 November (US$30 in force); the portal paid on 12 November (US$45).
    const { ids, admin, pay } = await setup([z('2026-11-02T09:00:00')]);
    const written = await pay(ids[0]!, 4500, '2026-11-12');
    expect(written).toMatchObject({ governmentFeeCents: 4500, governmentFeePence: 3555, feeAtPaymentCents: 3000, feeAtPaymentPence: 2370, absorbedFeeCents: 1500, absorbedFeePence: 1185 });
    // Stored as written, and the audit says what the shield recorded.
    expect(await t.ports.portal.find(ids[0]!)).toMatchObject({ feeAtPaymentCents: 3000, feeAtPaymentPence: 2370, absorbedFeeCents: 1500, absorbedFeePence: 1185 });
    const read = (await (await admin.browser.get(`/api/admin/applications/${ids[0]}/portal`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ feeAtPaymentCents: 3000, absorbedFeeCents: 1500, absorbedFeePence: 1185 });
    // The traveller's price did not move: one payment of £10.00, nothing asked for.
    expect((await t.ports.payments.listByApplication(ids[0]!)).map((p) => p.amount)).toEqual([1000]);
  });

  it('absorbs nothing when the fee is the same or lower, and records nothing before the traveller has paid', async () => {
    const { ids, pay } = await setup([z('2026-11-11T09:00:00'), z('2026-11-12T09:00:00'), null]);
    // Same fee (US$45 both days).
    expect(await pay(ids[0]!, 4500, '2026-11-12')).toMatchObject({ feeAtPaymentCents: 4500, feeAtPaymentPence: 3555, absorbedFeeCents: 0, absorbedFeePence: 0 });
    // Lower: US$45 when the traveller paid, US$35 at submission — no saving passed on, nothing absorbed.
    expect(await pay(ids[1]!, 3500, '2026-11-21')).toMatchObject({ governmentFeePence: 2765, feeAtPaymentCents: 4500, absorbedFeeCents: 0, absorbedFeePence: 0 });
    // No payment from the traveller: no claim either way.
    expect(await pay(ids[2]!, 3500, '2026-11-21')).toMatchObject({ feeAtPaymentCents: null, feeAtPaymentPence: null, absorbedFeeCents: null, absorbedFeePence: null });
  });

  it('the revenue report sums the fee changes absorbed per month, beside the government fees, in JSON and CSV', async () => {
    const { ids, pay } = await setup([z('2026-10-01T09:00:00'), z('2026-11-02T09:00:00'), z('2026-11-11T09:00:00'), z('2026-11-12T09:00:00')]);
    await pay(ids[0]!, 3000, '2026-10-20'); // US$25 → US$30: 500 cents at £23.70 per US$30 = £3.95
    await pay(ids[1]!, 4500, '2026-11-12'); // US$30 → US$45: £11.85
    await pay(ids[2]!, 4500, '2026-11-12'); // same: 0
    await pay(ids[3]!, 3500, '2026-11-21'); // lower: 0
    const finance = await signInStaff(t, 'finance');
    const range = 'from=2026-10-01&to=2026-11-23';
    const summary = (await (await finance.browser.get(`/api/admin/reports/summary?${range}`)).json()) as { revenue: Record<string, unknown>[] };
    expect(summary.revenue).toEqual([
      { month: '2026-10', initialPence: 1000, finalPence: 0, refundedPence: 0, governmentFeePence: 2370, absorbedFeePence: 395, marginPence: 1000 - 2370 },
      { month: '2026-11', initialPence: 3000, finalPence: 0, refundedPence: 0, governmentFeePence: 3555 + 3555 + 2765, absorbedFeePence: 1185, marginPence: 3000 - 9875 },
    ]);
    const csv = await (await finance.browser.get(`/api/admin/reports/summary?${range}&format=csv`)).text();
    expect(csv).toContain('revenue,2026-10,fee_changes_absorbed_pence,395');
    expect(csv).toContain('revenue,2026-11,fee_changes_absorbed_pence,1185');
  });
});
