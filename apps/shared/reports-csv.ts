import type { ReportsSummary } from '../../core/domain/reports.js';
import { csvRow, type CsvValue } from './csv.js';

/**
 * A report as CSV (docs/product.md §17.1): one figure per record — figure, month (revenue rows
 * only), measure, value — so a spreadsheet can pivot it; pence stay whole pence, rates fractions.
 */
export function reportsCsv(summary: ReportsSummary): string {
  const rows: CsvValue[][] = [['figure', 'month', 'measure', 'value']];
  const add = (figure: string, month: string | null, measure: string, value: CsvValue) => rows.push([figure, month, measure, value]);
  add('range', null, 'from', summary.range.from);
  add('range', null, 'to', summary.range.to);
  add('on_time', null, 'finished', summary.onTime.finished);
  add('on_time', null, 'within_guarantee', summary.onTime.withinGuarantee);
  add('on_time', null, 'rate', summary.onTime.rate);
  add('turnaround', null, 'median_hours', summary.turnaround.medianHours);
  add('turnaround', null, 'p90_hours', summary.turnaround.p90Hours);
  add('waivers', null, 'count', summary.waivers.count);
  add('waivers', null, 'pence', summary.waivers.pence);
  add('refunds', null, 'count', summary.refunds.count);
  add('refunds', null, 'pence', summary.refunds.pence);
  for (const m of summary.revenue) {
    add('revenue', m.month, 'initial_pence', m.initialPence);
    add('revenue', m.month, 'final_pence', m.finalPence);
    add('revenue', m.month, 'refunded_pence', m.refundedPence);
    add('revenue', m.month, 'government_fee_pence', m.governmentFeePence);
    add('revenue', m.month, 'fee_changes_absorbed_pence', m.absorbedFeePence);
    add('revenue', m.month, 'margin_pence', m.marginPence);
  }
  for (const [measure, value] of Object.entries(summary.funnel)) add('funnel', null, measure, value);
  for (const n of summary.nationalities) add('nationality', null, n.nationality, n.count);
  return rows.map(csvRow).join('');
}
