import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { NewApplication } from '../../../core/domain/application.js';
import { errors, isDomainError } from '../../../core/domain/errors.js';
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
  likePrefix,
  outboxFromRow,
  outboxInsert,
  paymentFromRow,
  sessionFromRow,
  userFromRow,
} from '../shared/mappers.js';
import { CONFLICT_MESSAGES, FINISHED_FOR_GUARANTEE, FINISHED_FOR_RETENTION, normaliseSearch, tabApplicationStatuses } from '../shared/rules.js';
import * as schema from './schema.js';
import { analyticsEvents, applications, contactEnquiries, documents, mailOutbox, payments, sessions, statusHistory, users } from './schema.js';

type Db = NodePgDatabase<typeof schema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const POSTGRES_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const EXPORT_PAGE = 500;

/** Case-insensitive prefix match served by a text_pattern_ops index on the lower(…) expression. */
function prefix(expr: SQL, term: string): SQL {
  return sql`${expr} like ${likePrefix(term)}`;
}

/** 'host:port' of a postgres:// URL, for messages (never the password). */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN', '57P01', '57P03', '3D000', '28P01', '28000']);

function isUnreachable(error: unknown): error is Error {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof o.code === 'string' && UNREACHABLE_CODES.has(o.code)) return true;
    if (typeof o.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(o.message)) return true;
    if (Array.isArray(o.errors) && o.errors.some((x) => isUnreachable(x))) return true;
    e = o.cause;
  }
  return false;
}

function rootMessage(error: unknown): string {
  let e: unknown = error;
  let msg = String((error as Error)?.message ?? error);
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof o.message === 'string' && o.message) msg = o.message;
    if (Array.isArray(o.errors) && o.errors[0]) {
      const first = o.errors[0] as { message?: unknown };
      if (typeof first.message === 'string') msg = first.message;
    }
    e = o.cause;
  }
  return msg;
}

/**
 * Wraps every promise-returning method of a store so an unreachable server surfaces as the domain's
 * Unavailable('database') error instead of a driver error.
 */
function guard<T extends object>(store: T, target: string): T {
  const out = {} as T;
  for (const key of Object.keys(store) as (keyof T)[]) {
    const fn = store[key];
    if (typeof fn !== 'function') {
      out[key] = fn;
      continue;
    }
    if (fn.constructor?.name === 'AsyncGeneratorFunction') {
      out[key] = fn.bind(store) as T[keyof T];
      continue;
    }
    out[key] = (async (...args: unknown[]) => {
      try {
        return await (fn as (...a: unknown[]) => Promise<unknown>).apply(store, args);
      } catch (e) {
        if (!isDomainError(e) && isUnreachable(e)) {
          throw errors.unavailable('database', `Cannot reach the database at ${target}: ${rootMessage(e)}`);
        }
        throw e;
      }
    }) as T[keyof T];
  }
  return out;
}

/**
 * PostgreSQL via a pg Pool. Multi-statement operations run in one real transaction on one pooled
 * client; the compare-and-set UPDATE (`WHERE id = ? AND version = ?`) and unique indexes decide
 * races, so concurrent requests (and several server processes) stay correct.
 */
