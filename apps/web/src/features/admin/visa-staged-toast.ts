import type { Translate } from '@core/i18n/index.js';
import { english } from './english.js';

/**
 * What staging a visa in the admin says (docs/product.md §8.2), true for the application: the file
 * is uploaded on 'Apply Changes', and the applicant is emailed it then only when its final fee is
 * settled and it was never mailed (docs/product.md §2.15); otherwise when the fee is, or by 'Send
 * E-Visa Email' for a replacement.
 */
export function visaStagedToast(app: { finalPaymentId: string | null; evisaMailedAt?: string | Date | null }, t: Translate = english): { title: string; description: string } {
  const title = t('Visa Document Chosen');
  if (!app.finalPaymentId) return { title, description: t("It is uploaded when you click 'Apply Changes', and emailed to the applicant once the final fee is paid or waived.") };
  if (app.evisaMailedAt)
    return { title, description: t("It is uploaded when you click 'Apply Changes'. The applicant already has an e-visa by email: use 'Send E-Visa Email' to send them this one.") };
  return { title, description: t("It is uploaded when you click 'Apply Changes', and emailed to the applicant at once.") };
}
