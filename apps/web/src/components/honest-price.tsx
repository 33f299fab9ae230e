import { FINAL_FEE, INITIAL_FEE } from '@core/domain/fees.js';
import { cn, formatPence } from '../lib/format.js';
import { officialRouteText } from '../lib/official-route.js';
import { Sentence, slot } from '../lib/sentence.js';
import { useT } from '../lib/i18n.js';

/** £10.00 → £10: the statement names whole pounds. */
const pounds = (pence: number, intl: Parameters<typeof formatPence>[1]) => formatPence(pence, intl).replace(/[.,]00(?=\D*$)/, '');

/**
 * docs/product.md §1.5: the Advertising Standards Authority's rulings on visa lookalike sites want
 * "not the government", the official route and its price beside every call to action and on the
 * payment screens, not only in the footer. One sentence, verbatim, then the date the official fee
 * applies from. `tone="dark"` on dark backgrounds (the footer).
 */
export function HonestPrice({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const { t, intl } = useT();
  const official = officialRouteText();
  const sentence = t('We are a private agency, not the Egyptian government. You can apply yourself at {site} for the official fee ({fee}); our service costs {initial} + {final}.', {
    site: slot('site'),
    fee: slot('fee'),
    initial: pounds(INITIAL_FEE.amount, intl),
    final: pounds(FINAL_FEE.amount, intl),
  });
  return (
    <p data-testid="honest-price" className={cn('text-xs leading-relaxed sm:text-sm', tone === 'dark' ? 'text-slate-300' : 'text-slate-600', className)}>
      <Sentence
        text={sentence}
        parts={{
          // The official fee as the agency configured it (OFFICIAL_VISA_FEE): its words, as written.
          fee: <bdi>{official.fee}</bdi>,
          site: (
            <a href={official.url} target="_blank" rel="noopener noreferrer" dir="ltr" className={cn('font-medium underline underline-offset-2', tone === 'dark' ? 'text-white' : 'text-blue-700')}>
              {official.site}
            </a>
          ),
        }}
      />{' '}
      <span className="whitespace-nowrap">
        <Sentence text={t('Official fee as of {date}.', { date: slot('date') })} parts={{ date: <time dateTime={official.effective}>{official.effectiveText}</time> }} />
      </span>
    </p>
  );
}
