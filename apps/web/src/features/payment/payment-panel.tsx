import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { formatPence } from '../../lib/format.js';
import type { PaymentType } from './api.js';
import { PaymentForm, PaymentUnavailableButton, paymentsAvailable, TOUCH, usePaymentConfig } from './payment-form.js';
import { PriceInAll } from './price-in-all.js';
import { HonestPrice } from '../../components/honest-price.js';
import { ServiceStartConsent } from './service-start-consent.js';
import { useT } from '../../lib/i18n.js';

/**
 * docs/product.md §2.8 payment panel on dashboard cards: an offer first, then the card form after 'Pay £X Now',
 * with Back (to the offer) and Cancel. A successful payment refreshes the applications list (the
 * confirmation's own refresh).
 */
export function PaymentPanel({
  applicationId,
  paymentType,
  amount,
  serviceStartRequested,
}: {
  applicationId: number;
  paymentType: PaymentType;
  amount: number;
  /** The initial fee: the applicant already asked for the work to start at once. */
  serviceStartRequested: boolean;
}) {
  const { t, intl } = useT();
  const [step, setStep] = useState<'offer' | 'form'>('offer');
  const config = usePaymentConfig();
  const title = paymentType === 'initial' ? t('Initial Payment Required') : t('Final Payment Required');
  const text =
    paymentType === 'initial'
      ? t('Pay the initial fee so our experts can review and process your application.')
      : t('Your application has been approved. Pay the final fee to receive your e-visa by email.');

  return (
    <section aria-label={title} className="rounded-lg border border-blue-200 bg-blue-50/60 p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-700">{text}</p>
        </div>
        <p className="text-xl font-bold text-blue-700">{formatPence(amount, intl)}</p>
      </div>
      {/* What is paid in all and when the answer comes, before paying (docs/product.md §14.4). */}
      <PriceInAll paymentType={paymentType} className="mt-3" />
      <div className="mt-4">
        {/* The request stays ticked while the applicant goes from the offer to the card form and back. */}
        <ServiceStartConsent given={paymentType !== 'initial' || serviceStartRequested}>
          {(consented) =>
            step === 'offer' ? (
              config.isLoading ? null : paymentsAvailable(config.data) ? (
                <Button className={`w-full ${TOUCH}`} disabled={!consented} onClick={() => setStep('form')}>
                  {t('Pay {amount} Now', { amount: formatPence(amount, intl) })}
                </Button>
              ) : (
                <PaymentUnavailableButton />
              )
            ) : (
              <div className="space-y-3">
                <Button variant="link" className={`h-auto px-2 ${TOUCH}`} onClick={() => setStep('offer')}>
                  <span className="inline-block rtl:-scale-x-100">←</span> {t('Back')}
                </Button>
                <PaymentForm applicationId={applicationId} paymentType={paymentType} onCancel={() => setStep('offer')} onSuccess={() => setStep('offer')} />
              </div>
            )
          }
        </ServiceStartConsent>
      </div>
      <HonestPrice className="mt-3" />
    </section>
  );
}
