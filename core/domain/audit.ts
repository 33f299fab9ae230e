import { msg } from '../i18n/index.js';
import type { CreatedIds, NewRow } from './new-rows.js';

/**
 * The audit log (docs/product.md §6.5): what staff did and which personal data they read, one
 * append-only row each, chained by hash (the chain rule is in audit-chain.ts; decision 0010).
 */

/** Every action the log records. Names are `area.verb`, past tense; never renamed once written. */
export const AUDIT_ACTIONS = [
  // applications
  'application.status_changed',
  'application.visa_uploaded',
  'application.evisa_sent',
  'application.cancellation_decided',
  'application.payment_issue_recorded',
  'application.note_written',
  'application.message_resent',
  'application.portal_updated',
  'application.portal_receipt_uploaded',
  // configuration
  'government_fee.set',
  'egypt_rule.set',
  'portal_status.set',
  // refunds
  'refund.requested',
  'refund.approved',
  // reads of personal data
  'document.viewed',
  'document.portal_copy',
  'application.passport_revealed',
  'applications.listed',
  'applications.exported',
  'user.exported',
  'user.erased',
  // reserved for the parts built beside this one (assignment, staff, two-factor sign-in)
  'application.assigned',
  'staff.created',
  'staff.role_changed',
  'staff.deactivated',
  'staff.reactivated',
  'two_factor.reset',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** JSON values a detail may hold (Dates are written as ISO strings). */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };
export type AuditDetail = { [key: string]: AuditJson };

/** One row of the log. */
export interface AuditEntry {
  /** 1, 2, 3… with no gap. */
  seq: number;
  at: Date;
  /** Null for the operator at the command line (and once a staff account is erased, never rewritten). */
  actorId: number | null;
  actorEmail: string | null;
  /** The client's address as the server saw it (TRUST_PROXY honoured); null from the CLI. */
  clientAddress: string | null;
  action: AuditAction;
  /** What was acted on: 'application', 'document', 'refund', 'user', 'applications' (a list)… */
  targetType: string | null;
  targetId: string | null;
  /** The application the row is about, when there is one (its trail on the admin row). */
  applicationId: number | null;
  /** Before/after of what changed and other details. */
  detail: AuditDetail;
  /** The previous row's hash (GENESIS_HASH for the first row). */
  prevHash: string;
  /** SHA-256 (hex) over this row's content and prevHash. */
  hash: string;
}

/** What an appender gives; the log numbers, chains and hashes it. */
export type NewAuditEntry = Omit<AuditEntry, 'seq' | 'prevHash' | 'hash'>;

/**
 * An audit row a write carries, appended in the write's transaction (decision 0010): committed with
 * the action or not at all. `targetIsNew` names a row the same write creates (a visa document, a
 * refund): its id becomes the target's once written.
 */
export type AuditDraft = NewAuditEntry & { targetIsNew?: NewRow };

/** The rows to append once a write's new rows have ids. */
export function resolveAudit(drafts: readonly AuditDraft[] | undefined, created: CreatedIds): NewAuditEntry[] {
  return (drafts ?? []).map(({ targetIsNew, ...entry }) => {
    const id = targetIsNew ? created[targetIsNew] : undefined;
    return id === undefined ? entry : { ...entry, targetId: String(id) };
  });
}

/** The hash the first row chains to. */
export const GENESIS_HASH = '0'.repeat(64);

/** Where the chain ends: the last row's number and hash (seq 0 and GENESIS_HASH while empty). */
export interface AuditHead {
  seq: number;
  hash: string;
}

/**
 * JSON with object keys sorted at every depth and no whitespace: the same content is always the same
 * text (on either database, in any process), which is what the hash is taken over. `undefined`
 * members are left out, Dates become ISO strings (JSON.stringify's rules).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const source = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(source)
          .sort()
          .map((k) => [k, source[k]]),
      );
    }
    return v;
  });
}

/** A detail as stored: canonical JSON text. */
export function detailToText(detail: AuditDetail): string {
  return canonicalJson(detail);
}

/**
 * A stored detail read back. Text that is not a JSON object (someone wrote it by hand) is kept
 * under `unreadable`, so the row's hash no longer matches and verify-audit names it.
 */
export function detailFromText(text: string): AuditDetail {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as AuditDetail;
  } catch {
    // fall through
  }
  return { unreadable: text };
}

/** A filter of the log for staff (GET /api/admin/audit): newest first. */
export interface AuditQuery {
  applicationId?: number;
  actorId?: number;
  /** Only rows of this action. */
  action?: AuditAction;
  /** Rows at or after this instant. */
  from?: Date;
  /** Rows at or before this instant. */
  to?: Date;
  limit: number;
  offset?: number;
}

export const AUDIT_PAGE_SIZE = 50;

/** How staff read each action (the admin row's audit trail). */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'application.status_changed': msg('Changed the status'),
  'application.visa_uploaded': msg('Uploaded the visa'),
  'application.evisa_sent': msg('Sent the e-visa'),
  'application.cancellation_decided': msg('Decided the cancellation request'),
  'application.payment_issue_recorded': msg('Recorded a payment'),
  'application.note_written': msg('Wrote an internal note'),
  'application.message_resent': msg('Sent a message again'),
  'application.portal_updated': msg('Updated the portal record'),
  'application.portal_receipt_uploaded': msg("Uploaded the portal's receipt"),
  'government_fee.set': msg('Set the government fee'),
  'egypt_rule.set': msg("Changed one of Egypt's rules"),
  'portal_status.set': msg("Switched the official portal's status"),
  'refund.requested': msg('Asked for a refund'),
  'refund.approved': msg('Approved a refund'),
  'document.viewed': msg('Opened a document'),
  'document.portal_copy': msg('Made a portal copy of the passport'),
  'application.passport_revealed': msg('Revealed the passport number'),
  'applications.listed': msg('Read the full list of applications'),
  'applications.exported': msg('Exported applications'),
  'user.exported': msg("Exported a person's data"),
  'user.erased': msg("Erased a person's data"),
  'application.assigned': msg('Assigned the application'),
  'staff.created': msg('Created a staff account'),
  'staff.role_changed': msg("Changed a staff member's role"),
  'staff.deactivated': msg('Deactivated a staff account'),
  'staff.reactivated': msg('Reactivated a staff account'),
  'two_factor.reset': msg('Reset two-factor sign-in'),
};
