import type { Locale } from '@core/domain/locale.js';
import { formatPence } from '@core/domain/money.js';
import type { Translate } from '@core/i18n/index.js';
import { count as englishCount, dayLabel as englishDay, hours as englishHours, money as englishMoney, monthLabel as englishMonth, percent as englishPercent } from '../../lib/report-format.js';

/**
 * The reports' figures in the page's language: English exactly as lib/report-format.ts writes them
 * ('1,234', '−£12.50', '99.9%', 'Nov 2026'), other languages by Intl's conventions, rounded alike.
 */
export interface ReportFormat {
  count: (value: number) => string;
  money: (pence: number) => string;
  /** A chart's axis: whole pounds ('£1,200'). */
  wholePounds: (pounds: number) => string;
  percent: (fraction: number | null) => string;
  hours: (value: number | null) => string;
  monthLabel: (month: string) => string;
  dayLabel: (date: string) => string;
}

export function reportFormat(intl: Locale, t: Translate): ReportFormat {
  if (intl === 'en-GB') {
    return {
      count: englishCount,
      money: englishMoney,
      wholePounds: (pounds) => `£${englishCount(pounds)}`,
      percent: englishPercent,
      // Its words through the catalog still (the pseudo-locale shows what is not).
      hours: (value) => (value === null ? englishHours(value) : t('{hours} hours', { hours: value.toFixed(1) })),
      monthLabel: englishMonth,
      dayLabel: englishDay,
    };
  }
  const whole = new Intl.NumberFormat(intl);
  const share = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 1 });
  const pounds = new Intl.NumberFormat(intl, { style: 'currency', currency: 'GBP', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
  const tenths = new Intl.NumberFormat(intl, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(intl, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    count: (value) => whole.format(value),
    money: (pence) => (pence < 0 ? `−${formatPence(-pence, intl)}` : formatPence(pence, intl)),
    wholePounds: (value) => pounds.format(value),
    percent: (fraction) => (fraction === null ? '—' : share.format(Math.floor(Math.round(fraction * 10_000) / 10) / 1000)),
    hours: (value) => (value === null ? '—' : t('{hours} hours', { hours: tenths.format(value) })),
    monthLabel: (m) => month.format(new Date(`${m}-15T12:00:00Z`)),
    dayLabel: (date) => day.format(new Date(`${date}T12:00:00Z`)),
  };
}
