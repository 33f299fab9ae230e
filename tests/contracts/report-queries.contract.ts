import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedApplication, Persistence } from '../../adapters/persistence/persistence.js';
import type { ApplicationStatus } from '../../core/domain/status.js';
import { anApplication, aPayment, aUser, type MakePersistence } from './persistence-fixtures.js';
import { statusChange } from '../../core/domain/status-history.js';

/**
 * The reports' aggregates against a known dataset: every figure is checked against what this file
 * works out from its own records with plain loops (never the adapter's or the core's helpers).
 * Instants sit on London midnights either side of the clocks going forward (Sunday 29 March 2026,
 * 01:00 UTC): March is [1 Mar 00:00Z, 31 Mar 23:00Z) in UTC, April starts at 23:00Z the day before.
 */
const z = (iso: string) => new Date(`${iso}Z`);
const HOUR = 3_600_000;

// Windows as instants, written out by hand (London days → UTC).
const FEB_FROM_15 = { start: z('2026-02-15T00:00:00'), end: z('2026-03-01T00:00:00') };
const MARCH = { start: z('2026-03-01T00:00:00'), end: z('2026-03-31T23:00:00') };
const APRIL_TO_10 = { start: z('2026-03-31T23:00:00'), end: z('2026-04-10T23:00:00') };
const WHOLE = { start: FEB_FROM_15.start, end: APRIL_TO_10.end };
const WEEKS = [
  { weekStart: '2026-03-23', window: { start: z('2026-03-23T00:00:00'), end: z('2026-03-29T23:00:00') } },
  { weekStart: '2026-03-30', window: { start: z('2026-03-29T23:00:00'), end: z('2026-04-05T23:00:00') } },
  { weekStart: '2026-04-06', window: { start: z('2026-04-05T23:00:00'), end: z('2026-04-12T23:00:00') } },
];

/** One application of the dataset, as this file knows it. */
interface Spec {
  nationality: string;
  createdAt: Date;
  /** When the initial fee was confirmed (and paid, £10), or null. */
  paidAt: Date | null;
  deadline: Date | null;
  /** The status-history entries after application_created: [to, at]. */
  moves: [ApplicationStatus, Date][];
  cancelled?: boolean;
  postcode?: boolean;
  /** The final fee: paid (£39 at that instant) or waived (at that instant). */
  final?: { kind: 'paid' | 'waived'; at: Date };
}

const DECISIONS: ApplicationStatus[] = ['approved', 'rejected', 'final_payment_received'];