export function createPostgresPersistence(url: string, opts: { max?: number } = {}): Persistence {
  const target = describeTarget(url);
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db: Db = drizzle(pool, { schema });

  const insertMails = async (tx: Db | Tx, mails: OutboxMailInput[] | undefined, now: Date | undefined) => {
    if (mails && mails.length > 0) await tx.insert(mailOutbox).values(mails.map((m) => outboxInsert(m, now)));
  };

  const withUserColumns = { application: applications, user: users };
  const toWithUser = (r: { application: typeof applications.$inferSelect; user: typeof users.$inferSelect }): ApplicationWithUser => ({
    application: applicationFromRow(r.application),
    user: userFromRow(r.user),
  });

  function adminFilter(query: { tab?: AdminListQuery['tab']; status?: ApplicationStatus; q?: string; overdueAt?: Date }): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (query.tab) parts.push(inArray(applications.status, tabApplicationStatuses(query.tab)));
    if (query.status) parts.push(eq(applications.status, query.status));
    if (query.overdueAt) {
      parts.push(lt(applications.guaranteeDeadline, query.overdueAt), notInArray(applications.status, [...FINISHED_FOR_GUARANTEE]));
    }
    const term = normaliseSearch(query.q);
    if (term !== null) {
      // One OR of text_pattern_ops index conditions on applications alone (a BitmapOr): the user's
      // email and full name are the trigger-maintained search_email / search_name columns.
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

  // ---- users ----
  const userRepo: UserRepository = {
    async create(user, mails) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ ...user }).returning();
          await insertMails(tx, mails, user.createdAt);
          return userFromRow(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.email);
        throw e;
      }
    },
    async findById(id) {
      const [r] = await db.select().from(users).where(eq(users.id, id));
      return r ? userFromRow(r) : null;
    },
    async findByEmail(email) {
      const [r] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      return r ? userFromRow(r) : null;
    },
    async updatePhone(id, phoneNumber) {
      const [r] = await db.update(users).set({ phoneNumber }).where(eq(users.id, id)).returning();
      return r ? userFromRow(r) : null;
    },
    async updatePassword(id, passwordHash, needsPasswordChange, mails, now) {
      await db.transaction(async (tx) => {
        const changed = await tx.update(users).set({ passwordHash, needsPasswordChange }).where(eq(users.id, id)).returning({ id: users.id });
        if (changed.length > 0) await insertMails(tx, mails, now);
      });
    },
    async setAdmin(id, isAdmin) {
      await db.update(users).set({ isAdmin }).where(eq(users.id, id));
    },
    async listWithoutApplication() {
      const rows = await db
        .select()
        .from(users)
        .where(sql`not exists (select 1 from ${applications} where ${applications.userId} = ${users.id})`)
        .orderBy(desc(users.createdAt), desc(users.id));
      return rows.map(userFromRow);
    },
    async pageWithoutApplication(query) {
      const term = normaliseSearch(query.q);
      const offset = Math.max(0, Math.floor(query.offset));
      const limit = Math.max(0, Math.floor(query.limit));
      // The search is served by the text_pattern_ops indexes on lower(email) / lower(full_name), the
      // "no application" test by an anti-join on applications_user_idx.
      const where = and(
        eq(users.isAdmin, false),
        term === null ? undefined : or(prefix(sql`lower(${users.email})`, term), prefix(sql`lower(${users.fullName})`, term)),
        sql`not exists (select 1 from ${applications} where ${applications.userId} = ${users.id})`,
      );
      const [rows, total] = await Promise.all([
        limit === 0 ? [] : db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
        db
          .select({ n: sql<string>`count(*)` })
          .from(users)
          .where(where)
          .then(([c]) => Number(c?.n ?? 0)),
      ]);
      return { items: rows.map(userFromRow), total };
    },
    async claimApplicationReminder(userId, now, notRemindedSince, mail) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set({ applicationReminderSent: now })
          .where(
            and(
              eq(users.id, userId),
              reminderDue(users.applicationReminderSent, notRemindedSince),
              sql`not exists (select 1 from ${applications} where ${applications.userId} = ${userId})`,
            ),
          )
          .returning({ id: users.id });
        if (changed.length === 0) return false;
        await insertMails(tx, [mail], now);
        return true;
      });
    },
    async erase(id) {
      await db.transaction(async (tx) => {
        await tx.update(payments).set({ userId: null }).where(eq(payments.userId, id));
        await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, id));
        await tx.update(statusHistory).set({ changedBy: null }).where(eq(statusHistory.changedBy, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(contactEnquiries).where(eq(contactEnquiries.userId, id));
        const appIds = sql`(select ${applications.id} from ${applications} where ${applications.userId} = ${id})`;
        await tx.delete(documents).where(sql`${documents.applicationId} in ${appIds}`);
        await tx.delete(statusHistory).where(sql`${statusHistory.applicationId} in ${appIds}`);
        await tx.delete(applications).where(eq(applications.userId, id));
        await tx.delete(users).where(eq(users.id, id));
      });
    },
  };

  // ---- sessions ----
  const sessionStore: SessionStore = {
    async create(session) {
      await db.insert(sessions).values({ ...session });
    },
    async find(idHash) {
      const [r] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
      return r ? sessionFromRow(r) : null;
    },
    async touch(idHash, lastSeenAt) {
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, idHash));
    },
    async delete(idHash) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async deleteAllForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteExpired(idleBefore, createdBefore) {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
        .returning({ idHash: sessions.idHash });
      return gone.length;
    },
  };

  // ---- applications ----
  const applicationRepo: ApplicationRepository = {
    async create(application: NewApplication, mails) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(applications).values({ ...applicationToRow(application), version: 1 }).returning();
          await insertMails(tx, mails, application.createdAt);
          return applicationFromRow(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async findById(id) {
      const [r] = await db.select().from(applications).where(eq(applications.id, id));
      return r ? applicationFromRow(r) : null;
    },
    async listByUser(userId) {
      const rows = await db
        .select()
        .from(applications)
        .where(eq(applications.userId, userId))
        .orderBy(desc(applications.createdAt), desc(applications.id));
      return rows.map(applicationFromRow);
    },
    async commit(change: ApplicationChange): Promise<CommitResult> {
      const id = change.application.id;
      try {
        return await db.transaction(async (tx) => {
          const { createdAt: _createdAt, ...fields } = applicationToRow(change.application);
          const [updated] = await tx
            .update(applications)
            .set({ ...fields, version: change.expectedVersion + 1 })
            .where(and(eq(applications.id, id), eq(applications.version, change.expectedVersion)))
            .returning();
          if (!updated) return { outcome: 'stale' } as const;
          if (change.payment) await tx.insert(payments).values({ ...change.payment, applicationId: id });
          if (change.history) await tx.insert(statusHistory).values({ ...change.history, applicationId: id });
          let documentId: number | undefined;
          if (change.document) {
            const [doc] = await tx.insert(documents).values({ ...change.document, applicationId: id }).returning({ id: documents.id });
            documentId = doc.id;
          }
          await insertMails(tx, change.mails, change.application.updatedAt);
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
      // Deferred join: pick the page's ids from the indexes (with a search term, the total comes in
      // the same pass as a window count, so the matches are evaluated once), then read those rows.
      const searching = normaliseSearch(query.q) !== null;
      const offset = (page - 1) * size;
      // With a search term the matches are gathered once in a MATERIALIZED CTE (planned as a
      // BitmapOr over the search indexes; an ORDER BY … LIMIT over the table would tempt the planner
      // into walking created_at backwards and testing every row), then sorted and counted.
      const picked: { id: number; total: string }[] = searching
        ? (
            await db.execute<{ id: number; total: string }>(sql`
              with m as materialized (
                select ${applications.id} as id, ${applications.createdAt} as created_at from ${applications} where ${where}
              )
              select id, (select count(*) from m) as total from m order by created_at desc, id desc limit ${size} offset ${offset}`)
          ).rows.map((r) => ({ id: Number(r.id), total: String(r.total) }))
        : await db
            .select({ id: applications.id, total: sql<string>`-1` })
            .from(applications)
            .where(where)
            .orderBy(desc(applications.createdAt), desc(applications.id))
            .limit(size)
            .offset(offset);
      const pageIds = picked.map((r) => r.id);
      const [rows, total] = await Promise.all([
        pageIds.length === 0
          ? []
          : db
              .select(withUserColumns)
              .from(applications)
              .innerJoin(users, eq(users.id, applications.userId))
              .where(inArray(applications.id, pageIds))
              .orderBy(desc(applications.createdAt), desc(applications.id)),
        searching && picked.length > 0
          ? Number(picked[0].total)
          : searching && page === 1
            ? 0
            : db
                .select({ n: sql<string>`count(*)` })
                .from(applications)
                .where(where)
                .then(([c]) => Number(c?.n ?? 0)),
      ]);
      return { items: rows.map(toWithUser), total };
    },
    async countByStatus(filter = {}) {
      const rows = await db
        .select({ status: applications.status, n: sql<string>`count(*)` })
        .from(applications)
        .where(adminFilter(filter))
        .groupBy(applications.status);
      const out: Partial<Record<ApplicationStatus, number>> = {};
      for (const r of rows) out[r.status] = Number(r.n);
      return out;
    },
    async listAllWithUsers() {
      const rows = await db
        .select(withUserColumns)
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .orderBy(desc(applications.createdAt), desc(applications.id));
      return rows.map(toWithUser);
    },
    async listPaymentReminderCandidates(notRemindedSince, limit) {
      const rows = await db
        .select(withUserColumns)
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .where(and(owesPayment, reminderDue(applications.paymentReminderSent, notRemindedSince)))
        .orderBy(asc(applications.createdAt), asc(applications.id))
        .limit(Math.max(0, limit));
      return rows.map(toWithUser);
    },
    async claimPaymentReminder(applicationId, now, notRemindedSince, mail) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(applications)
          .set({ paymentReminderSent: now, version: sql`${applications.version} + 1` })
          .where(and(eq(applications.id, applicationId), owesPayment, reminderDue(applications.paymentReminderSent, notRemindedSince)))
          .returning({ id: applications.id });
        if (changed.length === 0) return false;
        await insertMails(tx, [mail], now);
        return true;
      });
    },
    async *streamForExport(query) {
      let afterId = 0;
      for (;;) {
        let rows;
        try {
          rows = await db
            .select(withUserColumns)
            .from(applications)
            .innerJoin(users, eq(users.id, applications.userId))
            .where(
              and(
                gt(applications.id, afterId),
                query.statuses ? inArray(applications.status, [...query.statuses]) : undefined,
                query.createdSince ? gte(applications.createdAt, query.createdSince) : undefined,
              ),
            )
            .orderBy(asc(applications.id))
            .limit(EXPORT_PAGE);
        } catch (e) {
          if (isUnreachable(e)) throw errors.unavailable('database', `Cannot reach the database at ${target}: ${rootMessage(e)}`);
          throw e;
        }
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
        const [r] = await db.insert(documents).values({ ...document }).returning();
        return documentFromRow(r);
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('Application');
        throw e;
      }
    },
    async findById(id) {
      const [r] = await db.select().from(documents).where(eq(documents.id, id));
      return r ? documentFromRow(r) : null;
    },
    async listByApplication(applicationId) {
      const rows = await db
        .select()
        .from(documents)
        .where(eq(documents.applicationId, applicationId))
        .orderBy(asc(documents.uploadedAt), asc(documents.id));
      return rows.map(documentFromRow);
    },
    async delete(id) {
      await db.delete(documents).where(eq(documents.id, id));
    },
    async listPassportsOfApplicationsFinishedBefore(finishedBefore) {
      const rows = await db
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
        .orderBy(asc(documents.id));
      return rows.map((r) => documentFromRow(r.d));
    },
  };

  const paymentRepo: PaymentRepository = {
    async listByApplication(applicationId) {
      const rows = await db.select().from(payments).where(eq(payments.applicationId, applicationId)).orderBy(asc(payments.id));
      return rows.map(paymentFromRow);
    },
    async findByProviderPaymentId(providerPaymentId) {
      const [r] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
      return r ? paymentFromRow(r) : null;
    },
    async listSince(since) {
      const rows = await db.select().from(payments).where(gte(payments.createdAt, since)).orderBy(asc(payments.createdAt), asc(payments.id));
      return rows.map(paymentFromRow);
    },
  };

  const historyRepo: StatusHistoryRepository = {
    async listByApplication(applicationId) {
      const rows = await db
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.applicationId, applicationId))
        .orderBy(asc(statusHistory.changedAt), asc(statusHistory.id));
      return rows.map(historyFromRow);
    },
  };

  const enquiryRepo: ContactEnquiryRepository = {
    async create(enquiry) {
      try {
        const [r] = await db.insert(contactEnquiries).values({ ...enquiry }).returning();
        return enquiryFromRow(r);
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async listByEmail(email) {
      const rows = await db
        .select()
        .from(contactEnquiries)
        .where(sql`lower(${contactEnquiries.email}) = ${email.trim().toLowerCase()}`)
        .orderBy(asc(contactEnquiries.id));
      return rows.map(enquiryFromRow);
    },
  };

  const outbox: MailOutbox = {
    async enqueue(mail, now) {
      const [r] = await db.insert(mailOutbox).values(outboxInsert(mail, now)).returning();
      return outboxFromRow(r);
    },
    async claimDue(now, leaseUntil, limit) {
      // The due rows are picked and row-locked ONCE (a MATERIALIZED CTE: a plain `id IN (subquery)`
      // may be re-evaluated and claim more than `limit`); SKIP LOCKED makes a concurrent sender
      // take other rows instead of waiting, so no mail is handed to two senders.
      const result = await db.execute<{ id: number }>(sql`
        with due as materialized (
          select ${mailOutbox.id} as id from ${mailOutbox}
          where ${mailOutbox.sentAt} is null and ${lte(mailOutbox.nextAttemptAt, now)}
          order by ${mailOutbox.nextAttemptAt}, ${mailOutbox.id}
          limit ${Math.max(0, Math.floor(limit))}
          for update skip locked
        )
        update ${mailOutbox} set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = ${mailOutbox.attempts} + 1
        from due where ${mailOutbox.id} = due.id
        returning ${mailOutbox.id} as id`);
      const claimed = result.rows.map((r) => Number(r.id));
      if (claimed.length === 0) return [];
      const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, claimed)).orderBy(asc(mailOutbox.id));
      return rows.map(outboxFromRow);
    },
    async markSent(id, sentAt) {
      await db.update(mailOutbox).set({ sentAt }).where(eq(mailOutbox.id, id));
    },
    async markFailed(id, error, nextAttemptAt) {
      await db.update(mailOutbox).set({ lastError: error, nextAttemptAt }).where(eq(mailOutbox.id, id));
    },
    async list(filter = {}) {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(
          and(
            filter.sent === undefined ? undefined : filter.sent ? sql`${mailOutbox.sentAt} is not null` : isNull(mailOutbox.sentAt),
            filter.to === undefined ? undefined : sql`lower(${mailOutbox.to}) = ${filter.to.trim().toLowerCase()}`,
          ),
        )
        .orderBy(asc(mailOutbox.id));
      return rows.map(outboxFromRow);
    },
  };

  const analytics: Analytics = {
    async record(event) {
      await db.insert(analyticsEvents).values({ ...event });
    },
    async list(filter = {}) {
      const rows = await db
        .select()
        .from(analyticsEvents)
        .where(filter.name === undefined ? undefined : eq(analyticsEvents.name, filter.name))
        .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.id));
      return rows.map(analyticsFromRow);
    },
  };

  let closed: Promise<void> | null = null;
  return {
    dialect: 'postgres',
    users: guard(userRepo, target),
    sessions: guard(sessionStore, target),
    applications: guard(applicationRepo, target),
    documents: guard(documentRepo, target),
    payments: guard(paymentRepo, target),
    history: guard(historyRepo, target),
    enquiries: guard(enquiryRepo, target),
    outbox: guard(outbox, target),
    analytics: guard(analytics, target),
    async migrate() {
      try {
        await migrate(db, { migrationsFolder: POSTGRES_MIGRATIONS_FOLDER });
      } catch (e) {
        if (isUnreachable(e)) throw errors.unavailable('database', `Cannot reach the database at ${target}: ${rootMessage(e)}`);
        throw e;
      }
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}
