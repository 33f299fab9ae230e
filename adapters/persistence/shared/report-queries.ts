import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { byCountThenName } from './rules.js';
import type { ReportWindow } from '../../../core/domain/reports.js';
import type { ReportQueries } from '../../../core/ports/report-queries.js';
import type { SqlDatabase } from './sql-database.js';
import { APPLICANT_SQL, COUNTED_DECISION_SQL } from './sql-values.js';
import { all, rows, sqlRows } from './unit.js';

/** A count or sum as the driver answers it (PostgreSQL's bigint and numeric come back as strings). */
const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The reports' aggregates (definitions: core/domain/reports.ts; docs/product.md §17), written once
 * for both dialects. Each figure is one statement over a range of one covering index (see the
 * schemas: applications_decided_idx, applications_cohort_idx, payments_status_created_idx,
 * refunds_status_updated_idx, users_applicants_created_idx), so the database reads index entries,
 * never rows into this process. Buckets (weeks, months) are one statement of one aggregate per bucket
 * joined by UNION ALL, each its own index range: the core gives every bucket's window as instants, so
 * no time-zone arithmetic runs in SQL. Timestamps are compared through drizzle's operators, which
 * encode a Date the way the column stores it (PostgreSQL timestamptz, SQLite integer ms).
 */
