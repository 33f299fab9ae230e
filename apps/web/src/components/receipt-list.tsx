import { useReceiptsQuery, type ReceiptDto } from '../api/receipts.js';
import { textLinkClasses } from './ui/text-link.js';
import { Spinner } from './ui/spinner.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { formatPence } from '../lib/format.js';
import { useT, type PageWords } from '../lib/i18n.js';
import { isolate } from '../lib/bidi.js';

/** "Receipt R-2026-000123 (initial fee): £10.00, Wednesday 25 November 2026 at 14:03 (UK time)". */
function describe(receipt: ReceiptDto, { t, intl, dir }: PageWords): string {
  const values = { number: isolate(receipt.number, dir), fee: receipt.paymentType, amount: isolate(formatPence(receipt.amountPence, intl), dir), when: formatDayAndTime(receipt.issuedAt, intl) };
  return receipt.kind === 'refund'
    ? t('Credit note {number} (refund of the {fee, select, initial {initial fee} other {final fee}}): {amount}, {when}', values)
    : t('Receipt {number} ({fee, select, initial {initial fee} other {final fee}}): {amount}, {when}', values);
}

/**
 * The receipts and credit notes of an application, each a link to its PDF (docs/product.md,
 * "Receipts"). Nothing is asked before the application's first payment. `staff`: the admin row's
 * section, which says when there are none or they could not be read; the applicant's card shows
 * the list only when there is one.
 */
export function ReceiptList({ application, staff = false }: { application: { id: number; initialPaymentId: string | null; finalPaymentId: string | null }; staff?: boolean }) {
  const words = useT();
  const { t } = words;
  const paid = Boolean(application.initialPaymentId || application.finalPaymentId);
  const receipts = useReceiptsQuery(application.id, paid);
  const list = receipts.data ?? [];
  if (!staff && list.length === 0) return null;
  return (
    <section aria-label={t('Receipts')} data-testid={`receipts-${application.id}`}>
      <h3 className={staff ? 'text-sm font-semibold uppercase tracking-wide text-slate-500' : 'text-sm font-semibold text-slate-900'}>{t('Receipts')}</h3>
      {receipts.isLoading ? (
        <Spinner className="mt-2" label={t('Loading the receipts')} />
      ) : receipts.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('The receipts could not be loaded: {reason}', { reason: receipts.error.message })}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('No receipts yet.')}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {list.map((receipt) => (
            <li key={receipt.number}>
              <a href={receipt.url} target="_blank" rel="noopener noreferrer" className={textLinkClasses()}>
                {describe(receipt, words)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
