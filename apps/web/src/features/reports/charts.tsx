import { Bar, BarChart, CartesianGrid, ComposedChart, LabelList, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportFunnel, ReportsSummary } from '@core/domain/reports.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';
import { reportFormat } from './format.js';

/**
 * The reports page's charts (docs/product.md §17.3), drawn with Recharts. Each is hidden from
 * assistive technology and out of the tab order: the table beside it is the accessible form.
 * Colours are Tailwind's 700 shades, at least 4.5:1 against white.
 */
export const COLOURS = {
  blue: '#1d4ed8',
  purple: '#7e22ce',
  green: '#15803d',
  red: '#b91c1c',
  slate: '#475569',
  amber: '#b45309',
} as const;

const AXIS = { fontSize: 12, fill: '#334155' };

/** Sized by its container (the width of its column, a fixed height); no keyboard layer, no animation. */
function chartProps(height: number) {
  return { responsive: true, accessibilityLayer: false, style: { width: '100%', height } } as const;
}

/** The page's words and its figures' formats, for a chart. */
function useChartWords() {
  const { t, intl } = useT();
  return { t, ...reportFormat(intl, t) };
}

export function OnTimeChart({ onTime }: { onTime: ReportsSummary['onTime'] }) {
  const { t, count } = useChartWords();
  const data = [
    { name: t('Decided'), value: onTime.finished, fill: COLOURS.slate },
    { name: t('Within 5 working days'), value: onTime.withinGuarantee, fill: COLOURS.green },
  ];
  return (
    <BarChart {...chartProps(160)} data={data} layout="vertical" margin={{ left: 8, right: 48 }}>
      <XAxis type="number" hide allowDecimals={false} />
      <YAxis type="category" dataKey="name" width={150} tick={AXIS} />
      <Bar dataKey="value" isAnimationActive={false}>
        <LabelList dataKey="value" position="right" formatter={(v: unknown) => count(Number(v))} style={AXIS} />
      </Bar>
    </BarChart>
  );
}

export function TurnaroundChart({ turnaround }: { turnaround: ReportsSummary['turnaround'] }) {
  const { t, hours } = useChartWords();
  const data = [
    { name: t('Median'), value: turnaround.medianHours ?? 0 },
    { name: t('90th percentile'), value: turnaround.p90Hours ?? 0 },
  ];
  return (
    <BarChart {...chartProps(160)} data={data} layout="vertical" margin={{ left: 8, right: 80 }}>
      <XAxis type="number" hide />
      <YAxis type="category" dataKey="name" width={120} tick={AXIS} />
      <Bar dataKey="value" fill={COLOURS.blue} isAnimationActive={false}>
        <LabelList dataKey="value" position="right" formatter={(v: unknown) => hours(Number(v))} style={AXIS} />
      </Bar>
    </BarChart>
  );
}

export function RevenueChart({ revenue }: { revenue: ReportsSummary['revenue'] }) {
  const { t, money, monthLabel, wholePounds } = useChartWords();
  const pounds = (pence: number) => pence / 100;
  const data = revenue.map((m) => ({
    month: monthLabel(m.month),
    initial: pounds(m.initialPence),
    final: pounds(m.finalPence),
    refunded: pounds(m.refundedPence),
    government: pounds(m.governmentFeePence),
    margin: pounds(m.marginPence),
  }));
  return (
    <ComposedChart {...chartProps(300)} data={data} margin={{ left: 8, right: 8 }}>
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="month" tick={AXIS} />
      <YAxis tick={AXIS} width={64} tickFormatter={(v: number) => wholePounds(v)} />
      <Tooltip formatter={(v: unknown) => money(Math.round(Number(v) * 100))} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar dataKey="initial" name={t('Initial fees')} stackId="fees" fill={COLOURS.blue} isAnimationActive={false} />
      <Bar dataKey="final" name={t('Final fees')} stackId="fees" fill={COLOURS.purple} isAnimationActive={false} />
      <Bar dataKey="refunded" name={t('Refunds')} fill={COLOURS.red} isAnimationActive={false} />
      <Bar dataKey="government" name={t('Government fees')} fill={COLOURS.slate} isAnimationActive={false} />
      <Line dataKey="margin" name={t('Margin')} type="monotone" stroke={COLOURS.green} strokeWidth={2} isAnimationActive={false} />
    </ComposedChart>
  );
}

export const FUNNEL_STEPS: { key: keyof ReportFunnel; label: string }[] = [
  { key: 'registered', label: msg('Accounts registered') },
  { key: 'applied', label: msg('Applied') },
  { key: 'initialPaid', label: msg('Paid the initial fee') },
  { key: 'addressGiven', label: msg('Gave an address') },
  { key: 'approved', label: msg('Approved') },
  { key: 'finalPaid', label: msg('Paid the final fee') },
];

export function FunnelChart({ funnel }: { funnel: ReportFunnel }) {
  const { t, count, percent } = useChartWords();
  const data = FUNNEL_STEPS.map(({ key, label }) => ({
    name: t(label),
    value: funnel[key],
    label: key === 'registered' || funnel.applied === 0 ? count(funnel[key]) : `${count(funnel[key])} · ${percent(funnel[key] / funnel.applied)}`,
  }));
  return (
    <BarChart {...chartProps(260)} data={data} layout="vertical" margin={{ left: 8, right: 104 }}>
      <XAxis type="number" hide allowDecimals={false} />
      <YAxis type="category" dataKey="name" width={150} tick={AXIS} />
      <Bar dataKey="value" fill={COLOURS.purple} isAnimationActive={false}>
        <LabelList dataKey="label" position="right" style={AXIS} />
      </Bar>
    </BarChart>
  );
}

export function NationalitiesChart({ nationalities }: { nationalities: ReportsSummary['nationalities'] }) {
  const { count } = useChartWords();
  const data = nationalities.slice(0, 10).map((n) => ({ name: n.nationality, value: n.count }));
  return (
    <BarChart {...chartProps(Math.max(120, data.length * 30 + 20))} data={data} layout="vertical" margin={{ left: 8, right: 48 }}>
      <XAxis type="number" hide allowDecimals={false} />
      <YAxis type="category" dataKey="name" width={150} tick={AXIS} interval={0} />
      <Bar dataKey="value" fill={COLOURS.blue} isAnimationActive={false}>
        <LabelList dataKey="value" position="right" formatter={(v: unknown) => count(Number(v))} style={AXIS} />
      </Bar>
    </BarChart>
  );
}
