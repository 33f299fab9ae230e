import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { dayLabel } from '../../lib/report-format.js';
import { useT } from '../../lib/i18n.js';
import type { OnTimeRecordDto } from './api.js';

/** '2026-11-02' → '2 Nov' (English), '2. Nov.' (German): the axis has no room for the year. */
function axisDay(date: string, intl: string): string {
  if (intl === 'en-GB') return dayLabel(date).replace(/ \d{4}$/, '');
  return new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * The 12 weeks' on-time rate as bars (docs/product.md §17.4), hidden from assistive technology (the
 * table beside it is the accessible form) and loaded after the page, so the table comes first.
 */
export default function RecordChart({ record }: { record: OnTimeRecordDto }) {
  const { intl, dir } = useT();
  // Right to left, time runs from the right and the scale stands on the right.
  const rtl = dir === 'rtl';
  const data = record.weeks.map((w) => ({ week: axisDay(w.weekStart, intl), rate: w.onTimeRate === null ? 0 : Math.round(w.onTimeRate * 1000) / 10 }));
  return (
    <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} data={data} margin={rtl ? { left: 8, right: 0, top: 8 } : { left: 0, right: 8, top: 8 }}>
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis reversed={rtl} dataKey="week" tick={{ fontSize: 11, fill: '#334155' }} interval="preserveStartEnd" />
      <YAxis orientation={rtl ? 'right' : 'left'} domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 11, fill: '#334155' }} width={44} />
      <Bar dataKey="rate" fill="#15803d" isAnimationActive={false} />
    </BarChart>
  );
}
