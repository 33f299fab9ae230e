import { isStoredId } from '../../../core/domain/ids.js';
import { and, asc, desc, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import { erasedReceipt } from '../../../core/domain/receipt.js';
import type { User } from '../../../core/domain/user.js';
import type { StaffChangeResult, UserRepository } from '../../../core/ports/user-repository.js';
import { announcing, type AccessChangeFeed } from '../access-changes.js';
import { isUniqueViolation } from './driver-errors.js';
import { userFromRow, userToRow } from './mappers.js';
import { queueMails } from './outbox-store.js';
import { CONFLICT_MESSAGES, EXPORT_PAGE, keepsActiveAdmin, normaliseSearch, offsetLimit } from './rules.js';
import type { UserRow } from './schema-parity.js';
import type { SqlDatabase } from './sql-database.js';
import { activeAdminSql, PSEUDO_ENTRY_SQL } from './sql-values.js';
import { all, changes, rows, sqlRows, type Unit } from './unit.js';
import { resolveAudit } from '../../../core/domain/audit.js';
import { appendAudit } from './audit-store.js';

/**
 * The admin's pseudo-entries: non-admin users without an application (users.has_application, set in
 * the transaction that stores their first application), matching `term` (folded) when given. The
 * predicate is written literally so both planners use the partial indexes whose WHERE it is
 * (users_pseudo_entries_idx, users_pseudo_search_*_idx): a page and its count read the pseudo-entries
 * alone, however many users have applied.
 */
export function pseudoEntries(database: SqlDatabase, term: string | null): SQL | undefined {
  const t = database.tables;
  return and(sql.raw(PSEUDO_ENTRY_SQL), term === null ? undefined : or(database.prefix(sql`${t.users.searchEmail}`, term), database.prefix(sql`${t.users.searchName}`, term)));
}

/** A page of pseudo-entries and their total; offset and limit are whole and non-negative. */
export type PseudoEntryPager = (query: { term: string | null; offset: number; limit: number }) => Promise<{ items: User[]; total: number }>;

/**
 * The pseudo-entries matching `term`, as a table of (id, created_at) (`ordered`) or of ids: one range per search key, each
 * off its own partial index, their union. Written as a union rather than an OR because SQLite,
 * without statistics, tested the OR on every pseudo-entry walked in users_pseudo_entries_idx (50k at
 * 1M applications: 30–60 ms a count, and a narrow email search's page alike) instead of reading the
 * two ranges.
 */
function matchingPseudoEntries(database: SqlDatabase, term: string, { ordered }: { ordered: boolean }): SQL {
  const u = database.tables.users;
  // Counted, the ids alone: the partial indexes hold them (no table read).
  const columns = ordered ? sql`${u.id} as id, ${u.createdAt} as created_at` : sql`${u.id} as id`;
  const branches = [u.searchEmail, u.searchName].map((key) => sql`select ${columns} from ${u} where ${and(sql.raw(PSEUDO_ENTRY_SQL), database.prefix(sql`${key}`, term))}`);
  return sql`(${sql.join(branches, sql` union `)})`;
}

/** The pseudo-entry page: one filter, paged and counted (both at once on PostgreSQL's pool). */
function pseudoEntryPage(database: SqlDatabase): PseudoEntryPager {
  const t = database.tables;
  return ({ term, offset, limit }) =>
    database.read(function* (db) {
      if (term !== null) {
        const counted = sqlRows<{ n: number | string }>(sql`select count(*) as n from ${matchingPseudoEntries(database, term, { ordered: false })} as m`);
        if (limit === 0) {
          const [count] = yield* counted;
          return { items: [], total: Number(count?.n ?? 0) };
        }
        const pageIds = sql`select id from ${matchingPseudoEntries(database, term, { ordered: true })} as m order by created_at desc, id desc limit ${limit} offset ${offset}`;
        const paged = rows(
          db
            .select()
            .from(t.users)
            .where(sql`${t.users.id} in (${pageIds})`)
            .orderBy(desc(t.users.createdAt), desc(t.users.id)),
        );
        const [found, [count]] = yield* all([paged, counted]);
        return { items: found.map(userFromRow), total: Number(count?.n ?? 0) };
      }
      const where = pseudoEntries(database, term);
      const counted = rows(
        db
          .select({ n: sql<number>`count(*)` })
          .from(t.users)
          .where(where),
      );
      if (limit === 0) {
        const [count] = yield* counted;
        return { items: [], total: Number(count?.n ?? 0) };
      }
      const paged = rows(db.select().from(t.users).where(where).orderBy(desc(t.users.createdAt), desc(t.users.id)).limit(limit).offset(offset));
      const [found, [count]] = yield* all([paged, counted]);
      return { items: found.map(userFromRow), total: Number(count?.n ?? 0) };
    });
}

/**
 * Every change to what a user may do or sees of their account (phone, password, rights, erasure) is
 * announced on `access`, so process-local caches of signed-in users drop it at once.
 */
export function userStore(database: SqlDatabase, access: AccessChangeFeed): UserRepository {
  const { db, tables: t } = database;
  const byId = database.prepare(() =>
    db
      .select()
      .from(t.users)
      .where(eq(t.users.id, sql.placeholder('id'))),
  );
  const page = pseudoEntryPage(database);
  const reminderDue = (since: Date) => or(isNull(t.users.applicationReminderSent), lt(t.users.applicationReminderSent, since));

  return {
    async create(user, mails, audit = []) {
      try {
        return await database.transaction(function* (tx) {
          const [row] = yield* rows(tx.insert(t.users).values(userToRow(user)).returning());
          yield* queueMails(tx, t, mails, user.createdAt);
          yield* appendAudit(tx, t, resolveAudit(audit, { user: row!.id }));
          return userFromRow(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.email);
        throw e;
      }
    },
    async findById(id) {
      if (!isStoredId(id)) return null;
      const row = await byId.get({ id });
      return row ? userFromRow(row) : null;
    },
    async findByEmail(email) {
      const [row] = await db
        .select()
        .from(t.users)
        .where(sql`lower(${t.users.email}) = ${email.trim().toLowerCase()}`);
      return row ? userFromRow(row) : null;
    },
    async updateLocale(id, locale) {
      const [row] = await announcing(access, { user: id }, () => db.update(t.users).set({ locale }).where(eq(t.users.id, id)).returning());
      return row ? userFromRow(row) : null;
    },
    async updatePhone(id, phoneNumber) {
      const [row] = await announcing(access, { user: id }, () => db.update(t.users).set({ phoneNumber }).where(eq(t.users.id, id)).returning());
      return row ? userFromRow(row) : null;
    },
    async updatePassword(id, passwordHash, needsPasswordChange, mails, now) {
      await announcing(access, { user: id }, () =>
        database.transaction(function* (tx) {
          const changed = yield* changes(tx.update(t.users).set({ passwordHash, needsPasswordChange }).where(eq(t.users.id, id)));
          if (changed > 0) yield* queueMails(tx, t, mails, now);
        }),
      );
    },
    async setAdmin(id, isAdmin) {
      await announcing(access, { user: id }, () => db.update(t.users).set({ isAdmin }).where(eq(t.users.id, id)));
    },
    async listStaff() {
      const found = await db.select().from(t.users).where(eq(t.users.isAdmin, true)).orderBy(asc(t.users.createdAt), asc(t.users.id));
      return found.map(userFromRow);
    },
    async updateStaff(id, change, audit = []) {
      if (!isStoredId(id)) return { refused: 'not-found' };
      const u = t.users;
      // Written as one guarded UPDATE: an active admin is changed only while another active admin
      // remains (activeAdminSql on the other rows), whatever else changed since the caller read.
      const guard = keepsActiveAdmin(change)
        ? undefined
        : or(sql.raw(`not (${activeAdminSql('users')})`), sql`exists (select 1 from ${u} as "other" where "other"."id" <> ${id} and ${sql.raw(activeAdminSql('other'))})`);
      const set = { isAdmin: true, ...(change.role !== undefined && { role: change.role }), ...(change.deactivatedAt !== undefined && { deactivatedAt: change.deactivatedAt }) };
      return announcing(access, { user: id }, () =>
        database.transaction(function* (tx): Unit<StaffChangeResult> {
          const [row] = yield* rows(
            tx
              .update(u)
              .set(set)
              .where(and(eq(u.id, id), guard))
              .returning(),
          );
          if (!row) {
            const [existing] = yield* rows(tx.select({ id: u.id }).from(u).where(eq(u.id, id)));
            return { refused: existing ? 'last-admin' : 'not-found' };
          }
          if (change.deactivatedAt) yield* changes(tx.delete(t.sessions).where(eq(t.sessions.userId, id)));
          yield* appendAudit(tx, t, audit);
          return { user: userFromRow(row) };
        }),
      );
    },
    async listWithoutApplication() {
      const found = await db.select().from(t.users).where(eq(t.users.hasApplication, false)).orderBy(desc(t.users.createdAt), desc(t.users.id));
      return found.map(userFromRow);
    },
    async pageWithoutApplication(query) {
      return page({ term: normaliseSearch(query.q), ...offsetLimit(query) });
    },
    async *streamWithoutApplication() {
      // Keyset pages newest first off users_pseudo_entries_idx (see streamAllWithUsers for the bound).
      const u = t.users;
      let after: { createdAt: Date; id: number } | null = null;
      for (;;) {
        const found: UserRow[] = await db
          .select()
          .from(u)
          .where(and(pseudoEntries(database, null), after ? and(lte(u.createdAt, after.createdAt), or(lt(u.createdAt, after.createdAt), lt(u.id, after.id))) : undefined))
          .orderBy(desc(u.createdAt), desc(u.id))
          .limit(EXPORT_PAGE);
        for (const r of found) yield userFromRow(r);
        if (found.length < EXPORT_PAGE) return;
        after = { createdAt: found[found.length - 1].createdAt, id: found[found.length - 1].id };
      }
    },
    async claimApplicationReminder(userId, now, notRemindedSince, mail) {
      return database.transaction(function* (tx) {
        const changed = yield* changes(
          tx
            .update(t.users)
            .set({ applicationReminderSent: now })
            .where(and(eq(t.users.id, userId), reminderDue(notRemindedSince), sql`not exists (select 1 from ${t.applications} where ${t.applications.userId} = ${userId})`)),
        );
        if (changed === 0) return false;
        yield* queueMails(tx, t, [mail], now);
        return true;
      });
    },
    async erase(id) {
      await announcing(access, { user: id }, () =>
        database.transaction(function* (tx) {
          // Receipts are kept for accounting, without who paid or travelled (erasedReceipt).
          const receipts = yield* rows(tx.select({ id: t.receipts.id, lines: t.receipts.lines }).from(t.receipts).where(eq(t.receipts.userId, id)));
          for (const receipt of receipts) {
            const { card: _card, ...erased } = erasedReceipt(receipt);
            yield* changes(
              tx
                .update(t.receipts)
                .set({ ...erased, cardBrand: null, cardLast4: null })
                .where(eq(t.receipts.id, receipt.id)),
            );
          }
          yield* changes(tx.update(t.payments).set({ userId: null }).where(eq(t.payments.userId, id)));
          yield* changes(tx.update(t.analyticsEvents).set({ userId: null }).where(eq(t.analyticsEvents.userId, id)));
          yield* changes(tx.update(t.statusHistory).set({ changedBy: null }).where(eq(t.statusHistory.changedBy, id)));
          yield* changes(tx.delete(t.sessions).where(eq(t.sessions.userId, id)));
          yield* changes(tx.delete(t.contactEnquiries).where(eq(t.contactEnquiries.userId, id)));
          yield* changes(tx.delete(t.applicationDrafts).where(eq(t.applicationDrafts.userId, id)));
          // A text keeps a phone number and words about the traveller: it goes with them.
          yield* changes(tx.delete(t.textOutbox).where(eq(t.textOutbox.userId, id)));
          const applicationIds = sql`(select ${t.applications.id} from ${t.applications} where ${t.applications.userId} = ${id})`;
          yield* changes(tx.delete(t.documents).where(sql`${t.documents.applicationId} in ${applicationIds}`));
          yield* changes(tx.delete(t.statusHistory).where(sql`${t.statusHistory.applicationId} in ${applicationIds}`));
          yield* changes(tx.delete(t.applications).where(eq(t.applications.userId, id)));
          yield* changes(tx.delete(t.applicationGroups).where(eq(t.applicationGroups.userId, id)));
          yield* changes(tx.delete(t.users).where(eq(t.users.id, id)));
        }),
      );
    },
  };
}
