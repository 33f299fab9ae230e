import { and, eq, getTableColumns, gte, lt, lte, max, min, or, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import { byCountThenName } from './rules.js';
import { daysFrom, decisionsOf, mergeTurnarounds, reportWindow, windowDays, type ReportWindow, type TurnaroundCount } from '../../../core/domain/reports.js';
import { addCalendarDays, londonDateOf, type LocalDate } from '../../../core/domain/working-days.js';
import type { ReportQueries } from '../../../core/ports/report-queries.js';
import { addTotals, NO_TOTALS, num, reportRows, type CohortGroup, type DayTotals } from './report-rows.js';
import type { SqlDatabase } from './sql-database.js';
import { changes, rows, type Unit } from './unit.js';

const HOUR_MS = 3_600_000;
/** Rollup rows per INSERT (well inside both dialects' limits on a statement's parameters). */
const ROLLUP_ROWS_PER_INSERT = 1000;
/** Days one run rolls up from which it is a catch-up (a first run, after an upgrade or a bulk load) that changes the tables' statistics. */
const ROLLUP_CATCH_UP_DAYS = 30;

/** `set` of an upsert: each named column takes the value the insert proposed. */
function excludedOf(table: Table, keys: string[]): Record<string, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]));
}
/** The hour (since the epoch) an instant falls in; London days begin on whole UTC hours. */
const hourOf = (at: Date) => Math.floor(at.getTime() / HOUR_MS);
const dayOfHour = (hour: number) => londonDateOf(new Date(hour * HOUR_MS));

/** What a report may trust over a span of days: the rolled-up days' totals, and the days written in since. */
interface Coverage {
  rolled: Map<LocalDate, DayTotals>;
  dirty: Set<LocalDate>;
}

/** A window split into the days a rollup answers and the stretches counted from the rows. */
interface Split {
  clean: LocalDate[];
  live: ReportWindow[];
}

