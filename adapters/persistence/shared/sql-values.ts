import { APPLICATION_STATUSES, UNDECIDED_STATUSES } from '../../../core/domain/status.js';

export const STATUS_VALUES: readonly string[] = APPLICATION_STATUSES;

/** 'a', 'b' — for CHECK constraints built from the domain's constant lists (never user input). */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}

/**
 * The pseudo-entries (non-admin users without an application) as a literal predicate on users: the
 * partial indexes' WHERE and the queries' (a planner only uses a partial index when the query
 * repeats its predicate with constants, SQLite never with bound parameters).
 */
export const PSEUDO_ENTRY_SQL = '"is_admin" = false and "has_application" = false';

/**
 * An active admin (core/domain/user.ts isActiveAdmin: staff whose role is admin — or none, from
 * before roles — and not deactivated) as a literal predicate on the users row named `table`.
 */
export function activeAdminSql(table: string): string {
  const c = (name: string) => `"${table}"."${name}"`;
  return `${c('is_admin')} = true and coalesce(${c('role')}, 'admin') = 'admin' and ${c('deactivated_at')} is null`;
}

/**
 * The decisions the on-time figures count (core/domain/reports.ts): decided, with a guarantee clock
 * (the initial fee was confirmed), not cancelled by the applicant — the partial index
 * applications_decided_idx's predicate, repeated literally by shared/report-queries.ts.
 */
export const COUNTED_DECISION_SQL = '"decided_at" is not null and "initial_payment_at" is not null and "cancelled_at" is null';

/**
 * Applicant accounts (not staff) as a literal predicate on users: users_applicants_created_idx's.
 * `created_at is not null` (always true) keeps SQLite from taking this index for the pseudo-entry
 * queries, whose predicate implies `"is_admin" = false` too: without statistics it did, and walked
 * every applicant (a pseudo-entry search took ~220 ms at 100k instead of the partial search indexes).
 * A report's window on created_at implies it.
 */
export const APPLICANT_SQL = '"is_admin" = false and "created_at" is not null';

/**
 * The applications the overdue filter may list (rules.ts isOverdue but for the deadline's test
 * against the clock): a deadline, a status whose guarantee clock runs, and a clock that is not
 * paused unless it paused after the deadline had passed. A literal predicate on applications: the
 * partial index applications_overdue_idx's WHERE and the overdue filter's, so that both planners
 * read overdue pages and counts off that index alone (~17% of the rows at 1M).
 */
export const OVERDUE_CANDIDATE_SQL = overdueCandidateSql('');

/** OVERDUE_CANDIDATE_SQL of a trigger's row (`NEW.`, `OLD.`) or of a table's (`""`: the bare columns). */
export function overdueCandidateSql(row: '' | 'NEW.' | 'OLD.'): string {
  const c = (name: string) => `${row}"${name}"`;
  return `${c('guarantee_deadline')} is not null and ${c('status')} in (${sqlList(UNDECIDED_STATUSES)}) and (${c('guarantee_paused_at')} is null or ${c('guarantee_paused_at')} > ${c('guarantee_deadline')})`;
}
