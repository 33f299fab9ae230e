import Database from 'better-sqlite3';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { fileURLToPath } from 'node:url';
import type { NewApplication } from '../../../core/domain/application.js';
import { errors } from '../../../core/domain/errors.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { Analytics } from '../../../core/ports/analytics.js';
import type {
  AdminListQuery,
  ApplicationChange,
  ApplicationRepository,
  ApplicationWithUser,
  CommitResult,
} from '../../../core/ports/application-repository.js';
import type { ContactEnquiryRepository } from '../../../core/ports/contact-enquiry-repository.js';
import type { DocumentRepository } from '../../../core/ports/document-repository.js';
import type { MailOutbox, OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import type { PaymentRepository } from '../../../core/ports/payment-repository.js';
import type { SessionStore } from '../../../core/ports/session-store.js';
import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import type { UserRepository } from '../../../core/ports/user-repository.js';
import type { Persistence } from '../persistence.js';
import {
  analyticsFromRow,
  applicationFromRow,
  applicationToRow,
  documentFromRow,
  enquiryFromRow,
  historyFromRow,
  isForeignKeyViolation,
  isUniqueViolation,
  outboxFromRow,
  outboxInsert,
  paymentFromRow,
  sessionFromRow,
  userFromRow,
} from '../shared/mappers.js';
import { CONFLICT_MESSAGES, FINISHED_FOR_GUARANTEE, FINISHED_FOR_RETENTION, normaliseSearch, tabApplicationStatuses } from '../shared/rules.js';
import * as schema from './schema.js';
import { compileJoinSelect, compileTableSelect } from './table-select.js';
import { analyticsEvents, applications, contactEnquiries, documents, mailOutbox, payments, sessions, statusHistory, users } from './schema.js';

type Db = BetterSQLite3Database<typeof schema>;

export const SQLITE_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Highest code point: `x >= term AND x < term || MAX` is a prefix match SQLite serves from an index. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/** Case-insensitive prefix match on an indexed lower(…) expression, as an index range. */
function prefix(expr: SQL, term: string): SQL {
  return sql`(${expr} >= ${term} and ${expr} < ${term + MAX_CHAR})`;
}

const EXPORT_PAGE = 500;

/** Runs `build` on first use and keeps its result. */
function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * The embedded default: one SQLite file via better-sqlite3 (WAL, busy_timeout 5000, foreign keys
 * on, synchronous NORMAL). better-sqlite3 is synchronous, so every multi-statement operation runs
 * as ONE synchronous drizzle transaction callback (an async callback would not roll back).
 */
export function createSqlitePersistence(file: string): Persistence {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
  } catch (e) {
    throw errors.unavailable('database', `Cannot open the SQLite database at ${file}: ${(e as Error).message}`);
  }
  const db: Db = drizzle(sqlite, { schema });

  /**
   * The signed-in read path's statements (session, user, the applicant's applications), built and
   * compiled once: building a drizzle query afresh cost ~⅔ of a signed-in GET /api/applications.
   * They are prepared on first use because the tables exist only once migrate() has run.
   */
  const hot = {
    sessionByIdHash: onFirstUse(() => db.select().from(sessions).where(eq(sessions.idHash, sql.placeholder('idHash'))).prepare()),
    userById: onFirstUse(() => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare()),
    // Application rows are wide (49 columns): decoded without drizzle's generic row mapping.
    applicationById: onFirstUse(() =>
      compileTableSelect(sqlite, applications, db.select().from(applications).where(eq(applications.id, sql.placeholder('id')))),
    ),
    applicationsOfUser: onFirstUse(() =>
      compileTableSelect(
        sqlite,
        applications,
        db
          .select()
          .from(applications)
          .where(eq(applications.userId, sql.placeholder('userId')))
          .orderBy(desc(applications.createdAt), desc(applications.id)),
      ),
    ),
  };

  const insertMails = (tx: Db, mails: OutboxMailInput[] | undefined, now: Date | undefined) => {
    if (mails && mails.length > 0) tx.insert(mailOutbox).values(mails.map((m) => outboxInsert(m, now))).run();
  };

  const withUserColumns = { application: applications, user: users };
  const toWithUser = (r: { application: typeof applications.$inferSelect; user: typeof users.$inferSelect }): ApplicationWithUser => ({
    application: applicationFromRow(r.application),
    user: userFromRow(r.user),
  });

  /**
   * The status column as a filter or grouping term. With a search term it is written `+status` (the
   * same value, but no index may serve it): otherwise SQLite prefers walking the (status, created_at)
   * index through a whole tab, reading every row to test the search, over the multi-index OR on the
   * search indexes, and a search answers in ~100 ms instead of a few at 100k applications.
   */
  function statusTerm(searching: boolean): SQL<ApplicationStatus> {
    return searching ? sql<ApplicationStatus>`+${applications.status}` : sql<ApplicationStatus>`${applications.status}`;
  }

  /**
   * The admin-list filter: tab/status, the overdue rule and the prefix search, all index-backed.
   * Overdue applications come off the covering (status, guarantee_deadline, created_at) index, so a
   * page of them is sorted from the index alone, without reading every overdue row.
   */
  function adminFilter(query: { tab?: AdminListQuery['tab']; status?: ApplicationStatus; q?: string; overdueAt?: Date }): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    const term = normaliseSearch(query.q);
    const status = statusTerm(term !== null);
    if (query.tab) parts.push(inArray(status, tabApplicationStatuses(query.tab)));
    if (query.status) parts.push(eq(status, query.status));
    if (query.overdueAt) {
      parts.push(lt(applications.guaranteeDeadline, query.overdueAt), notInArray(status, [...FINISHED_FOR_GUARANTEE]));
    }
    if (term !== null) {
      // One OR of index ranges on applications alone (SQLite's multi-index OR): the user's email and
      // full name are the trigger-maintained search_email / search_name columns.
      parts.push(
        or(
          prefix(sql`${applications.searchEmail}`, term),
          prefix(sql`${applications.searchName}`, term),
          prefix(sql`lower(${applications.applicationNumber})`, term),
          prefix(sql`lower(${applications.passportNumber})`, term),
          prefix(sql`lower(${applications.givenName})`, term),
          prefix(sql`lower(${applications.surname})`, term),
          prefix(sql`lower(${applications.givenName} || ' ' || ${applications.surname})`, term),
        ),
      );
    }
    return and(...parts);
  }

  const owesPayment = or(
    and(isNull(applications.initialPaymentId), ne(applications.status, 'rejected')),
    and(eq(applications.status, 'approved'), isNull(applications.finalPaymentId)),
  );
  const reminderDue = (col: typeof applications.paymentReminderSent | typeof users.applicationReminderSent, since: Date) =>
    or(isNull(col), lt(col, since));

  /** The users with these ids, newest first. */
  const readUsers = (tx: Db, ids: number[]) =>
    ids.length === 0 ? [] : tx.select().from(users).where(inArray(users.id, ids)).orderBy(desc(users.createdAt), desc(users.id)).all().map(userFromRow);

  // ---- users ----
  const userRepo: UserRepository = {
    async create(user, mails) {
      try {
        return db.transaction((tx) => {
          const row = tx.insert(users).values({ ...user }).returning().get();
          insertMails(tx, mails, user.createdAt);
          return userFromRow(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.email);
        throw e;
      }
    },
    async findById(id) {
      const r = hot.userById().get({ id });
      return r ? userFromRow(r) : null;
    },
    async findByEmail(email) {
      const r = db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).get();
      return r ? userFromRow(r) : null;
    },
    async updatePhone(id, phoneNumber) {
      const r = db.update(users).set({ phoneNumber }).where(eq(users.id, id)).returning().get();
      return r ? userFromRow(r) : null;
    },
    async updatePassword(id, passwordHash, needsPasswordChange, mails, now) {
      db.transaction((tx) => {
        const changed = tx.update(users).set({ passwordHash, needsPasswordChange }).where(eq(users.id, id)).run().changes;
        if (changed > 0) insertMails(tx, mails, now);
      });
    },
    async setAdmin(id, isAdmin) {
      db.update(users).set({ isAdmin }).where(eq(users.id, id)).run();
    },
    async listWithoutApplication() {
      return db
        .select()
        .from(users)
        .where(sql`not exists (select 1 from ${applications} where ${applications.userId} = ${users.id})`)
        .orderBy(desc(users.createdAt), desc(users.id))
        .all()
        .map(userFromRow);
    },
    async pageWithoutApplication(query) {
      const term = normaliseSearch(query.q);
      const offset = Math.max(0, Math.floor(query.offset));
      const limit = Math.max(0, Math.floor(query.limit));
      return db.transaction((tx) => {
        if (term === null) {
          // Counted without a probe of applications per user (a NOT EXISTS over every user costs
          // several times more): the users who are no admin OR have applied, less those who have
          // applied (a covering-index count), leaves the non-admins who have not applied.
          const total = Number(
            tx.get<{ n: number }>(sql`select
                (select count(*) from ${users} where ${users.isAdmin} = 0
                   or exists (select 1 from ${applications} where ${applications.userId} = ${users.id}))
                - (select count(distinct ${applications.userId}) from ${applications}) as n`)?.n ?? 0,
          );
          if (limit === 0 || offset >= total) return { items: [], total };
          // The page walks the covering created_at index backwards, probing applications_user_idx, and
          // reads a user's row (for is_admin) only when they have no application: reading every row
          // in created_at order costs several times more on deep pages.
          const ids = tx
            .all<{ id: number }>(sql`
              select m.id as id from (
                select ${users.id} as id, ${users.createdAt} as created_at from ${users}
                where not exists (select 1 from ${applications} where ${applications.userId} = ${users.id})
                order by ${users.createdAt} desc, ${users.id} desc
              ) m join ${users} u on u.id = m.id
              where u.is_admin = 0
              order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`)
            .map((r) => r.id);
          return { items: readUsers(tx, ids), total };
        }
        // With a search term the matches come off the lower(email) / lower(full_name) indexes (a
        // multi-index OR), counted, and sorted for the page in a MATERIALIZED CTE (an ORDER BY …
        // LIMIT on users would tempt the planner into walking created_at and testing every user).
        const pseudo = and(
          eq(users.isAdmin, false),
          or(prefix(sql`lower(${users.email})`, term), prefix(sql`lower(${users.fullName})`, term)),
          sql`not exists (select 1 from ${applications} where ${applications.userId} = ${users.id})`,
        );
        const total = Number(tx.select({ n: sql<number>`count(*)` }).from(users).where(pseudo).get()?.n ?? 0);
        if (limit === 0 || offset >= total) return { items: [], total };
        const ids = tx
          .all<{ id: number }>(sql`
            with m as materialized (select ${users.id} as id, ${users.createdAt} as created_at from ${users} where ${pseudo})
            select id from m order by created_at desc, id desc limit ${limit} offset ${offset}`)
          .map((r) => r.id);
        return { items: readUsers(tx, ids), total };
      });
    },
    async claimApplicationReminder(userId, now, notRemindedSince, mail) {
      return db.transaction((tx) => {
        const changed = tx
          .update(users)
          .set({ applicationReminderSent: now })
          .where(
            and(
              eq(users.id, userId),
              reminderDue(users.applicationReminderSent, notRemindedSince),
              sql`not exists (select 1 from ${applications} where ${applications.userId} = ${userId})`,
            ),
          )
          .run().changes;
        if (changed === 0) return false;
        insertMails(tx, [mail], now);
        return true;
      });
    },
    async erase(id) {
      db.transaction((tx) => {
        tx.update(payments).set({ userId: null }).where(eq(payments.userId, id)).run();
        tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, id)).run();
        tx.update(statusHistory).set({ changedBy: null }).where(eq(statusHistory.changedBy, id)).run();
        tx.delete(sessions).where(eq(sessions.userId, id)).run();
        tx.delete(contactEnquiries).where(eq(contactEnquiries.userId, id)).run();
        const appIds = sql`(select ${applications.id} from ${applications} where ${applications.userId} = ${id})`;
        tx.delete(documents).where(sql`${documents.applicationId} in ${appIds}`).run();
        tx.delete(statusHistory).where(sql`${statusHistory.applicationId} in ${appIds}`).run();
        tx.delete(applications).where(eq(applications.userId, id)).run();
        tx.delete(users).where(eq(users.id, id)).run();
      });
    },
  };

  // ---- sessions ----
  const sessionStore: SessionStore = {
    async create(session) {
      db.insert(sessions).values({ ...session }).run();
    },
    async find(idHash) {
      const r = hot.sessionByIdHash().get({ idHash });
      return r ? sessionFromRow(r) : null;
    },
    async touch(idHash, lastSeenAt) {
      db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, idHash)).run();
    },
    async delete(idHash) {
      db.delete(sessions).where(eq(sessions.idHash, idHash)).run();
    },
    async deleteAllForUser(userId) {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
    },
    async deleteExpired(idleBefore, createdBefore) {
      return db
        .delete(sessions)
        .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
        .run().changes;
    },
  };

  // ---- applications ----
  const applicationRepo: ApplicationRepository = {
    async create(application: NewApplication, mails) {
      try {
        return db.transaction((tx) => {
          const row = tx.insert(applications).values({ ...applicationToRow(application), version: 1 }).returning().get();
          insertMails(tx, mails, application.createdAt);
          return applicationFromRow(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async findById(id) {
      const r = hot.applicationById().get({ id });
      return r ? applicationFromRow(r) : null;
    },
    async listByUser(userId) {
      return hot.applicationsOfUser().all({ userId }).map(applicationFromRow);
    },
    async commit(change: ApplicationChange): Promise<CommitResult> {
      const id = change.application.id;
      try {
        return db.transaction((tx) => {
          const { createdAt: _createdAt, ...fields } = applicationToRow(change.application);
          const updated = tx
            .update(applications)
            .set({ ...fields, version: change.expectedVersion + 1 })
            .where(and(eq(applications.id, id), eq(applications.version, change.expectedVersion)))
            .returning()
            .get();
          if (!updated) return { outcome: 'stale' } as const;
          if (change.payment) tx.insert(payments).values({ ...change.payment, applicationId: id }).run();
          if (change.history) tx.insert(statusHistory).values({ ...change.history, applicationId: id }).run();
          let documentId: number | undefined;
          if (change.document) {
            documentId = tx.insert(documents).values({ ...change.document, applicationId: id }).returning({ id: documents.id }).get().id;
          }
          insertMails(tx, change.mails, change.application.updatedAt);
          const result: CommitResult = { outcome: 'committed', application: applicationFromRow(updated) };
          if (documentId !== undefined) result.documentId = documentId;
          return result;
        });
      } catch (e) {
        if (isUniqueViolation(e)) return { outcome: 'conflict' };
        throw e;
      }
    },
    async listForAdmin(query) {
      const where = adminFilter(query);
      const page = Math.max(1, Math.floor(query.page));
      const size = Math.max(1, Math.floor(query.pageSize));
      // Deferred join: pick the page's ids from the indexes (no full rows in the sort), then read
      // just those rows with their users.
      return db.transaction((tx) => {
        // With a search term, the matches are gathered once (a MATERIALIZED CTE over the multi-index
        // OR), then sorted and counted. Without one, the page comes straight off the
        // (status, created_at) / created_at indexes and the count off a covering index.
        const searching = normaliseSearch(query.q) !== null;
        const offset = (page - 1) * size;
        const picked: { id: number; total: number }[] = searching
          ? tx.all<{ id: number; total: number }>(sql`
              with m as materialized (
                select ${applications.id} as id, ${applications.createdAt} as created_at from ${applications} where ${where}
              )
              select id, (select count(*) from m) as total from m order by created_at desc, id desc limit ${size} offset ${offset}`)
          : tx
              .select({ id: applications.id, total: sql<number>`-1` })
              .from(applications)
              .where(where)
              .orderBy(desc(applications.createdAt), desc(applications.id))
              .limit(size)
              .offset(offset)
              .all();
        const pageIds = picked.map((r) => r.id);
        const rows =
          pageIds.length === 0
            ? []
            : tx
                .select(withUserColumns)
                .from(applications)
                .innerJoin(users, eq(users.id, applications.userId))
                .where(inArray(applications.id, pageIds))
                .orderBy(desc(applications.createdAt), desc(applications.id))
                .all();
        const total =
          searching && picked.length > 0
            ? Number(picked[0].total)
            : searching && page === 1
              ? 0
              : Number(tx.select({ n: sql<number>`count(*)` }).from(applications).where(where).get()?.n ?? 0);
        return { items: rows.map(toWithUser), total };
      });
    },
    async countByStatus(filter = {}) {
      // Grouped by `+status` when searching, so the search indexes find the rows (see statusTerm).
      const status = statusTerm(normaliseSearch(filter.q) !== null);
      const rows = db
        .select({ status, n: sql<number>`count(*)` })
        .from(applications)
        .where(adminFilter(filter))
        .groupBy(status)
        .all();
      const out: Partial<Record<ApplicationStatus, number>> = {};
      for (const r of rows) out[r.status] = Number(r.n);
      return out;
    },
    async listAllWithUsers() {
      return db
        .select(withUserColumns)
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .all()
        .map(toWithUser);
    },
    async listPaymentReminderCandidates(notRemindedSince, limit) {
      return db
        .select(withUserColumns)
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .where(and(owesPayment, reminderDue(applications.paymentReminderSent, notRemindedSince)))
        .orderBy(asc(applications.createdAt), asc(applications.id))
        .limit(Math.max(0, limit))
        .all()
        .map(toWithUser);
    },
    async claimPaymentReminder(applicationId, now, notRemindedSince, mail) {
      return db.transaction((tx) => {
        const changed = tx
          .update(applications)
          .set({ paymentReminderSent: now, version: sql`${applications.version} + 1` })
          .where(and(eq(applications.id, applicationId), owesPayment, reminderDue(applications.paymentReminderSent, notRemindedSince)))
          .run().changes;
        if (changed === 0) return false;
        insertMails(tx, [mail], now);
        return true;
      });
    },
    async *streamForExport(query) {
      // Keyset pages of whole rows, decoded without drizzle's generic row mapping (a fifth of an
      // export's time at 100k applications).
      const page = compileJoinSelect(
        sqlite,
        { application: applications, user: users },
        db
          .select(withUserColumns)
          .from(applications)
          .innerJoin(users, eq(users.id, applications.userId))
          .where(
            and(
              gt(applications.id, sql.placeholder('afterId')),
              query.statuses ? inArray(applications.status, [...query.statuses]) : undefined,
              query.createdSince ? gte(applications.createdAt, query.createdSince) : undefined,
            ),
          )
          .orderBy(asc(applications.id))
          .limit(EXPORT_PAGE),
      );
      let afterId = 0;
      for (;;) {
        const rows = page.all({ afterId });
        for (const r of rows) yield toWithUser(r);
        if (rows.length < EXPORT_PAGE) return;
        afterId = rows[rows.length - 1].application.id;
      }
    },
  };

  // ---- documents ----
  const documentRepo: DocumentRepository = {
    async create(document) {
      try {
        return documentFromRow(db.insert(documents).values({ ...document }).returning().get());
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('Application');
        throw e;
      }
    },
    async findById(id) {
      const r = db.select().from(documents).where(eq(documents.id, id)).get();
      return r ? documentFromRow(r) : null;
    },
    async listByApplication(applicationId) {
      return db
        .select()
        .from(documents)
        .where(eq(documents.applicationId, applicationId))
        .orderBy(asc(documents.uploadedAt), asc(documents.id))
        .all()
        .map(documentFromRow);
    },
    async delete(id) {
      db.delete(documents).where(eq(documents.id, id)).run();
    },
    async listPassportsOfApplicationsFinishedBefore(finishedBefore) {
      return db
        .select({ d: documents })
        .from(documents)
        .innerJoin(applications, eq(applications.id, documents.applicationId))
        .where(
          and(
            eq(documents.type, 'passport'),
            inArray(applications.status, [...FINISHED_FOR_RETENTION]),
            lt(applications.updatedAt, finishedBefore),
          ),
        )
        .orderBy(asc(documents.id))
        .all()
        .map((r) => documentFromRow(r.d));
    },
  };

  const paymentRepo: PaymentRepository = {
    async listByApplication(applicationId) {
      return db.select().from(payments).where(eq(payments.applicationId, applicationId)).orderBy(asc(payments.id)).all().map(paymentFromRow);
    },
    async findByProviderPaymentId(providerPaymentId) {
      const r = db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).get();
      return r ? paymentFromRow(r) : null;
    },
    async listSince(since) {
      return db
        .select()
        .from(payments)
        .where(gte(payments.createdAt, since))
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .all()
        .map(paymentFromRow);
    },
  };

  const historyRepo: StatusHistoryRepository = {
    async listByApplication(applicationId) {
      return db
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.applicationId, applicationId))
        .orderBy(asc(statusHistory.changedAt), asc(statusHistory.id))
        .all()
        .map(historyFromRow);
    },
  };

  const enquiryRepo: ContactEnquiryRepository = {
    async create(enquiry) {
      try {
        return enquiryFromRow(db.insert(contactEnquiries).values({ ...enquiry }).returning().get());
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async listByEmail(email) {
      return db
        .select()
        .from(contactEnquiries)
        .where(sql`lower(${contactEnquiries.email}) = ${email.trim().toLowerCase()}`)
        .orderBy(asc(contactEnquiries.id))
        .all()
        .map(enquiryFromRow);
    },
  };

  const outbox: MailOutbox = {
    async enqueue(mail, now) {
      return outboxFromRow(db.insert(mailOutbox).values(outboxInsert(mail, now)).returning().get());
    },
    async claimDue(now, leaseUntil, limit) {
      // IMMEDIATE takes the write lock before reading, so another process cannot claim the same rows.
      return db.transaction(
        (tx) => {
          const due = tx
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
            .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
            .limit(Math.max(0, limit))
            .all()
            .map((r) => r.id);
          if (due.length === 0) return [];
          return tx
            .update(mailOutbox)
            .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
            .where(inArray(mailOutbox.id, due))
            .returning()
            .all()
            .map(outboxFromRow)
            .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
        },
        { behavior: 'immediate' },
      );
    },
    async markSent(id, sentAt) {
      db.update(mailOutbox).set({ sentAt }).where(eq(mailOutbox.id, id)).run();
    },
    async markFailed(id, error, nextAttemptAt) {
      db.update(mailOutbox).set({ lastError: error, nextAttemptAt }).where(eq(mailOutbox.id, id)).run();
    },
    async list(filter = {}) {
      return db
        .select()
        .from(mailOutbox)
        .where(
          and(
            filter.sent === undefined ? undefined : filter.sent ? sql`${mailOutbox.sentAt} is not null` : isNull(mailOutbox.sentAt),
            filter.to === undefined ? undefined : sql`lower(${mailOutbox.to}) = ${filter.to.trim().toLowerCase()}`,
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .all()
        .map(outboxFromRow);
    },
  };

  const analytics: Analytics = {
    async record(event) {
      db.insert(analyticsEvents).values({ ...event }).run();
    },
    async list(filter = {}) {
      return db
        .select()
        .from(analyticsEvents)
        .where(filter.name === undefined ? undefined : eq(analyticsEvents.name, filter.name))
        .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.id))
        .all()
        .map(analyticsFromRow);
    },
  };

  let closed = false;
  return {
    dialect: 'sqlite',
    users: userRepo,
    sessions: sessionStore,
    applications: applicationRepo,
    documents: documentRepo,
    payments: paymentRepo,
    history: historyRepo,
    enquiries: enquiryRepo,
    outbox,
    analytics,
    async migrate() {
      migrate(db, { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
    },
    async ping() {
      try {
        return sqlite.prepare('select 1 as ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      sqlite.close();
    },
  };
}
