import { INITIAL_FEE } from '@core/domain/fees.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '@core/domain/price-terms.js';
import { feeName } from '@core/domain/wording.js';
import { formatPence } from '../../../lib/format.js';
import { HonestPrice } from '../../../components/honest-price.js';

/** What is paid next (the initial fee), what in all, and the right to cancel (docs/product.md §14.4). */
export function PaymentNotice() {
  return (
    <div className="rounded-xl border-2 border-blue-200 bg-blue-50 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">
        {feeName('initial', { capital: true })}: {formatPence(INITIAL_FEE.amount)}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        After you submit, you pay the {formatPence(INITIAL_FEE.amount)} {feeName('initial')} so our experts can review your application.
      </p>
      <p className="mt-2 text-sm text-slate-700">{TOTAL_PRICE_TEXT}</p>
      <p className="mt-2 text-sm text-slate-700">{CANCELLATION_RIGHT_TEXT}</p>
      <HonestPrice className="mt-3" />
    </div>
  );
}
