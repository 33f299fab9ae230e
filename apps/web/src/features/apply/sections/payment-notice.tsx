import { INITIAL_FEE } from '../../../../../../core/domain/fees.js';
import { formatPence } from '../../../lib/format.js';
import { HonestPrice } from '../../../components/honest-price.js';

/** What is paid next (the initial fee) and what only after approval (the final fee). */
export function PaymentNotice() {
  return (
    <div className="rounded-xl border-2 border-blue-200 bg-blue-50 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Initial payment: {formatPence(INITIAL_FEE.amount)}</h2>
      <p className="mt-1 text-sm text-slate-700">
        After you submit, you will pay the non-refundable {formatPence(INITIAL_FEE.amount)} assessment fee so our experts can review your
        application. The final fee of £39 is charged only once your visa is approved.
      </p>
      <HonestPrice className="mt-3" />
    </div>
  );
}
