import { formatPence } from '@core/domain/money.js';
import { feeName } from '@core/domain/wording.js';
import type { PageWords } from '../../lib/i18n.js';
import type { RefundDto } from './api.js';

/**
 * What a refund asked for or approved turned into, said as a person would (docs/product.md §8.2):
 * 'Refund of £10.00 sent', 'Refund of £39.00 waiting for approval', 'Refund of £10.00 failed'.
 * `words`: the page's (useT()).
 */
export function refundToast(
  refund: Pick<RefundDto, 'status' | 'amountPence' | 'paymentType' | 'failureReason'>,
  words: Pick<PageWords, 't' | 'tc' | 'intl'>,
  approved = false,
): { title: string; description: string; variant?: 'destructive' } {
  const { t, tc, intl } = words;
  const amount = formatPence(refund.amountPence, intl);
  const fee = tc(feeName(refund.paymentType));
  switch (refund.status) {
    case 'pending_approval':
      return {
        title: t('Refund of {amount} waiting for approval', { amount }),
        description: t("A second member of staff must approve this refund of the {fee}: it is listed under 'Refunds awaiting approval'.", { fee }),
      };
    case 'failed':
      return { title: t('Refund of {amount} failed', { amount }), description: refund.failureReason ?? t('The payment provider refused it.'), variant: 'destructive' };
    case 'succeeded':
      return {
        title: approved ? t('Refund of {amount} approved and sent', { amount }) : t('Refund of {amount} sent', { amount }),
        description: t("The {fee} is refunded to the applicant's card; they are emailed a credit note.", { fee }),
      };
    default:
      return {
        title: approved ? t('Refund of {amount} approved and sent', { amount }) : t('Refund of {amount} sent', { amount }),
        description: t('The payment provider is still processing this refund of the {fee}.', { fee }),
      };
  }
}
