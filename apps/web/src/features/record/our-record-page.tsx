import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { dayLabel } from '../../lib/report-format.js';
import type { Locale } from '@core/domain/locale.js';
import { FigureTable } from '../../components/figure-table.js';
import { formatShortDay } from '@core/domain/wording.js';
import { useT } from '../../lib/i18n.js';
import { onTimeRecordQuery, type OnTimeRecordDto } from './api.js';
import { medianHoursText, recordCount, recordPercent, recordSentence } from './record-text.js';

const RecordChart = lazy(() => import('./record-chart.js'));

/**
 * /our-record (docs/product.md §17.4): the public on-time record of the last 12 complete weeks, as a
 * table (first, and the accessible form) and a chart loaded after it, with the median hours and
 * what counts. Every figure comes from GET /api/public/on-time: nothing here is typed by hand.
 */
export function OurRecordPage() {
  const { t } = useT();
  const record = useQuery(onTimeRecordQuery);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('Our on-time record')}</h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        {t('We promise a decision on your Egypt e-visa application within 5 working days of your initial payment. Here is how we have kept that promise over the last 12 weeks.')}
      </p>
      <div className="mt-8 min-h-[32rem]">
        {record.data ? (
          <Record record={record.data} />
        ) : record.isError ? (
          <p className="text-slate-700">{t('Our record cannot be shown just now. Please try again later.')}</p>
        ) : (
          <p role="status" className="text-slate-700">
            {t('Loading our record...')}
          </p>
        )}
      </div>
      <section aria-labelledby="what-counts" className="mt-10 max-w-3xl rounded-xl bg-slate-50 p-6">
        <h2 id="what-counts" className="text-xl font-semibold text-slate-900">
          {t('What counts')}
        </h2>
        <p className="mt-2 text-slate-700">
          {t(
            'An application counts in the week it was decided (approved or rejected), if its initial fee was paid and the applicant did not cancel it. It was on time when it was decided within 5 working days of the initial payment: Monday to Friday, not counting UK bank holidays, nor the days we were waiting for the applicant to send something we had asked for. The median is the middle of the hours from the initial payment to the decision over the 12 weeks, rounded up to a whole hour.',
          )}
        </p>
        <p className="mt-2 text-slate-700">{t("These figures are computed by our software from each application's status history, and refreshed every 10 minutes. Nobody types them in.")}</p>
      </section>
    </div>
  );
}

/** '2026-11-02' → '2 Nov 2026' (English), else in the page's language. */
export function weekLabel(date: string, intl: Locale): string {
  return intl === 'en-GB' ? dayLabel(date) : formatShortDay(date, intl);
}

function Record({ record }: { record: OnTimeRecordDto }) {
  const { t, intl } = useT();
  const sentence = recordSentence(record, t, intl);
  return (
    <>
      <p className="text-lg text-slate-900" data-testid="record-summary">
        {sentence ? (
          <>
            <strong>{sentence}.</strong> {t('Median time to a decision:')} <strong>{medianHoursText(record.medianHours, t) ?? '—'}</strong>.
          </>
        ) : (
          t('No applications were decided in the last 12 weeks.')
        )}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:items-start">
        <FigureTable
          caption={t('On-time rate by week (weeks start on Monday)')}
          columns={[{ label: t('Week starting') }, { label: t('Decided'), numeric: true }, { label: t('On time'), numeric: true }]}
          rows={record.weeks.map((w) => [weekLabel(w.weekStart, intl), recordCount(w.finished, intl), recordPercent(w.onTimeRate, intl)])}
        />
        <div aria-hidden="true" className="h-72 min-w-0">
          <Suspense fallback={null}>
            <RecordChart record={record} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
