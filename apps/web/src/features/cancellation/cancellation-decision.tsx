import { useId, useState } from 'react';
import { formatDayAndTime } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { cancellationState } from '@core/domain/cancellation.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { formatPence } from '../../lib/format.js';
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
  const decide = useDecideCancellationMutation(app.id, {
    onSuccess: (result) =>
      toast({
        title: result.outcome === 'cancelled' ? 'Cancellation accepted' : 'Cancellation declined',
        description: result.refundPence > 0 ? `${formatPence(result.refundPence)} is being refunded.` : 'The applicant has been told by email.',
      }),
    onError: (error) => toast({ title: 'Could not save the decision', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
  });
  const state = cancellationState({
    cancelledAt: dateOrNull(app.cancelledAt),
    cancellationRequestedAt: dateOrNull(app.cancellationRequestedAt),
    cancellationDeclinedAt: dateOrNull(app.cancellationDeclinedAt),
  });
  if (state === 'none') return null;
  if (state !== 'requested') {
    return (
      <section className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Cancellation</h3>
        <p className="mt-1">
          {state === 'cancelled' ? `Cancelled on ${formatDayAndTime(app.cancelledAt!)}` : `Request declined on ${formatDayAndTime(app.cancellationDeclinedAt!)}`}
          {app.cancellationReason ? ` — reason given: “${app.cancellationReason}”` : ''}
        </p>
        {app.cancellationResponse ? <p className="mt-1 text-slate-600">Our answer: “{app.cancellationResponse}”</p> : null}
      </section>
    );
  }
  const refundPence = Math.round(Number(pounds) * 100);
  const refundValid = Number.isFinite(refundPence) && refundPence >= 0 && refundPence <= left;
  return (
    <section aria-label="Cancellation request" className="space-y-3 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
      <h3 className="font-semibold">Cancellation requested on {formatDayAndTime(app.cancellationRequestedAt!)}</h3>
      <p>{app.cancellationReason ? `Reason: “${app.cancellationReason}”` : 'No reason given.'}</p>
      <div>
        <label htmlFor={ids.refund} className="block text-xs font-medium">
          Refund of the initial fee (at most {formatPence(left)})
        </label>
        <Input id={ids.refund} inputMode="decimal" value={pounds} onChange={(event) => setPounds(event.target.value)} className="mt-1 w-32" />
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-xs font-medium">
          Message to the applicant (required to decline)
        </label>
        <textarea id={ids.message} value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} className="mt-1 h-20 w-full rounded-md border border-slate-300 p-2" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending || !refundValid} onClick={() => decide.mutate({ decision: 'accept', refundPence, message: message.trim() || null })}>
          Accept and refund {refundValid ? formatPence(refundPence) : ''}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending || message.trim() === ''} onClick={() => decide.mutate({ decision: 'decline', message: message.trim() })}>
          Decline
        </Button>
      </div>
    </section>
  );
}
