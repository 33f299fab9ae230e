import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '@core/domain/price-terms.js';
import { useT, type PageWords } from '../../lib/i18n.js';
import { LegalPage } from './legal-layout.js';

type Words = Pick<PageWords, 't' | 'tc'>;

/** Each question and its answer in the page's language (an answer quoting the core's price terms translates them as the core's). */
export const FAQS: readonly { q: (w: Words) => string; a: (w: Words) => string }[] = [
  {
    q: ({ t }) => t('How long does it take to get my e-visa?'),
    a: ({ t }) => t('We return your visa within 5 working days of your initial payment. If we miss this, you do not pay the outstanding balance.'),
  },
  { q: ({ t }) => t('How much does it cost?'), a: ({ t, tc }) => `${tc(TOTAL_PRICE_TEXT)} ${t('Rush processing may cost extra.')}` },
  {
    q: ({ t }) => t('What if Egypt raises its visa fee after I pay?'),
    a: ({ t }) =>
      t(
        'We pay the difference. Egypt may add a surcharge to its e-visa fee by decree. If the fee is higher when we submit your application than on the day you paid us, the extra is our cost, never yours: your price stays what you paid.',
      ),
  },
  {
    q: ({ t }) => t('Is the initial fee refundable?'),
    a: ({ t, tc }) =>
      `${tc(CANCELLATION_RIGHT_TEXT)} ${t('The initial fee pays for our review of your application, so it is not refunded when your visa is refused. If your visa is not approved, you never pay the final fee.')}`,
  },
  {
    q: ({ t }) => t('Which visa can I apply for online?'),
    a: ({ t }) => t('Our online form is for the Egypt tourist e-visa (30 days stay, single or multiple entry). For business or transit visas, contact our experts.'),
  },
  {
    q: ({ t }) => t('What documents do I need?'),
    a: ({ t }) =>
      t(
        'A clear copy of your passport photo page (JPG, PNG or PDF, up to 10MB). Your passport must be valid as long as Egypt’s rules ask for your arrival date: 6 months from the day you apply, or 8 months from your arrival once Egypt’s portal rule applies. The form tells you the date your passport must reach.',
      ),
  },
  { q: ({ t }) => t('How early must I apply?'), a: ({ t }) => t('Your arrival date must be at least 3 days after the day you apply.') },
  {
    q: ({ t }) => t('Can every nationality apply?'),
    a: ({ t }) => t('No. Citizens of some countries cannot get the Egypt e-visa through us. The application form tells you straight away if your nationality is not supported.'),
  },
  { q: ({ t }) => t('How long is the e-visa valid?'), a: ({ t }) => t('The tourist e-visa is usually valid for about 90 days from issue and allows stays of up to 30 days.') },
  {
    q: ({ t }) => t('Is this a government website?'),
    a: ({ t }) => t('No. We are a private agency that works with the Egypt immigration authorities to prepare and submit your application for you.'),
  },
  {
    q: ({ t }) => t('How will I receive my visa?'),
    a: ({ t }) => t('Once approved and the final fee is paid, your e-visa is emailed to you. Print it and carry it with your passport.'),
  },
];

export function FaqPage() {
  const words = useT();
  const { t } = words;
  return (
    <LegalPage title={t('Frequently Asked Questions')}>
      <div className="space-y-3">
        {FAQS.map((item, i) => (
          // The padding is the question's, not the card's: the whole top of the card opens the answer (a 56 px row, not a 24 px line).
          <details key={i} className="group rounded-lg border border-slate-200 bg-white shadow-sm">
            <summary className="cursor-pointer list-none rounded-lg p-4 font-semibold text-slate-900 marker:hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500">
              <span className="flex items-center justify-between gap-4">
                {item.q(words)}
                <span aria-hidden="true" className="text-blue-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="px-4 pb-4 text-slate-700">{item.a(words)}</p>
          </details>
        ))}
      </div>
      <div className="rounded-xl bg-blue-50 p-6 text-center">
        <p className="font-semibold text-slate-900">{t('Still have questions?')}</p>
        <Link to="/contact" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('Contact Our Experts')}
        </Link>
      </div>
    </LegalPage>
  );
}
