import { INITIAL_FEE } from '@core/domain/fees.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '@core/domain/price-terms.js';
import { formatPence } from '../../../lib/format.js';
import { HonestPrice } from '../../../components/honest-price.js';
import { useT } from '../../../lib/i18n.js';

/** What is paid next (the initial fee), what in all, and the right to cancel (docs/product.md §14.4). */
export function PaymentNotice() {
  const { t, tc, intl } = useT();
  const amount = formatPence(INITIAL_FEE.amount, intl);
  return (
    <div className="rounded-xl border-2 border-blue-200 bg-blue-50 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('Initial fee: {amount}', { amount })}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('After you submit, you pay the {amount} initial fee so our experts can review your application.', { amount })}</p>
      <p className="mt-2 text-sm text-slate-700">{tc(TOTAL_PRICE_TEXT)}</p>
      <p className="mt-2 text-sm text-slate-700">{tc(CANCELLATION_RIGHT_TEXT)}</p>
      <HonestPrice className="mt-3" />
    </div>
  );
}
