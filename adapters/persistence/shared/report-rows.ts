import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ReportWindow, TurnaroundCount } from '../../../core/domain/reports.js';
import type { SqlDatabase } from './sql-database.js';
import { reportColumns } from './report-reads.js';
import { APPLICANT_SQL, COUNTED_DECISION_SQL } from './sql-values.js';
import { all, sqlRows, type Unit } from './unit.js';

/** The figures of a stretch of time that add up across days (definitions: core/domain/reports.ts). */
export interface DayTotals {
  decided: number;
  onTime: number;
  waived: number;
  refunds: number;
  refundedPence: number;
  initialPence: number;
  finalPence: number;
  governmentFeePence: number;
  /** Of the government fees, what rises of Egypt's fee since the travellers paid cost the agency (decision 0033). */
  absorbedFeePence: number;
  registered: number;
}

export const NO_TOTALS: Readonly<DayTotals> = {
  decided: 0,
  onTime: 0,
  waived: 0,
  refunds: 0,
  refundedPence: 0,
  initialPence: 0,
  finalPence: 0,
  governmentFeePence: 0,
  absorbedFeePence: 0,
  registered: 0,
};

export function addTotals(into: DayTotals, more: DayTotals): DayTotals {
  for (const key of Object.keys(NO_TOTALS) as (keyof DayTotals)[]) into[key] += more[key];
  return into;
}

/** The applications created in a stretch of time of one nationality, and how far they got. */
export interface CohortGroup {
  nationality: string;
  applied: number;
  initialPaid: number;
  addressGiven: number;
  approved: number;
  finalPaid: number;
}

/** A count or sum as the driver answers it (PostgreSQL's bigint and numeric come back as strings). */
export const num = (value: unknown): number => Number(value ?? 0);

/**
 * The reports' figures counted from the rows themselves, for any windows of time, written once for
 * both dialects: the reports read them for the days no rollup may answer, and the report-rollups job
 * rolls a day up with them. Each statement reads a range of one covering index per window
 * (applications_decided_idx, applications_cohort_idx, payments_status_created_idx,
 * refunds_status_updated_idx, portal_ledger_paid_at_idx, users_applicants_created_idx), the windows
 * joined by UNION ALL, each labelled with its position (a constant, never input); the core gives
 * every window as instants, so no time-zone arithmetic runs in SQL. Timestamps are compared through
 * drizzle's operators, which encode a Date the way the column stores it.
 */
