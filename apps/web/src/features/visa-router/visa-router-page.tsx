import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY } from '@core/domain/country-list.js';
import { ENTRY_POINT_CODES, ENTRY_POINTS } from '@core/domain/entry-points.js';
import { formatShortDay } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Input, NativeSelect } from '../../components/ui/input.js';
import { Field } from '../../components/ui/label.js';
import { cn } from '../../lib/format.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { Trans } from 'react-i18next';
import type { Locale } from '@core/domain/locale.js';
import type { Translate } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';
import { visaRouteQuery, type RouteAnswerDto, type RouteQuestion } from './api.js';

type OpenRoute = RouteAnswerDto['open'][number];

/** Today in London, where the rules' dates are read ('YYYY-MM-DD'). */
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** 'US$25', '£10.50' in English; the page's language's own way elsewhere ('25 $ US', '10,50 £'). */
const money = (price: OpenRoute['price'], t: Translate, intl: Locale) => {
  if (price === null) return t('Price: ask the embassy or at the airport');
  if (price.amount === 0) return t('Free');
  const whole = price.amount % 100 === 0;
  if (intl !== 'en-GB') return new Intl.NumberFormat(intl, { style: 'currency', currency: price.currency, minimumFractionDigits: whole ? 0 : 2 }).format(price.amount / 100);
  return `${price.currency === 'USD' ? 'US$' : '£'}${whole ? price.amount / 100 : (price.amount / 100).toFixed(2)}`;
};

const TONES: Record<OpenRoute['route'], string> = {
  evisa: 'border-blue-200 bg-white',
  visa_on_arrival: 'border-emerald-200 bg-white',
  visa_free: 'border-emerald-300 bg-emerald-50',
  embassy: 'border-amber-300 bg-amber-50',
  agency: 'border-slate-200 bg-slate-50',
};

/**
 * /do-i-need-a-visa, the honest router (docs/product.md §5.12): a traveller's nationality, arrival
 * date, airport, length of stay and whether they stay only in the South Sinai resorts → every route
 * into Egypt open to them, from Egypt's rules in force on their arrival date (GET /api/public/route),
 * the free and official ones first and what the agency adds last. Answered in place.
 */
