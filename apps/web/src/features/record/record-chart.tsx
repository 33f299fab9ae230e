import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { dayLabel } from '../../lib/report-format.js';
import type { OnTimeRecordDto } from './api.js';

/**
 * The 12 weeks' on-time rate as bars (docs/product.md §17.4), hidden from assistive technology (the
 * table beside it is the accessible form) and loaded after the page, so the table comes first.
 */
export default function RecordChart({ record }: { record: OnTimeRecordDto }) {
  const data = record.weeks.map((w) => ({ week: dayLabel(w.weekStart).replace(/ \d{4}$/, ''), rate: w.onTimeRate === null ? 0 : Math.round(w.onTimeRate * 1000) / 10 }));
  return (
    <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} data={data} margin={{ left: 0, right: 8, top: 8 }}>
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="week" tick={{ fontSize: 11, fill: '#334155' }} interval="preserveStartEnd" />
      <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 11, fill: '#334155' }} width={44} />
      <Bar dataKey="rate" fill="#15803d" isAnimationActive={false} />
    </BarChart>
  );
}
