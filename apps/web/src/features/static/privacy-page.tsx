import { useAgency } from '../../lib/use-agency.js';
import { LegalPage } from './legal-layout.js';

export function PrivacyPage() {
  const { agencyEmail, agencyName } = useAgency();
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <section>
        <p>
          {agencyName} is a private agency that helps travellers apply for an Egypt tourist e-visa. We are not a government website. This policy explains what personal information we collect, how we
          use and protect it, how long we keep it and the rights you have over it.
        </p>
      </section>
      <section>
        <h2>Information we collect</h2>
        <ul>
          <li>Account details: your email address, full name, phone number and a securely hashed password.</li>
          <li>
            Application details: your given name and surname, gender, date and country of birth, nationality (and any other or original nationality), marital status, profession, passport number and
            expiry date, travel dates, entry type, previous visits to Egypt, any deportation history, your home address and your hotel details.
          </li>
          <li>Documents: the copy of your passport you upload, and the e-visa document we issue to you.</li>
          <li>Payments: the amount, currency and the payment reference of our card payment provider. We never see or store your card number.</li>
          <li>Contact enquiries: the name, email, phone number, nationality and purpose of travel you send us through the contact form.</li>
          <li>Usage: the pages you visit and key steps you complete (such as submitting an application), to improve our service.</li>
        </ul>
      </section>
      <section>
        <h2>How we use your information</h2>
        <ul>
          <li>To check your application and submit it to the Egypt immigration authorities on your behalf.</li>
          <li>To take the initial and final payments and to keep accounting records.</li>
          <li>To email you about your application: status changes, requests for more information, reminders and your e-visa.</li>
          <li>To answer your enquiries and provide support.</li>
          <li>To meet our legal obligations and to prevent fraud.</li>
        </ul>
        <p>We do not sell your personal information, and we share it only with the authorities processing your visa and the service providers we need (card payments, email delivery and hosting).</p>
      </section>
      <section>
        <h2>Data security</h2>
        <p>
          All traffic to this site is encrypted with SSL. Passwords are stored only as one-way hashes, uploaded documents are kept in private storage that only you and our staff can open, and card
          payments are handled by a PCI DSS compliant payment gateway.
        </p>
      </section>
      <section>
        <h2>How long we keep your information</h2>
        <ul>
          <li>Passport scans of finished applications (approved and paid, or rejected) are deleted after 90 days.</li>
          <li>Application and payment records are kept as long as the law requires us to keep accounting records, then deleted or anonymised.</li>
          <li>If you ask us to erase your account, your personal data and documents are deleted; payment records are kept only in anonymised form.</li>
        </ul>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>You have the right to:</p>
        <ul>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>correct information that is inaccurate or incomplete;</li>
          <li>ask us to delete your information;</li>
          <li>object to, or ask us to restrict, how we use your information.</li>
        </ul>
        <p>
          To use any of these rights, email us at{' '}
          <a className="text-blue-700 underline" href={`mailto:${agencyEmail}`}>
            {agencyEmail}
          </a>
          . We answer within one month. You may also complain to the UK Information Commissioner's Office (ico.org.uk).
        </p>
      </section>
    </LegalPage>
  );
}
