import { formatPence } from '@core/domain/money.js';
import { feeName } from '@core/domain/wording.js';
import type { RefundDto } from './api.js';

/**
 * What a refund asked for or approved turned into, said as a person would (docs/product.md §8.2):
 * 'Refund of £10.00 sent', 'Refund of £39.00 waiting for approval', 'Refund of £10.00 failed'.
 */
export function refundToast(refund: Pick<RefundDto, 'status' | 'amountPence' | 'paymentType' | 'failureReason'>, approved = false): { title: string; description: string; variant?: 'destructive' } {
  const amount = formatPence(refund.amountPence);
  const fee = feeName(refund.paymentType);
  switch (refund.status) {
    case 'pending_approval':
      return { title: `Refund of ${amount} waiting for approval`, description: `A second member of staff must approve this refund of the ${fee}: it is listed under 'Refunds awaiting approval'.` };
    case 'failed':
      return { title: `Refund of ${amount} failed`, description: refund.failureReason ?? 'The payment provider refused it.', variant: 'destructive' };
    case 'succeeded':
      return { title: `Refund of ${amount} ${approved ? 'approved and sent' : 'sent'}`, description: `The ${fee} is refunded to the applicant's card; they are emailed a credit note.` };
    default:
      return { title: `Refund of ${amount} ${approved ? 'approved and sent' : 'sent'}`, description: `The payment provider is still processing this refund of the ${fee}.` };
  }
}
