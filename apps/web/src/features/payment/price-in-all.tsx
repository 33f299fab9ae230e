import { answerByIfPaidNow, priceInAll } from '@core/domain/price.js';
import { CANCELLATION_RIGHT_TEXT } from '@core/domain/price-terms.js';
import type { PaymentType } from '@core/domain/fees.js';
import { cn } from '../../lib/format.js';

/**
 * Before a fee is paid, the one total and — before the initial fee — the guaranteed answer date
 * counted from today (docs/product.md §14.4), as iVisa and Atlys show a total and a date before
 * paying; on the payment pages (`withCancellationRight`) the right to cancel too. The dashboard's
 * compact panel leaves that to its express-start consent, which says what cancelling costs.
 */
export function PriceInAll({ paymentType, travellers = 1, withCancellationRight = false, className }: { paymentType: PaymentType; travellers?: number; withCancellationRight?: boolean; className?: string }) {
  return (
    <div data-testid="price-in-all" className={cn('space-y-1 text-sm text-slate-800', className)}>
      <p className="font-medium">{priceInAll(paymentType, travellers)}</p>
      {paymentType === 'initial' ? (
        <>
          <p>{answerByIfPaidNow(new Date())}</p>
          {withCancellationRight ? <p className="text-slate-600">{CANCELLATION_RIGHT_TEXT}</p> : null}
        </>
      ) : null}
    </div>
  );
}
