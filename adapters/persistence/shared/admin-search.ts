import { and, eq, gt, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { AdminListQuery } from '../../../core/ports/application-repository.js';
import { adminFilter, adminOrderBy, searchConditions } from './admin-filter.js';
import { adminPage, normaliseSearch } from './rules.js';
import type { SqlDatabase } from './sql-database.js';
import { PASSPORT_PREFIX_COUNTED, SEARCH_PREFIX_COUNTED } from './search-prefixes.js';
import { all, rows, sqlRows, type Unit } from './unit.js';

/**
 * The admin search's page and counts (docs/product.md §2.14; decision 0019), read one of two ways:
 * - a term of at most SEARCH_PREFIX_COUNTED characters is counted by the database
 *   (application_search_prefixes, see countedMatches); when it matches a large share of the listed
 *   statuses, the page is read in the list's order off each status's (status, deadline, arrival, id)
 *   range, testing the keys, so a term matching 67k applications costs a page's worth of rows, not 67k;
 * - otherwise every match is gathered from the search indexes (one covering range per key, their
 *   union) and sorted and counted in one pass.
 */

/**
 * The per-status match counts of `term` the database keeps, or null when it keeps none (a term
 * longer than SEARCH_PREFIX_COUNTED). Past PASSPORT_PREFIX_COUNTED characters the kept counts leave
 * the passport number out: the applications matched by it alone are counted off its index and added.
 */
export function* countedMatches(database: SqlDatabase, term: string): Unit<Map<ApplicationStatus, number> | null> {
  const length = [...term].length;
  if (length > SEARCH_PREFIX_COUNTED) return null;
  const p = database.tables.applicationSearchPrefixes;
  const a = database.tables.applications;
  const kept = rows(
    database.db
      .select({ status: p.status, n: p.n })
      .from(p)
      .where(and(eq(p.prefix, term), gt(p.n, 0))),
  );
  const [email, name, number, passport, surname, fullName] = searchConditions(database, term);
  const status = database.statusTerm(true);
  const passportOnly = rows(
    database.db
      .select({ status, n: sql<number>`count(*)` })
      .from(a)
      .where(and(passport, not(or(email, name, number, surname, fullName)!)))
      .groupBy(status),
  );
  const found = length > PASSPORT_PREFIX_COUNTED ? (yield* all([kept, passportOnly] as const)).flat() : yield* kept;
  const counts = new Map<ApplicationStatus, number>();
  for (const r of found) counts.set(r.status, (counts.get(r.status) ?? 0) + Number(r.n));
  return counts;
}

type SearchQuery = AdminListQuery & { q: string };

/**
 * The matches of a search per status (the tab counts): the kept counts where there are any (no
 * overdue filter), else one covering index range per search key, their union counted.
 */
export function* searchCounts(database: SqlDatabase, filter: { q: string; overdueAt?: Date }): Unit<{ status: ApplicationStatus; n: number | string }[]> {
  const term = normaliseSearch(filter.q)!;
  const kept = filter.overdueAt ? null : yield* countedMatches(database, term);
  if (kept) return [...kept].map(([status, n]) => ({ status, n }));
  const a = database.tables.applications;
  const status = database.statusTerm(true);
  const rest = adminFilter(database, filter, { search: false });
  const branches = searchConditions(database, term).map((condition) => sql`select ${a.id} as id, ${status} as status from ${a} where ${and(condition, rest)}`);
  return yield* sqlRows<{ status: ApplicationStatus; n: number | string }>(sql`select status, count(*) as n from (${sql.join(branches, sql` union `)}) as matched group by status`);
}

/** A page of matching ids and, where it is known, the total. */
export interface SearchPage {
  ids: number[];
  total: number | null;
}

/**
 * The page of a search listing. `statuses` are the listing's (its tab's, narrowed to its status).
 * Counted terms without the overdue or assignee filters take the counts' total and, where that is
 * cheaper, the ordered read; every other search gathers its matches.
 */
export function* searchPage(database: SqlDatabase, query: SearchQuery, statuses: readonly ApplicationStatus[]): Unit<SearchPage> {
  const term = normaliseSearch(query.q)!;
  const everywhere = query.overdueAt || query.assigneeId !== undefined ? null : yield* countedMatches(database, term);
  if (everywhere === null) return yield* gatheredPage(database, query);
  const listed = new Map([...everywhere].filter(([status]) => statuses.includes(status)));
  const total = [...listed.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return { ids: [], total: 0 };
  const { size, offset } = adminPage(query);
  const inStatus = yield* statusSizes(database, [...listed.keys()]);
  // Rows an ordered read walks: per status, until offset + size matches at the status's density.
  let walked = 0;
  for (const [status, matches] of listed) {
    const n = inStatus.get(status) ?? matches;
    walked += Math.min(n, Math.ceil(((offset + size) * n) / matches));
  }
  // Gathering reads every match's ~2.5 index entries, in every status (the status is tested on the
  // entries), then unions and sorts them; a walked row is a table read, ~8 times an entry's cost
  // (measured at 1M applications). So walk when it reads under a third as many rows as there are matches.
  const gathered = [...everywhere.values()].reduce((sum, n) => sum + n, 0);
  if (walked * 3 > gathered) return { ids: yield* gatheredIds(database, query), total };
  return { ids: yield* orderedPage(database, term, [...listed.keys()], { size, offset }), total };
}

function* statusSizes(database: SqlDatabase, statuses: ApplicationStatus[]): Unit<Map<ApplicationStatus, number>> {
  const c = database.tables.applicationStatusCounts;
  const found = yield* rows(database.db.select({ status: c.status, n: c.n }).from(c).where(inArray(c.status, statuses)));
  return new Map(found.map((r) => [r.status, Number(r.n)]));
}

/**
 * Each status's range in list order, its rows tested against the keys, the first offset + size of
 * each merged. The keys are written `(key || '')` — the same value, which no index serves — so
 * the planner walks the status range rather than gathering the term's matches from the search indexes.
 */
function* orderedPage(database: SqlDatabase, term: string, statuses: ApplicationStatus[], page: { size: number; offset: number }): Unit<number[]> {
  const matches = or(...searchConditions(database, term, { indexed: false }));
  return yield* statusRangesPage(
    database,
    statuses.map((status) => and(eq(database.tables.applications.status, status), matches)),
    page,
  );
}

/**
 * The list's order over rows that carry guarantee_deadline, expected_arrival_date and id (a merge
 * of ranges, or gathered matches): adminOrderBy's, by those column names.
 */
const LIST_ORDER = sql.raw('order by guarantee_deadline asc nulls last, expected_arrival_date asc, id asc');

/**
 * A page of ids in list order merged from ranges each read in list order off its own index: the
 * first offset + size rows of each range (one per condition), merged and cut to the page.
 */
export function* statusRangesPage(database: SqlDatabase, conditions: (SQL | undefined)[], page: { size: number; offset: number }): Unit<number[]> {
  if (conditions.length === 0) return [];
  const a = database.tables.applications;
  const order = adminOrderBy(database);
  const ranges = conditions.map((condition, i) => {
    const range = database.db
      .select({ id: a.id, deadline: a.guaranteeDeadline, arrival: a.expectedArrivalDate })
      .from(a)
      .where(condition)
      .orderBy(...order)
      .limit(page.offset + page.size);
    return sql`select * from (${range}) as ${sql.identifier(`r${i}`)}`;
  });
  const picked = yield* sqlRows<{ id: number }>(sql`
    select id from (${sql.join(ranges, sql` union all `)}) as merged
    ${LIST_ORDER} limit ${page.size} offset ${page.offset}`);
  return picked.map((r) => Number(r.id));
}

/** The page's ids among the gathered matches, when their total is known already (no count: ~20% less). */
function* gatheredIds(database: SqlDatabase, query: SearchQuery): Unit<number[]> {
  const { size, offset } = adminPage(query);
  const matched = yield* sqlRows<{ id: number }>(sql`
    select id from (${sql.join(gatheredBranches(database, query), sql` union `)}) as m
    ${LIST_ORDER} limit ${size} offset ${offset}`);
  return matched.map((r) => Number(r.id));
}

/** One covering index range per search key, each with the listing's other conditions. */
function gatheredBranches(database: SqlDatabase, query: SearchQuery): SQL[] {
  const a = database.tables.applications;
  const rest = adminFilter(database, query, { search: false });
  return searchConditions(database, normaliseSearch(query.q)!).map(
    (condition) => sql`select ${a.id} as id, ${a.guaranteeDeadline} as guarantee_deadline, ${a.expectedArrivalDate} as expected_arrival_date from ${a} where ${and(condition, rest)}`,
  );
}

/**
 * Every match gathered once in a MATERIALIZED CTE — one covering index range per search key (no
 * table reads for the status, the sort or the count), their union — then sorted and counted in the
 * same pass. Past the last page the count is unknown (no row carries it), unless nothing matched.
 */
function* gatheredPage(database: SqlDatabase, query: SearchQuery): Unit<SearchPage> {
  const { page, size, offset } = adminPage(query);
  const matched = yield* sqlRows<{ id: number; total: number | string }>(sql`
    with m as materialized (${sql.join(gatheredBranches(database, query), sql` union `)})
    select id, (select count(*) from m) as total from m
    ${LIST_ORDER} limit ${size} offset ${offset}`);
  return { ids: matched.map((r) => Number(r.id)), total: matched.length > 0 ? Number(matched[0].total) : page === 1 ? 0 : null };
}
