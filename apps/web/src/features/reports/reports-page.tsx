import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { ReportRange, ReportsSummary } from '@core/domain/reports.js';
import { serverMessage } from '../../api/client.js';
import { pageWidth } from '../../components/layout/page-width.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/format.js';
import { reportsCsvHref, reportsSummaryQuery } from './api.js';
import { FUNNEL_STEPS, FunnelChart, NationalitiesChart, OnTimeChart, RevenueChart, TurnaroundChart } from './charts.js';
import { FigureTable } from '../../components/figure-table.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { reportFormat } from './format.js';
import { defaultRange, londonToday, rangePresets } from './range.js';
import { parseReportsSearch, type ReportsSearch } from './search.js';

/**
 * The reports page (docs/product.md §17.3), for staff whose role has 'reports.read': a range of
 * London days (kept in the address), then each figure of §17.1 as a chart with its table beside it,
 * and the same figures as a CSV download.
 */
export function ReportsPage() {
  const { t } = useT();
  const search = parseReportsSearch(useSearch({ strict: false }));
  const today = useMemo(londonToday, []);
  const range: ReportRange = { from: search.from ?? defaultRange(search.to ?? today).from, to: search.to ?? today };
  const summary = useQuery({ ...reportsSummaryQuery(range), placeholderData: keepPreviousData });
  const navigate = useNavigate();
  const choose = (next: ReportsSearch) => void navigate({ to: '/admin/reports', search: next });

  return (
    <div className={`py-8 ${pageWidth('/admin/reports')}`}>
      <div className="flex flex-col gap-2 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('Reports')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("The agency's figures over a range of days (UK time), from the applications' own history.")}</p>
        </div>
        <a href={reportsCsvHref(range)} download className={buttonClasses('outline', 'md', 'self-start md:self-auto')}>
          {t('Download CSV')}
        </a>
      </div>
      <RangePicker key={`${range.from}/${range.to}`} range={range} today={today} onChoose={choose} />
      {summary.isError ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {serverMessage(summary.error) ?? t('The reports could not be loaded. Please try again.')}
        </p>
      ) : summary.data ? (
        <Figures summary={summary.data} busy={summary.isPlaceholderData} />
      ) : (
        <Spinner className="mt-6" label={t('Loading the reports')} />
      )}
    </div>
  );
}

