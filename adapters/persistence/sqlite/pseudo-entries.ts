import { sql } from 'drizzle-orm';
import type { SqlDatabase } from '../shared/sql-database.js';
import { rows, sqlRows } from '../shared/unit.js';
import { pseudoEntries, readUsers, type PseudoEntryPager } from '../shared/user-store.js';

/**
 * The admin's pseudo-entries, shaped for SQLite's planner (the plain filter + ORDER BY … LIMIT of
 * shared/user-store.ts costs several times more at 100k users here).
 */
export function sqlitePseudoEntryPage(database: SqlDatabase): PseudoEntryPager {
  const { tables: t } = database;
  const { users, applications } = t;
  return ({ term, offset, limit }) =>
    database.read(function* (tx) {
      if (term === null) {
        // Counted without a probe of applications per user (a NOT EXISTS over every user costs
        // several times more): the users who are no admin OR have applied, less those who have
        // applied (a covering-index count), leaves the non-admins who have not applied.
        const [count] = yield* sqlRows<{ n: number }>(sql`select
            (select count(*) from ${users} where ${users.isAdmin} = 0
               or exists (select 1 from ${applications} where ${applications.userId} = ${users.id}))
            - (select count(distinct ${applications.userId}) from ${applications}) as n`);
        const total = Number(count?.n ?? 0);
        if (limit === 0 || offset >= total) return { items: [], total };
        // The page walks the covering created_at index backwards, probing applications_user_idx, and
        // reads a user's row (for is_admin) only when they have no application: reading every row
        // in created_at order costs several times more on deep pages.
        const page = yield* sqlRows<{ id: number }>(sql`
          select m.id as id from (
            select ${users.id} as id, ${users.createdAt} as created_at from ${users}
            where not exists (select 1 from ${applications} where ${applications.userId} = ${users.id})
            order by ${users.createdAt} desc, ${users.id} desc
          ) m join ${users} u on u.id = m.id
          where u.is_admin = 0
          order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`);
        return { items: yield* readUsers(tx, t, page.map((r) => r.id)), total };
      }
      // With a search term the matches come off the lower(email) / lower(full_name) indexes (a
      // multi-index OR), counted, and sorted for the page in a MATERIALIZED CTE (an ORDER BY …
      // LIMIT on users would tempt the planner into walking created_at and testing every user).
      const where = pseudoEntries(database, term);
      const [count] = yield* rows(tx.select({ n: sql<number>`count(*)` }).from(users).where(where));
      const total = Number(count?.n ?? 0);
      if (limit === 0 || offset >= total) return { items: [], total };
      const page = yield* sqlRows<{ id: number }>(sql`
        with m as materialized (select ${users.id} as id, ${users.createdAt} as created_at from ${users} where ${where})
        select id from m order by created_at desc, id desc limit ${limit} offset ${offset}`);
      return { items: yield* readUsers(tx, t, page.map((r) => r.id)), total };
    });
}
