import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/i18n.js';
import { onTimeRecordQuery } from './api.js';
import { medianHoursText, recordSentence } from './record-text.js';

/**
 * The landing page's live record (docs/product.md §2.4, §17.4), from GET /api/public/on-time: one
 * line, or nothing at all while it loads, when the call fails or when nothing was decided. Loaded
 * apart from the landing page (its bundle's budget) into a slot of fixed height (no layout shift).
 */
export function LandingRecord() {
  const { t, intl } = useT();
  const record = useQuery(onTimeRecordQuery);
  const sentence = record.data ? recordSentence(record.data, t, intl) : null;
  if (!sentence) return null;
  const median = medianHoursText(record.data!.medianHours, t);
  return (
    <p data-testid="landing-record" className="text-sm text-slate-700">
      <span aria-hidden="true" className="me-1 font-bold text-green-700">
        ✓
      </span>
      {sentence}
      {median === null ? null : ` · ${t('median {median}', { median })}`} ·{' '}
      <Link to="/our-record" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
        {t('See our record')}
      </Link>
    </p>
  );
}