const SPECS: Spec[] = [
  // Decided on March's first instant, on time.
  {
    nationality: 'France',
    createdAt: z('2026-02-20T10:00:00'),
    paidAt: z('2026-02-24T09:00:00'),
    deadline: z('2026-03-03T23:59:59.999'),
    moves: [['approved', z('2026-03-01T00:00:00')]],
    postcode: true,
    final: { kind: 'paid', at: z('2026-03-01T09:00:00') },
  },
  // Decided a millisecond before March (February), on time.
  { nationality: 'France', createdAt: z('2026-02-16T10:00:00'), paidAt: z('2026-02-16T11:00:00'), deadline: z('2026-02-23T23:59:59.999'), moves: [['rejected', z('2026-02-28T23:59:59.999')]] },
  // Decided on March's last instant (22:59:59.999Z is 23:59:59.999 BST), late.
  {
    nationality: 'Germany',
    createdAt: z('2026-03-20T08:00:00'),
    paidAt: z('2026-03-20T09:00:00'),
    deadline: z('2026-03-27T23:59:59.999'),
    moves: [['approved', z('2026-03-31T22:59:59.999')]],
    postcode: true,
  },
  // Decided at April's first instant (00:00 BST), on time; the final fee paid in April.
  {
    nationality: 'Germany',
    createdAt: z('2026-03-30T08:00:00'),
    paidAt: z('2026-03-30T09:00:00'),
    deadline: z('2026-04-06T22:59:59.999'),
    moves: [['approved', z('2026-03-31T23:00:00')]],
    postcode: true,
    final: { kind: 'paid', at: z('2026-04-02T10:00:00') },
  },
  // Decided across the clock change (Sunday 00:30 GMT), exactly at its deadline: on time.
  { nationality: 'Egypt', createdAt: z('2026-03-20T08:00:00'), paidAt: z('2026-03-20T12:00:00'), deadline: z('2026-03-29T00:30:00'), moves: [['rejected', z('2026-03-29T00:30:00')]] },
  // Paused for more information (the deadline moved on by two working days), then approved in time.
  {
    nationality: 'Egypt',
    createdAt: z('2026-03-09T08:00:00'),
    paidAt: z('2026-03-09T09:00:00'),
    deadline: z('2026-03-18T23:59:59.999'),
    moves: [
      ['additional_info_required', z('2026-03-11T10:00:00')],
      ['under_process', z('2026-03-13T10:00:00')],
      ['approved', z('2026-03-17T15:00:00')],
    ],
    postcode: true,
    final: { kind: 'paid', at: z('2026-03-18T08:00:00') },
  },
  // Approved late: straight to final_payment_received, the final fee waived.
  {
    nationality: 'India',
    createdAt: z('2026-03-02T08:00:00'),
    paidAt: z('2026-03-02T10:00:00'),
    deadline: z('2026-03-09T23:59:59.999'),
    moves: [['final_payment_received', z('2026-03-12T16:00:00')]],
    postcode: true,
    final: { kind: 'waived', at: z('2026-03-12T16:00:00') },
  },
  // Cancelled by the applicant (rejected by the cancellation): not counted.
  {
    nationality: 'India',
    createdAt: z('2026-03-03T08:00:00'),
    paidAt: z('2026-03-03T10:00:00'),
    deadline: z('2026-03-10T23:59:59.999'),
    moves: [['rejected', z('2026-03-05T10:00:00')]],
    cancelled: true,
  },
  // Rejected before paying: no guarantee clock, not counted.
  { nationality: 'Brazil', createdAt: z('2026-03-04T08:00:00'), paidAt: null, deadline: null, moves: [['rejected', z('2026-03-06T10:00:00')]] },
  // Approved on Monday 00:30 BST (the week of 30 March), the final fee paid days later: the decision is the approval.
  {
    nationality: 'Brazil',
    createdAt: z('2026-03-23T08:00:00'),
    paidAt: z('2026-03-23T09:00:00'),
    deadline: z('2026-03-30T22:59:59.999'),
    moves: [
      ['approved', z('2026-03-29T23:30:00')],
      ['final_payment_received', z('2026-04-01T09:00:00')],
    ],
    postcode: true,
    final: { kind: 'paid', at: z('2026-04-01T09:00:00') },
  },
  // Still being processed (created on March's first day, paid in March).
  { nationality: 'Zambia', createdAt: z('2026-03-01T00:00:00'), paidAt: z('2026-03-01T00:10:00'), deadline: z('2026-03-06T23:59:59.999'), moves: [['under_process', z('2026-03-02T08:00:00')]] },
  // Created on April's first instant, nothing paid.
  { nationality: 'Zambia', createdAt: z('2026-03-31T23:00:00'), paidAt: null, deadline: null, moves: [] },
  // Created before the report's range.
  { nationality: 'Chile', createdAt: z('2026-02-14T23:59:59.999'), paidAt: z('2026-02-15T09:00:00'), deadline: z('2026-02-20T23:59:59.999'), moves: [['approved', z('2026-04-08T09:00:00')]] },
];

const statusOf = (spec: Spec): ApplicationStatus => spec.moves.at(-1)?.[0] ?? (spec.paidAt ? 'application_created' : 'online_entry');
const within = (at: Date, w: { start: Date; end: Date }) => at.getTime() >= w.start.getTime() && at.getTime() < w.end.getTime();

/** This file's own percentile (linear interpolation between ranks). */
function interpolated(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low] + (sorted[Math.ceil(rank)] - sorted[low]) * (rank - low);
}

function firstDecision(spec: Spec): Date | null {
  for (const [to, at] of spec.moves) if (DECISIONS.includes(to)) return at;
  return null;
}

