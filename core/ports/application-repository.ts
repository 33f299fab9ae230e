import type { Application, NewApplication } from '../domain/application.js';
import type { AuditDraft } from '../domain/audit.js';
import type { ChangeJob } from '../domain/jobs.js';
import type { AdminTabId } from '../domain/admin-tabs.js';
import type { NewDocument } from '../domain/document.js';
import type { NewReply } from '../domain/reply.js';
import type { PassportScanRecord } from '../domain/passport-check.js';
import type { PortalLedger } from '../domain/portal-ledger.js';
import type { NewPaymentRecord } from '../domain/payment.js';
import type { NewReceipt } from '../domain/receipt.js';
import type { RefundRequest } from '../domain/refund.js';
import type { NewStatusHistoryEntry } from '../domain/status-history.js';
import type { ApplicationStatus } from '../domain/status.js';
import type { User } from '../domain/user.js';
import type { OutboxMailInput } from './mail-outbox.js';
import type { OutboxTextInput } from './text-outbox.js';

/**
 * One atomic change to an application and what goes with it. The adapter applies all of it in one
 * transaction, and only if the stored version still equals `expectedVersion` (compare-and-set);
 * otherwise nothing is written and commit answers 'stale'.
 */
export interface ApplicationChange {
  application: Application;
  expectedVersion: number;
  /** A payment to record; a payment already recorded for this application and type, or with this
   * providerPaymentId for this application, makes the whole change 'conflict'. (One provider payment
   * may pay several applications: a family order's pays each application of its group.) */
  payment?: Omit<NewPaymentRecord, 'applicationId'>;
  history?: NewStatusHistoryEntry;
  /** A receipt to issue with the change: it is given the next receipt number in the same transaction
   * (a family's payment: on one change of the group only). A receipt already issued for its key makes
   * the whole change 'conflict'. */
  receipt?: NewReceipt;
  /** A refund to ask for with the change (an applicant's cancellation): stored against the application's
   * payment of its type, in the same transaction (its job in `jobs`). More than is left of the payment
   * throws a Validation error and nothing is written. */
  refund?: RefundRequest;
  document?: Omit<NewDocument, 'applicationId'>;
  /** The applicant's reply to an information request, with its documents (docs/product.md §16.7). */
  reply?: NewReply;
  mails?: OutboxMailInput[];
  /** Text messages the change causes (docs/product.md §16.4), each with its deliver-text job. */
  texts?: OutboxTextInput[];
  /** When the change is the application's decision (status-history.ts statusChange): stored only while none is. */
  decidedAt?: Date;
  /** Jobs the change queues (core/domain/jobs.ts: a passport copy's check, a refund's sending), with its writes. */
  jobs?: ChangeJob[];
  /** The audit rows of the staff action the change is: committed with it or not at all (decision 0010). */
  audit?: AuditDraft[];
}

export type CommitResult = { outcome: 'committed'; application: Application; documentId?: number; reply?: { id: number; documentIds: number[] } } | { outcome: 'stale' } | { outcome: 'conflict' };

export interface AdminListQuery {
  tab?: AdminTabId;
  status?: ApplicationStatus;
  /** Matches email, full name, given name + surname, passport number or application number. */
  q?: string;
  /** Only applications whose guarantee deadline passed before `overdueAt` and that are not finished. */
  overdueAt?: Date;
  /** Only applications assigned to this member of staff; null: only those assigned to nobody. */
  assigneeId?: number | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface ApplicationWithUser {
  application: Application;
  user: User;
  /** The application's portal ledger row (null: none yet), read with it by the admin reads (listForAdmin, streamAllWithUsers) only. */
  portal?: PortalLedger | null;
}

export interface AdminListPage {
  items: ApplicationWithUser[];
  total: number;
}

export interface ExportQuery {
  statuses?: readonly ApplicationStatus[];
  createdSince?: Date;
}

export interface ApplicationRepository {
  /** Inserts with a fresh id and version 1. A taken applicationNumber throws Conflict. */
  create(application: NewApplication, mails?: OutboxMailInput[]): Promise<Application>;
  findById(id: number): Promise<Application | null>;
  /** The application with this number (as issued, exact), or null. */
  findByNumber(applicationNumber: string): Promise<Application | null>;
  /** Newest first. */
  listByUser(userId: number): Promise<Application[]>;
  commit(change: ApplicationChange): Promise<CommitResult>;
  /**
   * In the admin order (shared/rules.ts adminOrder): guarantee deadline, earliest first, those
   * without one after; then expected arrival date; then id. Filters as in AdminListQuery.
   */
  listForAdmin(query: AdminListQuery): Promise<AdminListPage>;
  /** Applications per status (user_registered is counted by the use case from users). */
  countByStatus(filter?: { q?: string; overdueAt?: Date }): Promise<Partial<Record<ApplicationStatus, number>>>;
  /**
   * Assigned applications per status (`assigned`: to anyone; `mine`: to `staffId`), under the same
   * filter as countByStatus. Unassigned = countByStatus − assigned.
   */
  countAssigned(staffId: number, filter?: { q?: string; overdueAt?: Date }): Promise<{ mine: Partial<Record<ApplicationStatus, number>>; assigned: Partial<Record<ApplicationStatus, number>> }>;
  /**
   * Every application with its user, newest first (createdAt, then id): the unparameterised admin
   * list. Read in keyset pages as the consumer pulls, so memory stays flat whatever the size.
   */
  streamAllWithUsers(): AsyncIterable<ApplicationWithUser>;
  /** Payment reminder candidates: initial fee unpaid (not rejected), or approved with the final fee
   * unpaid; and paymentReminderSent null or before `notRemindedSince`. Oldest first. */
  listPaymentReminderCandidates(notRemindedSince: Date, limit: number): Promise<ApplicationWithUser[]>;
  /** Atomically sets paymentReminderSent = now and queues `mail`, only if it is still null or before
   * `notRemindedSince`. False when another run claimed it first. */
  claimPaymentReminder(applicationId: number, now: Date, notRemindedSince: Date, mail: OutboxMailInput): Promise<boolean>;
  /**
   * Stores the server's reading of a passport document on its application, unless the application
   * already holds the reading of a newer document (document ids grow). Neither the version nor any
   * other column changes. False when nothing was stored (no such application, or a newer reading).
   */
  recordPassportScan(applicationId: number, record: PassportScanRecord): Promise<boolean>;
  /** The passport documents whose reading is still 'pending', oldest application first (their jobs are queued again when the job store is new). */
  listPendingPassportScans(limit: number): Promise<number[]>;
  /** Streams in id order, in pages, so memory stays flat. */
  streamForExport(query: ExportQuery): AsyncIterable<ApplicationWithUser>;
  /**
   * What a switch of the portal's outage mode acts on (decision 0032), with users and portal ledger
   * rows, in id order: while the portal is down (`down`), applications paid, not cancelled and in
   * one of PORTAL_WAITING_STATUSES; always, any whose clock the portal paused. While it is up (the
   * usual case, every 10 minutes) that is only the few still held. The use case decides with
   * core/domain/portal-outage.ts.
   */
  listForPortalOutage(down: boolean): Promise<ApplicationWithUser[]>;
}
