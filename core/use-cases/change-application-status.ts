import { decideStatusChange, feeDue, type Application, type StatusChangeInput } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import { FINAL_FEE, PAYMENT_TYPES } from '../domain/fees.js';
import { paymentKeyOf } from '../domain/payment.js';
import { unwrap } from '../domain/result.js';
import type { User } from '../domain/user.js';
import type { OutboxMailInput } from '../ports/mail-outbox.js';
import type { Ports } from '../ports/index.js';
import { waiverMail, waiverPayment, WAIVER_MESSAGE } from './record-waiver.js';
import { auditEntry } from './audit.js';
import { withEvisaMail } from './evisa-mail.js';
import { commitWithRetry, requirePermission, requireUser, staffView } from './shared.js';
import { statusTexts } from './texts.js';
import type { Actor, ApplicationView } from './types.js';
import { statusChange } from '../domain/status-history.js';

function statusMail(before: Application, after: Application, user: User, now: Date, waived: boolean, reason: string | null, evisaFollows: boolean): OutboxMailInput {
  const base = { fullName: user.fullName, applicationNumber: after.applicationNumber, applicationId: after.id };
  if (waived) return waiverMail(after, user, evisaFollows);
  if (after.status === 'additional_info_required') {
    if (after.requiresPassportReupload && !after.additionalInfoMessage) {
      return { to: user.email, template: 'passport_reupload_requested', data: { ...base, message: null } };
    }
    return {
      to: user.email,
      template: 'info_requested',
      data: { ...base, message: after.additionalInfoMessage, requiresPassportReupload: after.requiresPassportReupload },
    };
  }
  if (after.status === 'approved') {
    const due = feeDue(after, 'final', now);
    return {
      to: user.email,
      template: 'approved',
      data: { ...base, finalFeeAmount: due.ok ? due.value.amount : FINAL_FEE.amount, finalFeeWaived: false },
    };
  }
  return {
    to: user.email,
    template: 'status_changed',
    data: { ...base, oldStatus: before.status, newStatus: after.status, ...(reason ? { reason } : {}) },
  };
}

/** The final fee an approval asks for (pence; 0 when the guarantee waived it). */
function finalFeeOf(after: Application, now: Date, waived: boolean): number {
  if (waived) return 0;
  const due = feeDue(after, 'final', now);
  return due.ok ? due.value.amount : FINAL_FEE.amount;
}

/** What a status change changes, as the audit log keeps it (the message of an information request too). */
function statusFields(a: Application) {
  return { status: a.status, additionalInfoMessage: a.additionalInfoMessage, requiresPassportReupload: a.requiresPassportReupload };
}

/** Nothing an applicant would notice changes (same status, same message and re-upload flag). */
function isNoOp(before: Application, after: Application): boolean {
  return before.status === after.status && before.additionalInfoMessage === after.additionalInfoMessage && before.requiresPassportReupload === after.requiresPassportReupload;
}

/**
 * An admin sets a status (only among the choices of the application's current tab; see
 * decideStatusChange). One commit writes the application, a status-history row (who, when, from,
 * to, message — a rejection's reason for the applicant is that message), the applicant's mail, their
 * text when they asked for texts (docs/product.md §16.4) and — when approval comes after the
 * guarantee deadline — the zero-amount 'waived' final payment record. The analytics event is
 * recorded afterwards. A rejected application's open payments are canceled at the provider, so
 * nobody pays a fee no longer due.
 */
export function makeChangeApplicationStatus(
  ports: Pick<Ports, 'applications' | 'users' | 'analytics' | 'clock' | 'gateway' | 'audit' | 'phoneNumbers' | 'settings' | 'textWriter' | 'history' | 'documents'>,
) {
  /** The reason of the latest rejection, so that the same reason sent twice (a double click) changes nothing. */
  async function latestRejectionReason(applicationId: number): Promise<string | null> {
    const rejections = (await ports.history.listByApplication(applicationId)).filter((h) => h.toStatus === 'rejected');
    return rejections.at(-1)?.message ?? null;
  }

  async function cancelOpenPayments(application: Application): Promise<void> {
    for (const type of PAYMENT_TYPES) {
      try {
        await ports.gateway.cancelOpenPayments(paymentKeyOf(application, type));
      } catch {
        // The rejection stands; a payment still made on a stale page is listed for staff to refund.
      }
    }
  }

  return async function changeApplicationStatus(actor: Actor, applicationId: number, input: StatusChangeInput): Promise<ApplicationView> {
    requirePermission(actor, 'applications.review');
    const now = ports.clock.now();

    const outcome = await commitWithRetry<Application>(ports, applicationId, async (current) => {
      const decision = unwrap(decideStatusChange(current, input, now));
      const after = decision.application;
      const reason = after.status === 'rejected' ? input.rejectionReason?.trim() || null : null;
      if (isNoOp(current, after) && (reason === null || (await latestRejectionReason(current.id)) === reason)) return { done: current };
      const user = await requireUser(ports, current.userId);
      // A waiver recorded with this change, on an application whose visa is already attached: the e-visa goes with it.
      const evisa = decision.finalFeeWaived ? await withEvisaMail(ports, after, user, now) : { application: after, mails: [], texts: [] };
      const message = decision.finalFeeWaived
        ? WAIVER_MESSAGE
        : after.status === 'additional_info_required'
          ? (after.additionalInfoMessage ?? (after.requiresPassportReupload ? 'Passport re-upload requested' : null))
          : reason;
      return {
        change: {
          application: evisa.application,
          expectedVersion: current.version,
          ...(decision.finalFeeWaived ? { payment: waiverPayment(current, now) } : {}),
          ...statusChange({
            fromStatus: current.status,
            toStatus: after.status,
            changedBy: actor.userId,
            changedByName: actor.email,
            message,
            changedAt: now,
          }),
          mails: [statusMail(current, after, user, now, decision.finalFeeWaived, reason, evisa.mails.length > 0), ...evisa.mails],
          texts: [...statusTexts(ports, current, after, user, { finalFeeAmount: finalFeeOf(after, now, decision.finalFeeWaived) }), ...evisa.texts],
          audit: [
            auditEntry(ports, actor, {
              action: 'application.status_changed',
              target: { type: 'application', id: current.id },
              applicationId: current.id,
              before: statusFields(current),
              after: statusFields(evisa.application),
            }),
          ],
        },
      };
    });

    if (outcome.kind === 'done') return staffView(outcome.value, now);
    if (outcome.kind === 'conflict') {
      throw errors.conflict('The final fee of this application has already been recorded. Please reload and try again.');
    }
    const updated = outcome.result.application;
    const previous = outcome.before;
    if (updated.status === 'rejected') await cancelOpenPayments(updated);
    const oldStatus = previous.status;
    if (oldStatus !== updated.status) {
      await ports.analytics.record({
        name: 'status_changed',
        path: null,
        userId: actor.userId,
        properties: { applicationId: updated.id, oldStatus, newStatus: updated.status },
        occurredAt: now,
      });
    }
    return staffView(updated, now);
  };
}