function expectedDecisions(w: { start: Date; end: Date }) {
  let finished = 0;
  let onTime = 0;
  const tenths: number[] = [];
  for (const spec of SPECS) {
    const decided = firstDecision(spec);
    if (!decided || !spec.paidAt || spec.cancelled || !within(decided, w)) continue;
    finished += 1;
    if (decided.getTime() <= spec.deadline!.getTime()) onTime += 1;
    // Turnarounds count in whole tenths of an hour, rounded down.
    tenths.push(Math.floor((decided.getTime() - spec.paidAt.getTime()) / (HOUR / 10)));
  }
  // The percentile in tenths, rounded to a whole tenth (halves up): hours to one decimal.
  const hours = (fraction: number) => {
    const value = interpolated(tenths, fraction);
    return value === null ? null : Math.round(value) / 10;
  };
  return { finished, withinGuarantee: onTime, medianHours: hours(0.5), p90Hours: hours(0.9) };
}

function loadedOf(spec: Spec, userId: number, n: number): LoadedApplication {
  const status = statusOf(spec);
  const approval = spec.moves.find(([to]) => to === 'approved' || to === 'final_payment_received')?.[1] ?? null;
  const last = spec.moves.at(-1)?.[1] ?? spec.createdAt;
  const history: LoadedApplication['history'] = [];
  let from: ApplicationStatus = 'online_entry';
  if (spec.paidAt) {
    history.push({ fromStatus: from, toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: spec.paidAt });
    from = 'application_created';
  }
  for (const [to, at] of spec.moves) {
    history.push({ fromStatus: from, toStatus: to, changedBy: null, changedByName: 'staff@example.com', message: null, changedAt: at });
    from = to;
  }
  const payments: LoadedApplication['payments'] = [];
  if (spec.paidAt) payments.push(aPayment({ userId, type: 'initial', amount: 1000, providerPaymentId: `pi_r${n}_i`, createdAt: spec.paidAt }));
  if (spec.final?.kind === 'paid') payments.push(aPayment({ userId, type: 'final', amount: 3900, providerPaymentId: `pi_r${n}_f`, createdAt: spec.final.at }));
  if (spec.final?.kind === 'waived') payments.push(aPayment({ userId, type: 'final', amount: 0, providerPaymentId: null, status: 'waived', createdAt: spec.final.at }));
  return {
    application: anApplication(
      userId,
      {
        status,
        createdAt: spec.createdAt,
        updatedAt: last,
        initialPaymentId: spec.paidAt ? `pi_r${n}_i` : null,
        initialPaymentAt: spec.paidAt,
        guaranteeDeadline: spec.deadline,
        approvedAt: approval,
        finalPaymentId: spec.final?.kind === 'paid' ? `pi_r${n}_f` : null,
        cancelledAt: spec.cancelled ? spec.moves.at(-1)![1] : null,
        ...(spec.postcode ? { address: '1 Nile Street', city: 'Cairo', postcode: '11511', hotelDetails: 'Nile Hotel' } : {}),
      },
      { nationality: spec.nationality },
    ),
    payments,
    history,
    documents: [],
    finalFeeWaived: spec.final?.kind === 'waived',
  };
}

/** Refunds: [index of the spec whose initial fee is refunded, pence, how it ends, when]. */
const REFUNDS: [number, number, 'succeeded' | 'failed' | 'waiting', Date][] = [
  [0, 1000, 'succeeded', z('2026-03-02T10:00:00')],
  [2, 500, 'succeeded', z('2026-03-31T22:59:59.999')],
  [3, 1000, 'succeeded', z('2026-03-31T23:00:00')],
  [4, 1000, 'failed', z('2026-03-10T10:00:00')],
  [5, 300, 'waiting', z('2026-03-10T10:00:00')],
];

/**
 * The government fees the portal ledger booked as paid: [index of the spec, when paid, pence booked
 * (null: paid while no fee configuration was in effect, counted as nothing), pence of a fee rise the
 * agency absorbed (the shield, decision 0033; null: not recorded)].
 */
const GOVERNMENT_FEES: [number, Date, number | null, number | null][] = [
  [0, z('2026-02-28T23:59:59.999'), 1975, 0],
  [3, z('2026-03-31T22:59:59.999'), 1975, null],
  [5, z('2026-03-31T23:00:00'), 3555, 1580],
  [6, z('2026-04-02T10:00:00'), null, null],
];

/** Accounts: [created, staff?]. The applications' own owners are created before the range. */
const ACCOUNTS: [Date, boolean][] = [
  [z('2026-02-15T00:00:00'), false],
  [z('2026-02-14T23:59:59.999'), false],
  [z('2026-03-29T01:30:00'), false],
  [z('2026-03-31T23:00:00'), false],
  [z('2026-04-10T22:59:59.999'), false],
  [z('2026-04-10T23:00:00'), false],
  [z('2026-03-10T10:00:00'), true],
];

