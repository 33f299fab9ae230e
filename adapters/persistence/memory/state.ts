import type { PortalOutage } from '../../../core/domain/portal-outage.js';
import { auditHash } from '../../../core/domain/audit-chain.js';
import { GENESIS_HASH, type AuditEntry, type AuditHead, type NewAuditEntry } from '../../../core/domain/audit.js';
import type { EgyptRule } from '../../../core/domain/egypt-rules.js';
import { seededEgyptRules } from './egypt-rule-store.js';
import type { Application } from '../../../core/domain/application.js';
import type { AssignmentEntry } from '../../../core/domain/assignment.js';
import type { InternalNote } from '../../../core/domain/internal-note.js';
import type { NewReply, StoredReply } from '../../../core/domain/reply.js';
import { SEEDED_GOVERNMENT_FEE, type GovernmentFee, type PortalLedger } from '../../../core/domain/portal-ledger.js';
import type { NewDocument, VisaDocumentRecord } from '../../../core/domain/document.js';
import type { NewPaymentRecord, PaymentRecord } from '../../../core/domain/payment.js';
import { receiptNumber, receiptYear, type NewReceipt, type Receipt } from '../../../core/domain/receipt.js';
import type { NewStatusHistoryEntry, StatusHistoryEntry } from '../../../core/domain/status-history.js';
import type { User } from '../../../core/domain/user.js';
import type { ApplicationDraft } from '../../../core/domain/application-draft.js';
import type { AnalyticsEvent } from '../../../core/ports/analytics.js';
import type { AttemptWindow } from '../../../core/ports/attempt-counter.js';
import type { ApplicationGroup } from '../../../core/ports/application-group-repository.js';
import type { ContactEnquiry } from '../../../core/ports/contact-enquiry-repository.js';
import { mailApplicationId, type OutboxMail, type OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import type { OutboxText, OutboxTextInput } from '../../../core/ports/text-outbox.js';
import type { Session } from '../../../core/ports/session-store.js';
import type { TwoFactorChallenge, TwoFactorState } from '../../../core/ports/two-factor-store.js';
import { mailJob, resolveJobs, textJob, type ChangeJob } from '../../../core/domain/jobs.js';
import type { CreatedIds } from '../../../core/domain/new-rows.js';
import { decideRefund, type Refund, type RefundRequest } from '../../../core/domain/refund.js';
import { unwrap } from '../../../core/domain/result.js';
import { MemoryJobStore } from '../../jobs/memory.js';
import type { TrackingCode } from '../../../core/ports/tracking-code-store.js';
import { AccessChangeFeed } from '../access-changes.js';

/**
 * An in-memory database: every store shares one state, so multi-store operations (commit,
 * reminder claims, user creation with its mails) apply all-or-nothing. JavaScript runs each
 * method's synchronous body without interleaving, which gives the same atomicity the SQL
 * adapters get from transactions. Stores hand out copies, never their internal objects.
 */
export interface MemoryState {
  seq: {
    users: number;
    applications: number;
    documents: number;
    payments: number;
    history: number;
    enquiries: number;
    outbox: number;
    texts: number;
    refunds: number;
    notes: number;
    assignments: number;
    replies: number;
  };
  users: Map<number, User>;
  sessions: Map<string, Session>;
  applications: Map<number, Application>;
  documents: Map<number, VisaDocumentRecord>;
  payments: Map<number, PaymentRecord>;
  history: Map<number, StatusHistoryEntry>;
  enquiries: Map<number, ContactEnquiry>;
  outbox: Map<number, OutboxMail>;
  texts: Map<number, OutboxText>;
  analytics: AnalyticsEvent[];
  attempts: Map<string, AttemptWindow>;
  drafts: Map<number, ApplicationDraft>;
  groups: Map<number, ApplicationGroup>;
  groupSeq: number;
  receipts: Map<number, Receipt>;
  notes: Map<number, InternalNote>;
  /** The applicants' replies (their documents are documents with a replyId). */
  replies: Map<number, StoredReply>;
  /** The portal ledger by application id, and the government fee configuration by effectiveFrom (portal-store.ts). */
  portal: Map<number, PortalLedger>;
  governmentFees: Map<string, GovernmentFee>;
  /** Egypt's rules by kind, subject and effectiveFrom (egypt-rule-store.ts). */
  egyptRules: Map<string, EgyptRule>;
  /** The official portal's outages by id (portal-store.ts). */
  portalOutages: Map<number, PortalOutage>;
  /** The audit log in seq order, and its head (audit-store.ts). */
  audit: { rows: AuditEntry[]; head: AuditHead };
  assignments: Map<number, AssignmentEntry>;
  /** The last receipt number given out in each year. */
  receiptCounters: Map<number, number>;
  refunds: Map<number, Refund>;
  /** Two-factor sign-in per user (enabledAt is kept on the user too), recovery codes, pending sign-ins. */
  twoFactor: Map<number, TwoFactorState>;
  recoveryCodes: Map<number, { codeHash: string; usedAt: Date | null }[]>;
  challenges: Map<string, TwoFactorChallenge>;
  /** Tracking codes by application id (tracking-code-store.ts). */
  trackingCodes: Map<number, TrackingCode>;
  /** The background jobs (queued with the writes that need them). */
  jobs: MemoryJobStore;
  /** Sessions ended and users' access changed: this process makes every change, its stores announce them. */
  access: AccessChangeFeed;
}

/** `now`: the clock the jobs' delays and holds follow (the system clock by default). */
export function createMemoryState(now: () => number = Date.now): MemoryState {
  return {
    seq: { users: 0, applications: 0, documents: 0, payments: 0, history: 0, enquiries: 0, outbox: 0, texts: 0, refunds: 0, notes: 0, assignments: 0, replies: 0 },
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
    receipts: new Map(),
    notes: new Map(),
    replies: new Map(),
    portal: new Map(),
    governmentFees: new Map([[SEEDED_GOVERNMENT_FEE.effectiveFrom, copy(SEEDED_GOVERNMENT_FEE)]]),
    egyptRules: seededEgyptRules(),
    portalOutages: new Map(),
    audit: { rows: [], head: { seq: 0, hash: GENESIS_HASH } },
    assignments: new Map(),
    receiptCounters: new Map(),
    refunds: new Map(),
    twoFactor: new Map(),
    recoveryCodes: new Map(),
    challenges: new Map(),
    trackingCodes: new Map(),
    outbox: new Map(),
    texts: new Map(),
    analytics: [],
    attempts: new Map(),
    jobs: new MemoryJobStore(now),
    access: new AccessChangeFeed(),
  };
}

export const copy = <T>(value: T): T => structuredClone(value);
export const time = (d: Date) => d.getTime();
export const newestFirst = (a: Application, b: Application) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;

// ---- helpers shared by the stores (synchronous: they run inside one "transaction") ----

/** Queues `mails`, each with its deliver-mail job, in the same synchronous step as the write that sends them. */
export function queueMails(s: MemoryState, mails: OutboxMailInput[] | undefined, now: Date | undefined): OutboxMail[] {
  const queued = (mails ?? []).map((mail) => {
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
      applicationId: mailApplicationId(mail),
      refusedAt: null,
      bounced: false,
    };
    if (row.attachments === undefined) delete row.attachments;
    s.outbox.set(id, row);
    return row;
  });
  if (queued.length > 0) {
    s.jobs.insert(queued.map((row) => mailJob(row.id)));
    s.jobs.queued(['deliver-mail']);
  }
  return queued;
}

