import { isStoredId } from '../../../core/domain/ids.js';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../core/domain/status.js';
import { errors } from '../../../core/domain/errors.js';
import type { Application, NewApplication } from '../../../core/domain/application.js';
import type { NewReply } from '../../../core/domain/reply.js';
import type { AdminListQuery, ApplicationChange, ApplicationRepository, ApplicationWithUser, CommitResult } from '../../../core/ports/application-repository.js';
import { adminFilter, adminOrderBy } from './admin-filter.js';
import { searchCounts, searchPage, statusRangesPage } from './admin-search.js';
import { isForeignKeyViolation, isUniqueViolation } from './driver-errors.js';
import { applicationFromRow, applicationToRow, passportScanToRow, userFromRow } from './mappers.js';
import { appendAudit } from './audit-store.js';
import { queueMails } from './outbox-store.js';
import { queueTexts } from './text-store.js';
import { issueReceipt } from './receipt-issue.js';
import { insertRefund } from './refund-store.js';
import { resolveAudit, type NewAuditEntry } from '../../../core/domain/audit.js';
import { resolveJobs } from '../../../core/domain/jobs.js';
import type { CreatedIds } from '../../../core/domain/new-rows.js';
import { PORTAL_WAITING_STATUSES } from '../../../core/domain/portal-outage.js';
import { adminPage, CONFLICT_MESSAGES, EXPORT_PAGE, normaliseSearch, tabApplicationStatuses } from './rules.js';
import type { ApplicationRow, PortalLedgerRow, UserRow } from './schema-parity.js';
import { portalLedgerFromRow } from './portal-store.js';
import type { Db, SqlDatabase, Tables } from './sql-database.js';
import { all, changes, queueJobs, rows, type Unit } from './unit.js';

const withUser = (r: { application: ApplicationRow; user: UserRow }): ApplicationWithUser => ({
  application: applicationFromRow(r.application),
  user: userFromRow(r.user),
});

/** An admin read's row: the application, its user and its portal ledger row (left-joined on its key). */
const withUserAndPortal = (r: { application: ApplicationRow; user: UserRow; portal: PortalLedgerRow | null }): ApplicationWithUser => ({
  application: applicationFromRow(r.application),
  user: userFromRow(r.user),
  portal: r.portal ? portalLedgerFromRow(r.portal) : null,
});

/**
 * Stores one new application as a step of a unit: the applicant's folded email and name travel with
 * the row (the admin search reads applications alone), and the user stops being a pseudo-entry in
 * the same transaction. Every insert of an application (single, family, …) goes through here.
 */
export function* insertApplication(tx: Db, t: Tables, application: NewApplication, extra: { groupId?: number } = {}): Unit<Application> {
  const [user] = yield* rows(tx.select({ searchEmail: t.users.searchEmail, searchName: t.users.searchName }).from(t.users).where(eq(t.users.id, application.userId)));
  if (!user) throw errors.notFound('User');
  const [row] = yield* rows(
    tx
      .insert(t.applications)
      .values({ ...applicationToRow(application), ...user, ...extra, version: 1 })
      .returning(),
  );
  yield* changes(
    tx
      .update(t.users)
      .set({ hasApplication: true })
      .where(and(eq(t.users.id, application.userId), eq(t.users.hasApplication, false))),
  );
  return applicationFromRow(row!);
}

/** A committed change's result, and the audit rows the caller appends last (appendAudit). */
export interface CommittedChange {
  result: Extract<CommitResult, { outcome: 'committed' }>;
  audit: NewAuditEntry[];
}

/**
 * One application's change as a step of a unit: the row only if its version is still `expectedVersion`
 * (null when it moved), then its payment, history entry, document, reply, mails, texts and the jobs
 * the core asked for. A unique violation (a payment recorded already) throws and rolls the
 * transaction back. The change's audit rows come back resolved: the caller appends them at the end
 * of its unit (appendAudit's lock order).
 */
/** Whether a row's stored value and the value to write are the same (dates by instant, JSON by its text). */
function sameValue(stored: unknown, next: unknown): boolean {
  if (stored === next) return true;
  if (stored instanceof Date && next instanceof Date) return stored.getTime() === next.getTime();
  if (stored !== null && next !== null && typeof stored === 'object' && typeof next === 'object') return JSON.stringify(stored) === JSON.stringify(next);
  return false;
}

