import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedApplication } from '../../adapters/persistence/persistence.js';
import type { ApplicationStatus } from '../../core/domain/status.js';
import { anApplication, aPayment, aUser } from '../contracts/persistence-fixtures.js';
import { makeMemoryApp, signInStaff, signUp, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';

/**
 * The agency's numbers over HTTP (docs/product.md §17): the staff summary as JSON and CSV, its
 * range rules, who may read it, and the public on-time record, which must say what the status
 * history says. The clock stands at Monday 23 November 2026, 10:00 (GMT); British Summer Time ended
 * on Sunday 25 October, inside the record's 12 weeks.
 */
const z = (iso: string) => new Date(`${iso}Z`);
const HOUR = 3_600_000;
/** A turnaround counted in whole tenths of an hour (rounded down), as docs/product.md §17.1 defines it. */
const tenthsOf = (ms: number) => Math.floor(ms / (HOUR / 10));
/** A percentile of turnarounds in tenths, in hours to one decimal. */
const hoursOf = (tenths: number[], fraction: number) => Math.round(interpolated(tenths, fraction)!) / 10;

interface Spec {
  nationality: string;
  createdAt: Date;
  paidAt: Date;
  deadline: Date;
  decision: [ApplicationStatus, Date] | null;
  cancelled?: boolean;
  waived?: boolean;
}

const SPECS: Spec[] = [
  // Sunday 25 Oct 23:30 GMT: the week of 19 October (its last day, after the clocks went back). On time.
  { nationality: 'France', createdAt: z('2026-10-20T08:00:00'), paidAt: z('2026-10-20T09:00:00'), deadline: z('2026-10-27T23:59:59.999'), decision: ['approved', z('2026-10-25T23:30:00')] },
  // Monday 26 Oct 00:30: the week of 26 October. Late.
  { nationality: 'France', createdAt: z('2026-10-19T08:00:00'), paidAt: z('2026-10-19T10:00:00'), deadline: z('2026-10-23T22:59:59.999'), decision: ['rejected', z('2026-10-26T00:30:00')] },
  // Approved late: straight to final_payment_received, the final fee waived (week of 9 November).
  {
    nationality: 'India',
    createdAt: z('2026-11-02T08:00:00'),
    paidAt: z('2026-11-02T09:00:00'),
    deadline: z('2026-11-09T23:59:59.999'),
    decision: ['final_payment_received', z('2026-11-12T10:00:00')],
    waived: true,
  },
  // Sunday 22 Nov 23:59: the last complete week (16 November). On time.
  { nationality: 'Egypt', createdAt: z('2026-11-16T08:00:00'), paidAt: z('2026-11-16T10:00:00'), deadline: z('2026-11-23T23:59:59.999'), decision: ['approved', z('2026-11-22T23:59:00')] },
  // This week (not complete): in the summary, not in the record.
  { nationality: 'Egypt', createdAt: z('2026-11-17T08:00:00'), paidAt: z('2026-11-17T10:00:00'), deadline: z('2026-11-24T23:59:59.999'), decision: ['approved', z('2026-11-23T00:00:00')] },
  // Sunday 30 Aug 23:59 BST: the week of 24 August, before the record.
  { nationality: 'Chile', createdAt: z('2026-08-24T08:00:00'), paidAt: z('2026-08-24T09:00:00'), deadline: z('2026-08-31T22:59:59.999'), decision: ['approved', z('2026-08-30T22:59:00')] },
  // Monday 31 Aug 00:00 BST: the record's first week.
  { nationality: 'Chile', createdAt: z('2026-08-25T08:00:00'), paidAt: z('2026-08-25T09:00:00'), deadline: z('2026-09-01T22:59:59.999'), decision: ['approved', z('2026-08-30T23:00:00')] },
  // Cancelled by the applicant: never counted.
  {
    nationality: 'Brazil',
    createdAt: z('2026-11-03T08:00:00'),
    paidAt: z('2026-11-03T09:00:00'),
    deadline: z('2026-11-10T23:59:59.999'),
    decision: ['rejected', z('2026-11-04T10:00:00')],
    cancelled: true,
  },
  // Not decided yet.
  { nationality: 'Brazil', createdAt: z('2026-11-20T08:00:00'), paidAt: z('2026-11-20T09:00:00'), deadline: z('2026-11-27T23:59:59.999'), decision: null },
];

/** The record's 12 weeks as instants, written out by hand (Mondays before 26 October start at 23:00Z the day before). */
const RECORD_MONDAYS = ['2026-08-31', '2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'];
function mondayStart(monday: string): Date {
  const midnightZ = z(`${monday}T00:00:00`);
  return monday <= '2026-10-19' ? new Date(midnightZ.getTime() - HOUR) : midnightZ;
}
const RECORD_END = z('2026-11-23T00:00:00');

function loaded(spec: Spec, userId: number, n: number): LoadedApplication {
  const history: LoadedApplication['history'] = [
    { fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: spec.paidAt },
    { fromStatus: 'application_created', toStatus: 'under_process', changedBy: null, changedByName: 'staff@example.com', message: null, changedAt: new Date(spec.paidAt.getTime() + HOUR) },
  ];
  if (spec.decision) history.push({ fromStatus: 'under_process', toStatus: spec.decision[0], changedBy: null, changedByName: 'staff@example.com', message: null, changedAt: spec.decision[1] });
  const payments = [aPayment({ userId, type: 'initial', amount: 1000, providerPaymentId: `pi_h${n}`, createdAt: spec.paidAt })];
  if (spec.waived) payments.push(aPayment({ userId, type: 'final', amount: 0, providerPaymentId: null, status: 'waived', createdAt: spec.decision![1] }));
  const approved = spec.decision && spec.decision[0] !== 'rejected' ? spec.decision[1] : null;
  return {
    application: anApplication(
      userId,
      {
        status: spec.decision?.[0] ?? 'under_process',
        createdAt: spec.createdAt,
        updatedAt: spec.decision?.[1] ?? spec.paidAt,
        initialPaymentId: `pi_h${n}`,
        initialPaymentAt: spec.paidAt,
        guaranteeDeadline: spec.deadline,
        approvedAt: approved,
        cancelledAt: spec.cancelled ? spec.decision![1] : null,
      },
      { nationality: spec.nationality },
    ),
    payments,
    history,
    documents: [],
    finalFeeWaived: Boolean(spec.waived),
  };
}

const within = (at: Date, start: Date, end: Date) => at.getTime() >= start.getTime() && at.getTime() < end.getTime();
const rate4 = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
function interpolated(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
}

let t: TestAgency;
let admin: SignedUp;
let finance: SignedUp;
let applicationIds: number[];

beforeAll(async () => {
  t = await makeMemoryApp();
  const bulk = t.agency.persistence.bulk;
  const [owner] = await bulk.insertUsers([aUser({ createdAt: z('2026-06-01T00:00:00') })]);
  applicationIds = await bulk.insertApplications(SPECS.map((spec, n) => loaded(spec, owner!, n)));
  admin = await signInStaff(t, 'admin');
  finance = await signInStaff(t, 'finance');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/reports/summary', () => {
  const from = '2026-10-01';
  const to = '2026-11-23';
  const start = z('2026-09-30T23:00:00');
  const end = z('2026-11-24T00:00:00');

  it('answers every figure of the range, as worked out from the dataset', async () => {
    const res = await finance.browser.get(`/api/admin/reports/summary?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const decided = SPECS.filter((s) => s.decision && !s.cancelled && within(s.decision[1], start, end));
    const tenths = decided.map((s) => tenthsOf(s.decision![1].getTime() - s.paidAt.getTime()));
    const onTime = decided.filter((s) => s.decision![1].getTime() <= s.deadline.getTime()).length;
    const cohort = SPECS.filter((s) => within(s.createdAt, start, end));
    const counts = new Map<string, number>();
    for (const s of cohort) counts.set(s.nationality, (counts.get(s.nationality) ?? 0) + 1);
    const initialIn = (mStart: Date, mEnd: Date) => SPECS.filter((s) => within(s.paidAt, mStart, mEnd)).length * 1000;
    expect(await res.json()).toEqual({
      range: { from, to },
      onTime: { finished: decided.length, withinGuarantee: onTime, rate: rate4(onTime, decided.length) },
      turnaround: { medianHours: hoursOf(tenths, 0.5), p90Hours: hoursOf(tenths, 0.9) },
      waivers: { count: SPECS.filter((s) => s.waived && within(s.decision![1], start, end)).length, pence: 3900 * SPECS.filter((s) => s.waived && within(s.decision![1], start, end)).length },
      refunds: { count: 0, pence: 0 },
      revenue: [
        {
          month: '2026-10',
          initialPence: initialIn(start, z('2026-11-01T00:00:00')),
          finalPence: 0,
          refundedPence: 0,
          governmentFeePence: 0,
          absorbedFeePence: 0,
          marginPence: initialIn(start, z('2026-11-01T00:00:00')),
        },
        {
          month: '2026-11',
          initialPence: initialIn(z('2026-11-01T00:00:00'), end),
          finalPence: 0,
          refundedPence: 0,
          governmentFeePence: 0,
          absorbedFeePence: 0,
          marginPence: initialIn(z('2026-11-01T00:00:00'), end),
        },
      ],
      funnel: {
        // The admin and finance accounts were created today, but are staff; no applicant has registered yet.
        registered: 0,
        applied: cohort.length,
        initialPaid: cohort.length,
        addressGiven: 0,
        approved: cohort.filter((s) => s.decision && s.decision[0] !== 'rejected').length,
        finalPaid: 0,
      },
      nationalities: [...counts].map(([nationality, count]) => ({ nationality, count })).sort((x, y) => y.count - x.count || (x.nationality < y.nationality ? -1 : 1)),
    });
    expect(decided.length).toBe(5);
  });

  it('answers the same figures as CSV, one per record', async () => {
    const json = await (await admin.browser.get(`/api/admin/reports/summary?from=${from}&to=${to}`)).json();
    const res = await admin.browser.get(`/api/admin/reports/summary?from=${from}&to=${to}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`report-${from}-to-${to}.csv`);
    const lines = (await res.text()).trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('figure,month,measure,value');
    const value = (figure: string, measure: string, month = '') => lines.find((l) => l.startsWith(`${figure},${month},${measure},`))?.split(',')[3];
    expect(value('range', 'from')).toBe(from);
    expect(Number(value('on_time', 'finished'))).toBe(json.onTime.finished);
    expect(Number(value('on_time', 'rate'))).toBe(json.onTime.rate);
    expect(Number(value('turnaround', 'median_hours'))).toBe(json.turnaround.medianHours);
    expect(Number(value('turnaround', 'p90_hours'))).toBe(json.turnaround.p90Hours);
    expect(Number(value('waivers', 'pence'))).toBe(json.waivers.pence);
    for (const m of json.revenue) expect(Number(value('revenue', 'margin_pence', m.month))).toBe(m.marginPence);
    for (const [measure, n] of Object.entries(json.funnel)) expect(Number(value('funnel', measure))).toBe(n);
    for (const n of json.nationalities) expect(Number(value('nationality', n.nationality))).toBe(n.count);
    expect(lines).toHaveLength(1 + 2 + 3 + 2 + 2 + 2 + 6 * json.revenue.length + 6 + json.nationalities.length);
  });

  it('covers the last 30 days up to today without a range', async () => {
    const body = await (await admin.browser.get('/api/admin/reports/summary')).json();
    expect(body.range).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    const only = await (await admin.browser.get('/api/admin/reports/summary?to=2026-11-01')).json();
    expect(only.range).toEqual({ from: '2026-10-03', to: '2026-11-01' });
  });

  it('refuses a reversed range, one of more than 3 years, a bad date and a bad format with 400 { message }', async () => {
    const cases: [string, string][] = [
      ['from=2026-11-02&to=2026-11-01', 'to must not be before from'],
      ['from=2023-11-23&to=2026-11-23', 'A report may span at most 3 years'],
      ['from=2026-02-30&to=2026-03-01', 'from must be a date (YYYY-MM-DD)'],
      ['from=2026-01-01&to=tomorrow', 'to must be a date (YYYY-MM-DD)'],
      ['format=xml', "format must be 'json' or 'csv'"],
    ];
    for (const [query, message] of cases) {
      const res = await admin.browser.get(`/api/admin/reports/summary?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message, query).toBe(message);
    }
    expect((await admin.browser.get('/api/admin/reports/summary?from=2023-11-24&to=2026-11-23')).status).toBe(200);
  });

  it('is for admin and finance: 401 without a session, 403 for applicants and other staff', async () => {
    expect((await new TestBrowser(t.app).get('/api/admin/reports/summary')).status).toBe(401);
    expect((await (await signUp(t.app)).browser.get('/api/admin/reports/summary')).status).toBe(403);
    const reviewer = await signInStaff(t, 'reviewer');
    const res = await reviewer.browser.get('/api/admin/reports/summary');
    expect(res.status).toBe(403);
    expect(typeof (await res.json()).message).toBe('string');
  });
});

describe('GET /api/public/on-time', () => {
  it('tells anyone the last 12 complete weeks as the status history records them, cached for 10 minutes', async () => {
    // The history as stored, read back: each application's first entry into a decision status.
    const decisions: { at: Date; paidAt: Date; deadline: Date; cancelled: boolean }[] = [];
    for (const id of applicationIds) {
      const application = (await t.ports.applications.findById(id))!;
      const first = (await t.ports.history.listByApplication(id)).find((h) => ['approved', 'rejected', 'final_payment_received'].includes(h.toStatus));
      if (first) decisions.push({ at: first.changedAt, paidAt: application.initialPaymentAt!, deadline: application.guaranteeDeadline!, cancelled: application.cancelledAt !== null });
    }
    const counted = decisions.filter((d) => !d.cancelled);
    const weeks = RECORD_MONDAYS.map((monday, i) => {
      const weekEnd = i + 1 < RECORD_MONDAYS.length ? mondayStart(RECORD_MONDAYS[i + 1]!) : RECORD_END;
      const inWeek = counted.filter((d) => within(d.at, mondayStart(monday), weekEnd));
      return { weekStart: monday, finished: inWeek.length, onTimeRate: rate4(inWeek.filter((d) => d.at.getTime() <= d.deadline.getTime()).length, inWeek.length) };
    });
    const inRecord = counted.filter((d) => within(d.at, mondayStart(RECORD_MONDAYS[0]!), RECORD_END));

    const res = await new TestBrowser(t.app).get('/api/public/on-time');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await res.json()).toEqual({
      weeks,
      medianHours: hoursOf(
        inRecord.map((d) => tenthsOf(d.at.getTime() - d.paidAt.getTime())),
        0.5,
      ),
    });
    expect(weeks.filter((w) => w.finished > 0).map((w) => [w.weekStart, w.finished, w.onTimeRate])).toEqual([
      ['2026-08-31', 1, 1],
      ['2026-10-19', 1, 1],
      ['2026-10-26', 1, 0],
      ['2026-11-09', 1, 0],
      ['2026-11-16', 1, 1],
    ]);
  });
});