/** Queues `texts`, each with its deliver-text job (a skipped one is stored failed, without a job), in the same synchronous step as the write that causes them. */
export function queueTexts(s: MemoryState, texts: OutboxTextInput[] | undefined, now: Date | undefined): OutboxText[] {
  const queued = (texts ?? []).map((text) => {
    const id = ++s.seq.texts;
    const at = now ? new Date(time(now)) : new Date();
    const row: OutboxText = {
      id,
      applicationId: text.applicationId,
      userId: text.userId,
      to: text.to,
      template: text.template,
      body: text.body,
      attempts: 0,
      nextAttemptAt: now ? new Date(time(now)) : new Date(0),
      sentAt: null,
      providerId: null,
      lastError: text.skipped ?? null,
      failedAt: text.skipped ? at : null,
      createdAt: at,
    };
    s.texts.set(id, row);
    return row;
  });
  const due = queued.filter((row) => row.failedAt === null);
  if (due.length > 0) {
    s.jobs.insert(due.map((row) => textJob(row.id)));
    s.jobs.queued(['deliver-text']);
  }
  return queued.map(copy);
}

export function addPayment(s: MemoryState, applicationId: number, payment: Omit<NewPaymentRecord, 'applicationId'>): void {
  const id = ++s.seq.payments;
  s.payments.set(id, { ...copy(payment), applicationId, id });
}

/** True when a receipt was issued for this key already (the change that would issue it again is a conflict). */
export function hasReceipt(s: MemoryState, key: string): boolean {
  for (const r of s.receipts.values()) if (r.key === key) return true;
  return false;
}