export function* commitApplication(tx: Db, t: Tables, change: ApplicationChange): Unit<CommittedChange | null> {
  const a = t.applications;
  const id = change.application.id;
  const { createdAt: _createdAt, ...fields } = applicationToRow(change.application);
  // Only the columns the change changes are written: the row has 69 columns and 17 indexes, and
  // SQLite rewrites the entries of every index (and fires every trigger) naming a column that is
  // SET, changed or not — a payment's confirmation rewrote all 17 (10–50 ms at 1M applications
  // with the admin reading; bench:admin BENCH_WRITER). PostgreSQL keeps more updates HOT. Its
  // transaction must take the write lock first (lockFirst): this reads before it writes.
  const [current] = yield* rows(
    tx
      .select()
      .from(a)
      .where(and(eq(a.id, id), eq(a.version, change.expectedVersion))),
  );
  if (!current) return null;
  const stored = current as Record<string, unknown>;
  const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && !sameValue(stored[key], value)));
  // The decision the core dated (statusChange): kept on the row for the reports, never moved by a later one.
  const decided = change.decidedAt ? { decidedAt: sql`coalesce(${a.decidedAt}, ${sql.param(change.decidedAt, a.decidedAt)})` } : {};
  const [updated] = yield* rows(
    tx
      .update(a)
      .set({ ...(changed as Partial<typeof fields>), ...decided, version: change.expectedVersion + 1 })
      .where(and(eq(a.id, id), eq(a.version, change.expectedVersion)))
      .returning(),
  );
  if (!updated) return null;
  if (change.payment) yield* changes(tx.insert(t.payments).values({ ...change.payment, applicationId: id }));
  if (change.history) yield* changes(tx.insert(t.statusHistory).values({ ...change.history, applicationId: id }));
  if (change.receipt) yield* issueReceipt(tx, t, change.receipt);
  const created: CreatedIds = {};
  // A refund asked for with the change (a cancellation): more than is left throws and rolls it all back.
  if (change.refund) {
    const stored = yield* insertRefund(tx, t, id, change.refund);
    if (!stored.replayed) created.refund = stored.refund.id;
  }
  const result: Extract<CommitResult, { outcome: 'committed' }> = { outcome: 'committed', application: applicationFromRow(updated) };
  if (change.document) {
    const [document] = yield* rows(
      tx
        .insert(t.documents)
        .values({ ...change.document, applicationId: id })
        .returning({ id: t.documents.id }),
    );
    result.documentId = created.document = document!.id;
  }
  if (change.reply) result.reply = yield* insertReply(tx, t, id, change.reply);
  yield* queueMails(tx, t, change.mails, change.application.updatedAt);
  yield* queueTexts(tx, t, change.texts, change.application.updatedAt);
  yield* queueJobs(resolveJobs(change.jobs, created));
  return { result, audit: resolveAudit(change.audit, created) };
}

/** An applicant's reply and its documents (type 'reply', pointing at it), as a step of its application's change. */
function* insertReply(tx: Db, t: Tables, applicationId: number, reply: NewReply): Unit<{ id: number; documentIds: number[] }> {
  const [row] = yield* rows(tx.insert(t.applicationReplies).values({ applicationId, text: reply.text, createdAt: reply.createdAt }).returning({ id: t.applicationReplies.id }));
  const documentIds: number[] = [];
  for (const document of reply.documents) {
    const [stored] = yield* rows(
      tx
        .insert(t.documents)
        .values({ ...document, applicationId, replyId: row!.id })
        .returning({ id: t.documents.id }),
    );
    documentIds.push(stored!.id);
  }
  return { id: row!.id, documentIds };
}

/** The statuses an admin listing of `query` covers (its tab's, narrowed to its status). */
function listedStatuses(query: Pick<AdminListQuery, 'tab' | 'status'>): ApplicationStatus[] {
  const inTab = query.tab ? tabApplicationStatuses(query.tab) : [...APPLICATION_STATUSES];
  return query.status ? inTab.filter((s) => s === query.status) : inTab;
}

const DAY_MS = 86_400_000;

