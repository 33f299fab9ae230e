import { PORTAL_WAITING_STATUSES } from '../../../core/domain/portal-outage.js';
import type { Application, NewApplication } from '../../../core/domain/application.js';
import { errors } from '../../../core/domain/errors.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { AdminListQuery, ApplicationChange, ApplicationRepository, ApplicationWithUser, CommitResult, ExportQuery } from '../../../core/ports/application-repository.js';
import type { OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import {
  adminOrder,
  adminPage,
  CONFLICT_MESSAGES,
  EXPORT_PAGE,
  isOverdue,
  matchesAssignee,
  matchesSearch,
  normaliseSearch,
  owesPayment,
  reminderClaimable,
  tabApplicationStatuses,
} from '../shared/rules.js';
import { resolveAudit } from '../../../core/domain/audit.js';
import type { CreatedIds } from '../../../core/domain/new-rows.js';
import {
  addDocument,
  addHistory,
  addReply,
  addPayment,
  addRefund,
  appendAudit,
  copy,
  hasReceipt,
  issueReceipt,
  newestFirst,
  queueJobs,
  queueMails,
  queueTexts,
  refundablePayment,
  time,
  type MemoryState,
} from './state.js';

function withUser(s: MemoryState, app: Application): ApplicationWithUser {
  const user = s.users.get(app.userId);
  if (!user) throw new Error(`Application ${app.id} refers to missing user ${app.userId}`);
  return { application: copy(app), user: copy(user) };
}

function filtered(s: MemoryState, query: { tab?: AdminListQuery['tab']; status?: ApplicationStatus; q?: string; overdueAt?: Date; assigneeId?: number | null }): Application[] {
  const statuses = query.tab ? tabApplicationStatuses(query.tab) : null;
  const term = normaliseSearch(query.q);
  const out: Application[] = [];
  for (const app of s.applications.values()) {
    if (statuses && !statuses.includes(app.status)) continue;
    if (query.status && app.status !== query.status) continue;
    if (!isOverdue(app, query.overdueAt)) continue;
    if (!matchesAssignee(app, query.assigneeId)) continue;
    if (term !== null) {
      const user = s.users.get(app.userId);
      if (!user || !matchesSearch(app, user, term)) continue;
    }
    out.push(app);
  }
  return out;
}

export function applicationStore(s: MemoryState): ApplicationRepository {
  const joined = (app: Application) => withUser(s, app);
  // The admin reads carry the portal ledger row (as the SQL stores' left join).
  const withPortal = (app: Application): ApplicationWithUser => {
    const portal = s.portal.get(app.id);
    return { ...withUser(s, app), portal: portal ? copy(portal) : null };
  };
  return {
    async create(application: NewApplication, mails?: OutboxMailInput[]) {
      if (!s.users.has(application.userId)) throw errors.notFound('User');
      for (const a of s.applications.values()) {
        if (a.applicationNumber === application.applicationNumber) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
      }
      const id = ++s.seq.applications;
      const row: Application = { ...copy(application), id, version: 1, passportScan: null, assigneeId: null, ruleNotice: null };
      s.applications.set(id, row);
      queueMails(s, mails, application.createdAt);
      return copy(row);
    },
    async findById(id) {
      const a = s.applications.get(id);
      return a ? copy(a) : null;
    },
    async findByNumber(applicationNumber) {
      const a = [...s.applications.values()].find((x) => x.applicationNumber === applicationNumber);
      return a ? copy(a) : null;
    },
    async listByUser(userId) {
      return [...s.applications.values()]
        .filter((a) => a.userId === userId)
        .sort(newestFirst)
        .map(copy);
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
      if (change.receipt && hasReceipt(s, change.receipt.key)) return { outcome: 'conflict' };
      // Throws Validation (more than is left of the payment) before anything is written.
      const refunded = change.refund ? refundablePayment(s, id, change.refund) : null;
      // All checks passed: apply every part.
      // A commit never writes the passport reading (see recordPassportScan) nor the assignee (AssignmentRepository).
      const next: Application = {
        ...copy(change.application),
        id,
        createdAt: current.createdAt,
        version: current.version + 1,
        passportScan: current.passportScan,
        ruleNotice: current.ruleNotice,
        assigneeId: current.assigneeId,
      };
      s.applications.set(id, next);
      if (change.payment) addPayment(s, id, change.payment);
      if (change.history) addHistory(s, id, change.history);
      if (change.receipt) issueReceipt(s, change.receipt);
      const created: CreatedIds = {};
      if (change.refund && refunded) {
        const stored = addRefund(s, refunded, change.refund);
        if (!stored.replayed) created.refund = stored.refund.id;
      }
      const documentId = change.document ? addDocument(s, id, change.document) : undefined;
      if (documentId !== undefined) created.document = documentId;
      const reply = change.reply ? addReply(s, id, change.reply) : undefined;
      queueMails(s, change.mails, change.application.updatedAt);
      queueTexts(s, change.texts, change.application.updatedAt);
      queueJobs(s, change.jobs, created);
      appendAudit(s, resolveAudit(change.audit, created));
      const result: CommitResult = { outcome: 'committed', application: copy(next) };
      if (documentId !== undefined) result.documentId = documentId;
      if (reply) result.reply = { id: reply.replyId, documentIds: reply.documentIds };
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
      const all = filtered(s, query).sort(adminOrder);
      const { size, offset } = adminPage(query);
      return { items: all.slice(offset, offset + size).map(withPortal), total: all.length };
    },
    async countByStatus(filter = {}) {
      const counts: Partial<Record<ApplicationStatus, number>> = {};
      for (const a of filtered(s, filter)) counts[a.status] = (counts[a.status] ?? 0) + 1;
      return counts;
    },
    async countAssigned(staffId, filter = {}) {
      const mine: Partial<Record<ApplicationStatus, number>> = {};
      const assigned: Partial<Record<ApplicationStatus, number>> = {};
      for (const a of filtered(s, filter)) {
        if (a.assigneeId === null) continue;
        assigned[a.status] = (assigned[a.status] ?? 0) + 1;
        if (a.assigneeId === staffId) mine[a.status] = (mine[a.status] ?? 0) + 1;
      }
      return { mine, assigned };
    },
    async *streamAllWithUsers() {
      // Pages of a snapshot of the ids, like the SQL stores' keyset pages.
      const ids = [...s.applications.values()].sort(newestFirst).map((a) => a.id);
      for (let i = 0; i < ids.length; i += EXPORT_PAGE) {
        const page = ids.slice(i, i + EXPORT_PAGE).flatMap((id) => {
          const a = s.applications.get(id);
          return a ? [withPortal(a)] : [];
        });
        yield* page;
      }
    },
    async listForPortalOutage(down) {
      return [...s.applications.values()]
        .filter((a) => (down && a.initialPaymentId !== null && a.cancelledAt === null && PORTAL_WAITING_STATUSES.includes(a.status)) || a.guaranteePausedFor === 'portal')
        .sort((a, b) => a.id - b.id)
        .map(withPortal);
    },
    async listPaymentReminderCandidates(notRemindedSince, limit) {
      return [...s.applications.values()]
        .filter((a) => owesPayment(a) && reminderClaimable(a.paymentReminderSent, notRemindedSince))
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .slice(0, Math.max(0, limit))
        .map(joined);
    },
    async claimPaymentReminder(applicationId, now, notRemindedSince, mail) {
      const a = s.applications.get(applicationId);
      if (!a || !owesPayment(a) || !reminderClaimable(a.paymentReminderSent, notRemindedSince)) return false;
      a.paymentReminderSent = new Date(time(now));
      a.version += 1;
      queueMails(s, [mail], now);
      return true;
    },
    async *streamForExport(query: ExportQuery) {
      let afterId = 0;
      for (;;) {
        const page = [...s.applications.values()]
          .filter((a) => a.id > afterId && (!query.statuses || query.statuses.includes(a.status)) && (!query.createdSince || time(a.createdAt) >= time(query.createdSince)))
          .sort((a, b) => a.id - b.id)
          .slice(0, EXPORT_PAGE)
          .map(joined);
        if (page.length === 0) return;
        for (const item of page) yield item;
        afterId = page[page.length - 1].application.id;
        if (page.length < EXPORT_PAGE) return;
      }
    },
  };
}
