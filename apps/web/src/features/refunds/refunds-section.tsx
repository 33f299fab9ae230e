import { useState, type FormEvent } from 'react';
import { formatPence } from '@core/domain/money.js';
import { msg } from '@core/i18n/index.js';
import { REFUND_REASON_MESSAGE } from '@core/schemas/refund.js';
import { feeName, formatDayAndTime } from '@core/domain/wording.js';
import { serverFieldErrors, serverMessage } from '../../api/client.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Input, NativeSelect } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';

import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { toast } from '../../lib/toast-store.js';
import { REFUND_STATUS_LABELS } from '@core/domain/refund.js';
import { useAuth } from '../../api/user.js';
import { useCan } from '../../lib/permissions.js';
import { useApproveRefundMutation, useRefundsQuery, useRequestRefundMutation, type RefundDto } from './api.js';
import { refundToast } from './refund-toast.js';

export const STATUS_TONE: Record<RefundDto['status'], 'yellow' | 'grey' | 'green' | 'red'> = { pending_approval: 'yellow', pending: 'grey', succeeded: 'green', failed: 'red' };

/** The pence a text in pounds ('12.50', '£3') names, or null. */
function penceOf(text: string): number | null {
  const m = /^\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** The form's fields, as the server names them in a 400's `errors`. */
type RefundField = 'paymentType' | 'amountPence' | 'reason';
const AMOUNT_MESSAGE = msg('Enter an amount in pounds, e.g. 5.00');

/** 'Initial fee' / 'Final fee' in the page's language (a label's capital, where the language has cases). */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The application's refunds on its admin row, with a refund form and Approve buttons (docs/product.md
 * §4.7). The form's errors are shown beside their fields (and announced); what is about no field (the
 * provider down) under the form.
 */
export function RefundsSection({ app }: { app: { id: number; initialPaymentId: string | null; finalPaymentId: string | null; refundedAmount: number } }) {
  const { user } = useAuth();
  const words = useT();
  const { t, tc, intl } = words;
  // Finance and admins refund; other roles see the refunds only (docs/product.md §6).
  const canRefund = useCan('refunds.manage');
  const refunds = useRefundsQuery(app.id);
  const [paymentType, setPaymentType] = useState<'initial' | 'final'>('initial');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<RefundField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestRefundMutation(app.id, {
    onSuccess: (refund) => {
      setAmount('');
      setReason('');
      toast(refundToast(refund, words));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      const beside: Partial<Record<RefundField, string>> = {};
      for (const name of ['paymentType', 'amountPence', 'reason'] as const) if (fields[name]) beside[name] = fields[name];
      setErrors(beside);
      setFormError(Object.keys(beside).length > 0 ? null : (serverMessage(error) ?? String(error)));
    },
  });
  const approve = useApproveRefundMutation(app.id, {
    onSuccess: (refund) => toast(refundToast(refund, words, true)),
    onError: (error) => toast({ title: t('Refund not approved'), description: serverMessage(error) ?? String(error), variant: 'destructive' }),
  });
  const paidTypes = (['initial', 'final'] as const).filter((type) => (type === 'initial' ? app.initialPaymentId : app.finalPaymentId && !app.finalPaymentId.startsWith('waived_')));
  const ids = { type: `refund-type-${app.id}`, amount: `refund-amount-${app.id}`, reason: `refund-reason-${app.id}` };

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountPence = penceOf(amount);
    const found: Partial<Record<RefundField, string>> = {};
    if (amountPence === null || amountPence < 1) found.amountPence = AMOUNT_MESSAGE;
    if (!reason.trim() || reason.trim().length > 500) found.reason = REFUND_REASON_MESSAGE;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || amountPence === null) {
      document.getElementById(found.amountPence ? ids.amount : ids.reason)?.focus();
      return;
    }
    request.mutate({ paymentType, amountPence, reason: reason.trim() });
  }

  return (
    <section data-testid="refunds">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('Refunds')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('Refunded so far: {amount}', { amount: formatPence(app.refundedAmount, intl) })}</p>
      {refunds.data && refunds.data.length > 0 ? (
        <ul className="mt-2 space-y-2">
          {refunds.data.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{formatPence(r.amountPence, intl)}</span>
                <span>{tc(feeName(r.paymentType))}</span>
                <Badge tone={STATUS_TONE[r.status]}>{tc(REFUND_STATUS_LABELS[r.status])}</Badge>
                <span className="text-slate-500">{formatDayAndTime(r.createdAt, intl)}</span>
              </div>
              <p className="text-slate-700">
                <bdi>{r.reason}</bdi>
              </p>
              <p className="text-xs text-slate-500">
                <Sentence
                  text={r.approvedByName ? t('Asked by {name}, approved by {approver}', { name: slot('name'), approver: slot('approver') }) : t('Asked by {name}', { name: slot('name') })}
                  parts={{ name: <bdi>{r.requestedByName}</bdi>, approver: <bdi>{r.approvedByName}</bdi> }}
                />
                {r.failureReason ? (
                  <>
                    {' — '}
                    <bdi>{r.failureReason}</bdi>
                  </>
                ) : null}
              </p>
              {canRefund && r.status === 'pending_approval' && user && r.requestedBy !== user.id ? (
                <Button size="sm" className="mt-1 min-h-11" disabled={approve.isPending} onClick={() => approve.mutate(r.id)}>
                  {approve.isPending ? t('Approving...') : t('Approve')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canRefund && paidTypes.length > 0 ? (
        // Fee and amount side by side, the reason across the whole width below them.
        <form noValidate aria-label={t('Refund a fee')} className="mt-3 space-y-3" onSubmit={submit}>
          {/* minmax(0, 1fr): an input's own width (about 20 characters) must not widen a phone's panel. */}
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
            <Field id={ids.type} label={t('Fee')} error={errors.paymentType && tc(errors.paymentType)}>
              <NativeSelect {...fieldAria(ids.type, errors.paymentType)} className="min-h-11" value={paymentType} onChange={(e) => setPaymentType(e.target.value as 'initial' | 'final')}>
                {paidTypes.map((type) => (
                  <option key={type} value={type}>
                    {capitalised(tc(feeName(type)))}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={ids.amount} label={t('Amount (£)')} error={errors.amountPence && tc(t(errors.amountPence))}>
              <Input {...fieldAria(ids.amount, errors.amountPence)} className="min-h-11" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="5.00" />
            </Field>
          </div>
          <Field id={ids.reason} label={t('Reason')} error={errors.reason && tc(errors.reason)}>
            <Input {...fieldAria(ids.reason, errors.reason)} className="min-h-11" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          {formError ? (
            <p role="alert" className="text-sm text-red-600">
              {formError}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="min-h-11 w-full sm:w-auto" disabled={request.isPending}>
            {request.isPending ? t('Refunding...') : t('Refund')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
