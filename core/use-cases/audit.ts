import { canonicalJson, type AuditAction, type AuditDetail, type AuditDraft, type AuditEntry } from '../domain/audit.js';
import type { Ports } from '../ports/index.js';
import type { Actor } from './types.js';

/**
 * The operator at the command line (docs/product.md §6.5): every right, no account (user id 0 names
 * no user), recorded in the audit log with no actor. A CLI command run with `--as <email>` acts as
 * that member of staff instead.
 */
export const CLI_OPERATOR: Actor = { userId: 0, isAdmin: true, email: 'operator (CLI)', role: 'admin' };

/** A member of staff (with the request's client address), or the operator at the CLI. */
export type AuditActor = Actor;

/** One thing to record. `before`/`after` hold what changed (only the fields that did). */
export interface AuditEvent {
  action: AuditAction;
  /** What was acted on, e.g. { type: 'refund', id: 12 }. */
  target?: { type: string; id: string | number | null };
  /** The application the row belongs to (its trail on the admin row). */
  applicationId?: number | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Anything else worth keeping (a message, a file's name, how many rows were exported…). */
  detail?: Record<string, unknown>;
}

/**
 * The audit row of `event`, to be carried by the write that does it (an ApplicationChange's or a
 * refund's `audit`): appended in that write's transaction, so the action and its record commit
 * together or not at all (decision 0010). Time from the Clock port; the detail is reduced to plain
 * JSON (Dates as ISO strings) so what is stored is what was hashed.
 */
export function auditEntry(ports: Pick<Ports, 'clock'>, actor: AuditActor, event: AuditEvent & { targetIsNew?: AuditDraft['targetIsNew'] }): AuditDraft {
  const staff = actor.userId === CLI_OPERATOR.userId ? null : actor;
  const detail = JSON.parse(canonicalJson({ ...event.detail, before: event.before, after: event.after })) as AuditDetail;
  return {
    at: ports.clock.now(),
    actorId: staff?.userId ?? null,
    actorEmail: staff?.email ?? null,
    clientAddress: staff?.clientAddress ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id == null ? null : String(event.target.id),
    applicationId: event.applicationId ?? null,
    detail,
    ...(event.targetIsNew ? { targetIsNew: event.targetIsNew } : {}),
  };
}

/**
 * Appends one row to the audit log on its own: for a read (recorded before the data leaves, so a
 * read that cannot be recorded is not served) and for an action whose store does not take audit
 * rows with its write (`await recordAudit(ports, actor, { action: 'staff.role_changed', target:
 * { type: 'user', id }, before: { role: 'support' }, after: { role: 'finance' } })`).
 */
export function recordAudit(ports: Pick<Ports, 'audit' | 'clock'>, actor: AuditActor, event: AuditEvent): Promise<AuditEntry> {
  return ports.audit.append(auditEntry(ports, actor, event));
}
