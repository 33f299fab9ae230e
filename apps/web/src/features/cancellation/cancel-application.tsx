import { useId, useState } from 'react';
import { serverMessage } from '../../api/client.js';
import type { ApplicationDto } from '../../api/applications.js';
import { CANCELLABLE_STATUSES, cancellationState } from '../../../../../core/domain/cancellation.js';
import type { ApplicationStatus } from '../../../../../core/domain/status.js';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { formatPence } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { useCancelApplicationMutation } from './api.js';

/** Where the applicant's cancellation stands, on their card (docs/product.md, "Cancelling an application"). */
export function CancellationNotice({ application: app }: { application: ApplicationDto }) {
  const state = cancellationState({
    cancelledAt: app.cancelledAt ? new Date(app.cancelledAt) : null,
    cancellationRequestedAt: app.cancellationRequestedAt ? new Date(app.cancellationRequestedAt) : null,
    cancellationDeclinedAt: app.cancellationDeclinedAt ? new Date(app.cancellationDeclinedAt) : null,
  });
  if (state === 'requested') {
    return (
      <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        You asked to cancel this application. Our team will decide on a refund for the work not yet done and reply by email.
      </p>
    );
  }
  if (state === 'declined') {
    return (
      <div className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
        <p className="font-medium">Your request to cancel was not accepted:</p>
        {app.cancellationResponse ? <p className="mt-1 whitespace-pre-line">{app.cancellationResponse}</p> : null}
      </div>
    );
  }
  if (state === 'cancelled') {
    return (
      <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
        You cancelled this application.
        {app.refundedAmount > 0 ? ` ${formatPence(app.refundedAmount)} has been refunded to your card; your credit note was sent to you by email.` : ''}
        {app.cancellationResponse ? ` ${app.cancellationResponse}` : ''}
      </p>
    );
  }
  return null;
}

/** "Cancel application": offered until the application goes to the portal, once. */
export function CancelApplication({ application: app }: { application: ApplicationDto }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const cancel = useCancelApplicationMutation(app.id, {
    onSuccess: (result) => {
      setOpen(false);
      toast({
        title: result.outcome === 'cancelled' ? 'Application cancelled' : 'Cancellation requested',
        description:
          result.outcome === 'cancelled'
            ? result.refundPence > 0
              ? `${formatPence(result.refundPence)} is being refunded to your card.`
              : 'We will not work on it any further.'
            : 'Our team will reply by email.',
      });
    },
    onError: (error) => toast({ title: 'Could not cancel', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
  });
  const cancellable =
    CANCELLABLE_STATUSES.includes(app.status as ApplicationStatus) && !app.cancelledAt && !app.cancellationRequestedAt && !app.cancellationDeclinedAt;
  if (!cancellable) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="link" className="h-auto min-h-11 self-start px-0 text-sm text-slate-600" onClick={() => setOpen(true)}>
        Cancel application
      </Button>
      <DialogContent>
        <DialogTitle>Cancel application {app.applicationNumber}?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-700">
          {app.initialPaymentId
            ? 'If you paid in the last 14 days and our team has not started work yet, your £10 is refunded at once. Otherwise our team decides on a refund for the work not yet done and replies by email.'
            : 'You have not paid anything for this application. Cancelling stops it for good.'}
        </DialogDescription>
        <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-slate-900">
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 h-24 w-full rounded-md border border-slate-300 p-2 text-sm"
        />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep my application
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ reason })}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel application'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