export function reportQueries(database: SqlDatabase): ReportQueries {
  const { db, tables: t } = database;
  const a = t.applications;
  const p = t.payments;
  const r = t.refunds;
  const u = t.users;
  /** The partial indexes' predicates, written literally (planners match a partial index against constants only). */
  const countedDecision = sql.raw(COUNTED_DECISION_SQL);
  const applicant = sql.raw(APPLICANT_SQL);
  const decidedIn = (w: ReportWindow) => and(countedDecision, gte(a.decidedAt, w.start), lt(a.decidedAt, w.end));
  const onTime = sql<number>`coalesce(sum(case when ${a.decidedAt} <= ${a.guaranteeDeadline} then 1 else 0 end), 0)`;
  const hours = database.hoursBetween(sql`${a.initialPaymentAt}`, sql`${a.decidedAt}`);
  /** Bucket i's aggregate as a subquery, labelled with its index (a constant, never input). */
  const bucket = (i: number, select: SQL | { getSQL(): SQL }) => sql`select * from (${select}) as ${sql.identifier(`b${i}`)}`;
  const unionAll = (selects: SQL[]) => sql.join(selects, sql` union all `);
  const label = (i: number) => sql<number>`${sql.raw(String(i))}`;

  const l = t.portalLedger;

  return {
    async decisions(window) {
      const [row] = await database.readSorting(function* (tx) {
        return yield* rows(
          tx
            .select({
              finished: sql<number>`count(*)`,
              withinGuarantee: onTime,
              medianHours: database.percentile(0.5, hours),
              p90Hours: database.percentile(0.9, hours),
            })
            .from(a)
            .where(decidedIn(window)),
        );
      });
      return { finished: num(row?.finished), withinGuarantee: num(row?.withinGuarantee), medianHours: numOrNull(row?.medianHours), p90Hours: numOrNull(row?.p90Hours) };
    },

    async decisionsByWeek(weeks) {
      if (weeks.length === 0) return [];
      const selects = weeks.map((w, i) => bucket(i, db.select({ i: label(i).as('i'), finished: sql<number>`count(*)`.as('finished'), within: onTime.as('within') }).from(a).where(decidedIn(w.window))));
      const found = await database.read(function* () {
        return yield* sqlRows<{ i: number | string; finished: unknown; within: unknown }>(unionAll(selects));
      });
      const byBucket = new Map(found.map((row) => [Number(row.i), row]));
      return weeks.map((w, i) => ({ weekStart: w.weekStart, finished: num(byBucket.get(i)?.finished), withinGuarantee: num(byBucket.get(i)?.within) }));
    },

    async waivers(window) {
      const [row] = await db
        .select({ count: sql<number>`count(*)` })
        .from(p)
        .where(and(eq(p.status, 'waived'), gte(p.createdAt, window.start), lt(p.createdAt, window.end), eq(p.type, 'final')));
      return { count: num(row?.count) };
    },

    async refunds(window) {
      const [row] = await db
        .select({ count: sql<number>`count(*)`, pence: sql<number>`coalesce(sum(${r.amount}), 0)` })
        .from(r)
        .where(and(eq(r.status, 'succeeded'), gte(r.updatedAt, window.start), lt(r.updatedAt, window.end)));
      return { count: num(row?.count), pence: num(row?.pence) };
    },

    async revenue(months) {
      if (months.length === 0) return [];
      const fees = months.map((m, i) =>
        bucket(
          i,
          db
            .select({
              i: label(i).as('i'),
              initial: sql<number>`coalesce(sum(case when ${p.type} = 'initial' then ${p.amount} else 0 end), 0)`.as('initial'),
              final: sql<number>`coalesce(sum(case when ${p.type} = 'final' then ${p.amount} else 0 end), 0)`.as('final'),
            })
            .from(p)
            .where(and(eq(p.status, 'succeeded'), gte(p.createdAt, m.window.start), lt(p.createdAt, m.window.end))),
        ),
      );
      const refunded = months.map((m, i) =>
        bucket(
          i,
          db
            .select({ i: label(i).as('i'), pence: sql<number>`coalesce(sum(${r.amount}), 0)`.as('pence') })
            .from(r)
            .where(and(eq(r.status, 'succeeded'), gte(r.updatedAt, m.window.start), lt(r.updatedAt, m.window.end))),
        ),
      );
      // Government fees booked in pence when the portal ledger recorded them paid (unpriced ones count 0).
      const government = months.map((m, i) =>
        bucket(
          i,
          db
            .select({ i: label(i).as('i'), pence: sql<number>`coalesce(sum(${l.governmentFeePence}), 0)`.as('pence') })
            .from(l)
            .where(and(gte(l.paidAt, m.window.start), lt(l.paidAt, m.window.end))),
        ),
      );
      const [feeRows, refundRows, governmentRows] = await database.read(function* () {
        return yield* all([
          sqlRows<{ i: number | string; initial: unknown; final: unknown }>(unionAll(fees)),
          sqlRows<{ i: number | string; pence: unknown }>(unionAll(refunded)),
          sqlRows<{ i: number | string; pence: unknown }>(unionAll(government)),
        ]);
      });
      const feesOf = new Map(feeRows.map((row) => [Number(row.i), row]));
      const refundsOf = new Map(refundRows.map((row) => [Number(row.i), num(row.pence)]));
      const governmentOf = new Map(governmentRows.map((row) => [Number(row.i), num(row.pence)]));
      return months.map((m, i) => ({
        month: m.month,
        initialPence: num(feesOf.get(i)?.initial),
        finalPence: num(feesOf.get(i)?.final),
        refundedPence: refundsOf.get(i) ?? 0,
        governmentFeePence: governmentOf.get(i) ?? 0,
      }));
    },

    async registered(window) {
      const [row] = await db
        .select({ n: sql<number>`count(*)` })
        .from(u)
        .where(and(applicant, gte(u.createdAt, window.start), lt(u.createdAt, window.end)));
      return num(row?.n);
    },

    async cohort(window) {
      // One pass over the cohort's index range, grouped by nationality (~200 groups at most): the
      // funnel is their sum, the nationalities their counts.
      const groups = await db
        .select({
          nationality: a.nationality,
          applied: sql<number>`count(*)`,
          initialPaid: sql<number>`count(${a.initialPaymentAt})`,
          addressGiven: sql<number>`count(${a.postcode})`,
          approved: sql<number>`count(${a.approvedAt})`,
          // A waived final fee's id is waivedPaymentId's 'waived_<id>': paid means any other id.
          finalPaid: sql<number>`coalesce(sum(case when substr(${a.finalPaymentId}, 1, 7) <> 'waived_' then 1 else 0 end), 0)`,
        })
        .from(a)
        .where(and(gte(a.createdAt, window.start), lt(a.createdAt, window.end)))
        .groupBy(a.nationality);
      const funnel = { applied: 0, initialPaid: 0, addressGiven: 0, approved: 0, finalPaid: 0 };
      for (const g of groups) for (const key of Object.keys(funnel) as (keyof typeof funnel)[]) funnel[key] += num(g[key]);
      // Ordered here: ties by code point on both dialects, whatever the database's collation.
      return { funnel, nationalities: groups.map((g) => ({ nationality: g.nationality, count: num(g.applied) })).sort(byCountThenName) };
    },
  };
}