/** Consecutive days as [first, last] pairs. */
function runsOf(days: LocalDate[]): [LocalDate, LocalDate][] {
  const runs: [LocalDate, LocalDate][] = [];
  for (const day of days) {
    const last = runs[runs.length - 1];
    if (last && addCalendarDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * The reports' aggregates (definitions: core/domain/reports.ts; docs/product.md §17.5), written once
 * for both dialects. A figure adds the daily rollups of the days it may trust — rolled up, and no
 * row counted on them written since (report_dirty_hours, kept by triggers) — to what the rows say
 * of the other days (report-rows.ts), so it is always the rows' own: the rollups only make it fast.
 */
export function reportQueries(database: SqlDatabase): ReportQueries {
  const { db, tables: t } = database;
  const rowsOf = reportRows(database);
  const days = t.reportDays;
  const cohortDays = t.reportCohortDays;
  const turnaroundDays = t.reportTurnaroundDays;
  const dirtyHours = t.reportDirtyHours;

  function* coverage(from: LocalDate, to: LocalDate): Unit<Coverage> {
    const span = reportWindow({ from, to });
    const [rolled, dirty] = [
      yield* rows(
        db
          .select()
          .from(days)
          .where(and(gte(days.day, from), lte(days.day, to))),
      ),
      yield* rows(
        db
          .selectDistinct({ hour: dirtyHours.hour })
          .from(dirtyHours)
          .where(and(gte(dirtyHours.hour, hourOf(span.start)), lt(dirtyHours.hour, hourOf(span.end)))),
      ),
    ];
    return {
      rolled: new Map(rolled.map(({ day, refreshedAt: _, ...totals }) => [day, totals])),
      dirty: new Set(dirty.map((row) => dayOfHour(row.hour))),
    };
  }

  function split(window: ReportWindow, known: Coverage): Split {
    const range = windowDays(window);
    if (!range) return { clean: [], live: [window] };
    const clean: LocalDate[] = [];
    const unclean: LocalDate[] = [];
    for (const day of daysFrom(range.from, range.to)) (known.rolled.has(day) && !known.dirty.has(day) ? clean : unclean).push(day);
    return { clean, live: runsOf(unclean).map(([first, last]) => reportWindow({ from: first, to: last })) };
  }

  /** Reads `windows`' coverage, then runs `unit` with each window's split. */
  function withSplits<T>(windows: ReportWindow[], unit: (splits: Split[], known: Coverage) => Unit<T>): Promise<T> {
    const ranges = windows.map(windowDays).filter((r) => r !== null);
    return database.read(function* () {
      const known: Coverage =
        ranges.length === 0
          ? { rolled: new Map(), dirty: new Set() }
          : yield* coverage(
              ranges.map((r) => r.from).reduce((x, y) => (x < y ? x : y)),
              ranges.map((r) => r.to).reduce((x, y) => (x > y ? x : y)),
            );
      return yield* unit(
        windows.map((w) => split(w, known)),
        known,
      );
    });
  }

  /** The rollup rows of a table on the given days, as a condition on its `day`. */
  const onDays = (column: AnyColumn, clean: LocalDate[]) => or(...runsOf(clean).map(([first, last]) => and(gte(column, first), lte(column, last))));

  /** Each window's day-additive totals: its clean days' rollups plus its other days from the rows. */
  function totalsOf(windows: ReportWindow[]): Promise<DayTotals[]> {
    return withSplits(windows, function* (splits, known) {
      const live = splits.flatMap((s, i) => s.live.map((w) => ({ i, w })));
      const counted = yield* rowsOf.totals(live.map((x) => x.w));
      const found = splits.map((s) => s.clean.reduce((sum, day) => addTotals(sum, known.rolled.get(day)!), { ...NO_TOTALS }));
      live.forEach((x, k) => addTotals(found[x.i]!, counted[k]!));
      return found;
    });
  }

  async function totalOf(window: ReportWindow): Promise<DayTotals> {
    const [found] = await totalsOf([window]);
    return found!;
  }

  function* rolledTurnarounds(clean: LocalDate[]): Unit<TurnaroundCount[]> {
    if (clean.length === 0) return [];
    const found = yield* rows(
      db
        .select({ tenths: turnaroundDays.tenths, decided: sql<number>`sum(${turnaroundDays.decided})`, onTime: sql<number>`sum(${turnaroundDays.onTime})` })
        .from(turnaroundDays)
        .where(onDays(turnaroundDays.day, clean))
        .groupBy(turnaroundDays.tenths),
    );
    return found.map((row) => ({ tenths: row.tenths, decided: num(row.decided), onTime: num(row.onTime) }));
  }

  function* rolledCohort(clean: LocalDate[]): Unit<CohortGroup[]> {
    if (clean.length === 0) return [];
    const c = cohortDays;
    const found = yield* rows(
      db
        .select({
          nationality: c.nationality,
          applied: sql<number>`sum(${c.applied})`,
          initialPaid: sql<number>`sum(${c.initialPaid})`,
          addressGiven: sql<number>`sum(${c.addressGiven})`,
          approved: sql<number>`sum(${c.approved})`,
          finalPaid: sql<number>`sum(${c.finalPaid})`,
        })
        .from(c)
        .where(onDays(c.day, clean))
        .groupBy(c.nationality),
    );
    return found.map((row) => ({
      nationality: row.nationality,
      applied: num(row.applied),
      initialPaid: num(row.initialPaid),
      addressGiven: num(row.addressGiven),
      approved: num(row.approved),
      finalPaid: num(row.finalPaid),
    }));
  }

  /** Rolls one day up from the rows, in one transaction with the deletion of its marks (so a write after those is marked again). */
  function refreshDay(day: LocalDate) {
    const window = reportWindow({ from: day, to: day });
    return function* (tx: typeof db): Unit<void> {
      yield* changes(tx.delete(dirtyHours).where(and(gte(dirtyHours.hour, hourOf(window.start)), lt(dirtyHours.hour, hourOf(window.end)))));
      const [totals] = yield* rowsOf.totals([window]);
      const turnarounds = mergeTurnarounds(yield* rowsOf.turnarounds([window]));
      const cohort = yield* rowsOf.cohort([window]);
      // Upserts: a run racing another on the same day (a manual run beside the job) takes the later
      // counts instead of failing on the other's rows.
      yield* changes(
        tx
          .insert(days)
          .values({ day, ...totals!, refreshedAt: new Date() })
          .onConflictDoUpdate({ target: days.day, set: excludedOf(days, [...Object.keys(totals!), 'refreshedAt']) }),
      );
      yield* changes(tx.delete(cohortDays).where(eq(cohortDays.day, day)));
      yield* changes(tx.delete(turnaroundDays).where(eq(turnaroundDays.day, day)));
      for (let from = 0; from < cohort.length; from += ROLLUP_ROWS_PER_INSERT) {
        const part = cohort.slice(from, from + ROLLUP_ROWS_PER_INSERT).map((g) => ({ day, ...g }));
        yield* changes(
          tx
            .insert(cohortDays)
            .values(part)
            .onConflictDoUpdate({ target: [cohortDays.day, cohortDays.nationality], set: excludedOf(cohortDays, ['applied', 'initialPaid', 'addressGiven', 'approved', 'finalPaid']) }),
        );
      }
      for (let from = 0; from < turnarounds.length; from += ROLLUP_ROWS_PER_INSERT) {
        const part = turnarounds.slice(from, from + ROLLUP_ROWS_PER_INSERT).map((h) => ({ day, ...h }));
        yield* changes(
          tx
            .insert(turnaroundDays)
            .values(part)
            .onConflictDoUpdate({ target: [turnaroundDays.day, turnaroundDays.tenths], set: excludedOf(turnaroundDays, ['decided', 'onTime']) }),
        );
      }
    };
  }

  /** The first London day any row a report counts was written on, or null without any. */
  function* firstDay(): Unit<LocalDate | null> {
    const firsts = [
      yield* rows(db.select({ at: min(t.applications.createdAt) }).from(t.applications)),
      yield* rows(db.select({ at: min(t.users.createdAt) }).from(t.users)),
      yield* rows(db.select({ at: min(t.payments.createdAt) }).from(t.payments)),
      yield* rows(db.select({ at: min(t.refunds.updatedAt) }).from(t.refunds)),
      yield* rows(db.select({ at: min(t.portalLedger.paidAt) }).from(t.portalLedger)),
    ]
      .map(([row]) => row?.at)
      .filter((at): at is Date => at instanceof Date);
    return firsts.length === 0 ? null : londonDateOf(new Date(Math.min(...firsts.map((at) => at.getTime()))));
  }

  return {
    async decisions(window) {
      return decisionsOf(
        await withSplits([window], function* ([s]) {
          return [...(yield* rolledTurnarounds(s!.clean)), ...(yield* rowsOf.turnarounds(s!.live))];
        }),
      );
    },

    async decisionsByWeek(weeks) {
      const found = await totalsOf(weeks.map((w) => w.window));
      return weeks.map((w, i) => ({ weekStart: w.weekStart, finished: found[i]!.decided, withinGuarantee: found[i]!.onTime }));
    },

    async waivers(window) {
      return { count: (await totalOf(window)).waived };
    },

    async refunds(window) {
      const found = await totalOf(window);
      return { count: found.refunds, pence: found.refundedPence };
    },

    async revenue(months) {
      const found = await totalsOf(months.map((m) => m.window));
      return months.map((m, i) => ({
        month: m.month,
        initialPence: found[i]!.initialPence,
        finalPence: found[i]!.finalPence,
        refundedPence: found[i]!.refundedPence,
        governmentFeePence: found[i]!.governmentFeePence,
        absorbedFeePence: found[i]!.absorbedFeePence,
      }));
    },

    async registered(window) {
      return (await totalOf(window)).registered;
    },

    async cohort(window) {
      const groups = await withSplits([window], function* ([s]) {
        return [...(yield* rolledCohort(s!.clean)), ...(yield* rowsOf.cohort(s!.live))];
      });
      const byNationality = new Map<string, CohortGroup>();
      for (const g of groups) {
        const known = byNationality.get(g.nationality);
        if (!known) byNationality.set(g.nationality, { ...g });
        else for (const key of ['applied', 'initialPaid', 'addressGiven', 'approved', 'finalPaid'] as const) known[key] += g[key];
      }
      const funnel = { applied: 0, initialPaid: 0, addressGiven: 0, approved: 0, finalPaid: 0 };
      for (const g of byNationality.values()) for (const key of Object.keys(funnel) as (keyof typeof funnel)[]) funnel[key] += g[key];
      // Ordered here: ties by code point on both dialects, whatever the database's collation.
      return { funnel, nationalities: [...byNationality.values()].map((g) => ({ nationality: g.nationality, count: g.applied })).sort(byCountThenName) };
    },

    async refreshRollups(through, limit) {
      const due = await database.read(function* () {
        const end = hourOf(reportWindow({ from: through, to: through }).end);
        const dirty = yield* rows(db.selectDistinct({ hour: dirtyHours.hour }).from(dirtyHours).where(lt(dirtyHours.hour, end)));
        const [last] = yield* rows(db.select({ day: max(days.day) }).from(days));
        const next = last?.day ? addCalendarDays(last.day, 1) : yield* firstDay();
        const fresh = next === null || next > through ? [] : daysFrom(next, through);
        return [...new Set([...dirty.map((row) => dayOfHour(row.hour)), ...fresh])].sort();
      });
      const now = due.slice(0, limit);
      for (const day of now) await database.transaction(refreshDay(day), { lockFirst: true });
      if (now.length >= ROLLUP_CATCH_UP_DAYS) await database.afterRollupCatchUp();
      return { refreshed: now.length, pending: due.length - now.length };
    },
  };
}
