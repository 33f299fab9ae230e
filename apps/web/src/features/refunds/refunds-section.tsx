import { useState, type FormEvent } from 'react';
import { formatPence } from '../../../../../core/domain/money.js';
import { serverMessage } from '../../api/client.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Input, NativeSelect } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { formatDateTime } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { useAuth } from '../auth/use-auth.js';
import { useCan } from '../../lib/permissions.js';
import { useApproveRefundMutation, useRefundsQuery, useRequestRefundMutation, type RefundDto } from './api.js';

const STATUS_LABEL: Record<RefundDto['status'], string> = {
  pending_approval: 'Awaiting approval',
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};
const STATUS_TONE: Record<RefundDto['status'], 'yellow' | 'grey' | 'green' | 'red'> = { pending_approval: 'yellow', pending: 'grey', succeeded: 'green', failed: 'red' };

/** The pence a text in pounds ('12.50', '£3') names, or null. */
function penceOf(text: string): number | null {
  const m = /^\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** The application's refunds on its admin row, with a refund form and Approve buttons (docs/product.md §4.7). */
export function RefundsSection({ app }: { app: { id: number; initialPaymentId: string | null; finalPaymentId: string | null; refundedAmount: number } }) {
  const { user } = useAuth();
  // Finance and admins refund; other roles see the refunds only (docs/product.md §6).
  const canRefund = useCan('refunds.manage');
  const refunds = useRefundsQuery(app.id);
  const [paymentType, setPaymentType] = useState<'initial' | 'final'>('initial');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const onError = (error: Error) => toast({ title: 'Refund not made', description: serverMessage(error) ?? String(error), variant: 'destructive' });
  const request = useRequestRefundMutation(app.id, {
    onSuccess: (refund) => {
      setAmount('');
      setReason('');
      const title = refund.status === 'pending_approval' ? 'Refund waiting for a second member of staff' : refund.status === 'failed' ? 'Refund failed' : `Refund ${STATUS_LABEL[refund.status].toLowerCase()}`;
      toast({ title, description: refund.failureReason ?? `${formatPence(refund.amountPence)} of the ${refund.paymentType} fee.`, variant: refund.status === 'failed' ? 'destructive' : undefined });
    },
    onError,
  });
  const approve = useApproveRefundMutation(app.id, {
    onSuccess: (refund) =>
      toast({
        title: refund.status === 'succeeded' ? 'Refund approved and made' : refund.status === 'failed' ? 'Refund approved but failed' : 'Refund approved',
        description: refund.failureReason ?? `${formatPence(refund.amountPence)} of the ${refund.paymentType} fee.`,
        variant: refund.status === 'failed' ? 'destructive' : undefined,
      }),
    onError,
  });
  const paidTypes = (['initial', 'final'] as const).filter((type) => (type === 'initial' ? app.initialPaymentId : app.finalPaymentId && !app.finalPaymentId.startsWith('waived_')));

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountPence = penceOf(amount);
    if (amountPence === null || amountPence < 1) return onError(new Error('Enter an amount in pounds, e.g. 5.00'));
    request.mutate({ paymentType, amountPence, reason: reason.trim() });
  }

  return (
    <section data-testid="refunds">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Refunds</h3>
      <p className="mt-1 text-sm text-slate-700">Refunded so far: {formatPence(app.refundedAmount)}</p>
      {refunds.data && refunds.data.length > 0 ? (
        <ul className="mt-2 space-y-2">
          {refunds.data.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{formatPence(r.amountPence)}</span>
                <span>{r.paymentType} fee</span>
                <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>
                <span className="text-slate-500">{formatDateTime(r.createdAt)}</span>
              </div>
              <p className="text-slate-700">{r.reason}</p>
              <p className="text-xs text-slate-500">
                Asked by {r.requestedByName}
                {r.approvedByName ? `, approved by ${r.approvedByName}` : ''}
                {r.failureReason ? ` — ${r.failureReason}` : ''}
              </p>
              {canRefund && r.status === 'pending_approval' && user && r.requestedBy !== user.id ? (
                <Button size="sm" className="mt-1" disabled={approve.isPending} onClick={() => approve.mutate(r.id)}>
                  {approve.isPending ? 'Approving...' : 'Approve'}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canRefund && paidTypes.length > 0 ? (
        <form className="mt-3 grid gap-2 sm:grid-cols-[8rem_8rem_1fr_auto] sm:items-end" onSubmit={submit}>
          <div>
            <Label htmlFor={`refund-type-${app.id}`}>Fee</Label>
            <NativeSelect id={`refund-type-${app.id}`} value={paymentType} onChange={(e) => setPaymentType(e.target.value as 'initial' | 'final')}>
              {paidTypes.map((type) => (
                <option key={type} value={type}>
                  {type === 'initial' ? 'Initial' : 'Final'}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor={`refund-amount-${app.id}`}>Amount (£)</Label>
            <Input id={`refund-amount-${app.id}`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="5.00" />
          </div>
          <div>
            <Label htmlFor={`refund-reason-${app.id}`}>Reason</Label>
            <Input id={`refund-reason-${app.id}`} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} required />
          </div>
          <Button type="submit" variant="outline" disabled={request.isPending}>
            {request.isPending ? 'Refunding...' : 'Refund'}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