function RangePicker({ range, today, onChoose }: { range: ReportRange; today: string; onChoose: (search: ReportsSearch) => void }) {
  const { t } = useT();
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  return (
    <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <form aria-label={t('Date range')} className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div>
          <Label htmlFor={`${id}-from`}>{t('From')}</Label>
          <Input id={`${id}-from`} type="date" className="w-44" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-to`}>{t('To')}</Label>
          <Input id={`${id}-to`} type="date" className="w-44" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <Button type="submit">{t('Show')}</Button>
        <p className="basis-full text-xs text-slate-600">{t('UK dates; both days are included.')}</p>
      </form>
      <div role="group" aria-label={t('Preset ranges')} className="mt-3 flex flex-wrap gap-2">
        {rangePresets(today).map((preset) => {
          const active = preset.range.from === range.from && preset.range.to === range.to;
          return (
            <button
              key={preset.label}
              type="button"
              aria-pressed={active}
              className={cn(
                'rounded-full border px-3 py-1 text-sm touch:min-h-11 touch:py-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
                active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
              onClick={() => onChoose(preset.range)}
            >
              {t(preset.label)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** One figure: its heading, then the chart and its table side by side (stacked on a phone), or why there is nothing. */
function Figure({ title, note, empty, chart, table }: { title: string; note?: string; empty: string | null; chart?: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
      {empty ? (
        <p className="mt-4 text-sm text-slate-700">{empty}</p>
      ) : (
        <div className={cn('mt-4 grid gap-6', chart ? 'lg:grid-cols-2 lg:items-start' : '')}>
          {chart ? (
            <div aria-hidden="true" className="min-w-0">
              {chart}
            </div>
          ) : null}
          <div className={cn('min-w-0', !chart && 'max-w-2xl')}>{table}</div>
        </div>
      )}
    </section>
  );
}

function Figures({ summary, busy }: { summary: ReportsSummary; busy: boolean }) {
  const { t, intl } = useT();
  const { count, dayLabel, hours, money, monthLabel, percent } = reportFormat(intl, t);
  const { onTime, turnaround, revenue, funnel, nationalities, waivers, refunds } = summary;
  const span = t('{from} to {to}', { from: dayLabel(summary.range.from), to: dayLabel(summary.range.to) });
  const noDecisions = onTime.finished === 0 ? t('No decisions in this range.') : null;
  const total = (pick: (m: ReportsSummary['revenue'][number]) => number) => revenue.reduce((sum, m) => sum + pick(m), 0);
  const moneyMoved = revenue.some((m) => m.initialPence || m.finalPence || m.refundedPence || m.governmentFeePence);
  const cohort = funnel.applied;

  return (
    <div aria-busy={busy} className={cn('mt-6 grid gap-6', busy && 'opacity-60')}>
      <p className="text-sm text-slate-700">
        <Sentence text={t('Figures for {span}.', { span: slot('span') })} parts={{ span: <strong>{span}</strong> }} />
      </p>
      <Figure
        title={t('On time')}
        note={t('Applications decided (approved or rejected) in the range after the initial fee was paid, and how many were decided within 5 working days.')}
        empty={noDecisions}
        chart={<OnTimeChart onTime={onTime} />}
        table={
          <FigureTable
            caption={t('On time, {span}', { span })}
            columns={[{ label: t('Measure') }, { label: t('Value'), numeric: true }]}
            rows={[
              [t('Decided'), count(onTime.finished)],
              [t('Decided within 5 working days'), count(onTime.withinGuarantee)],
              [t('On-time rate'), percent(onTime.rate)],
            ]}
          />
        }
      />
      <Figure
        title={t('Turnaround')}
        note={t("Hours from the initial fee's payment to the decision, for the same applications.")}
        empty={noDecisions}
        chart={<TurnaroundChart turnaround={turnaround} />}
        table={
          <FigureTable
            caption={t('Turnaround, {span}', { span })}
            columns={[{ label: t('Measure') }, { label: t('Hours'), numeric: true }]}
            rows={[
              [t('Median'), hours(turnaround.medianHours)],
              [t('90th percentile'), hours(turnaround.p90Hours)],
            ]}
          />
        }
      />
      <Figure
        title={t('Revenue by month')}
        note={t(
          "Fees received, refunds paid and government fees booked as paid, each in the month it happened; the margin is the fees less the other two. Fee changes absorbed: the part of the government fees that rises of Egypt's fee after the traveller paid us cost the agency (the traveller's price never changes), already counted in the government fees.",
        )}
        empty={moneyMoved ? null : t('No money moved in this range.')}
        chart={<RevenueChart revenue={revenue} />}
        table={
          <FigureTable
            caption={t('Revenue by month, {span}', { span })}
            columns={[
              { label: t('Month') },
              { label: t('Initial fees'), numeric: true },
              { label: t('Final fees'), numeric: true },
              { label: t('Refunds'), numeric: true },
              { label: t('Government fees'), numeric: true },
              { label: t('Fee changes absorbed'), numeric: true },
              { label: t('Margin'), numeric: true },
            ]}
            rows={revenue.map((m) => [
              monthLabel(m.month),
              money(m.initialPence),
              money(m.finalPence),
              money(m.refundedPence),
              money(m.governmentFeePence),
              money(m.absorbedFeePence),
              money(m.marginPence),
            ])}
            footer={[
              t('Total'),
              money(total((m) => m.initialPence)),
              money(total((m) => m.finalPence)),
              money(total((m) => m.refundedPence)),
              money(total((m) => m.governmentFeePence)),
              money(total((m) => m.absorbedFeePence)),
              money(total((m) => m.marginPence)),
            ]}
          />
        }
      />
      <Figure
        title={t('Funnel')}
        note={t('Accounts registered in the range, and how far the applications started in the range have got.')}
        empty={funnel.registered === 0 && cohort === 0 ? t('No accounts or applications were started in this range.') : null}
        chart={<FunnelChart funnel={funnel} />}
        table={
          <FigureTable
            caption={t('Funnel, {span}', { span })}
            columns={[{ label: t('Step') }, { label: t('Count'), numeric: true }, { label: t('% of applied'), numeric: true }]}
            rows={FUNNEL_STEPS.map(({ key, label }) => [t(label), count(funnel[key]), key === 'registered' || cohort === 0 ? '—' : percent(funnel[key] / cohort)])}
          />
        }
      />
      <Figure
        title={t('Nationalities')}
        note={t('The applications started in the range by nationality; the chart shows the ten most common.')}
        empty={nationalities.length === 0 ? t('No applications in this range.') : null}
        chart={<NationalitiesChart nationalities={nationalities} />}
        table={
          <FigureTable
            className="max-h-96 overflow-y-auto"
            caption={t('Nationalities, {span}', { span })}
            columns={[{ label: t('Nationality') }, { label: t('Applications'), numeric: true }, { label: t('Share'), numeric: true }]}
            rows={nationalities.map((n) => [<bdi key="name">{n.nationality}</bdi>, count(n.count), percent(cohort === 0 ? null : n.count / cohort)])}
          />
        }
      />
      <Figure
        title={t('Waivers and refunds')}
        note={t('Final fees not charged because a decision came after 5 working days, and refunds paid, in the range.')}
        empty={null}
        table={
          <FigureTable
            caption={t('Waivers and refunds, {span}', { span })}
            columns={[{ label: t('Figure') }, { label: t('Count'), numeric: true }, { label: t('Amount'), numeric: true }]}
            rows={[
              [t('Final fees waived'), count(waivers.count), money(waivers.pence)],
              [t('Refunds'), count(refunds.count), money(refunds.pence)],
            ]}
          />
        }
      />
    </div>
  );
}
