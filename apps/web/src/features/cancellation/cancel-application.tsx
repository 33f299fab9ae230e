import { useId, useState } from 'react';
import { serverFieldErrors, serverMessage } from '../../api/client.js';
import type { ApplicationDto } from '../../api/applications.js';
import { CANCELLABLE_STATUSES, cancellationState } from '@core/domain/cancellation.js';
import type { ApplicationStatus } from '@core/domain/status.js';
import { ErrorSummary, type FormProblem } from '../../components/error-summary.js';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { formatPence } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { useCancelApplicationMutation } from './api.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { shownMessage } from '../../lib/shown-message.js';
import { isolate } from '../../lib/bidi.js';
import { useT } from '../../lib/i18n.js';

/** Where the applicant's cancellation stands, on their card (docs/product.md, "Cancelling an application"). */
export function CancellationNotice({ application: app }: { application: ApplicationDto }) {
  const { t, intl } = useT();
  const state = cancellationState({
    cancelledAt: app.cancelledAt ? new Date(app.cancelledAt) : null,
    cancellationRequestedAt: app.cancellationRequestedAt ? new Date(app.cancellationRequestedAt) : null,
    cancellationDeclinedAt: app.cancellationDeclinedAt ? new Date(app.cancellationDeclinedAt) : null,
  });
  if (state === 'requested') {
    return (
      <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {t('You asked to cancel this application. Our team will decide on a refund for the work not yet done and reply by email.')}
      </p>
    );
  }
  if (state === 'declined') {
    return (
      <div className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
        <p className="font-medium">{t('Your request to cancel was not accepted:')}</p>
        {app.cancellationResponse ? <p className="mt-1 whitespace-pre-line">{app.cancellationResponse}</p> : null}
      </div>
    );
  }
  if (state === 'cancelled') {
    return (
      <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
        {t('You cancelled this application.')}
        {app.refundedAmount > 0 ? ` ${t('{amount} has been refunded to your card; your credit note was sent to you by email.', { amount: formatPence(app.refundedAmount, intl) })}` : ''}
        {app.cancellationResponse ? ` ${app.cancellationResponse}` : ''}
      </p>
    );
  }
  return null;
}

/**
 * "Cancel application": offered until the application goes to the portal, once. A refusal is said in
 * the dialog — the reason's beside it, anything else in the summary at its top — not in a toast
 * behind the dialog (docs/product.md §14.5).
 */
export function CancelApplication({ application: app }: { application: ApplicationDto }) {
  const words = useT();
  const { t, intl, dir } = words;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const reasonId = useId();
  const cancel = useCancelApplicationMutation(app.id, {
    onSuccess: (result) => {
      setOpen(false);
      toast({
        title: result.outcome === 'cancelled' ? t('Application cancelled') : t('Cancellation requested'),
        description:
          result.outcome === 'cancelled'
            ? result.refundPence > 0
              ? t('{amount} is being refunded to your card.', { amount: formatPence(result.refundPence, intl) })
              : t('We will not work on it any further.')
            : t('Our team will reply by email.'),
      });
    },
    onError: (error) => {
      const fieldError = serverFieldErrors(error).reason ?? null;
      setReasonError(fieldError);
      setFormError(fieldError ? null : (serverMessage(error) ?? t('Please try again.')));
      setAttempts((n) => n + 1);
    },
  });
  const openDialog = (next: boolean) => {
    setOpen(next);
    setReasonError(null);
    setFormError(null);
  };
  const cancellable = CANCELLABLE_STATUSES.includes(app.status as ApplicationStatus) && !app.cancelledAt && !app.cancellationRequestedAt && !app.cancellationDeclinedAt;
  if (!cancellable) return null;
  const problems: FormProblem[] = [...(reasonError ? [{ fieldId: reasonId, message: reasonError }] : []), ...(formError ? [{ message: formError }] : [])];
  return (
    <Dialog open={open} onOpenChange={openDialog}>
      {/* A text button flush with the card's text: the button primitive's padding would indent it. */}
      <button
        type="button"
        className="inline-flex min-h-11 items-center self-start rounded-md text-sm font-medium text-slate-600 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
        onClick={() => openDialog(true)}
      >
        {t('Cancel application')}
      </button>
      <DialogContent>
        <DialogTitle>{t('Cancel application {number}?', { number: isolate(app.applicationNumber, dir) })}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-700">
          {app.initialPaymentId
            ? t(
                'If you paid in the last 14 days and our team has not started work yet, your {fee} is refunded at once. Otherwise our team decides on a refund for the work not yet done and replies by email.',
                {
                  fee: formatPence(INITIAL_FEE.amount, intl).replace(/[.,]00(?=\D*$)/, ''),
                },
              )
            : t('You have not paid anything for this application. Cancelling stops it for good.')}
        </DialogDescription>
        {problems.length > 0 ? (
          <div className="mt-4">
            <ErrorSummary problems={problems} focusKey={attempts} />
          </div>
        ) : null}
        <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-slate-900">
          {t('Reason (optional)')}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          className="mt-1 h-24 w-full rounded-md border border-slate-300 p-2 text-sm aria-[invalid=true]:border-red-500"
        />
        {reasonError ? (
          <p id={`${reasonId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {shownMessage(words, reasonError)}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => openDialog(false)}>
            {t('Keep my application')}
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ reason })}>
            {cancel.isPending ? t('Cancelling…') : t('Cancel application')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