/** Issues a receipt with its year's next number (callers check hasReceipt first). */
export function issueReceipt(s: MemoryState, receipt: NewReceipt): Receipt {
  const year = receiptYear(receipt.issuedAt);
  const last = (s.receiptCounters.get(year) ?? 0) + 1;
  s.receiptCounters.set(year, last);
  const issued: Receipt = { ...copy(receipt), id: s.receipts.size + 1, number: receiptNumber(year, last) };
  s.receipts.set(issued.id, issued);
  return copy(issued);
}

export function addHistory(s: MemoryState, applicationId: number, entry: NewStatusHistoryEntry): void {
  const id = ++s.seq.history;
  s.history.set(id, { ...copy(entry), applicationId, id });
}

export function addDocument(s: MemoryState, applicationId: number, document: Omit<NewDocument, 'applicationId'>): number {
  const id = ++s.seq.documents;
  s.documents.set(id, { ...copy(document), applicationId, id });
  return id;
}

/** Stores a reply and its documents (as an application's change does); answers the reply's id and its documents' ids. */
export function addReply(s: MemoryState, applicationId: number, reply: NewReply): { replyId: number; documentIds: number[] } {
  const replyId = ++s.seq.replies;
  s.replies.set(replyId, { id: replyId, applicationId, text: reply.text, createdAt: new Date(time(reply.createdAt)) });
  const documentIds = reply.documents.map((document) => addDocument(s, applicationId, { ...document, replyId }));
  return { replyId, documentIds };
}

export function userByEmail(s: MemoryState, email: string): User | undefined {
  const wanted = email.trim().toLowerCase();
  for (const u of s.users.values()) if (u.email.toLowerCase() === wanted) return u;
  return undefined;
}

/**
 * The payment a refund asked for with `request` would refund, as decideRefund allows: throws
 * Validation (no such payment, more than is left of it) before anything is written; the refund it
 * replays when it is the same request again.
 */
export function refundablePayment(s: MemoryState, applicationId: number, request: RefundRequest): PaymentRecord | Refund {
  let payment: PaymentRecord | undefined;
  for (const p of s.payments.values()) if (p.applicationId === applicationId && p.type === request.paymentType && p.status === 'succeeded') payment = p;
  const held = payment ? [...s.refunds.values()].filter((r) => r.paymentId === payment.id) : [];
  const decision = unwrap(decideRefund(payment ?? null, held, request));
  return decision.kind === 'replay' ? copy(decision.refund) : payment!;
}

/** Stores a refund checked by refundablePayment (or answers the refund it replays). */
export function addRefund(s: MemoryState, payment: PaymentRecord | Refund, request: RefundRequest): { refund: Refund; replayed: boolean } {
  if ('paymentId' in payment) return { refund: payment, replayed: true };
  const id = ++s.seq.refunds;
  const refund: Refund = {
    id,
    paymentId: payment.id,
    applicationId: payment.applicationId,
    paymentType: request.paymentType,
    amount: request.amount,
    currency: payment.currency,
    reason: request.reason,
    status: request.status,
    source: request.source,
    requestedBy: request.requestedBy,
    requestedByName: request.requestedByName,
    approvedBy: null,
    approvedByName: null,
    gatewayRefundId: null,
    failureReason: null,
    createdAt: new Date(time(request.createdAt)),
    updatedAt: new Date(time(request.createdAt)),
  };
  s.refunds.set(id, refund);
  return { refund: copy(refund), replayed: false };
}

/** Queues the jobs a write asked for (core/domain/jobs.ts), its new rows' ids filled in, and wakes their workers. */
export function queueJobs(s: MemoryState, jobs: readonly ChangeJob[] | undefined, created: CreatedIds): void {
  const resolved = resolveJobs(jobs, created);
  if (resolved.length === 0) return;
  s.jobs.insert(resolved);
  s.jobs.queued([...new Set(resolved.map((job) => job.name))]);
}

/** Appends audit rows as the chain's next (the audit store's append; a write's rows in its own synchronous step). */
export function appendAudit(s: MemoryState, entries: readonly NewAuditEntry[]): AuditEntry[] {
  return entries.map((entry) => {
    const unhashed = { ...copy(entry), seq: s.audit.head.seq + 1, prevHash: s.audit.head.hash };
    const row: AuditEntry = { ...unhashed, hash: auditHash(unhashed) };
    s.audit.rows.push(row);
    s.audit.head = { seq: row.seq, hash: row.hash };
    return copy(row);
  });
}
