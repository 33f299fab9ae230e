import { TOTAL_PER_TRAVELLER } from '@core/domain/price.js';
import { CANCELLATION_RIGHT_TEXT } from '@core/domain/price-terms.js';
import { FINAL_FEE, INITIAL_FEE, type PaymentType } from '@core/domain/fees.js';
import { guaranteeDeadline, GUARANTEE_WORKING_DAYS } from '@core/domain/guarantee.js';
import { formatDay } from '@core/domain/wording.js';
import { formatPence } from '../../lib/format.js';
import { useT, type PageWords } from '../../lib/i18n.js';
import { usePortalStatus } from '../../api/portal-status.js';
import { cn } from '../../lib/format.js';

/** core/domain/price.ts's priceInAll in the page's language (its English word for word). */
function priceInAllText(type: PaymentType, travellers: number, { t, intl }: Pick<PageWords, 't' | 'intl'>): string {
  const values = {
    total: formatPence(TOTAL_PER_TRAVELLER, intl),
    initial: formatPence(INITIAL_FEE.amount, intl),
    final: formatPence(FINAL_FEE.amount, intl),
    familyInitial: formatPence(INITIAL_FEE.amount * travellers, intl),
    count: travellers,
  };
  if (type === 'final') return t('{final} now, the last payment: {total} in all with the {initial} initial fee you paid — the official Egypt e-visa fee included.', values);
  if (travellers > 1) {
    return t(
      '{total} a traveller in all: {familyInitial} now for your {count, plural, one {# traveller} other {# travellers}} ({initial} each), {final} each only once their visa is approved — the official Egypt e-visa fee included.',
      values,
    );
  }
  return t('{total} in all: {initial} now, {final} only if your visa is approved — the official Egypt e-visa fee included.', values);
}

/** answerByIfPaidNow and answerWhilePortalDown (core/domain/price.ts) in the page's language. */
function answerText(portalDown: boolean, now: Date, { t, intl }: Pick<PageWords, 't' | 'intl'>): string {
  const values = { days: GUARANTEE_WORKING_DAYS, final: formatPence(FINAL_FEE.amount, intl), day: formatDay(guaranteeDeadline(now), intl) };
  if (portalDown) {
    return t(
      "Egypt's e-visa portal is down now: your guaranteed answer comes {days, plural, one {# working day} other {# working days}} after you pay, not counting the working days until the portal is back, or you do not pay the {final} final fee.",
      values,
    );
  }
  return t('Guaranteed answer by {day} ({days, plural, one {# working day} other {# working days}} after you pay today), or you do not pay the {final} final fee.', values);
}

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
  const words = useT();
  const portalDown = usePortalStatus().data?.state === 'down';
  return (
    <div data-testid="price-in-all" className={cn('space-y-1 text-sm text-slate-800', className)}>
      <p className="font-medium">{priceInAllText(paymentType, travellers, words)}</p>
      {paymentType === 'initial' ? (
        <>
          <p data-testid="answer-by">{answerText(portalDown, new Date(), words)}</p>
          {withCancellationRight ? <p className="text-slate-600">{words.tc(CANCELLATION_RIGHT_TEXT)}</p> : null}
        </>
      ) : null}
    </div>
  );
}
