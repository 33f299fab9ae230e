import { answerByIfPaidNow, priceInAll } from '../../../../../core/domain/price.js';
import { CANCELLATION_RIGHT_TEXT } from '../../../../../core/domain/price-terms.js';
import type { PaymentType } from '../../../../../core/domain/fees.js';
import { cn } from '../../lib/format.js';

/**
 * Before a fee is paid, the one total and — before the initial fee — the guaranteed answer date
 * counted from today and the right to cancel (docs/product.md §14.4), as iVisa and Atlys show a
 * total and a date before paying.
 */
export function PriceInAll({ paymentType, travellers = 1, className }: { paymentType: PaymentType; travellers?: number; className?: string }) {
  return (
    <div data-testid="price-in-all" className={cn('space-y-1 text-sm text-slate-800', className)}>
      <p className="font-medium">{priceInAll(paymentType, travellers)}</p>
      {paymentType === 'initial' ? (
        <>
          <p>{answerByIfPaidNow(new Date())}</p>
          <p className="text-slate-600">{CANCELLATION_RIGHT_TEXT}</p>
        </>
      ) : null}
    </div>
  );
}
