import { answerByIfPaidNow, answerWhilePortalDown, priceInAll } from '@core/domain/price.js';
import { CANCELLATION_RIGHT_TEXT } from '@core/domain/price-terms.js';
import type { PaymentType } from '@core/domain/fees.js';
import { usePortalStatus } from '../../api/portal-status.js';
import { cn } from '../../lib/format.js';

/**
 * Before a fee is paid, the one total and — before the initial fee — the guaranteed answer date
 * counted from today (docs/product.md §14.4), as iVisa and Atlys show a total and a date before
 * paying; on the payment pages (`withCancellationRight`) the right to cancel too. The dashboard's
 * compact panel leaves that to its express-start consent, which says what cancelling costs.
 * While staff have marked Egypt's portal down, no date is promised: the outage's days are added.
 */
export function PriceInAll({
  paymentType,
  travellers = 1,
  withCancellationRight = false,
  className,
}: {
  paymentType: PaymentType;
  travellers?: number;
  withCancellationRight?: boolean;
  className?: string;
}) {
  const portalDown = usePortalStatus().data?.state === 'down';
  return (
    <div data-testid="price-in-all" className={cn('space-y-1 text-sm text-slate-800', className)}>
      <p className="font-medium">{priceInAll(paymentType, travellers)}</p>
      {paymentType === 'initial' ? (
        <>
          <p data-testid="answer-by">{portalDown ? answerWhilePortalDown() : answerByIfPaidNow(new Date())}</p>
          {withCancellationRight ? <p className="text-slate-600">{CANCELLATION_RIGHT_TEXT}</p> : null}
        </>
      ) : null}
    </div>
  );
}
