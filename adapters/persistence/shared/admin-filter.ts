import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '../../../core/ports/application-repository.js';
import { UNDECIDED_STATUSES } from '../../../core/domain/status.js';
import { normaliseSearch, tabApplicationStatuses } from './rules.js';
import type { SqlDatabase } from './sql-database.js';
import { OVERDUE_CANDIDATE_SQL, sqlList } from './sql-values.js';

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
 * prefix search (as one OR of searchConditions; `search: false` leaves it out, for a caller that
 * asks each condition in a query of its own), all index-backed unless `tested`. Without a search term, overdue applications come off the partial
 * index applications_overdue_idx (status, guarantee_deadline, expected_arrival_date, id), so a page
 * of them is read in order and their count is an index-only scan.
 */
export function adminFilter(database: SqlDatabase, query: AdminFilter, options: { search?: boolean; tested?: boolean } = {}): SQL | undefined {
  const t = database.tables;
  const term = normaliseSearch(query.q);
  // `tested`: every condition written so that no index serves it, for a caller whose rows come off
  // another index (the assignee's): tests on the few rows it reads.
  const tested = options.tested === true;
  const status = database.statusTerm(term !== null || tested);
  const parts: (SQL | undefined)[] = [];
  // The tab's statuses as literals (the domain's constants, never input): a planner matches them to
  // a partial index's predicate (applications_initial_payment_tab_idx) only when they are constants.
  if (query.tab) parts.push(sql`${status} in ${sql.raw(`(${sqlList(tabApplicationStatuses(query.tab))})`)}`);
  if (query.status) parts.push(eq(status, query.status));
  if (query.assigneeId !== undefined) parts.push(query.assigneeId === null ? isNull(t.applications.assigneeId) : eq(t.applications.assigneeId, query.assigneeId));
  // Overdue: the deadline passed, in a status whose clock runs, and the clock not paused unless it
  // was paused only after the deadline had passed (rules.ts isOverdue).
  if (query.overdueAt) {
    const a = t.applications;
    if (term === null && !tested) {
      // The partial index's predicate repeated literally (SQLite uses a partial index only then).
      parts.push(sql.raw(OVERDUE_CANDIDATE_SQL), lt(a.guaranteeDeadline, query.overdueAt));
    } else {
      // With a search term the search indexes find the rows; these are tests on the few they return
      // (the status written so that no index serves it, see statusTerm).
      parts.push(
        sql`${status} in ${sql.raw(`(${sqlList(UNDECIDED_STATUSES)})`)}`,
        lt(a.guaranteeDeadline, query.overdueAt),
        or(isNull(a.guaranteePausedAt), sql`${a.guaranteePausedAt} > ${a.guaranteeDeadline}`),
      );
    }
  }
  if (term !== null && options.search !== false) parts.push(or(...searchConditions(database, term, { indexed: !tested })));
  return and(...parts);
}

/**
 * The prefix search's conditions, one per indexed search key of applications (the folded keys the
 * store writes with the row — the applicant's email and full name, the surname, "given name +
 * surname" — and the application and passport numbers, ASCII, where folding is lower-casing). The
 * given name is searched as the prefix of "given name + surname", which it is. The name and email
 * keys' indexes cover (status, guarantee_deadline, expected_arrival_date, id): a search asks each
 * condition on its own (a UNION) and sorts and counts the matches without reading the table.
 */
export function searchConditions(database: SqlDatabase, term: string, options: { indexed?: boolean } = {}): SQL[] {
  const a = database.tables.applications;
  // `(key || '')`: the same value, which no index serves (for a caller that tests the keys on rows it walks).
  const key = (expr: SQL) => (options.indexed === false ? sql`(${expr} || '')` : expr);
  return [sql`${a.searchEmail}`, sql`${a.searchName}`, sql`lower(${a.applicationNumber})`, sql`lower(${a.passportNumber})`, sql`${a.searchSurname}`, sql`${a.searchFullName}`].map((expr) =>
    database.prefix(key(expr), term),
  );
}
