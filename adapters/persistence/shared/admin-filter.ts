import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { APPLICATION_STATUSES } from '../../../core/domain/status.js';
import type { AdminListQuery } from '../../../core/ports/application-repository.js';
import { FINISHED_FOR_GUARANTEE, normaliseSearch, tabApplicationStatuses } from './rules.js';
import type { SqlDatabase } from './sql-database.js';
import { sqlList } from './sql-values.js';

/** The statuses whose guarantee clock still runs (all but FINISHED_FOR_GUARANTEE). */
const UNDECIDED = APPLICATION_STATUSES.filter((s) => !FINISHED_FOR_GUARANTEE.includes(s));

export type AdminFilter = Pick<AdminListQuery, 'tab' | 'status' | 'q' | 'overdueAt' | 'assigneeId'>;

/**
 * rules.ts's adminOrder as SQL: NULLS LAST written out, so both dialects agree (PostgreSQL puts NULLs
 * last on ASC already, and reads this order straight off applications_status_deadline_arrival_idx).
 */
export function adminOrderBy(database: SqlDatabase): SQL[] {
  const a = database.tables.applications;
  return [sql`${a.guaranteeDeadline} asc nulls last`, asc(a.expectedArrivalDate), asc(a.id)];
}

/**
 * The admin-list filter (rules.ts's semantics, as SQL): tab/status, the overdue rule and the
 * prefix search, all index-backed. Overdue applications come off the covering
 * (status, guarantee_deadline, created_at) index, so a page of them is sorted from the index alone.
 */
export function adminFilter(database: SqlDatabase, query: AdminFilter): SQL | undefined {
  const t = database.tables;
  const term = normaliseSearch(query.q);
  const status = database.statusTerm(term !== null);
  const parts: (SQL | undefined)[] = [];
  // The tab's statuses as literals (the domain's constants, never input): a planner matches them to
  // a partial index's predicate (applications_initial_payment_tab_idx) only when they are constants.
  if (query.tab) parts.push(sql`${status} in ${sql.raw(`(${sqlList(tabApplicationStatuses(query.tab))})`)}`);
  if (query.status) parts.push(eq(status, query.status));
  if (query.assigneeId !== undefined) parts.push(query.assigneeId === null ? isNull(t.applications.assigneeId) : eq(t.applications.assigneeId, query.assigneeId));
  // Overdue: the undecided statuses listed (an IN list is index ranges on (status, guarantee_deadline);
  // NOT IN made PostgreSQL read every row), with the deadline passed — and the clock not paused,
  // unless it was paused only after the deadline had passed (rules.ts isOverdue). The pause test is a
  // filter on the few rows the index ranges return, not an access path of its own.
  if (query.overdueAt) {
    const a = t.applications;
    parts.push(
      sql`${status} in ${sql.raw(`(${sqlList(UNDECIDED)})`)}`,
      lt(a.guaranteeDeadline, query.overdueAt),
      or(isNull(a.guaranteePausedAt), sql`${a.guaranteePausedAt} > ${a.guaranteeDeadline}`),
    );
  }
  if (term !== null) {
    // One OR of index conditions on applications alone (SQLite's multi-index OR, PostgreSQL's
    // BitmapOr) over the folded search keys the store writes with the row (search_*: the applicant's
    // email and full name, the given name, the surname, "given name + surname"); application and
    // passport numbers are ASCII, where folding is lower-casing.
    const a = t.applications;
    parts.push(
      or(
        database.prefix(sql`${a.searchEmail}`, term),
        database.prefix(sql`${a.searchName}`, term),
        database.prefix(sql`lower(${a.applicationNumber})`, term),
        database.prefix(sql`lower(${a.passportNumber})`, term),
        database.prefix(sql`${a.searchGivenName}`, term),
        database.prefix(sql`${a.searchSurname}`, term),
        database.prefix(sql`${a.searchFullName}`, term),
      ),
    );
  }
  return and(...parts);
}
