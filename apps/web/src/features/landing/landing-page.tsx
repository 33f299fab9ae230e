import { Link } from '@tanstack/react-router';
import { Suspense, type ComponentType } from 'react';
import { buttonClasses } from '../../components/ui/button.js';
import { useAgency } from '../../lib/use-agency.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { Carousel } from './carousel.js';
import { SLIDES } from './slides.js';
import { markedWords } from './marked-words.js';
import { HonestPrice } from '../../components/honest-price.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '@core/domain/price-terms.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

// The live on-time record (docs/product.md §17.4) loads after the page (the / route passes it lazily): the landing bundle's budget.

const STEPS = [
  { title: msg('Register'), text: msg('Create your free account in a minute with your email and phone number.') },
  { title: msg('Apply'), text: msg('Fill in the online form and upload a clear copy of your passport.') },
  { title: msg('Pay initial fee'), text: msg('Pay the £10 initial fee so our experts can check and process your application.') },
  { title: msg('Receive your visa'), text: msg('Once approved, pay the final fee and receive your e-visa by email.') },
];

const REASONS = [
  { title: msg('5 working days guarantee'), text: msg('Your visa is returned within 5 working days — otherwise you do not pay the outstanding balance.') },
  { title: msg('24/7 expert support'), text: msg('Our visa specialists answer your questions at any time, by email or phone.') },
  { title: msg('100% approval guarantee'), text: msg('We check every detail before submission. If your visa is not approved, your money back (excluding the initial fee).') },
  { title: msg('Works with the authorities'), text: msg('We work with the Egypt immigration authorities and know exactly what they need.') },
];

const VISA_OPTIONS = [
  { name: msg('Tourist Visa'), points: [msg('30 days stay'), msg('Single entry'), msg('Decision within 5 working days')] },
  { name: msg('Business Visa'), points: [msg('Multiple entry options'), msg('Up to 90 days stay'), msg('For meetings and conferences')] },
  { name: msg('Transit Visa'), points: [msg('Up to 7 days stay'), msg('Express processing available'), msg('For connecting journeys')] },
];

