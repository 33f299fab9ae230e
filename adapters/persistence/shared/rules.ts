import type { AuditEntry, AuditQuery } from '../../../core/domain/audit.js';
import { adminTab, type AdminTabId } from '../../../core/domain/admin-tabs.js';
import type { Application } from '../../../core/domain/application.js';
import { APPLICATION_STATUSES, isDecided, type ApplicationStatus } from '../../../core/domain/status.js';
import { foldForSearch } from '../../../core/domain/search.js';
import type { User } from '../../../core/domain/user.js';
import type { StaffChange } from '../../../core/ports/user-repository.js';
import type { OutboxText, TextMessageEntry } from '../../../core/ports/text-outbox.js';

/**
 * Query semantics every persistence adapter implements the same way (memory in JS, SQL dialects
 * in their WHERE clauses). Keeping them here, as data, lets the contract suite pin them once.
 */

/** Statuses whose applications count as finished for data retention (passport copies may be purged). */
export const FINISHED_FOR_RETENTION: readonly ApplicationStatus[] = ['final_payment_received', 'rejected'];

/** The application statuses a tab lists (user_registered is a pseudo-status served from users). */
export function tabApplicationStatuses(tab: AdminTabId): ApplicationStatus[] {
  return adminTab(tab).statuses.filter((s): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s));
}

/**
 * The admin search term, normalised: trimmed and folded (foldForSearch: accents and case); null when
 * empty. Search is an accent- and case-insensitive PREFIX match (so it is index-backed at 100k applications) on the user's email
 * and full name, the given name, the surname, "given name + surname", the passport number and the
 * application number.
 */
export function normaliseSearch(q: string | undefined | null): string | null {
  const t = foldForSearch((q ?? '').trim());
  return t === '' ? null : t;
}

export function searchKeys(app: Pick<Application, 'givenName' | 'surname' | 'passportNumber' | 'applicationNumber'>, user: Pick<User, 'email' | 'fullName'>): string[] {
  return [user.email, user.fullName, app.givenName, app.surname, `${app.givenName} ${app.surname}`, app.passportNumber, app.applicationNumber].map(foldForSearch);
}

export function matchesSearch(app: Application, user: User, term: string | null): boolean {
  if (term === null) return true;
  return searchKeys(app, user).some((k) => k.startsWith(term));
}

/** The pseudo-entry search: the same prefix match on the user's email and full name. */
export function matchesUserSearch(user: Pick<User, 'email' | 'fullName'>, term: string | null): boolean {
  if (term === null) return true;
  return foldForSearch(user.email).startsWith(term) || foldForSearch(user.fullName).startsWith(term);
}

/**
 * Guarantee deadline passed before `overdueAt` and the visa is not decided yet (core/domain/status.ts isDecided); a paused clock
 * (waiting on the applicant) is not overdue unless the deadline had passed before it paused
 * (docs/product.md §16.3).
 */
export function isOverdue(app: Application, overdueAt: Date | undefined): boolean {
  if (!overdueAt) return true;
  return (
    app.guaranteeDeadline !== null &&
    app.guaranteeDeadline.getTime() < overdueAt.getTime() &&
    (app.guaranteePausedAt === null || app.guaranteePausedAt.getTime() > app.guaranteeDeadline.getTime()) &&
    !isDecided(app.status)
  );
}

/** A fee is outstanding: the initial fee (unless rejected) or, once approved, the final fee. */
export function owesPayment(app: Application): boolean {
  return (app.initialPaymentId === null && app.status !== 'rejected') || (app.status === 'approved' && app.finalPaymentId === null);
}

export function reminderClaimable(sent: Date | null, notRemindedSince: Date): boolean {
  return sent === null || sent.getTime() < notRemindedSince.getTime();
}

/** The folded search keys the SQL stores keep on an application row (search_given_name, …). */
export function applicationSearchColumns(app: Pick<Application, 'givenName' | 'surname'>) {
  return {
    searchGivenName: foldForSearch(app.givenName),
    searchSurname: foldForSearch(app.surname),
    searchFullName: foldForSearch(`${app.givenName} ${app.surname}`),
  };
}

/** The applicant's folded email and full name, kept on users and copied to their applications. */
export function userSearchColumns(user: Pick<User, 'email' | 'fullName'>) {
  return { searchEmail: foldForSearch(user.email), searchName: foldForSearch(user.fullName) };
}

