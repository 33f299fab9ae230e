import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '@core/domain/price-terms.js';
import { LegalPage } from './legal-layout.js';

export const FAQS: readonly { q: string; a: string }[] = [
  { q: 'How long does it take to get my e-visa?', a: 'We return your visa within 5 working days of your initial payment. If we miss this, you do not pay the outstanding balance.' },
  { q: 'How much does it cost?', a: `${TOTAL_PRICE_TEXT} Rush processing may cost extra.` },
  {
    q: 'What if Egypt raises its visa fee after I pay?',
    a: 'We pay the difference. Egypt may add a surcharge to its e-visa fee by decree. If the fee is higher when we submit your application than on the day you paid us, the extra is our cost, never yours: your price stays what you paid.',
  },
  {
    q: 'Is the initial fee refundable?',
    a: `${CANCELLATION_RIGHT_TEXT} The initial fee pays for our review of your application, so it is not refunded when your visa is refused. If your visa is not approved, you never pay the final fee.`,
  },
  { q: 'Which visa can I apply for online?', a: 'Our online form is for the Egypt tourist e-visa (30 days stay, single or multiple entry). For business or transit visas, contact our experts.' },
  {
    q: 'What documents do I need?',
    a: 'A clear copy of your passport photo page (JPG, PNG or PDF, up to 10MB). Your passport must be valid as long as Egypt\u2019s rules ask for your arrival date: 6 months from the day you apply, or 8 months from your arrival once Egypt\u2019s portal rule applies. The form tells you the date your passport must reach.',
  },
  { q: 'How early must I apply?', a: 'Your arrival date must be at least 3 days after the day you apply.' },
  { q: 'Can every nationality apply?', a: 'No. Citizens of some countries cannot get the Egypt e-visa through us. The application form tells you straight away if your nationality is not supported.' },
  { q: 'How long is the e-visa valid?', a: 'The tourist e-visa is usually valid for about 90 days from issue and allows stays of up to 30 days.' },
  { q: 'Is this a government website?', a: 'No. We are a private agency that works with the Egypt immigration authorities to prepare and submit your application for you.' },
  { q: 'How will I receive my visa?', a: 'Once approved and the final fee is paid, your e-visa is emailed to you. Print it and carry it with your passport.' },
];

export function FaqPage() {
  return (
    <LegalPage title="Frequently Asked Questions">
      <div className="space-y-3">
        {FAQS.map((item) => (
          // The padding is the question's, not the card's: the whole top of the card opens the answer (a 56 px row, not a 24 px line).
          <details key={item.q} className="group rounded-lg border border-slate-200 bg-white shadow-sm">
            <summary className="cursor-pointer list-none rounded-lg p-4 font-semibold text-slate-900 marker:hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500">
              <span className="flex items-center justify-between gap-4">
                {item.q}
                <span aria-hidden="true" className="text-blue-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="px-4 pb-4 text-slate-700">{item.a}</p>
          </details>
        ))}
      </div>
      <div className="rounded-xl bg-blue-50 p-6 text-center">
        <p className="font-semibold text-slate-900">Still have questions?</p>
        <Link to="/contact" className={buttonClasses('primary', 'md', 'mt-4')}>
          Contact Our Experts
        </Link>
      </div>
    </LegalPage>
  );
}
