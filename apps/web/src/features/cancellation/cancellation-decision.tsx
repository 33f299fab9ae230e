import { useId, useState } from 'react';
import { formatDayAndTime } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { cancellationState } from '@core/domain/cancellation.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { formatPence } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { toast } from '../../lib/toast-store.js';
import type { AdminApplicationDto } from '../../api/admin.js';
import { useDecideCancellationMutation } from './api.js';

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/**
 * An applicant's cancellation request on the admin row: what they said and when, and staff's
 * decision — accept with a refund of the initial fee for the work not yet done (0 allowed), or
 * decline with a message (docs/product.md, "Cancelling an application").
 */
export function CancellationDecisionPanel({ app }: { app: AdminApplicationDto }) {
  const ids = { refund: useId(), message: useId() };
  const left = Math.max(0, (app.initialPaymentId ? INITIAL_FEE.amount : 0) - app.refundedAmount);
  const [pounds, setPounds] = useState((left / 100).toFixed(2));
  const [message, setMessage] = useState('');
  const { t, intl } = useT();
  const decide = useDecideCancellationMutation(app.id, {
    onSuccess: (result) =>
      toast({
        title: result.outcome === 'cancelled' ? t('Cancellation accepted') : t('Cancellation declined'),
        description: result.refundPence > 0 ? t('{amount} is being refunded.', { amount: formatPence(result.refundPence, intl) }) : t('The applicant has been told by email.'),
      }),
    onError: (error) => toast({ title: t('Could not save the decision'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  const state = cancellationState({
    cancelledAt: dateOrNull(app.cancelledAt),
    cancellationRequestedAt: dateOrNull(app.cancellationRequestedAt),
    cancellationDeclinedAt: dateOrNull(app.cancellationDeclinedAt),
  });
  if (state === 'none') return null;
  if (state !== 'requested') {
    const values = { reason: slot('reason') };
    const decided =
      state === 'cancelled'
        ? app.cancellationReason
          ? t('Cancelled on {at} — reason given: “{reason}”', { ...values, at: formatDayAndTime(app.cancelledAt!, intl) })
          : t('Cancelled on {at}', { at: formatDayAndTime(app.cancelledAt!, intl) })
        : app.cancellationReason
          ? t('Request declined on {at} — reason given: “{reason}”', { ...values, at: formatDayAndTime(app.cancellationDeclinedAt!, intl) })
          : t('Request declined on {at}', { at: formatDayAndTime(app.cancellationDeclinedAt!, intl) });
    return (
      <section className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('Cancellation')}</h3>
        <p className="mt-1">
          <Sentence text={decided} parts={{ reason: <bdi>{app.cancellationReason}</bdi> }} />
        </p>
        {app.cancellationResponse ? (
          <p className="mt-1 text-slate-600">
            <Sentence text={t('Our answer: “{answer}”', { answer: slot('answer') })} parts={{ answer: <bdi>{app.cancellationResponse}</bdi> }} />
          </p>
        ) : null}
      </section>
    );
  }
  const refundPence = Math.round(Number(pounds) * 100);
  const refundValid = Number.isFinite(refundPence) && refundPence >= 0 && refundPence <= left;
  return (
    <section aria-label={t('Cancellation request')} className="space-y-3 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
      <h3 className="font-semibold">{t('Cancellation requested on {at}', { at: formatDayAndTime(app.cancellationRequestedAt!, intl) })}</h3>
      <p>
        {app.cancellationReason
          ? // One text node, as the tests read it: the applicant's words are a value of the message.
            t('Reason: “{reason}”', { reason: app.cancellationReason })
          : t('No reason given.')}
      </p>
      <div>
        <label htmlFor={ids.refund} className="block text-xs font-medium">
          {t('Refund of the initial fee (at most {amount})', { amount: formatPence(left, intl) })}
        </label>
        <Input id={ids.refund} inputMode="decimal" value={pounds} onChange={(event) => setPounds(event.target.value)} className="mt-1 w-32" />
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-xs font-medium">
          {t('Message to the applicant (required to decline)')}
        </label>
        <textarea id={ids.message} value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} className="mt-1 h-20 w-full rounded-md border border-slate-300 p-2" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending || !refundValid} onClick={() => decide.mutate({ decision: 'accept', refundPence, message: message.trim() || null })}>
          {refundValid ? t('Accept and refund {amount}', { amount: formatPence(refundPence, intl) }) : t('Accept and refund')}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending || message.trim() === ''} onClick={() => decide.mutate({ decision: 'decline', message: message.trim() })}>
          {t('Decline')}
        </Button>
      </div>
    </section>
  );
}
