import { FINAL_FEE, INITIAL_FEE } from '@core/domain/fees.js';
import { cn, formatPence } from '../lib/format.js';
import { officialRouteText } from '../lib/official-route.js';

/** £10.00 → £10: the statement names whole pounds. */
const pounds = (pence: number) => formatPence(pence).replace(/\.00$/, '');

/**
 * docs/product.md §1.5: the Advertising Standards Authority's rulings on visa lookalike sites want
 * "not the government", the official route and its price beside every call to action and on the
 * payment screens, not only in the footer. One sentence, verbatim, then the date the official fee
 * applies from. `tone="dark"` on dark backgrounds (the footer).
 */
export function HonestPrice({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const official = officialRouteText();
  return (
    <p data-testid="honest-price" className={cn('text-xs leading-relaxed sm:text-sm', tone === 'dark' ? 'text-slate-300' : 'text-slate-600', className)}>
      We are a private agency, not the Egyptian government. You can apply yourself at{' '}
      <a href={official.url} target="_blank" rel="noopener noreferrer" className={cn('font-medium underline underline-offset-2', tone === 'dark' ? 'text-white' : 'text-blue-700')}>
        {official.site}
      </a>{' '}
      for the official fee ({official.fee}); our service costs {pounds(INITIAL_FEE.amount)} + {pounds(FINAL_FEE.amount)}.{' '}
      <span className="whitespace-nowrap">
        Official fee as of <time dateTime={official.effective}>{official.effectiveText}</time>.
      </span>
    </p>
  );
}