/** The last day the rollups are brought up to in the rolled-up run (after every instant of the dataset). */
const THROUGH = '2026-04-30';

export function describeReportQueriesContract(name: string, makeAdapter: MakePersistence): void {
  // Each figure twice: counted from the rows, and with every day rolled up first (a SQL store's
  // rollups must answer exactly what the rows do; the memory store has none to keep).
  for (const rolled of [false, true]) describeFigures(`${name}: ReportQueries${rolled ? ' (rolled up)' : ''}`, makeAdapter, rolled);
}

function describeFigures(title: string, makeAdapter: MakePersistence, rolled: boolean): void {
  describe(title, () => {
    let p: Persistence;
    let ids: number[];
    beforeEach(async () => {
      p = await makeAdapter();
      const [owner] = await p.bulk.insertUsers([aUser({ createdAt: z('2026-01-01T00:00:00') })]);
      ids = await p.bulk.insertApplications(SPECS.map((spec, n) => loadedOf(spec, owner!, n)));
      await p.bulk.insertUsers(ACCOUNTS.map(([createdAt, staff]) => aUser({ createdAt, isAdmin: staff, role: staff ? 'finance' : null })));
      for (const [index, amount, ending, at] of REFUNDS) {
        const { refund } = await p.refunds.request(ids[index]!, {
          paymentType: 'initial',
          amount,
          reason: 'Goodwill',
          source: 'staff',
          status: 'pending',
          requestedBy: null,
          requestedByName: 'staff@example.com',
          createdAt: z('2026-02-01T00:00:00'),
        });
        if (ending === 'succeeded') await p.refunds.settle(refund.id, { status: 'succeeded', gatewayRefundId: `re_${refund.id}`, creditNote: null, mails: [] }, at);
        if (ending === 'failed') await p.refunds.settle(refund.id, { status: 'failed', gatewayRefundId: null, failureReason: 'Card closed' }, at);
      }
      for (const [index, paidAt, pence, absorbed] of GOVERNMENT_FEES) {
        const shield =
          absorbed === null
            ? { feeAtPaymentCents: null, feeAtPaymentPence: null, absorbedFeeCents: null, absorbedFeePence: null }
            : { feeAtPaymentCents: 2500, feeAtPaymentPence: 1975, absorbedFeeCents: absorbed === 0 ? 0 : 2000, absorbedFeePence: absorbed };
        const write = { reference: `EG-${index}`, state: 'granted' as const, governmentFeeCents: 2500, governmentFeeCurrency: 'USD' as const, governmentFeePence: pence, ...shield };
        const saved = await p.portal.save(ids[index]!, { ...write, paidAt, receipt: null, updatedAt: paidAt, updatedBy: null }, 0);
        expect(saved).not.toBe('stale');
      }
      if (rolled) expect((await p.reports.refreshRollups(THROUGH, 10_000)).pending).toBe(0);
    });
    afterEach(async () => {
      await p.close();
    });

    it('counts the decisions of a window (first decision only, cancelled and unpaid left out) and their turnaround', async () => {
      for (const w of [MARCH, FEB_FROM_15, APRIL_TO_10, WHOLE]) {
        const found = await p.reports.decisions(w);
        const expected = expectedDecisions(w);
        expect({ ...found, medianHours: null, p90Hours: null }).toEqual({ ...expected, medianHours: null, p90Hours: null });
        for (const key of ['medianHours', 'p90Hours'] as const) {
          if (expected[key] === null) expect(found[key]).toBeNull();
          else expect(found[key]).toBeCloseTo(expected[key]!, 6);
        }
      }
      // Sanity of the dataset itself: March has late and on-time decisions.
      const march = expectedDecisions(MARCH);
      expect(march.finished).toBeGreaterThan(march.withinGuarantee);
      expect(march.withinGuarantee).toBeGreaterThan(0);
      expect(await p.reports.decisions({ start: z('2025-01-01T00:00:00'), end: z('2025-02-01T00:00:00') })).toEqual({ finished: 0, withinGuarantee: 0, medianHours: null, p90Hours: null });
    });

    it('counts each week of the record on its own, in the order given', async () => {
      const found = await p.reports.decisionsByWeek(WEEKS);
      expect(found).toEqual(WEEKS.map((w) => ({ weekStart: w.weekStart, finished: expectedDecisions(w.window).finished, withinGuarantee: expectedDecisions(w.window).withinGuarantee })));
      expect(found.map((w) => w.finished)).toEqual([1, 3, 1]);
      expect(await p.reports.decisionsByWeek([])).toEqual([]);
    });

    it('counts the waived final fees of a window', async () => {
      for (const w of [MARCH, APRIL_TO_10]) {
        let count = 0;
        for (const spec of SPECS) if (spec.final?.kind === 'waived' && within(spec.final.at, w)) count += 1;
        expect(await p.reports.waivers(w)).toEqual({ count });
      }
      expect((await p.reports.waivers(MARCH)).count).toBe(1);
    });

    it('sums the refunds that succeeded in a window, by when they succeeded', async () => {
      for (const w of [MARCH, APRIL_TO_10, WHOLE]) {
        let count = 0;
        let pence = 0;
        for (const [, amount, ending, at] of REFUNDS) {
          if (ending === 'succeeded' && within(at, w)) {
            count += 1;
            pence += amount;
          }
        }
        expect(await p.reports.refunds(w)).toEqual({ count, pence });
      }
      expect(await p.reports.refunds(MARCH)).toEqual({ count: 2, pence: 1500 });
    });

    it('sums the fees received, the refunds and the government fees booked per month, each month its own window', async () => {
      const months = [
        { month: '2026-02', window: FEB_FROM_15 },
        { month: '2026-03', window: MARCH },
        { month: '2026-04', window: APRIL_TO_10 },
      ];
      const expected = months.map((m) => {
        let initialPence = 0;
        let finalPence = 0;
        let refundedPence = 0;
        for (const spec of SPECS) {
          if (spec.paidAt && within(spec.paidAt, m.window)) initialPence += 1000;
          if (spec.final?.kind === 'paid' && within(spec.final.at, m.window)) finalPence += 3900;
        }
        for (const [, amount, ending, at] of REFUNDS) if (ending === 'succeeded' && within(at, m.window)) refundedPence += amount;
        let governmentFeePence = 0;
        let absorbedFeePence = 0;
        for (const [, paidAt, pence, absorbed] of GOVERNMENT_FEES) {
          if (within(paidAt, m.window)) {
            governmentFeePence += pence ?? 0;
            absorbedFeePence += absorbed ?? 0;
          }
        }
        return { month: m.month, initialPence, finalPence, refundedPence, governmentFeePence, absorbedFeePence };
      });
      expect(await p.reports.revenue(months)).toEqual(expected);
      expect(expected[2]).toMatchObject({ finalPence: 7800, refundedPence: 1000, governmentFeePence: 3555, absorbedFeePence: 1580 });
      expect(expected[1]).toMatchObject({ governmentFeePence: 1975, absorbedFeePence: 0 });
      expect(await p.reports.revenue([])).toEqual([]);
    });

    it('counts a row written after the rollups at once, and the same after the next rollup', async () => {
      const months = [
        { month: '2026-02', window: FEB_FROM_15 },
        { month: '2026-03', window: MARCH },
        { month: '2026-04', window: APRIL_TO_10 },
      ];
      const before = await p.reports.revenue(months);
      // The February government fee (spec 0's) is corrected: paid in April, at another rate.
      const ledger = (await p.portal.find(ids[0]!))!;
      const moved = z('2026-04-03T12:00:00');
      const saved = await p.portal.save(ids[0]!, { ...ledger, paidAt: moved, governmentFeePence: 2000, updatedAt: moved }, ledger.version);
      expect(saved).not.toBe('stale');
      const expected = [{ ...before[0]!, governmentFeePence: before[0]!.governmentFeePence - 1975 }, before[1]!, { ...before[2]!, governmentFeePence: before[2]!.governmentFeePence + 2000 }];
      expect(await p.reports.revenue(months)).toEqual(expected);
      await p.reports.refreshRollups(THROUGH, 10_000);
      expect(await p.reports.revenue(months)).toEqual(expected);
      expect((await p.reports.refreshRollups(THROUGH, 10_000)).pending).toBe(0);
    });

    it('counts a corrected fee rise absorbed at once and after the next rollup (the fee itself unchanged)', async () => {
      const months = [{ month: '2026-04', window: APRIL_TO_10 }];
      const before = await p.reports.revenue(months);
      // Spec 5's fee (paid 1 April, London) stays; only the rise the agency absorbed is corrected.
      const ledger = (await p.portal.find(ids[5]!))!;
      const saved = await p.portal.save(ids[5]!, { ...ledger, absorbedFeeCents: 1000, absorbedFeePence: 790 }, ledger.version);
      expect(saved).not.toBe('stale');
      const expected = [{ ...before[0]!, absorbedFeePence: before[0]!.absorbedFeePence - 1580 + 790 }];
      expect(await p.reports.revenue(months)).toEqual(expected);
      await p.reports.refreshRollups(THROUGH, 10_000);
      expect(await p.reports.revenue(months)).toEqual(expected);
    });

    it('follows the cohort created in a window through the funnel, and counts applicant accounts only', async () => {
      for (const w of [MARCH, WHOLE, APRIL_TO_10]) {
        const cohort = SPECS.filter((spec) => within(spec.createdAt, w));
        let registered = 0;
        for (const [created, staff] of ACCOUNTS) if (!staff && within(created, w)) registered += 1;
        expect(await p.reports.registered(w)).toBe(registered);
        expect((await p.reports.cohort(w)).funnel).toEqual({
          applied: cohort.length,
          initialPaid: cohort.filter((spec) => spec.paidAt).length,
          addressGiven: cohort.filter((spec) => spec.postcode).length,
          approved: cohort.filter((spec) => spec.moves.some(([to]) => to === 'approved' || to === 'final_payment_received')).length,
          finalPaid: cohort.filter((spec) => spec.final?.kind === 'paid').length,
        });
      }
      expect(await p.reports.registered(WHOLE)).toBe(4);
    });

    it('counts the cohort by nationality, most first, ties by name', async () => {
      for (const w of [MARCH, WHOLE]) {
        const counts: Record<string, number> = {};
        for (const spec of SPECS) if (within(spec.createdAt, w)) counts[spec.nationality] = (counts[spec.nationality] ?? 0) + 1;
        const expected = Object.entries(counts)
          .map(([nationality, count]) => ({ nationality, count }))
          .sort((x, y) => y.count - x.count || (x.nationality < y.nationality ? -1 : 1));
        expect((await p.reports.cohort(w)).nationalities).toEqual(expected);
      }
      expect((await p.reports.cohort(MARCH)).nationalities.map((n) => n.nationality)).toEqual(['Brazil', 'Egypt', 'Germany', 'India', 'Zambia']);
    });

    it('a decision made through the store counts once, at its first decision, and leaves the figures when the application is erased', async () => {
      const user = await p.users.create(aUser({ createdAt: z('2025-12-01T00:00:00') }));
      const created = await p.applications.create(anApplication(user.id, { createdAt: z('2025-12-01T00:00:00'), updatedAt: z('2025-12-01T00:00:00') }));
      const paid = { ...created, status: 'under_process' as const, initialPaymentId: 'pi_store', initialPaymentAt: z('2025-12-01T10:00:00'), guaranteeDeadline: z('2025-12-08T23:59:59.999') };
      const move = async (application: typeof created, version: number, to: ApplicationStatus, at: Date) => {
        const result = await p.applications.commit({
          application: { ...application, status: to, updatedAt: at },
          expectedVersion: version,
          ...statusChange({ fromStatus: application.status, toStatus: to, changedBy: null, changedByName: 'staff@example.com', message: null, changedAt: at }),
        });
        if (result.outcome !== 'committed') throw new Error(result.outcome);
        return result.application;
      };
      const v2 = await move(paid, 1, 'under_process', z('2025-12-01T10:00:00'));
      const v3 = await move(v2, v2.version, 'approved', z('2025-12-03T10:00:00'));
      await move({ ...v3, finalPaymentId: 'pi_store_final' }, v3.version, 'final_payment_received', z('2025-12-20T10:00:00'));
      const december = { start: z('2025-12-01T00:00:00'), end: z('2026-01-01T00:00:00') };
      expect(await p.reports.decisions(december)).toEqual({ finished: 1, withinGuarantee: 1, medianHours: 48, p90Hours: 48 });
      await p.users.erase(user.id);
      expect((await p.reports.decisions(december)).finished).toBe(0);
    });
  });
}
