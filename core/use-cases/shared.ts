import { emptyPortalLedger, portalView, type PortalLedger, type PortalLedgerView } from '../domain/portal-ledger.js';
import { roleAllows, type Permission } from '../domain/permissions.js';
import type { StaffRole } from '../domain/staff-role.js';
import type { Readable } from 'node:stream';
import { guaranteeStatus, type Application } from '../domain/application.js';
import { ALLOWED_CONTENT_TYPES, FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from '../domain/document.js';
import type { StaffName } from '../domain/assignment.js';
import { errors } from '../domain/errors.js';
import { passportCheckOf } from '../domain/passport-check.js';
import { maskPassportNumber, maskPassportScan } from '../domain/passport-mask.js';
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.js';
import type { User } from '../domain/user.js';
import type { ApplicationChange, CommitResult } from '../ports/application-repository.js';
import type { Ports } from '../ports/index.js';
import type { Actor, AdminListEntry, AdminListUser, ApplicationView, UploadedFile } from './types.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Every field of a view, optional ones too: a field added to Application and not to toView fails to compile. */
type AllOf<T> = { [K in keyof Required<T>]: T[K] };

/** An application as clients see it: the stored fields plus the guarantee, derived at `now`. */
export function toView(a: Application, now: Date): ApplicationView {
  // Written out (in the stores' column order, which is the answers' key order), not copied with
  // Object.assign or a spread: V8 keeps an object that Object.assign gave 60-odd keys in dictionary
  // mode, and JSON.stringify took twice as long over it (the dashboard's answer, the admin lists);
  // a spread builds a fast object but takes four times as long. The assignee is left out.
  const view: AllOf<ApplicationView> = {
    id: a.id,
    applicationNumber: a.applicationNumber,
    userId: a.userId,
    status: a.status,
    givenName: a.givenName,
    surname: a.surname,
    gender: a.gender,
    dateOfBirth: a.dateOfBirth,
    nationality: a.nationality,
    countryOfBirth: a.countryOfBirth,
    originalNationality: a.originalNationality,
    otherNationalities: a.otherNationalities,
    otherNationality: a.otherNationality,
    maritalStatus: a.maritalStatus,
    profession: a.profession,
    purposeOfVisit: a.purposeOfVisit,
    entry: a.entry,
    expectedArrivalDate: a.expectedArrivalDate,
    expectedDepartureDate: a.expectedDepartureDate,
    passportNumber: a.passportNumber,
    passportExpiry: a.passportExpiry,
    visitedEgyptBefore: a.visitedEgyptBefore,
    lastVisitDateFrom: a.lastVisitDateFrom,
    lastVisitDateTo: a.lastVisitDateTo,
    lastVisitStayLocation: a.lastVisitStayLocation,
    hasBeenDeported: a.hasBeenDeported,
    deportedFrom: a.deportedFrom,
    deportationDate: a.deportationDate,
    deportationReason: a.deportationReason,
    privacyPolicyAccepted: a.privacyPolicyAccepted,
    smsUpdates: a.smsUpdates,
    address: a.address,
    city: a.city,
    postcode: a.postcode,
    hotelDetails: a.hotelDetails,
    initialPaymentId: a.initialPaymentId,
    finalPaymentId: a.finalPaymentId,
    visaDocument: a.visaDocument,
    additionalInfoMessage: a.additionalInfoMessage,
    requiresPassportReupload: a.requiresPassportReupload,
    passportReuploadedAt: a.passportReuploadedAt,
    paymentReminderSent: a.paymentReminderSent,
    initialPaymentAt: a.initialPaymentAt,
    guaranteeDeadline: a.guaranteeDeadline,
    guaranteePausedAt: a.guaranteePausedAt,
    guaranteePausedFor: a.guaranteePausedFor,
    outageNoticeId: a.outageNoticeId,
    repliedAt: a.repliedAt,
    approvedAt: a.approvedAt,
    groupId: a.groupId,
    refundedAmount: a.refundedAmount,
    serviceStartRequestedAt: a.serviceStartRequestedAt,
    cancelledAt: a.cancelledAt,
    cancellationRequestedAt: a.cancellationRequestedAt,
    cancellationReason: a.cancellationReason,
    cancellationResponse: a.cancellationResponse,
    cancellationDeclinedAt: a.cancellationDeclinedAt,
    evisaMailedAt: a.evisaMailedAt,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    version: a.version,
    passportScan: a.passportScan,
    ruleNotice: a.ruleNotice,
    guarantee: guaranteeStatus(a, now),
    passportCheck: passportCheckOf(a.passportScan, a),
  };
  return view;
}

/**
 * An application as staff read it (the admin list, the side panel, every admin answer): its
 * passport number masked, `•••••1276`, the number its passport copy's MRZ reads too (decision 0030).
 * The full number leaves the server only through "Reveal" (an audited read), the exports and the
 * applicant's own reads.
 */
export function staffView(a: Application, now: Date): ApplicationView {
  const view = toView(a, now);
  // The check is made on the full numbers (toView) before they are masked.
  view.passportNumber = maskPassportNumber(view.passportNumber);
  view.passportScan = maskPassportScan(view.passportScan);
  return view;
}

/** An application as `actor` may read it: in full by its owner, as staff read it by anyone else. */
export function viewFor(actor: Actor | null, a: Application, now: Date): ApplicationView {
  return actor && a.userId === actor.userId ? toView(a, now) : staffView(a, now);
}

/**
 * An entry of the admin list. `passport: 'full'` only for the operator's export (docs/product.md
 * §15.1, itself an audited read); every answer to staff masks it.
 */
export function adminEntry(
  application: Application | null,
  user: User,
  now: Date,
  assignees: AssigneeNames = new Map(),
  portal: PortalLedger | null = null,
  passport: 'masked' | 'full' = 'masked',
): AdminListEntry {
  return {
    application: application ? (passport === 'full' ? toView(application, now) : staffView(application, now)) : null,
    status: application ? application.status : 'user_registered',
    user: adminListUser(user),
    assignee: assigneeOf(application, assignees),
    portal: application ? portalOf(application, portal) : null,
  };
}

/** An application's portal ledger as admin reads carry it: its row, or "to submit" without one. */
export function portalOf(application: Application, row: PortalLedger | null | undefined): PortalLedgerView {
  return portalView(row ?? emptyPortalLedger(application.id));
}

/** Staff names by id, as admin reads resolve their applications' assignees. */
export type AssigneeNames = Map<number, StaffName>;

/** The names of the assignees of `applications` not yet in `known` (one read for a page), added to it. */
export async function resolveAssignees(ports: Pick<Ports, 'assignments'>, applications: readonly (Application | null)[], known: AssigneeNames = new Map()): Promise<AssigneeNames> {
  const missing = new Set<number>();
  for (const a of applications) if (a?.assigneeId != null && !known.has(a.assigneeId)) missing.add(a.assigneeId);
  if (missing.size > 0) for (const staff of await ports.assignments.staffNames([...missing])) known.set(staff.id, staff);
  return known;
}

export function assigneeOf(application: Application | null, assignees: AssigneeNames): StaffName | null {
  if (application?.assigneeId == null) return null;
  return assignees.get(application.assigneeId) ?? null;
}

/** The user an admin read carries (never the password hash). */
export function adminListUser(user: User): AdminListUser {
  const entry: AdminListUser = { id: user.id, email: user.email, username: user.email, fullName: user.fullName, phoneNumber: user.phoneNumber, createdAt: user.createdAt };
  // Only while the address bounces (docs/product.md §16.5): staff see it on the row.
  if (user.mailBounce) entry.mailBounce = user.mailBounce;
  return entry;
}

export function requireAdmin(actor: Actor | null): void {
  if (!actor?.isAdmin) throw errors.forbidden('Only administrators can do this.');
}

/** The actor's staff role, or null for applicants. */
export function roleOf(actor: Actor | null): StaffRole | null {
  if (!actor?.isAdmin) return null;
  return actor.role ?? 'admin';
}

/** Staff whose role has `permission` (core/domain/permissions.ts); anyone else is refused. */
export function requirePermission(actor: Actor | null, permission: Permission): void {
  requireAdmin(actor);
  if (!roleAllows(roleOf(actor), permission)) throw errors.forbidden(`Your role does not allow this (${permission}).`);
}

/** The application if `actor` owns it or is an admin; anyone else gets "not found". */
export async function loadVisible(ports: Pick<Ports, 'applications'>, actor: Actor, applicationId: number): Promise<Application> {
  const application = await ports.applications.findById(applicationId);
  if (!application || (!actor.isAdmin && application.userId !== actor.userId)) throw errors.notFound('Application');
  return application;
}

/** The application if `actor` owns it. Admins who do not own it are refused; others get "not found". */
export async function loadOwned(ports: Pick<Ports, 'applications'>, actor: Actor, applicationId: number): Promise<Application> {
  const application = await loadVisible(ports, actor, applicationId);
  if (application.userId !== actor.userId) throw errors.forbidden('Only the applicant can do this.');
  return application;
}

export async function requireUser(ports: Pick<Ports, 'users'>, userId: number): Promise<User> {
  const user = await ports.users.findById(userId);
  if (!user) throw errors.notFound('User');
  return user;
}

/** What `decide` answers for the current state: a change to commit, or a result without writing. */
export type Decision<T> = { change: ApplicationChange; done?: never } | { done: T; change?: never };

export type CommitOutcome<T> =
  /** `before`: the application the change was decided from (what the audit log records as before). */
  | { kind: 'committed'; result: Extract<CommitResult, { outcome: 'committed' }>; change: ApplicationChange; before: Application }
  | { kind: 'done'; value: T }
  | { kind: 'conflict'; change: ApplicationChange };

export const MAX_COMMIT_ATTEMPTS = 5;

/**
 * Optimistic concurrency: reads the application, lets `decide` build the change from that state,
 * and commits it only if nobody changed the application meanwhile; on 'stale' it re-reads and
 * decides again (a few times). Rule failures thrown by `decide` propagate unchanged.
 */
export async function commitWithRetry<T = never>(
  ports: Pick<Ports, 'applications'>,
  applicationId: number,
  decide: (current: Application) => Decision<T> | Promise<Decision<T>>,
): Promise<CommitOutcome<T>> {
  for (let attempt = 0; attempt < MAX_COMMIT_ATTEMPTS; attempt += 1) {
    const current = await ports.applications.findById(applicationId);
    if (!current) throw errors.notFound('Application');
    const decision = await decide(current);
    if (decision.change === undefined) return { kind: 'done', value: decision.done as T };
    const result = await ports.applications.commit(decision.change);
    if (result.outcome === 'committed') return { kind: 'committed', result, change: decision.change, before: current };
    if (result.outcome === 'conflict') return { kind: 'conflict', change: decision.change };
  }
  throw errors.conflict('The application was changed by someone else at the same time. Please try again.');
}

/** Type and declared size of an upload (the app sniffed the type from the content). */
export function checkUpload(file: UploadedFile): void {
  if (!(ALLOWED_CONTENT_TYPES as readonly string[]).includes(file.contentType)) {
    throw errors.validation(INVALID_FILE_TYPE_MESSAGE, { file: [INVALID_FILE_TYPE_MESSAGE] });
  }
  if (file.size > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { file: [FILE_TOO_LARGE_MESSAGE] });
  if (file.size === 0) throw errors.validation('The file is empty.', { file: ['The file is empty.'] });
}

/** Reads a stored file fully (mail attachments are small: at most 10 MB). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Best effort: a failed clean-up must not hide the error that caused it. */
export async function deleteQuietly(ports: Pick<Ports, 'files'>, key: string): Promise<void> {
  try {
    await ports.files.delete(key);
  } catch {
    // The orphaned file is harmless: it has no document row pointing at it.
  }
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * `work` on every item, at most `concurrency` at once; the results in the items' order. For
 * independent atomic writes (each reminder's claim): on a database with a pool they overlap.
 */
export async function mapConcurrently<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

/**
 * The language of an applicant's account (an application's owner): what their receipts, credit
 * notes and border pack are written in, whoever opens them. English when the account is gone.
 */
export async function applicantLocale(ports: Pick<Ports, 'users'>, userId: number | null | undefined): Promise<Locale> {
  if (userId === null || userId === undefined) return DEFAULT_LOCALE;
  return (await ports.users.findById(userId))?.locale ?? DEFAULT_LOCALE;
}
