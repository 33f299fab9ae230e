import { waivedPaymentId, type Application, type NewApplication } from '../../../core/domain/application.js';
import type { NewDocument, VisaDocumentRecord } from '../../../core/domain/document.js';
import { errors } from '../../../core/domain/errors.js';
import type { NewPaymentRecord, PaymentRecord } from '../../../core/domain/payment.js';
import type { NewStatusHistoryEntry, StatusHistoryEntry } from '../../../core/domain/status-history.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { User } from '../../../core/domain/user.js';
import type { Analytics, AnalyticsEvent } from '../../../core/ports/analytics.js';
import type { AttemptCounter, AttemptWindow } from '../../../core/ports/attempt-counter.js';
import type {
  AdminListQuery,
  ApplicationChange,
  ApplicationRepository,
  ApplicationWithUser,
  CommitResult,
  ExportQuery,
} from '../../../core/ports/application-repository.js';
import type { ApplicationDraft } from '../../../core/domain/application-draft.js';
import type { ApplicationDraftRepository } from '../../../core/ports/application-draft-repository.js';
import type { ApplicationGroup, ApplicationGroupRepository } from '../../../core/ports/application-group-repository.js';
import type { ContactEnquiry, ContactEnquiryRepository } from '../../../core/ports/contact-enquiry-repository.js';
import type { DocumentRepository } from '../../../core/ports/document-repository.js';
import type { MailOutbox, OutboxMail, OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import type { PaymentRepository } from '../../../core/ports/payment-repository.js';
import type { Session, SessionStore } from '../../../core/ports/session-store.js';
import type { StatusHistoryRepository } from '../../../core/ports/status-history-repository.js';
import type { NewUser, UserRepository } from '../../../core/ports/user-repository.js';
import { AccessChangeFeed } from '../access-changes.js';
import type { BulkLoader, Persistence } from '../persistence.js';
import {
  adminPage,
  CONFLICT_MESSAGES,
  EXPORT_PAGE,
  FINISHED_FOR_RETENTION,
  isOverdue,
  matchesSearch,
  matchesUserSearch,
  normaliseSearch,
  owesPayment,
  reminderClaimable,
  tabApplicationStatuses,
  offsetLimit,
} from '../shared/rules.js';

/**
 * An in-memory database: every store shares one state, so multi-store operations (commit,
 * reminder claims, user creation with its mails) apply all-or-nothing. JavaScript runs each
 * method's synchronous body without interleaving, which gives the same atomicity the SQL
 * adapters get from transactions. Stores hand out copies, never their internal objects.
 */
interface State {
  seq: { users: number; applications: number; documents: number; payments: number; history: number; enquiries: number; outbox: number };
  users: Map<number, User>;
  sessions: Map<string, Session>;
  applications: Map<number, Application>;
  documents: Map<number, VisaDocumentRecord>;
  payments: Map<number, PaymentRecord>;
  history: Map<number, StatusHistoryEntry>;
  enquiries: Map<number, ContactEnquiry>;
  outbox: Map<number, OutboxMail>;
  analytics: AnalyticsEvent[];
  attempts: Map<string, AttemptWindow>;
  drafts: Map<number, ApplicationDraft>;
  groups: Map<number, ApplicationGroup>;
  groupSeq: number;
}

const copy = <T>(value: T): T => structuredClone(value);
const time = (d: Date) => d.getTime();
const newestFirst = (a: Application, b: Application) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;

export function createMemoryPersistence(): Persistence {
  const access = new AccessChangeFeed();
  const s: State = {
    seq: { users: 0, applications: 0, documents: 0, payments: 0, history: 0, enquiries: 0, outbox: 0 },
    users: new Map(),
    sessions: new Map(),
    applications: new Map(),
    documents: new Map(),
    payments: new Map(),
    history: new Map(),
    enquiries: new Map(),
    drafts: new Map(),
    groups: new Map(),
    groupSeq: 0,
    outbox: new Map(),
    analytics: [],
    attempts: new Map(),
  };

  // ---- helpers shared by the stores (synchronous: they run inside one "transaction") ----
  function queueMails(mails: OutboxMailInput[] | undefined, now: Date | undefined): OutboxMail[] {
    return (mails ?? []).map((mail) => {
      const id = ++s.seq.outbox;
      const row: OutboxMail = {
        ...copy(mail),
        id,
        attempts: 0,
        // Without a known operation time the mail is due at once, whatever the clock says.
        nextAttemptAt: now ? new Date(time(now)) : new Date(0),
        sentAt: null,
        lastError: null,
        createdAt: now ? new Date(time(now)) : new Date(),
      };
      if (row.attachments === undefined) delete row.attachments;
      s.outbox.set(id, row);
      return row;
    });
  }

  function addPayment(applicationId: number, payment: Omit<NewPaymentRecord, 'applicationId'>): void {
    const id = ++s.seq.payments;
    s.payments.set(id, { ...copy(payment), applicationId, id });
  }

  function addHistory(applicationId: number, entry: NewStatusHistoryEntry): void {
    const id = ++s.seq.history;
    s.history.set(id, { ...copy(entry), applicationId, id });
  }

  function addDocument(applicationId: number, document: Omit<NewDocument, 'applicationId'>): number {
    const id = ++s.seq.documents;
    s.documents.set(id, { ...copy(document), applicationId, id });
    return id;
  }

  function userByEmail(email: string): User | undefined {
    const wanted = email.trim().toLowerCase();
    for (const u of s.users.values()) if (u.email.toLowerCase() === wanted) return u;
    return undefined;
  }

  function hasApplication(userId: number): boolean {
    for (const a of s.applications.values()) if (a.userId === userId) return true;
    return false;
  }

  function withUser(app: Application): ApplicationWithUser {
    const user = s.users.get(app.userId);
    if (!user) throw new Error(`Application ${app.id} refers to missing user ${app.userId}`);
    return { application: copy(app), user: copy(user) };
  }

  function filtered(query: { tab?: AdminListQuery['tab']; status?: ApplicationStatus; q?: string; overdueAt?: Date }): Application[] {
    const statuses = query.tab ? tabApplicationStatuses(query.tab) : null;
    const term = normaliseSearch(query.q);
    const out: Application[] = [];
    for (const app of s.applications.values()) {
      if (statuses && !statuses.includes(app.status)) continue;
      if (query.status && app.status !== query.status) continue;
      if (!isOverdue(app, query.overdueAt)) continue;
      if (term !== null) {
        const user = s.users.get(app.userId);
        if (!user || !matchesSearch(app, user, term)) continue;
      }
      out.push(app);
    }
    return out;
  }

  // ---- users ----
  const users: UserRepository = {
    async create(user: NewUser, mails?: OutboxMailInput[]): Promise<User> {
      if (userByEmail(user.email)) throw errors.conflict(CONFLICT_MESSAGES.email);
      const id = ++s.seq.users;
      const row: User = { ...copy(user), id };
      s.users.set(id, row);
      queueMails(mails, user.createdAt);
      return copy(row);
    },
    async findById(id) {
      const u = s.users.get(id);
      return u ? copy(u) : null;
    },
    async findByEmail(email) {
      const u = userByEmail(email);
      return u ? copy(u) : null;
    },
    async updatePhone(id, phoneNumber) {
      const u = s.users.get(id);
      if (!u) return null;
      u.phoneNumber = phoneNumber;
      access.announce({ user: id });
      return copy(u);
    },
    async updatePassword(id, passwordHash, needsPasswordChange, mails, now) {
      const u = s.users.get(id);
      if (!u) return;
      u.passwordHash = passwordHash;
      u.needsPasswordChange = needsPasswordChange;
      queueMails(mails, now);
      access.announce({ user: id });
    },
    async setAdmin(id, isAdmin) {
      const u = s.users.get(id);
      if (u) u.isAdmin = isAdmin;
      access.announce({ user: id });
    },
    async listWithoutApplication() {
      const withApp = new Set([...s.applications.values()].map((a) => a.userId));
      return [...s.users.values()]
        .filter((u) => !withApp.has(u.id))
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
        .map(copy);
    },
    async pageWithoutApplication(query) {
      const term = normaliseSearch(query.q);
      const withApp = new Set([...s.applications.values()].map((a) => a.userId));
      const all = [...s.users.values()]
        .filter((u) => !u.isAdmin && !withApp.has(u.id) && matchesUserSearch(u, term))
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id);
      const { offset, limit } = offsetLimit(query);
      return { items: all.slice(offset, offset + limit).map(copy), total: all.length };
    },
    async *streamWithoutApplication() {
      const withApp = new Set([...s.applications.values()].map((a) => a.userId));
      yield* [...s.users.values()]
        .filter((u) => !u.isAdmin && !withApp.has(u.id))
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
        .map(copy);
    },
    async claimApplicationReminder(userId, now, notRemindedSince, mail) {
      const u = s.users.get(userId);
      if (!u || hasApplication(userId) || !reminderClaimable(u.applicationReminderSent, notRemindedSince)) return false;
      u.applicationReminderSent = new Date(time(now));
      queueMails([mail], now);
      return true;
    },
    async erase(id) {
      if (!s.users.has(id)) return;
      for (const [key, sess] of s.sessions) if (sess.userId === id) s.sessions.delete(key);
      for (const [appId, app] of s.applications) {
        if (app.userId !== id) continue;
        for (const [docId, doc] of s.documents) if (doc.applicationId === appId) s.documents.delete(docId);
        for (const [hId, h] of s.history) if (h.applicationId === appId) s.history.delete(hId);
        s.applications.delete(appId);
      }
      for (const [eId, e] of s.enquiries) if (e.userId === id) s.enquiries.delete(eId);
      s.drafts.delete(id);
      for (const [gId, g] of s.groups) if (g.userId === id) s.groups.delete(gId);
      for (const p of s.payments.values()) if (p.userId === id) p.userId = null;
      for (const ev of s.analytics) if (ev.userId === id) ev.userId = null;
      s.users.delete(id);
      access.announce({ user: id });
    },
  };

  // ---- sessions ----
  const sessions: SessionStore = {
    async create(session) {
      s.sessions.set(session.idHash, copy(session));
    },
    async find(idHash) {
      const sess = s.sessions.get(idHash);
      return sess ? copy(sess) : null;
    },
    async touch(idHash, lastSeenAt) {
      const sess = s.sessions.get(idHash);
      if (sess) sess.lastSeenAt = new Date(time(lastSeenAt));
    },
    async delete(idHash) {
      s.sessions.delete(idHash);
      access.announce({ session: idHash });
    },
    async deleteAllForUser(userId) {
      for (const [key, sess] of s.sessions) if (sess.userId === userId) s.sessions.delete(key);
      access.announce({ user: userId });
    },
    async deleteExpired(idleBefore, createdBefore) {
      let n = 0;
      for (const [key, sess] of s.sessions) {
        if (time(sess.lastSeenAt) < time(idleBefore) || time(sess.createdAt) < time(createdBefore)) {
          s.sessions.delete(key);
          access.announce({ session: key });
          n += 1;
        }
      }
      return n;
    },
  };

  // ---- applications ----
  const applications: ApplicationRepository = {
    async create(application: NewApplication, mails?: OutboxMailInput[]) {
      if (!s.users.has(application.userId)) throw errors.notFound('User');
      for (const a of s.applications.values()) {
        if (a.applicationNumber === application.applicationNumber) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
      }
      const id = ++s.seq.applications;
      const row: Application = { ...copy(application), id, version: 1, passportScan: null };
      s.applications.set(id, row);
      queueMails(mails, application.createdAt);
      return copy(row);
    },
    async findById(id) {
      const a = s.applications.get(id);
      return a ? copy(a) : null;
    },
    async listByUser(userId) {
      return [...s.applications.values()].filter((a) => a.userId === userId).sort(newestFirst).map(copy);
    },
    async commit(change: ApplicationChange): Promise<CommitResult> {
      const id = change.application.id;
      const current = s.applications.get(id);
      if (!current || current.version !== change.expectedVersion) return { outcome: 'stale' };
      if (change.payment) {
        const p = change.payment;
        for (const existing of s.payments.values()) {
          if (existing.applicationId === id && existing.type === p.type) return { outcome: 'conflict' };
          // Unique per application: a family order's one payment pays each application of the group.
          if (p.providerPaymentId !== null && existing.providerPaymentId === p.providerPaymentId && existing.applicationId === id) return { outcome: 'conflict' };
        }
      }
      for (const a of s.applications.values()) {
        if (a.id !== id && a.applicationNumber === change.application.applicationNumber) return { outcome: 'conflict' };
      }
      // All checks passed: apply every part.
      // A commit never writes the passport reading (see recordPassportScan).
      const next: Application = { ...copy(change.application), id, createdAt: current.createdAt, version: current.version + 1, passportScan: current.passportScan };
      s.applications.set(id, next);
      if (change.payment) addPayment(id, change.payment);
      if (change.history) addHistory(id, change.history);
      const documentId = change.document ? addDocument(id, change.document) : undefined;
      queueMails(change.mails, change.application.updatedAt);
      const result: CommitResult = { outcome: 'committed', application: copy(next) };
      if (documentId !== undefined) result.documentId = documentId;
      return result;
    },
    async recordPassportScan(applicationId, record) {
      const current = s.applications.get(applicationId);
      if (!current || (current.passportScan && current.passportScan.documentId > record.documentId)) return false;
      s.applications.set(applicationId, { ...current, passportScan: structuredClone(record) });
      return true;
    },
    async listPendingPassportScans(limit) {
      return [...s.applications.values()]
        .sort((x, y) => x.id - y.id)
        .flatMap((a) => (a.passportScan?.status === 'pending' ? [a.passportScan.documentId] : []))
        .slice(0, Math.max(0, limit));
    },
    async listForAdmin(query: AdminListQuery) {
      const all = filtered(query).sort(newestFirst);
      const { size, offset } = adminPage(query);
      return { items: all.slice(offset, offset + size).map(withUser), total: all.length };
    },
    async countByStatus(filter = {}) {
      const counts: Partial<Record<ApplicationStatus, number>> = {};
      for (const a of filtered(filter)) counts[a.status] = (counts[a.status] ?? 0) + 1;
      return counts;
    },
    async *streamAllWithUsers() {
      // Pages of a snapshot of the ids, like the SQL stores' keyset pages.
      const ids = [...s.applications.values()].sort(newestFirst).map((a) => a.id);
      for (let i = 0; i < ids.length; i += EXPORT_PAGE) {
        const page = ids.slice(i, i + EXPORT_PAGE).flatMap((id) => {
          const a = s.applications.get(id);
          return a ? [withUser(a)] : [];
        });
        yield* page;
      }
    },
    async listPaymentReminderCandidates(notRemindedSince, limit) {
      return [...s.applications.values()]
        .filter((a) => owesPayment(a) && reminderClaimable(a.paymentReminderSent, notRemindedSince))
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .slice(0, Math.max(0, limit))
        .map(withUser);
    },
    async claimPaymentReminder(applicationId, now, notRemindedSince, mail) {
      const a = s.applications.get(applicationId);
      if (!a || !owesPayment(a) || !reminderClaimable(a.paymentReminderSent, notRemindedSince)) return false;
      a.paymentReminderSent = new Date(time(now));
      a.version += 1;
      queueMails([mail], now);
      return true;
    },
    async *streamForExport(query: ExportQuery) {
      let afterId = 0;
      for (;;) {
        const page = [...s.applications.values()]
          .filter(
            (a) =>
              a.id > afterId &&
              (!query.statuses || query.statuses.includes(a.status)) &&
              (!query.createdSince || time(a.createdAt) >= time(query.createdSince)),
          )
          .sort((a, b) => a.id - b.id)
          .slice(0, EXPORT_PAGE)
          .map(withUser);
        if (page.length === 0) return;
        for (const item of page) yield item;
        afterId = page[page.length - 1].application.id;
        if (page.length < EXPORT_PAGE) return;
      }
    },
  };

  // ---- documents ----
  const documents: DocumentRepository = {
    async create(document: NewDocument) {
      if (!s.applications.has(document.applicationId)) throw errors.notFound('Application');
      const id = ++s.seq.documents;
      const row = { ...copy(document), id };
      s.documents.set(id, row);
      return copy(row);
    },
    async findById(id) {
      const d = s.documents.get(id);
      return d ? copy(d) : null;
    },
    async listByApplication(applicationId) {
      return [...s.documents.values()]
        .filter((d) => d.applicationId === applicationId)
        .sort((a, b) => time(a.uploadedAt) - time(b.uploadedAt) || a.id - b.id)
        .map(copy);
    },
    async delete(id) {
      s.documents.delete(id);
    },
    async storageKeysInUse(storageKeys) {
      const wanted = new Set(storageKeys);
      return new Set([...s.documents.values()].map((d) => d.storageKey).filter((key) => wanted.has(key)));
    },
    async listPassportsOfApplicationsFinishedBefore(finishedBefore) {
      return [...s.documents.values()]
        .filter((d) => {
          if (d.type !== 'passport') return false;
          const a = s.applications.get(d.applicationId);
          return !!a && FINISHED_FOR_RETENTION.includes(a.status) && time(a.updatedAt) < time(finishedBefore);
        })
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
  };

  // ---- payments, history ----
  const payments: PaymentRepository = {
    async listByApplication(applicationId) {
      return [...s.payments.values()].filter((p) => p.applicationId === applicationId).sort((a, b) => a.id - b.id).map(copy);
    },
    async findByProviderPaymentId(providerPaymentId) {
      for (const p of s.payments.values()) if (p.providerPaymentId === providerPaymentId) return copy(p);
      return null;
    },
    async listSince(since) {
      return [...s.payments.values()]
        .filter((p) => time(p.createdAt) >= time(since))
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .map(copy);
    },
  };

  const history: StatusHistoryRepository = {
    async listByApplication(applicationId) {
      return [...s.history.values()]
        .filter((h) => h.applicationId === applicationId)
        .sort((a, b) => time(a.changedAt) - time(b.changedAt) || a.id - b.id)
        .map(copy);
    },
  };

  // ---- family orders ----
  const groups: ApplicationGroupRepository = {
    async create(userId, list, now, mails) {
      if (!s.users.has(userId)) throw errors.notFound('User');
      const numbers = new Set(list.map((a) => a.applicationNumber));
      if (numbers.size < list.length || [...s.applications.values()].some((a) => numbers.has(a.applicationNumber))) {
        throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
      }
      const group: ApplicationGroup = { id: ++s.groupSeq, userId, createdAt: new Date(time(now)) };
      s.groups.set(group.id, group);
      const created = list.map((application) => {
        const id = ++s.seq.applications;
        const row: Application = { ...copy(application), userId, groupId: group.id, id, version: 1, passportScan: null };
        s.applications.set(id, row);
        return copy(row);
      });
      queueMails(mails?.(created), now);
      return { group: copy(group), applications: created };
    },
    async findById(id) {
      const group = s.groups.get(id);
      return group ? copy(group) : null;
    },
    async listApplications(groupId) {
      return [...s.applications.values()].filter((a) => a.groupId === groupId).sort((a, b) => a.id - b.id).map(copy);
    },
    async commitAll(list) {
      // Checked whole first, then applied: all or nothing, as in one transaction.
      for (const change of list) {
        const current = s.applications.get(change.application.id);
        if (!current || current.version !== change.expectedVersion) return { outcome: 'stale' };
        const p = change.payment;
        if (!p) continue;
        for (const existing of s.payments.values()) {
          if (existing.applicationId !== change.application.id) continue;
          if (existing.type === p.type || (p.providerPaymentId !== null && existing.providerPaymentId === p.providerPaymentId)) return { outcome: 'conflict' };
        }
      }
      const committed: Application[] = [];
      for (const change of list) {
        const result = await applications.commit(change);
        if (result.outcome !== 'committed') throw new Error('unreachable: a checked group change did not commit');
        committed.push(result.application);
      }
      return { outcome: 'committed', applications: committed };
    },
  };

  // ---- drafts ----
  const drafts: ApplicationDraftRepository = {
    async save(userId, fields, now) {
      if (!s.users.has(userId)) throw errors.notFound('User');
      const draft = { userId, fields: copy(fields), updatedAt: new Date(time(now)) };
      s.drafts.set(userId, draft);
      return copy(draft);
    },
    async find(userId) {
      const draft = s.drafts.get(userId);
      return draft ? copy(draft) : null;
    },
    async delete(userId) {
      return s.drafts.delete(userId);
    },
  };

  // ---- enquiries ----
  const enquiries: ContactEnquiryRepository = {
    async create(enquiry) {
      if (!s.users.has(enquiry.userId)) throw errors.notFound('User');
      const id = ++s.seq.enquiries;
      const row = { ...copy(enquiry), id };
      s.enquiries.set(id, row);
      return copy(row);
    },
    async listByEmail(email) {
      const wanted = email.trim().toLowerCase();
      return [...s.enquiries.values()].filter((e) => e.email.toLowerCase() === wanted).sort((a, b) => a.id - b.id).map(copy);
    },
  };

  // ---- outbox ----
  const outbox: MailOutbox = {
    async enqueue(mail, now) {
      return copy(queueMails([mail], now)[0]);
    },
    async claimDue(now, leaseUntil, limit) {
      const due = [...s.outbox.values()]
        .filter((m) => m.sentAt === null && time(m.nextAttemptAt) <= time(now))
        .sort((a, b) => time(a.nextAttemptAt) - time(b.nextAttemptAt) || a.id - b.id)
        .slice(0, Math.max(0, limit));
      for (const m of due) {
        m.nextAttemptAt = new Date(time(leaseUntil));
        m.attempts += 1;
      }
      return due.map(copy);
    },
    async markSent(id, sentAt) {
      const m = s.outbox.get(id);
      if (m) m.sentAt = new Date(time(sentAt));
    },
    async markFailed(id, error, nextAttemptAt) {
      const m = s.outbox.get(id);
      if (m) {
        m.lastError = error;
        m.nextAttemptAt = new Date(time(nextAttemptAt));
      }
    },
    async list(filter = {}) {
      const to = filter.to?.trim().toLowerCase();
      return [...s.outbox.values()]
        .filter((m) => filter.sent === undefined || (m.sentAt !== null) === filter.sent)
        .filter((m) => to === undefined || m.to.toLowerCase() === to)
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
  };

  // ---- analytics ----
  const analytics: Analytics = {
    async record(event) {
      s.analytics.push(copy(event));
    },
    async list(filter = {}) {
      return s.analytics
        .filter((e) => filter.name === undefined || e.name === filter.name)
        .map((e, i) => [e, i] as const)
        .sort(([a, i], [b, j]) => time(a.occurredAt) - time(b.occurredAt) || i - j)
        .map(([e]) => copy(e));
    },
  };

  // ---- rate-limit counts (the SQL stores' upsert, one synchronous step) ----
  const liveWindow = (key: string, now: Date) => {
    const found = s.attempts.get(key);
    return found && time(found.resetAt) > time(now) ? found : null;
  };
  const attempts: AttemptCounter = {
    async hit(key, now, windowMs) {
      const live = liveWindow(key, now);
      const next = live ? { count: live.count + 1, resetAt: live.resetAt } : { count: 1, resetAt: new Date(time(now) + windowMs) };
      s.attempts.set(key, next);
      return copy(next);
    },
    async take(key, now, windowMs, limit) {
      const live = liveWindow(key, now);
      if (live && live.count >= limit) return { ...copy(live), counted: false };
      const next = live ? { count: live.count + 1, resetAt: live.resetAt } : { count: 1, resetAt: new Date(time(now) + windowMs) };
      s.attempts.set(key, next);
      return { ...copy(next), counted: true };
    },
    async peek(key, now) {
      const live = liveWindow(key, now);
      return live ? copy(live) : null;
    },
    async reset(key) {
      s.attempts.delete(key);
    },
    async prune(now) {
      let gone = 0;
      for (const [key, w] of s.attempts) {
        if (time(w.resetAt) <= time(now)) {
          s.attempts.delete(key);
          gone += 1;
        }
      }
      return gone;
    },
  };

  // ---- bulk loads ----
  const bulk: BulkLoader = {
    async finish() {},
    async insertUsers(list) {
      // All or nothing, as the SQL dialects' transaction: the batch is checked before anything is stored.
      const emails = list.map((u) => u.email.toLowerCase());
      if (new Set(emails).size < emails.length || list.some((u) => userByEmail(u.email))) throw errors.conflict(CONFLICT_MESSAGES.email);
      return list.map((user) => {
        const id = ++s.seq.users;
        s.users.set(id, { ...copy(user), id });
        return id;
      });
    },
    async insertApplications(loaded) {
      const numbers = new Set([...s.applications.values()].map((a) => a.applicationNumber));
      for (const l of loaded) {
        if (numbers.has(l.application.applicationNumber)) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
        numbers.add(l.application.applicationNumber);
      }
      return loaded.map((l) => {
        const id = ++s.seq.applications;
        const application: Application = { ...copy(l.application), id, version: 1, passportScan: null };
        if (l.finalFeeWaived) application.finalPaymentId = waivedPaymentId(id);
        s.applications.set(id, application);
        for (const payment of l.payments) addPayment(id, payment);
        for (const entry of l.history) addHistory(id, entry);
        for (const document of l.documents) addDocument(id, document);
        return id;
      });
    },
  };

  return {
    dialect: 'memory',
    // This process makes every change: its stores announce them, nothing else can.
    accessChanges: access,
    bulk,
    users,
    sessions,
    applications,
    documents,
    payments,
    history,
    enquiries,
    drafts,
    groups,
    outbox,
    analytics,
    attempts,
    async migrate() {},
    async ping() {
      return true;
    },
    async close() {},
  };
}
