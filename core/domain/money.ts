import { DEFAULT_LOCALE, type Locale } from './locale.js';

/** Money is integer minor units (pence) everywhere; display divides by 100 at the edge. */
export type Currency = 'gbp';
export const CURRENCY: Currency = 'gbp';

export interface Money {
  amount: number;
  currency: Currency;
}

/**
 * 1000 → '£10.00'; in another locale by its conventions ('10,00 £' in German and French, '10.00 £'
 * in Arabic). Always pounds: the language never changes an amount (docs/product.md, "Languages").
 */
export function formatPence(amount: number, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return `£${(amount / 100).toFixed(2)}`;
  // Arabic's narrow symbol is still 'UK£': the pound sign alone is what the prices say everywhere.
  return moneyFormat(locale)
    .format(amount / 100)
    .replace('UK£', '£');
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>();
function moneyFormat(locale: Locale): Intl.NumberFormat {
  let format = moneyFormats.get(locale);
  if (!format) moneyFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP', currencyDisplay: 'narrowSymbol' })));
  return format;
}