/** The assignee filter: undefined lists everyone's, null the unassigned, a number that staff member's. */
export function matchesAssignee(app: Pick<Application, 'assigneeId'>, assigneeId: number | null | undefined): boolean {
  return assigneeId === undefined || app.assigneeId === assigneeId;
}

/**
 * The admin list's order (docs/product.md §2.14): guarantee deadline, earliest first, applications
 * without a deadline after those with one; then the expected arrival date (ISO text sorts as a date);
 * then id. The SQL stores write the same with an explicit NULLS LAST (PostgreSQL sorts NULLs last on
 * ASC, SQLite first).
 */
export function adminOrder(a: Pick<Application, 'guaranteeDeadline' | 'expectedArrivalDate' | 'id'>, b: Pick<Application, 'guaranteeDeadline' | 'expectedArrivalDate' | 'id'>): number {
  const da = a.guaranteeDeadline?.getTime() ?? null;
  const db = b.guaranteeDeadline?.getTime() ?? null;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da - db;
  }
  if (a.expectedArrivalDate !== b.expectedArrivalDate) return a.expectedArrivalDate < b.expectedArrivalDate ? -1 : 1;
  return a.id - b.id;
}

/**
 * Applications per page of an export stream (keyset pages: memory stays flat whatever the size).
 * Small enough that a page is consumed between two young-generation collections: pages of 500
 * lived long enough to be promoted, and V8 let the old generation grow to ~190 MB between full
 * collections (the full list at 1M: server RSS +160 MB in 65–71 s). Pages of 200: +4–5 MB in
 * 62–65 s, no full collection during the stream; of 100: +3–5 MB, but 72–76 s (more queries).
 */
export const EXPORT_PAGE = 200;

/** An admin-list page as asked (1-based page, page size), made whole and at least 1; its offset. */
export function adminPage(query: { page: number; pageSize: number }): { page: number; size: number; offset: number } {
  const page = Math.max(1, Math.floor(query.page));
  const size = Math.max(1, Math.floor(query.pageSize));
  return { page, size, offset: (page - 1) * size };
}

/** An offset/limit window as asked, made whole and not negative. */
export function offsetLimit(query: { offset: number; limit: number }): { offset: number; limit: number } {
  return { offset: Math.max(0, Math.floor(query.offset)), limit: Math.max(0, Math.floor(query.limit)) };
}

/** Messages of the Conflict errors stores raise. */
export const CONFLICT_MESSAGES = {
  email: 'An account with this email already exists.',
  applicationNumber: 'An application with this application number already exists.',
} as const;

/** Whether an audit row matches staff's filter (GET /api/admin/audit); `from`/`to` are inclusive. */
export function matchesAuditQuery(entry: AuditEntry, query: AuditQuery): boolean {
  return (
    (query.applicationId === undefined || entry.applicationId === query.applicationId) &&
    (query.actorId === undefined || entry.actorId === query.actorId) &&
    (query.action === undefined || entry.action === query.action) &&
    (query.from === undefined || entry.at.getTime() >= query.from.getTime()) &&
    (query.to === undefined || entry.at.getTime() <= query.to.getTime())
  );
}

/** Whether a staff change leaves an active admin an active admin (then it needs no last-admin guard). */
export function keepsActiveAdmin(change: StaffChange): boolean {
  return (change.role === undefined || change.role === 'admin') && !change.deactivatedAt;
}

/** A stored text as the delivery log lists it (shared with the memory store). */
export function textEntry(text: OutboxText): TextMessageEntry {
  const status = text.sentAt ? 'sent' : text.failedAt ? 'failed' : 'queued';
  return {
    id: text.id,
    channel: 'sms',
    applicationId: text.applicationId,
    template: text.template,
    to: text.to,
    body: text.body,
    status,
    at: text.sentAt ?? text.failedAt ?? text.createdAt,
    attempts: text.attempts,
    error: status === 'sent' ? null : text.lastError,
  };
}

/** The reports' nationalities: most first, ties by the stored value's code points (not a collation). */
export function byCountThenName(x: { nationality: string; count: number }, y: { nationality: string; count: number }): number {
  return y.count - x.count || (x.nationality < y.nationality ? -1 : x.nationality > y.nationality ? 1 : 0);
}
