import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { count, dayLabel, percent } from '../../lib/report-format.js';
import { FigureTable } from '../../components/figure-table.js';
import { onTimeRecordQuery, type OnTimeRecordDto } from './api.js';
import { medianHoursText, recordSentence } from './record-text.js';

const RecordChart = lazy(() => import('./record-chart.js'));

/**
 * /our-record (docs/product.md §17.4): the public on-time record of the last 12 complete weeks, as a
 * table (first, and the accessible form) and a chart loaded after it, with the median hours and
 * what counts. Every figure comes from GET /api/public/on-time: nothing here is typed by hand.
 */
export function OurRecordPage() {
  const record = useQuery(onTimeRecordQuery);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Our on-time record</h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        We promise a decision on your Egypt e-visa application within 5 working days of your initial payment. Here is how we have kept that promise over the last 12 weeks.
      </p>
      <div className="mt-8 min-h-[32rem]">
        {record.data ? (
          <Record record={record.data} />
        ) : record.isError ? (
          <p className="text-slate-700">Our record cannot be shown just now. Please try again later.</p>
        ) : (
          <p role="status" className="text-slate-700">
            Loading our record...
          </p>
        )}
      </div>
      <section aria-labelledby="what-counts" className="mt-10 max-w-3xl rounded-xl bg-slate-50 p-6">
        <h2 id="what-counts" className="text-xl font-semibold text-slate-900">
          What counts
        </h2>
        <p className="mt-2 text-slate-700">
          An application counts in the week it was decided (approved or rejected), if its initial fee was paid and the applicant did not cancel it. It was on time when it was decided within 5 working
          days of the initial payment: Monday to Friday, not counting UK bank holidays, nor the days we were waiting for the applicant to send something we had asked for. The median is the middle of
          the hours from the initial payment to the decision over the 12 weeks, rounded up to a whole hour.
        </p>
        <p className="mt-2 text-slate-700">These figures are computed by our software from each application's status history, and refreshed every 10 minutes. Nobody types them in.</p>
      </section>
    </div>
  );
}

function Record({ record }: { record: OnTimeRecordDto }) {
  const sentence = recordSentence(record);
  return (
    <>
      <p className="text-lg text-slate-900" data-testid="record-summary">
        {sentence ? (
          <>
            <strong>{sentence}.</strong> Median time to a decision: <strong>{medianHoursText(record.medianHours) ?? '—'}</strong>.
          </>
        ) : (
          'No applications were decided in the last 12 weeks.'
        )}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:items-start">
        <FigureTable
          caption="On-time rate by week (weeks start on Monday)"
          columns={[{ label: 'Week starting' }, { label: 'Decided', numeric: true }, { label: 'On time', numeric: true }]}
          rows={record.weeks.map((w) => [dayLabel(w.weekStart), count(w.finished), percent(w.onTimeRate)])}
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
