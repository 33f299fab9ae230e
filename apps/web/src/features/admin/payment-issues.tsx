import { useId } from 'react';
import { formatDayAndTime } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { formatPence } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { usePaymentIssuesQuery, useRecordPaymentMutation, type PaymentIssueDto } from './api.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { msg } from '@core/i18n/index.js';
import type { Locale } from '@core/domain/locale.js';

const FEE_LABEL = { initial: msg('Initial fee'), final: msg('Final fee') } as const;

function amountText(issue: PaymentIssueDto, intl: Locale): string {
  return issue.currency.toLowerCase() === 'gbp' ? formatPence(issue.amount, intl) : `${(issue.amount / 100).toFixed(2)} ${issue.currency.toUpperCase()}`;
}

/**
 * Money taken with nothing to show for it: payments that succeeded with the provider but are not
 * recorded on an application. Shown above the tabs only when there are some; each recordable one
 * can be recorded on its application here, the others are refunded from the provider's dashboard.
 */
export function PaymentIssues() {
  const issues = usePaymentIssuesQuery();
  const headingId = useId();
  const { t } = useT();
  const list = issues.data?.issues ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('Payments to check')}
      </h2>
      <p className="mt-1 text-sm">
        {t(
          "{count, plural, one {One payment taken by the payment provider in the last 30 days is not recorded on an application. Record it, or refund it from the provider's dashboard.} other {# payments taken by the payment provider in the last 30 days are not recorded on an application. Record it, or refund it from the provider's dashboard.}}",
          { count: list.length },
        )}
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
  const { t, intl } = useT();
  const record = useRecordPaymentMutation(issue, {
    onSuccess: (result) => {
      toast({ title: t('Payment Recorded'), description: result?.message ?? t('The payment has been recorded on its application.') });
    },
    onError: (error) => {
      toast({ title: t('Error'), description: serverMessage(error) ?? t('Failed to record the payment. Please try again.'), variant: 'destructive' });
    },
  });

  return (
    <li
      data-testid={`payment-issue-${issue.paymentIntentId}`}
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-white p-3 text-sm text-slate-800 md:flex-row md:items-center md:justify-between"
    >
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">
          {issue.applicationNumber ? <bdi dir="ltr">{issue.applicationNumber}</bdi> : t('Unknown application')} · {issue.paymentType ? t(FEE_LABEL[issue.paymentType]) : t('Unknown fee')} ·{' '}
          <bdi>{amountText(issue, intl)}</bdi>
        </p>
        <p className="text-slate-600">
          <Sentence
            text={t('Taken {when} · {reference}', { when: formatDayAndTime(issue.createdAt, intl), reference: slot('reference') })}
            parts={{
              reference: (
                <span className="font-mono text-xs" dir="ltr">
                  {issue.paymentIntentId}
                </span>
              ),
            }}
          />
        </p>
        <p>{issue.problem}</p>
      </div>
      {issue.recordable ? (
        <Button size="sm" onClick={() => record.mutate()} disabled={record.isPending} className="shrink-0">
          {record.isPending ? t('Recording...') : t('Record payment')}
        </Button>
      ) : null}
    </li>
  );
}
