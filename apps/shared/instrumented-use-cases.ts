import { ContainerModule, type ResolutionContext } from 'inversify';
import { isDomainError } from '../../core/domain/errors.js';
import type { RefundRepository } from '../../core/ports/refund-repository.js';
import { MailLeased } from '../../core/use-cases/deliver-mail.js';
import { PORT, T, USE_CASE } from './tokens.js';

/**
 * The outcomes an operator counts (GET /metrics), taken at the composition root's edge: each use
 * case (and the refunds store) is handed out wrapped, as the container activates it, so every
 * caller — a route, a job, another use case, the CLI — counts once and core/ knows nothing of
 * metrics. The wrappers answer and throw exactly what they wrap.
 */
export const instrumentedUseCasesModule = new ContainerModule(({ onActivation }) => {
  const metricsOf = (context: ResolutionContext) => context.get(T.metrics);

  // Mails and texts: each delivery attempt the deliver-mail / deliver-text jobs make.
  onActivation(USE_CASE.deliverMail, (context, deliverMail) => {
    const { mails } = metricsOf(context);
    return async (mailId) => {
      try {
        const outcome = await deliverMail(mailId);
        if (outcome === 'sent' || outcome === 'bounced' || outcome === 'refused') mails.inc({ outcome });
        return outcome;
      } catch (error) {
        // Another worker holds the mail: no attempt was made.
        if (!(error instanceof MailLeased)) mails.inc({ outcome: 'failed' });
        throw error;
      }
    };
  });
  onActivation(USE_CASE.deliverText, (context, deliverText) => {
    const { texts } = metricsOf(context);
    return async (textId) => {
      try {
        const outcome = await deliverText(textId);
        if (outcome === 'sent' || outcome === 'refused') texts.inc({ outcome });
        else if (outcome === 'given-up') texts.inc({ outcome: 'given_up' });
        return outcome;
      } catch (error) {
        texts.inc({ outcome: 'failed' });
        throw error;
      }
    };
  });

  // Payments: every confirmation (return from the payment page, webhook, reconciliation, a £0 fee).
  // A family's initial fee is the group's one payment, confirmed by confirmGroupPayment — through
  // its own route or through its lead application's confirmPayment, which hands it over: counted
  // once, by the group's wrapper (errors it counted are remembered so the caller does not count them again).
  const countedErrors = new WeakSet<object>();
  onActivation(USE_CASE.applicationGroups, (context, groups) => {
    const { payments } = metricsOf(context);
    const { confirmGroupPayment } = groups;
    return {
      ...groups,
      async confirmGroupPayment(actor, groupId, paymentIntentId, audit) {
        try {
          const confirmed = await confirmGroupPayment(actor, groupId, paymentIntentId, audit);
          payments.inc({ type: 'initial', outcome: confirmed.recorded ? 'recorded' : 'already_recorded' });
          return confirmed;
        } catch (error) {
          payments.inc({ type: 'initial', outcome: paymentFailure(error) });
          if (error instanceof Object) countedErrors.add(error);
          throw error;
        }
      },
    };
  });
  onActivation(USE_CASE.confirmPayment, (context, confirmPayment) => {
    const { payments } = metricsOf(context);
    return async (actor, applicationId, type, paymentIntentId, audit) => {
      try {
        const confirmed = await confirmPayment(actor, applicationId, type, paymentIntentId, audit);
        // A family member's initial fee was the group's, counted by confirmGroupPayment.
        if (!(type === 'initial' && confirmed.application.groupId !== null)) payments.inc({ type, outcome: confirmed.recorded ? 'recorded' : 'already_recorded' });
        return confirmed;
      } catch (error) {
        if (!(error instanceof Object && countedErrors.has(error))) payments.inc({ type, outcome: paymentFailure(error) });
        throw error;
      }
    };
  });

  // Refunds: each settlement that changed a refund (the gateway's answer or its webhook, once).
  onActivation(PORT.refunds, (context, refunds) => {
    const metrics = metricsOf(context);
    const settle: RefundRepository['settle'] = async (refundId, settlement, now) => {
      const result = await refunds.settle(refundId, settlement, now);
      if (result?.changed) metrics.refunds.inc({ outcome: result.refund.status });
      return result;
    };
    return new Proxy(refunds, { get: (target, key, receiver) => (key === 'settle' ? settle : Reflect.get(target, key, receiver)) });
  });

  // Passport scans: a traveller's photo read for the form, and a stored copy checked by its job.
  onActivation(USE_CASE.scanPassport, (context, scanPassport) => {
    const { passportScans } = metricsOf(context);
    return async (actor, image) => {
      const started = performance.now();
      let outcome = 'failed';
      try {
        const scan = await scanPassport(actor, image);
        outcome = 'read';
        return scan;
      } catch (error) {
        if (isDomainError(error, 'Unreadable')) outcome = 'unreadable';
        else if (isDomainError(error, 'Validation')) outcome = 'refused';
        throw error;
      } finally {
        passportScans.observe({ kind: 'scan', outcome }, (performance.now() - started) / 1000);
      }
    };
  });
  onActivation(USE_CASE.checkPassport, (context, checkPassport) => {
    const { passportScans } = metricsOf(context);
    return async (documentId) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const check = await checkPassport(documentId);
        // null: the document is gone (or is no passport): nothing was read.
        if (check) passportScans.observe({ kind: 'check', outcome: check.status === 'unreadable' ? 'unreadable' : 'read' }, seconds());
        return check;
      } catch (error) {
        passportScans.observe({ kind: 'check', outcome: 'failed' }, seconds());
        throw error;
      }
    };
  });
});

/** A confirmation that failed: the payment is not one to record (a domain answer), or something broke. */
function paymentFailure(error: unknown): 'refused' | 'error' {
  return isDomainError(error) && error.data.type !== 'Unavailable' ? 'refused' : 'error';
}