export function reportRows(database: SqlDatabase) {
  const { db, tables: t } = database;
  // The columns of REPORT_READS only (report-reads.ts): the dirty-hour triggers are rendered from it.
  const a = reportColumns(t, 'applications');
  const p = reportColumns(t, 'payments');
  const r = reportColumns(t, 'refunds');
  const u = reportColumns(t, 'users');
  const l = reportColumns(t, 'portalLedger');
  /** The partial indexes' predicates, written literally (planners match a partial index against constants only). */
  const countedDecision = sql.raw(COUNTED_DECISION_SQL);
  const applicant = sql.raw(APPLICANT_SQL);
  const decidedIn = (w: ReportWindow) => and(countedDecision, gte(a.decidedAt, w.start), lt(a.decidedAt, w.end));
  const onTime = sql<number>`coalesce(sum(case when ${a.decidedAt} <= ${a.guaranteeDeadline} then 1 else 0 end), 0)`;
  const tenths = database.tenthsBetween(sql`${a.initialPaymentAt}`, sql`${a.decidedAt}`);
  const label = (i: number) => sql<number>`${sql.raw(String(i))}`;
  /** One aggregate per window, as one statement. */
  const perWindow = (windows: ReportWindow[], select: (w: ReportWindow, i: number) => SQL | { getSQL(): SQL }) =>
    sql.join(
      windows.map((w, i) => sql`select * from (${select(w, i)}) as ${sql.identifier(`w${i}`)}`),
      sql` union all `,
    );

  /** Each window's day-additive totals, in the order given. */
  function* totals(windows: ReportWindow[]): Unit<DayTotals[]> {
    if (windows.length === 0) return [];
    type Row = { i: number | string } & Record<string, unknown>;
    const [decided, waived, paid, refunded, government, registered] = yield* all([
      sqlRows<Row>(
        perWindow(windows, (w, i) =>
          db
            .select({ i: label(i).as('i'), n: sql`count(*)`.as('n'), on_time: onTime.as('on_time') })
            .from(t.applications)
            .where(decidedIn(w)),
        ),
      ),
      sqlRows<Row>(
        perWindow(windows, (w, i) =>
          db
            .select({ i: label(i).as('i'), n: sql`count(*)`.as('n') })
            .from(t.payments)
            .where(and(eq(p.status, 'waived'), gte(p.createdAt, w.start), lt(p.createdAt, w.end), eq(p.type, 'final'))),
        ),
      ),
      sqlRows<Row>(
        perWindow(windows, (w, i) =>
          db
            .select({
              i: label(i).as('i'),
              initial: sql`coalesce(sum(case when ${p.type} = 'initial' then ${p.amount} else 0 end), 0)`.as('initial'),
              final: sql`coalesce(sum(case when ${p.type} = 'final' then ${p.amount} else 0 end), 0)`.as('final'),
            })
            .from(t.payments)
            .where(and(eq(p.status, 'succeeded'), gte(p.createdAt, w.start), lt(p.createdAt, w.end))),
        ),
      ),
      sqlRows<Row>(
        perWindow(windows, (w, i) =>
          db
            .select({ i: label(i).as('i'), n: sql`count(*)`.as('n'), pence: sql`coalesce(sum(${r.amount}), 0)`.as('pence') })
            .from(t.refunds)
            .where(and(eq(r.status, 'succeeded'), gte(r.updatedAt, w.start), lt(r.updatedAt, w.end))),
        ),
      ),
      // Government fees booked in pence when the portal ledger recorded them paid (unpriced ones count
      // 0), and the part of them rises since the travellers paid cost the agency (the shield).
      sqlRows<Row>(
        perWindow(windows, (w, i) =>
          db
            .select({
              i: label(i).as('i'),
              pence: sql`coalesce(sum(${l.governmentFeePence}), 0)`.as('pence'),
              absorbed: sql`coalesce(sum(${l.absorbedFeePence}), 0)`.as('absorbed'),
            })
            .from(t.portalLedger)
            .where(and(gte(l.paidAt, w.start), lt(l.paidAt, w.end))),
        ),
      ),
      sqlRows<Row>(
        perWindow(windows, (w, i) =>
          db
            .select({ i: label(i).as('i'), n: sql`count(*)`.as('n') })
            .from(t.users)
            .where(and(applicant, gte(u.createdAt, w.start), lt(u.createdAt, w.end))),
        ),
      ),
    ] as const);
    const found = windows.map(() => ({ ...NO_TOTALS }));
    const at = (row: Row) => found[Number(row.i)]!;
    for (const row of decided) Object.assign(at(row), { decided: num(row.n), onTime: num(row.on_time) });
    for (const row of waived) at(row).waived = num(row.n);
    for (const row of paid) Object.assign(at(row), { initialPence: num(row.initial), finalPence: num(row.final) });
    for (const row of refunded) Object.assign(at(row), { refunds: num(row.n), refundedPence: num(row.pence) });
    for (const row of government) Object.assign(at(row), { governmentFeePence: num(row.pence), absorbedFeePence: num(row.absorbed) });
    for (const row of registered) at(row).registered = num(row.n);
    return found;
  }

  /** The decisions of all the windows by turnaround (tenths of an hour), one row per window and turnaround. */
  function* turnarounds(windows: ReportWindow[]): Unit<TurnaroundCount[]> {
    if (windows.length === 0) return [];
    const found = yield* sqlRows<{ tenths: unknown; decided: unknown; on_time: unknown }>(
      perWindow(windows, (w) =>
        db
          .select({ tenths: sql`${tenths}`.as('tenths'), decided: sql`count(*)`.as('decided'), on_time: onTime.as('on_time') })
          .from(t.applications)
          .where(decidedIn(w))
          .groupBy(sql`1`),
      ),
    );
    return found.map((row) => ({ tenths: num(row.tenths), decided: num(row.decided), onTime: num(row.on_time) }));
  }

  /** The applications created in the windows, by nationality (one row per window and nationality). */
  function* cohort(windows: ReportWindow[]): Unit<CohortGroup[]> {
    if (windows.length === 0) return [];
    const found = yield* sqlRows<Record<keyof CohortGroup, unknown>>(
      perWindow(windows, (w) =>
        db
          .select({
            nationality: sql`${a.nationality}`.as('nationality'),
            applied: sql`count(*)`.as('applied'),
            initialPaid: sql`count(${a.initialPaymentAt})`.as('initialPaid'),
            addressGiven: sql`count(${a.postcode})`.as('addressGiven'),
            approved: sql`count(${a.approvedAt})`.as('approved'),
            // A waived final fee's id is waivedPaymentId's 'waived_<id>': paid means any other id.
            finalPaid: sql`coalesce(sum(case when substr(${a.finalPaymentId}, 1, 7) <> 'waived_' then 1 else 0 end), 0)`.as('finalPaid'),
          })
          .from(t.applications)
          .where(and(gte(a.createdAt, w.start), lt(a.createdAt, w.end)))
          .groupBy(a.nationality),
      ),
    );
    return found.map((row) => ({
      nationality: String(row.nationality),
      applied: num(row.applied),
      initialPaid: num(row.initialPaid),
      addressGiven: num(row.addressGiven),
      approved: num(row.approved),
      finalPaid: num(row.finalPaid),
    }));
  }

  return { totals, turnarounds, cohort };
}