export function VisaRouterPage() {
  const { t } = useT();
  const id = useId();
  const hydrated = useHydrated();
  const [nationality, setNationality] = useState<string>(DEFAULT_COUNTRY);
  const [arrival, setArrival] = useState('');
  const [airport, setAirport] = useState('');
  const [days, setDays] = useState('7');
  const [sinaiOnly, setSinaiOnly] = useState(false);
  const [question, setQuestion] = useState<RouteQuestion | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const answer = useQuery({ ...visaRouteQuery(question ?? { nationality: '', arrival: '', days: '' }), enabled: question !== null });
  const today = hydrated ? londonToday() : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!arrival) {
      setMissing(t('Enter your arrival date.'));
      return;
    }
    setMissing(null);
    setQuestion({ nationality, arrival, days: days.trim(), ...(airport ? { airport } : {}), sinaiOnly: sinaiOnly ? 'true' : 'false' });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('Do I need a visa for Egypt?')}</h1>
      <p className="mt-3 text-slate-700">
        {t(
          'Before you pay anyone, including us: tell us who you are and where you land, and we show every way into Egypt open to you, from Egypt’s rules on your arrival date. Some travellers need no visa; many can buy one at the airport; everyone on the e-visa list can apply themselves on the government’s own site.',
        )}
      </p>

      <form noValidate onSubmit={submit} aria-label={t('Your trip')} className="mt-8 grid gap-5 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <Field id={`${id}-nationality`} label={t('Nationality (as on your passport)')}>
          <NativeSelect id={`${id}-nationality`} value={nationality} onChange={(e) => setNationality(e.target.value)}>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-arrival`} label={t('Arrival date')} error={missing ?? undefined}>
          <Input
            id={`${id}-arrival`}
            type="date"
            value={arrival}
            min={today}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${id}-arrival-error` : undefined}
            onChange={(e) => setArrival(e.target.value)}
          />
        </Field>
        <Field id={`${id}-airport`} label={t('Airport you land at')}>
          <NativeSelect id={`${id}-airport`} value={airport} onChange={(e) => setAirport(e.target.value)}>
            <option value="">{t('Not decided yet')}</option>
            {ENTRY_POINT_CODES.map((code) => (
              <option key={code} value={code}>
                {ENTRY_POINTS[code]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-days`} label={t('Length of stay (days)')}>
          <Input id={`${id}-days`} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </Field>
        {/* A native box (no checkbox library on this light page); the label around it is the 44 px target. */}
        <label htmlFor={`${id}-sinai`} className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-800 sm:col-span-2">
          <input
            id={`${id}-sinai`}
            type="checkbox"
            checked={sinaiOnly}
            onChange={(e) => setSinaiOnly(e.target.checked)}
            className="mt-0.5 h-5 w-5 shrink-0 accent-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
          />
          <span>{t('My whole stay is in the South Sinai resorts (Sharm el-Sheikh, Dahab, Nuweiba, Taba): no trip to Cairo, Luxor or elsewhere.')}</span>
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || answer.isFetching}>
            {answer.isFetching ? t('Checking...') : t('Show my options')}
          </Button>
        </div>
      </form>

      <div aria-live="polite" className="mt-8">
        {question === null ? null : answer.isError ? (
          <p role="alert" className="rounded-lg border-2 border-red-500 bg-red-50 p-4 text-red-900">
            {serverMessage(answer.error) ?? t('We could not answer just now. Please try again.')}
          </p>
        ) : answer.data ? (
          <Answer answer={answer.data} />
        ) : null}
      </div>

      <p className="mt-10 text-sm text-slate-600">
        <Trans
          i18nKey="Egypt changes its rules, and we read them from the sources named under each answer; the border officer decides on the day. If your case is unusual (another passport, residence elsewhere, a work trip), ask an Egyptian embassy, or <ask>ask us</ask>."
          components={{ ask: <Link to="/contact" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900" /> }}
        />
      </p>
    </div>
  );
}

function Answer({ answer }: { answer: RouteAnswerDto }) {
  const { trip } = answer;
  const { t, tc, intl } = useT();
  return (
    <section aria-labelledby="router-answer" data-testid="router-answer">
      <h2 id="router-answer" className="text-2xl font-semibold text-slate-900">
        {t('Your options: {nationality}, arriving {arrival}, {days, plural, one {# day} other {# days}}', {
          nationality: trip.nationality,
          arrival: formatShortDay(trip.arrival, intl),
          days: trip.days,
        })}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('From Egypt’s rules in force on {date}. The cheapest that fits you is first.', { date: formatShortDay(answer.rulesOn, intl) })}</p>
      <ol className="mt-4 space-y-4">
        {answer.open.map((route) => (
          <li key={`${route.route}-${route.title}`} className={cn('rounded-xl border-2 p-5', TONES[route.route])} data-route={route.route}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{tc(route.title)}</h3>
              <p className="font-semibold text-slate-900">{money(route.price, t, intl)}</p>
            </div>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-slate-700">
              {route.points.map((point) => (
                <li key={point}>{tc(point)}</li>
              ))}
            </ul>
            {route.link ? (
              <a href={route.link} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md', 'mt-4')}>
                {t('Apply on {site}', { site: 'visa2egypt.gov.eg' })}
                <span className="sr-only"> {t('(the Egyptian government’s site, opens in a new tab)')}</span>
              </a>
            ) : null}
            {route.route === 'agency' ? (
              <Link to="/auth" search={{ tab: 'signup' }} className={buttonClasses('outline', 'md', 'mt-4')}>
                {t('Apply with us')}
              </Link>
            ) : null}
            {route.source ? (
              <p className="mt-3 text-xs text-slate-600">
                <Trans
                  i18nKey="Source: <src>{title}</src> · checked {date}"
                  values={{ title: route.source.title, date: formatShortDay(route.source.lastChecked, intl) }}
                  components={{ src: <a href={route.source.url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline underline-offset-2" /> }}
                />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {answer.closed.length > 0 ? (
        <div className="mt-6">
          <h3 className="text-lg font-semibold text-slate-900">{t('Not open for this trip')}</h3>
          <ul className="mt-2 space-y-2 text-slate-700">
            {answer.closed.map((route) => (
              <li key={`${route.route}-${route.title}`}>
                <strong className="font-semibold">{t('{title}:', { title: tc(route.title) })}</strong> {tc(route.reason)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
