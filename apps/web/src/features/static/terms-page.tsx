import { Trans } from 'react-i18next';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '@core/domain/price-terms.js';
import { useAgency } from '../../lib/use-agency.js';
import { useT } from '../../lib/i18n.js';
import { LegalPage } from './legal-layout.js';

export function TermsPage() {
  const { agencyEmail, agencyName } = useAgency();
  const { t, tc } = useT();
  return (
    <LegalPage title={t('Terms of Service')} updated="2026-11">
      <section>
        <h2>{t('Who we are')}</h2>
        <p>
          {t(
            '{agencyName} is a private agency, not an official government website. We help you prepare your Egypt e-visa application, check it and submit it to the Egypt immigration authorities, with whom we work. The decision to grant a visa is made by the Egyptian authorities.',
            { agencyName },
          )}
        </p>
      </section>
      <section>
        <h2>{t('Our service and fees')}</h2>
        <ul>
          <li>{t('Initial fee: £10, paid when you submit your application. It covers the review of your application and documents.')}</li>
          <li>{t('Final fee: £39, charged only after your visa has been approved.')}</li>
          <li>{tc(TOTAL_PRICE_TEXT)}</li>
          <li>{t('All prices are in pounds sterling (GBP). Rush processing may cost extra.')}</li>
          <li>{t('Our online form accepts tourist visa applications (purpose: tourism), single or multiple entry.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('Our 5 working days guarantee')}</h2>
        <p>
          {t(
            'We return your visa within 5 working days of your initial payment (Monday to Friday, excluding UK bank holidays). If we do not, you do not have to pay the outstanding balance: the final fee is waived.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('Refunds')}</h2>
        <ul>
          <li>{t('If your visa is not approved you do not pay the final fee, and any other payment is refunded in full; the initial fee pays for our review and is not refunded then.')}</li>
          <li>{t('Refund requests must be made within 30 days.')}</li>
          <li>{t('Fees for approved visas are not refunded.')}</li>
          <li>{t('Cancelling within 14 days refunds the initial fee: see "Your right to cancel" below.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('Your right to cancel')}</h2>
        <ul>
          <li>{tc(CANCELLATION_RIGHT_TEXT)}</li>
          <li>{t('You cancel from your dashboard. Before your first payment you may ask us to start work straight away; if you did and our team has begun, we tell you by email what we refund.')}</li>
          <li>{t('Before you pay the initial fee, you can cancel at any time and pay nothing.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('Your responsibilities')}</h2>
        <ul>
          <li>{t('The information you give must be true, complete and match your passport.')}</li>
          <li>
            {t(
              'Your arrival date must be at least 3 days after you apply, and your passport must be valid as long as Egypt’s rules ask on your arrival date (6 months from the day you apply; 8 months from arrival once Egypt’s portal rule applies). The application form names the date your passport must reach.',
            )}
          </li>
          <li>{t('Uploaded documents must be clear copies (JPG, PNG or PDF, up to 10MB).')}</li>
          <li>{t('Answer our requests for more information promptly; delays on your side are not covered by the guarantee.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('Your e-visa')}</h2>
        <p>
          {t(
            'The tourist e-visa is usually valid for about 90 days from issue and allows stays of up to 30 days. Business visas allow up to 90 days and transit visas up to 7 days. Entry to Egypt remains at the discretion of the border authorities.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('Contact')}</h2>
        <p>
          <Trans
            i18nKey="Questions about these terms: <mail>{email}</mail>."
            values={{ email: agencyEmail }}
            components={{ mail: <a className="text-blue-700 underline" href={`mailto:${agencyEmail}`} dir="ltr" /> }}
          />
        </p>
      </section>
    </LegalPage>
  );
}
