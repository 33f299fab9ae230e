import { formatPence } from '@core/domain/money.js';
import { useT } from '../../lib/i18n.js';

/** "Refunded £x" on the applicant's card (docs/product.md §4.7): a positive amount given back, never a negative payment. */
export function RefundedNotice({ application }: { application: { refundedAmount?: number } }) {
  const { t, intl } = useT();
  const refunded = application.refundedAmount ?? 0;
  if (refunded <= 0) return null;
  return (
    <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="refunded">
      {t('Refunded {amount} to your card. Your credit note was sent to you by email.', { amount: formatPence(refunded, intl) })}
    </p>
  );
}
