import { useId } from 'react';
import { formatDayAndTime } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { formatPence } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { usePaymentIssuesQuery, useRecordPaymentMutation, type PaymentIssueDto } from './api.js';

const FEE_LABEL = { initial: 'Initial fee', final: 'Final fee' } as const;

function amountText(issue: PaymentIssueDto): string {
  return issue.currency.toLowerCase() === 'gbp' ? formatPence(issue.amount) : `${(issue.amount / 100).toFixed(2)} ${issue.currency.toUpperCase()}`;
}

/**
 * Money taken with nothing to show for it: payments that succeeded with the provider but are not
 * recorded on an application. Shown above the tabs only when there are some; each recordable one
 * can be recorded on its application here, the others are refunded from the provider's dashboard.
 */
export function PaymentIssues() {
  const issues = usePaymentIssuesQuery();
  const headingId = useId();
  const list = issues.data?.issues ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
      <h2 id={headingId} className="text-lg font-semibold">
        Payments to check
      </h2>
      <p className="mt-1 text-sm">
        {list.length === 1 ? 'One payment' : `${list.length} payments`} taken by the payment provider in the last 30 days {list.length === 1 ? 'is' : 'are'} not recorded on an application. Record it,
        or refund it from the provider's dashboard.
      </p>
      <ul className="mt-3 space-y-3">
        {list.map((issue) => (
          <PaymentIssueItem key={issue.paymentIntentId} issue={issue} />
        ))}
      </ul>
    </section>
  );
}

function PaymentIssueItem({ issue }: { issue: PaymentIssueDto }) {
  const record = useRecordPaymentMutation(issue, {
    onSuccess: (result) => {
      toast({ title: 'Payment Recorded', description: result?.message ?? 'The payment has been recorded on its application.' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to record the payment. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <li
      data-testid={`payment-issue-${issue.paymentIntentId}`}
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-white p-3 text-sm text-slate-800 md:flex-row md:items-center md:justify-between"
    >
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">
          {issue.applicationNumber ?? 'Unknown application'} · {issue.paymentType ? FEE_LABEL[issue.paymentType] : 'Unknown fee'} · {amountText(issue)}
        </p>
        <p className="text-slate-600">
          Taken {formatDayAndTime(issue.createdAt)} · <span className="font-mono text-xs">{issue.paymentIntentId}</span>
        </p>
        <p>{issue.problem}</p>
      </div>
      {issue.recordable ? (
        <Button size="sm" onClick={() => record.mutate()} disabled={record.isPending} className="shrink-0">
          {record.isPending ? 'Recording...' : 'Record payment'}
        </Button>
      ) : null}
    </li>
  );
}