// The fees' names (feeName, core/domain/wording.ts) are written out here: the landing page's JavaScript
// has a budget, and tests/web/landing-and-header.test.tsx checks the page names them so.
/** The landing page. `OurRecord`: the agency's record in figures (the record feature's, loaded lazily), composed by the / route. */
export function LandingPage({ OurRecord }: { OurRecord: ComponentType }) {
  const { agencyName } = useAgency();
  const { t, tc } = useT();
  return (
    <div>
      <section className="bg-gradient-to-br from-blue-50 via-white to-purple-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{t('Egypt tourist e-visa')}</p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight text-slate-900 sm:text-5xl">
              {/* Browsers may break a line after a hyphen: keep "e-visa" whole on narrow screens. */}
              {markedWords(t('Your Egypt <whole>e-visa,</whole> <shine>without the hassle</shine>'), {
                whole: <span className="whitespace-nowrap" />,
                shine: <span className="bg-gradient-to-r from-blue-600 to-purple-600 bg-clip-text text-transparent" />,
              })}
            </h1>
            <p className="mt-5 text-lg text-slate-700">
              {t('Apply online in minutes. Our experts check your application, submit it and email your visa — returned within 5 working days, otherwise you do not pay the outstanding balance.')}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/auth" search={{ tab: 'signup' }} className={buttonClasses('primary', 'lg')}>
                {t('Apply for Visa')}
              </Link>
              <Link to="/contact" className={buttonClasses('outline', 'lg')}>
                {t('Contact Us')}
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">{t('From £10 to start · 24/7 expert support · secure card payment')}</p>
            <HonestPrice className="mt-3 max-w-xl" />
            <p className="mt-2 text-sm text-slate-700">
              {t('Not sure you need us, or a visa at all?')}{' '}
              <Link to="/do-i-need-a-visa" className="inline-flex min-h-11 items-center font-medium text-blue-700 underline underline-offset-2">
                {t('See every way into Egypt for you')}
              </Link>
            </p>
            {/* Its height is kept whether or not the record shows: nothing below moves when it arrives. */}
            <div className="mt-3 min-h-16 max-w-xl sm:min-h-10">
              {useHydrated() ? (
                <Suspense fallback={null}>
                  <OurRecord />
                </Suspense>
              ) : null}
            </div>
          </div>
          <Carousel slides={SLIDES} />
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-it-works" className="text-center text-3xl font-bold text-slate-900">
          {t('How it works')}
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-r from-blue-600 to-purple-600 font-bold text-white">{i + 1}</span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(step.title)}</h3>
              <p className="mt-2 text-sm text-slate-600">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="payment-explainer" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="payment-explainer" className="text-center text-3xl font-bold text-slate-900">
            {t('Simple, fair payment')}
          </h2>
          <p className="mx-auto mt-3 max-w-3xl text-center text-slate-700">{tc(TOTAL_PRICE_TEXT)}</p>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <div className="rounded-xl border-2 border-blue-600 p-6">
              <p className="text-sm font-semibold uppercase text-blue-700">{t('Step 1')}</p>
              <h3 className="mt-1 text-2xl font-bold text-slate-900">{t('Initial fee £10')}</h3>
              <p className="mt-2 text-slate-600">{t("When you submit, for our experts' review of your application and documents.")}</p>
            </div>
            <div className="rounded-xl border-2 border-purple-600 p-6">
              <p className="text-sm font-semibold uppercase text-purple-700">{t('Step 2')}</p>
              <h3 className="mt-1 text-2xl font-bold text-slate-900">{t('Final fee £39 after approval')}</h3>
              <p className="mt-2 text-slate-600">{t('Only once your visa is approved.')}</p>
            </div>
          </div>
          <p className="mx-auto mt-8 max-w-3xl text-center text-slate-700">{tc(CANCELLATION_RIGHT_TEXT)}</p>
        </div>
      </section>

      <section aria-labelledby="why-choose" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="why-choose" className="text-center text-3xl font-bold text-slate-900">
          {t('Why choose {agencyName}', { agencyName })}
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((reason) => (
            <div key={reason.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-lg font-semibold text-slate-900">{t(reason.title)}</h3>
              <p className="mt-2 text-sm text-slate-600">{t(reason.text)}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="visa-options" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="visa-options" className="text-center text-3xl font-bold text-slate-900">
            {t('Visa options')}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {VISA_OPTIONS.map((option) => (
              <div key={option.name} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
                <h3 className="text-xl font-semibold text-slate-900">{t(option.name)}</h3>
                <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                  {option.points.map((p) => (
                    <li key={p} className="flex gap-2">
                      <span aria-hidden="true" className="text-green-600">
                        ✓
                      </span>
                      {t(p)}
                    </li>
                  ))}
                </ul>
                <Link to="/auth" search={{ tab: 'signup' }} className={buttonClasses('primary', 'md', 'mt-6 w-full')} aria-label={t('Apply Now for a {visa}', { visa: t(option.name) })}>
                  {t('Apply Now')}
                </Link>
                <HonestPrice className="mt-3" />
              </div>
            ))}
          </div>
          <p className="mt-6 text-center text-sm text-slate-600">{t('Rush processing may cost extra. Our online form currently accepts tourism applications.')}</p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <div className="rounded-2xl bg-gradient-to-r from-blue-600 to-purple-600 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-bold">{t('Questions about your trip?')}</h2>
          <p className="mx-auto mt-3 max-w-2xl text-blue-50">{t('Our visa experts are here to help with every step of your application.')}</p>
          <Link to="/contact" className={buttonClasses('outline', 'lg', 'mt-8')}>
            {t('Contact Our Experts')}
          </Link>
        </div>
      </section>
    </div>
  );
}