export function applicationStore(database: SqlDatabase): ApplicationRepository {
  const { db, tables: t } = database;
  const a = t.applications;

  /**
   * The overdue applications per status of a listing without a search or an assignee: the counts
   * the database keeps per status and UTC deadline day (application_overdue_days, kept by the triggers of derived-sql/)
   * for the days before `overdueAt`'s, plus that day's deadlines already past, off
   * applications_overdue_idx — instead of walking every overdue entry (~190k at 1M).
   */
  function* overdueByStatus(filter: Pick<AdminListQuery, 'tab' | 'status'> & { overdueAt: Date }): Unit<{ status: ApplicationStatus; n: number }[]> {
    const c = t.applicationOverdueDays;
    const today = Math.floor(filter.overdueAt.getTime() / DAY_MS);
    const [before, sinceMidnight] = yield* all([
      rows(
        db
          .select({ status: c.status, n: sql<number>`coalesce(sum(${c.n}), 0)` })
          .from(c)
          .where(and(lt(c.day, today), inArray(c.status, listedStatuses(filter))))
          .groupBy(c.status),
      ),
      rows(
        db
          .select({ status: a.status, n: sql<number>`count(*)` })
          .from(a)
          .where(and(adminFilter(database, filter), gte(a.guaranteeDeadline, new Date(today * DAY_MS))))
          .groupBy(a.status),
      ),
    ] as const);
    const counted = new Map<ApplicationStatus, number>();
    for (const r of [...before, ...sinceMidnight]) counted.set(r.status, (counted.get(r.status) ?? 0) + Number(r.n));
    return [...counted].map(([status, n]) => ({ status, n }));
  }
  const withUserColumns = { application: a, user: t.users };
  const adminColumns = { application: a, user: t.users, portal: t.portalLedger };
  const newestFirst = [desc(a.createdAt), desc(a.id)];

  // The signed-in read path: an application and the applicant's list, without the search keys and
  // decided_at (written for the admin search and the reports; 6 of 69 columns SQLite would read).
  const { searchEmail: _email, searchName: _name, searchGivenName: _given, searchSurname: _surname, searchFullName: _full, decidedAt: _decided, ...stored } = getTableColumns(a);
  const byId = database.prepare(
    () =>
      db
        .select(stored)
        .from(a)
        .where(eq(a.id, sql.placeholder('id'))),
    { columnsOf: stored },
  );
  const ofUser = database.prepare(
    () =>
      db
        .select(stored)
        .from(a)
        .where(eq(a.userId, sql.placeholder('userId')))
        .orderBy(...newestFirst),
    { columnsOf: stored },
  );

  const countsRead = database.prepare(() => db.select().from(t.applicationStatusCounts));

  /** A fee is outstanding (rules.ts's owesPayment). */
  const owesPayment = or(and(isNull(a.initialPaymentId), ne(a.status, 'rejected')), and(eq(a.status, 'approved'), isNull(a.finalPaymentId)));
  const reminderDue = (since: Date) => or(isNull(a.paymentReminderSent), lt(a.paymentReminderSent, since));

  return {
    async create(application, mails) {
      try {
        return await database.transaction(function* (tx) {
          const created = yield* insertApplication(tx, t, application);
          yield* queueMails(tx, t, mails, application.createdAt);
          return created;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async findById(id) {
      if (!isStoredId(id)) return null;
      const row = await byId.get({ id });
      return row ? applicationFromRow(row) : null;
    },
    async findByNumber(applicationNumber) {
      const [row] = await db.select().from(a).where(eq(a.applicationNumber, applicationNumber));
      return row ? applicationFromRow(row) : null;
    },
    async listByUser(userId) {
      return (await ofUser.all({ userId })).map(applicationFromRow);
    },
    async commit(change) {
      const id = change.application.id;
      try {
        // lockFirst: commitApplication reads the row before it writes; on SQLite a read snapshot that
        // another connection wrote past cannot take the write lock (SQLITE_BUSY at once, no waiting).
        return await database.transaction(
          function* (tx): Unit<CommitResult> {
            const committed = yield* commitApplication(tx, t, change);
            if (!committed) return { outcome: 'stale' };
            yield* appendAudit(tx, t, committed.audit);
            return committed.result;
          },
          { lockFirst: true },
        );
      } catch (e) {
        if (isUniqueViolation(e)) return { outcome: 'conflict' };
        throw e;
      }
    },
    async listForAdmin(query) {
      const where = adminFilter(database, query);
      const order = adminOrderBy(database);
      const { size, offset } = adminPage(query);
      const searching = normaliseSearch(query.q) !== null;
      // Deferred join: the page's ids come off the indexes (no full rows in the sort), then just
      // those rows are read with their users.
      return database.read(function* (db) {
        // With a search term, admin-search.ts reads the page (and, where it can, the total). Without
        // one, the page comes off (status, guarantee_deadline, expected_arrival_date, id) — the
        // overdue filter's off the partial applications_overdue_idx, in the same order — (or,
        // filtered by assignee, (assignee_id, status, …)) and the total is the maintained per-status
        // counts' (less the assigned ones for "unassigned"), or for overdue a count off that index.
        let ids: number[];
        let known: number | null = null;
        if (searching) {
          ({ ids, total: known } = yield* searchPage(database, { ...query, q: query.q! }, listedStatuses(query)));
        } else {
          // One ordered index range per status, merged: an IN list of statuses cannot be read in
          // (deadline, arrival, id) order off one index, and sorting a whole tab took ~150 ms at 100k.
          const conditions = listedStatuses(query).map((status) => adminFilter(database, { ...query, tab: undefined, status }));
          ids = yield* statusRangesPage(database, conditions, { size, offset });
        }
        // The page's rows with their users and (by its primary key, at most one each) portal ledger rows.
        const readPage = rows(
          db
            .select(adminColumns)
            .from(a)
            .innerJoin(t.users, eq(t.users.id, a.userId))
            .leftJoin(t.portalLedger, eq(t.portalLedger.applicationId, a.id))
            .where(inArray(a.id, ids))
            .orderBy(...order),
        );
        if (!searching && !query.overdueAt && typeof query.assigneeId !== 'number') {
          const statuses = query.tab || query.status ? listedStatuses(query) : null;
          const c = t.applicationStatusCounts;
          const stored = rows(
            db
              .select({ n: sql<number>`coalesce(sum(${c.n}), 0)` })
              .from(c)
              .where(statuses ? inArray(c.status, statuses) : undefined),
          );
          // Unassigned: the stored counts less the assigned ones (few, off applications_assignee_idx).
          const assigned = rows(
            db
              .select({ n: sql<number>`count(*)` })
              .from(a)
              .where(and(isNotNull(a.assigneeId), statuses ? inArray(a.status, statuses) : undefined)),
          );
          const found = ids.length === 0 ? [] : yield* readPage;
          const [[n], [less]] = query.assigneeId === null ? yield* all([stored, assigned]) : [yield* stored, [{ n: 0 }]];
          return { items: found.map(withUserAndPortal), total: Number(n?.n ?? 0) - Number(less?.n ?? 0) };
        }
        if (known !== null) return { items: ids.length === 0 ? [] : (yield* readPage).map(withUserAndPortal), total: known };
        if (query.overdueAt && query.assigneeId === undefined) {
          const found = ids.length === 0 ? [] : yield* readPage;
          const overdue = yield* overdueByStatus({ ...query, overdueAt: query.overdueAt });
          return { items: found.map(withUserAndPortal), total: overdue.reduce((sum, r) => sum + r.n, 0) };
        }
        const count = rows(
          db
            .select({ n: sql<number>`count(*)` })
            .from(a)
            .where(where),
        );
        if (ids.length === 0) return { items: [], total: Number((yield* count)[0]?.n ?? 0) };
        const [found, [counted]] = yield* all([readPage, count]);
        return { items: found.map(withUserAndPortal), total: Number(counted?.n ?? 0) };
      });
    },
    async countByStatus(filter = {}) {
      const out: Partial<Record<ApplicationStatus, number>> = {};
      const searching = normaliseSearch(filter.q) !== null;
      if (!searching && !filter.overdueAt) {
        // The per-status counts kept by the database in every writing transaction (migration 0005).
        for (const r of await countsRead.all()) if (r.n > 0) out[r.status] = Number(r.n);
        return out;
      }
      if (!searching && filter.overdueAt) {
        const overdueAt = filter.overdueAt;
        for (const r of await database.read(() => overdueByStatus({ overdueAt }))) if (r.n > 0) out[r.status] = r.n;
        return out;
      }
      // A search: its counts per status (admin-search.ts).
      for (const r of await database.read(() => searchCounts(database, { ...filter, q: filter.q! }))) out[r.status] = Number(r.n);
      return out;
    },
    async countAssigned(staffId, filter = {}) {
      const mine: Partial<Record<ApplicationStatus, number>> = {};
      const assigned: Partial<Record<ApplicationStatus, number>> = {};
      // Off applications_assignee_idx: the assigned applications only (the unassigned are the rest),
      // the filter tested on them (`tested`: no index may serve it, or a broad search or the overdue
      // filter would walk its own index through ~10k–50k entries at 100k). The status is written as
      // with a search term (statusTerm(true)), whatever the filter: SQLite would otherwise walk a
      // status index through every application to group without sorting rather than sort the few.
      const status = database.statusTerm(true);
      const counted = await db
        .select({ status, mine: sql<number>`sum(case when ${a.assigneeId} = ${staffId} then 1 else 0 end)`, n: sql<number>`count(*)` })
        .from(a)
        // `> 0` (ids start at 1) rather than IS NOT NULL: with tests on the table's columns, SQLite
        // takes IS NOT NULL for most rows and scans the table instead (43 ms at 100k; this: 0.1 ms).
        .where(and(gt(a.assigneeId, 0), adminFilter(database, filter, { tested: true })))
        .groupBy(status);
      for (const r of counted) {
        assigned[r.status] = Number(r.n);
        if (Number(r.mine) > 0) mine[r.status] = Number(r.mine);
      }
      return { mine, assigned };
    },
    async *streamAllWithUsers() {
      // Keyset pages newest first: each page starts where the last ended, off applications_created_idx
      // (created_at <= the last one bounds the index scan; the OR breaks ties on id).
      let after: { createdAt: Date; id: number } | null = null;
      for (;;) {
        const found: { application: ApplicationRow; user: UserRow; portal: PortalLedgerRow | null }[] = await db
          .select(adminColumns)
          .from(a)
          .innerJoin(t.users, eq(t.users.id, a.userId))
          .leftJoin(t.portalLedger, eq(t.portalLedger.applicationId, a.id))
          .where(after ? and(lte(a.createdAt, after.createdAt), or(lt(a.createdAt, after.createdAt), lt(a.id, after.id))) : undefined)
          .orderBy(...newestFirst)
          .limit(EXPORT_PAGE);
        for (const r of found) yield withUserAndPortal(r);
        if (found.length < EXPORT_PAGE) return;
        const last = found[found.length - 1].application;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
    async listForPortalOutage(down) {
      const heldByThePortal = eq(a.guaranteePausedFor, 'portal');
      const found = await db
        .select(adminColumns)
        .from(a)
        .innerJoin(t.users, eq(t.users.id, a.userId))
        .leftJoin(t.portalLedger, eq(t.portalLedger.applicationId, a.id))
        .where(down ? or(and(isNotNull(a.initialPaymentId), isNull(a.cancelledAt), inArray(a.status, [...PORTAL_WAITING_STATUSES])), heldByThePortal) : heldByThePortal)
        .orderBy(asc(a.id));
      return found.map(withUserAndPortal);
    },
    async listPaymentReminderCandidates(notRemindedSince, limit) {
      const found = await db
        .select(withUserColumns)
        .from(a)
        .innerJoin(t.users, eq(t.users.id, a.userId))
        .where(and(owesPayment, reminderDue(notRemindedSince)))
        .orderBy(asc(a.createdAt), asc(a.id))
        .limit(Math.max(0, limit));
      return found.map(withUser);
    },
    async claimPaymentReminder(applicationId, now, notRemindedSince, mail) {
      return database.transaction(function* (tx) {
        // The version moves too, so a commit computed from the row before the claim answers stale
        // instead of undoing it.
        const changed = yield* changes(
          tx
            .update(a)
            .set({ paymentReminderSent: now, version: sql`${a.version} + 1` })
            .where(and(eq(a.id, applicationId), owesPayment, reminderDue(notRemindedSince))),
        );
        if (changed === 0) return false;
        yield* queueMails(tx, t, [mail], now);
        return true;
      });
    },
    async recordPassportScan(applicationId, record) {
      if (!isStoredId(applicationId)) return false;
      return database.transaction(function* (tx) {
        // Not the version: a reading is no edit of the application, so it never makes a commit
        // computed before it stale (and commit never writes these columns).
        const changed = yield* changes(
          tx
            .update(a)
            .set(passportScanToRow(record))
            .where(and(eq(a.id, applicationId), or(isNull(a.passportScanDocumentId), lte(a.passportScanDocumentId, record.documentId)))),
        );
        return changed > 0;
      });
    },
    async listPendingPassportScans(limit) {
      // Read once, when the job store is created: a scan of the table is fine (no index for a state that is rare and brief).
      const found = await db.select({ documentId: a.passportScanDocumentId }).from(a).where(eq(a.passportScanStatus, 'pending')).orderBy(asc(a.id)).limit(Math.max(0, limit));
      return found.map((r) => r.documentId).filter((id): id is number => id !== null);
    },
    async *streamForExport(query) {
      // Keyset pages of whole rows, the page's statement prepared once per export.
      const page = database.prepare(
        () =>
          db
            .select(withUserColumns)
            .from(a)
            .innerJoin(t.users, eq(t.users.id, a.userId))
            .where(
              and(gt(a.id, sql.placeholder('afterId')), query.statuses ? inArray(a.status, [...query.statuses]) : undefined, query.createdSince ? gte(a.createdAt, query.createdSince) : undefined),
            )
            .orderBy(asc(a.id))
            .limit(EXPORT_PAGE),
        { wholeRowsOf: withUserColumns },
      );
      let afterId = 0;
      for (;;) {
        const found = await page.all({ afterId });
        for (const r of found) yield withUser(r);
        if (found.length < EXPORT_PAGE) return;
        afterId = found[found.length - 1].application.id;
      }
    },
  };
}
