import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatPence } from '@core/domain/money.js';
import { feeName, formatDayAndTime } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { Button, buttonClasses } from '../../components/ui/button.js';

import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { toast } from '../../lib/toast-store.js';
import { useApproveRefundMutation, useAwaitingApprovalQuery, type AwaitingRefundDto } from './api.js';
import { refundToast } from './refund-toast.js';

/**
 * 'Refunds awaiting approval (n)' (docs/product.md §4.7): above the tabs while refunds wait for a
 * second member of staff, for those who may approve them; oldest first, each with what an approver
 * needs to decide, Approve — or, on one's own, that it waits for someone else — and a way to its
 * application.
 */
export function RefundQueue() {
  const queue = useAwaitingApprovalQuery();
  const headingId = useId();
  const { t } = useT();
  const refunds = queue.data?.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="refund-queue" className="mt-6 rounded-lg border-2 border-purple-300 bg-purple-50 p-4 text-slate-900">
      <h2 id={headingId} className="text-lg font-semibold">
        <Sentence
          text={t('Refunds awaiting approval {count}', { count: slot('count') })}
          parts={{
            count: (
              <span className="rounded-full bg-purple-200 px-2 text-base" data-testid="refund-queue-count">
                {queue.data!.total}
              </span>
            ),
          }}
        />
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('Refunds above the approval limit are sent only once a second member of staff approves them.')}</p>
      <ul className="mt-3 space-y-3">
        {refunds.map((refund) => (
          <QueuedRefund key={refund.id} refund={refund} />
        ))}
      </ul>
    </section>
  );
}

function QueuedRefund({ refund }: { refund: AwaitingRefundDto }) {
  const words = useT();
  const { t, tc, intl } = words;
  const approve = useApproveRefundMutation(refund.applicationId, {
    onSuccess: (approved) => toast(refundToast(approved, words, true)),
    onError: (error) => toast({ title: t('Refund not approved'), description: serverMessage(error) ?? String(error), variant: 'destructive' }),
  });
  return (
    <li data-testid={`queued-refund-${refund.id}`} className="flex flex-col gap-3 rounded-md border border-purple-200 bg-white p-3 text-sm md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          <Sentence
            text={t('{amount} of the {fee} · {traveller} · {number}', {
              amount: formatPence(refund.amountPence, intl),
              fee: tc(feeName(refund.paymentType)),
              traveller: slot('traveller'),
              number: slot('number'),
            })}
            parts={{
              traveller: <bdi>{refund.travellerName}</bdi>,
              number: (
                <bdi dir="ltr" className="whitespace-nowrap">
                  {refund.applicationNumber}
                </bdi>
              ),
            }}
          />
        </p>
        <p className="break-words text-slate-700">
          <bdi>{refund.reason}</bdi>
        </p>
        <p className="text-slate-600">
          <Sentence text={t('Asked by {name}, {at}', { name: slot('name'), at: formatDayAndTime(refund.createdAt, intl) })} parts={{ name: <bdi>{refund.requestedByName}</bdi> }} />
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Link to="/admin" search={{ q: refund.applicationNumber }} className={buttonClasses('outline', 'sm', 'min-h-11')}>
          {t('Open application')}
        </Link>
        {refund.canApprove ? (
          <Button size="sm" className="min-h-11" disabled={approve.isPending} onClick={() => approve.mutate(refund.id)}>
            {approve.isPending ? t('Approving...') : t('Approve {amount}', { amount: formatPence(refund.amountPence, intl) })}
          </Button>
        ) : (
          <p className="text-slate-600">{t('Waiting for another member of staff (you asked for it).')}</p>
        )}
      </div>
    </li>
  );
}
