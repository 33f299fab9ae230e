import { Trans } from 'react-i18next';
import { useAgency } from '../../lib/use-agency.js';
import { useT } from '../../lib/i18n.js';
import { LegalPage } from './legal-layout.js';

export function PrivacyPage() {
  const { agencyEmail, agencyName } = useAgency();
  const { t } = useT();
  return (
    <LegalPage title={t('Privacy Policy')} updated="2026-11">
      <section>
        <p>
          {t(
            '{agencyName} is a private agency that helps travellers apply for an Egypt tourist e-visa. We are not a government website. This policy explains what personal information we collect, how we use and protect it, how long we keep it and the rights you have over it.',
            { agencyName },
          )}
        </p>
      </section>
      <section>
        <h2>{t('Information we collect')}</h2>
        <ul>
          <li>{t('Account details: your email address, full name, phone number and a securely hashed password.')}</li>
          <li>
            {t(
              'Application details: your given name and surname, gender, date and country of birth, nationality (and any other or original nationality), marital status, profession, passport number and expiry date, travel dates, entry type, previous visits to Egypt, any deportation history, your home address and your hotel details.',
            )}
          </li>
          <li>{t('Documents: the copy of your passport you upload, and the e-visa document we issue to you.')}</li>
          <li>{t('Payments: the amount, currency and the payment reference of our card payment provider. We never see or store your card number.')}</li>
          <li>{t('Contact enquiries: the name, email, phone number, nationality and purpose of travel you send us through the contact form.')}</li>
          <li>{t('Usage: the pages you visit and key steps you complete (such as submitting an application), to improve our service.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('How we use your information')}</h2>
        <ul>
          <li>{t('To check your application and submit it to the Egypt immigration authorities on your behalf.')}</li>
          <li>{t('To take the initial and final payments and to keep accounting records.')}</li>
          <li>{t('To email you about your application: status changes, requests for more information, reminders and your e-visa.')}</li>
          <li>{t('To answer your enquiries and provide support.')}</li>
          <li>{t('To meet our legal obligations and to prevent fraud.')}</li>
        </ul>
        <p>
          {t('We do not sell your personal information, and we share it only with the authorities processing your visa and the service providers we need (card payments, email delivery and hosting).')}
        </p>
      </section>
      <section>
        <h2>{t('Data security')}</h2>
        <p>
          {t(
            'All traffic to this site is encrypted with SSL. Passwords are stored only as one-way hashes, uploaded documents are kept in private storage that only you and our staff can open, and card payments are handled by a PCI DSS compliant payment gateway.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('How long we keep your information')}</h2>
        <ul>
          <li>{t('Passport scans of finished applications (approved and paid, or rejected) are deleted after 90 days.')}</li>
          <li>{t('Application and payment records are kept as long as the law requires us to keep accounting records, then deleted or anonymised.')}</li>
          <li>{t('If you ask us to erase your account, your personal data and documents are deleted; payment records are kept only in anonymised form.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('Your rights')}</h2>
        <p>{t('You have the right to:')}</p>
        <ul>
          <li>{t('access the personal information we hold about you and receive a copy of it;')}</li>
          <li>{t('correct information that is inaccurate or incomplete;')}</li>
          <li>{t('ask us to delete your information;')}</li>
          <li>{t('object to, or ask us to restrict, how we use your information.')}</li>
        </ul>
        <p>
          <Trans
            i18nKey="To use any of these rights, email us at <mail>{email}</mail>. We answer within one month. You may also complain to the UK Information Commissioner's Office (ico.org.uk)."
            values={{ email: agencyEmail }}
            components={{ mail: <a className="text-blue-700 underline" href={`mailto:${agencyEmail}`} dir="ltr" /> }}
          />
        </p>
      </section>
    </LegalPage>
  );
}
