import { useAgency } from '../../lib/use-agency.js';
import { LegalPage } from './legal-layout.js';

export function TermsPage() {
  const { agencyEmail, agencyName } = useAgency();
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <section>
        <h2>Who we are</h2>
        <p>
          {agencyName} is a private agency, not an official government website. We help you prepare your Egypt e-visa application, check it and
          submit it to the Egypt immigration authorities, with whom we work. The decision to grant a visa is made by the Egyptian authorities.
        </p>
      </section>
      <section>
        <h2>Our service and fees</h2>
        <ul>
          <li>Initial assessment fee: £10, paid when you submit your application. It covers the review of your application and documents and is non-refundable.</li>
          <li>Final processing fee: £39, charged only after your visa has been approved.</li>
          <li>All prices are in pounds sterling (GBP). Rush processing may cost extra.</li>
          <li>Our online form accepts tourist visa applications (purpose: tourism), single or multiple entry.</li>
        </ul>
      </section>
      <section>
        <h2>Our 5 working days guarantee</h2>
        <p>
          We return your visa within 5 working days of your initial payment (Monday to Friday, excluding UK bank holidays). If we do not, you do
          not have to pay the outstanding balance: the final fee is waived.
        </p>
      </section>
      <section>
        <h2>Refunds</h2>
        <ul>
          <li>If your visa is not approved you receive a full refund of what you paid, excluding the initial fee.</li>
          <li>Refund requests must be made within 30 days.</li>
          <li>Fees for approved visas are non-refundable.</li>
        </ul>
      </section>
      <section>
        <h2>Your right to cancel</h2>
        <ul>
          <li>
            You may cancel an application from your dashboard within 14 days of your initial payment, until it has been submitted to the Egyptian
            portal.
          </li>
          <li>
            Before your first payment you ask us to start work straight away. If you cancel before our team has started, your £10 is refunded in
            full at once; after that, we refund the part of the fee for the work not yet done and tell you by email.
          </li>
          <li>Once your application has been submitted to the Egyptian portal our service has been performed and it can no longer be cancelled.</li>
        </ul>
      </section>
      <section>
        <h2>Your responsibilities</h2>
        <ul>
          <li>The information you give must be true, complete and match your passport.</li>
          <li>Your arrival date must be at least 3 days after you apply, and your passport must be valid for at least 6 months.</li>
          <li>Uploaded documents must be clear copies (JPG, PNG or PDF, up to 10MB).</li>
          <li>Answer our requests for more information promptly; delays on your side are not covered by the guarantee.</li>
        </ul>
      </section>
      <section>
        <h2>Your e-visa</h2>
        <p>
          The tourist e-visa is usually valid for about 90 days from issue and allows stays of up to 30 days. Business visas allow up to 90 days and
          transit visas up to 7 days. Entry to Egypt remains at the discretion of the border authorities.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about these terms: <a className="text-blue-700 underline" href={`mailto:${agencyEmail}`}>{agencyEmail}</a>.
        </p>
      </section>
    </LegalPage>
  );
}
