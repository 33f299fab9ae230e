import type { ReactNode } from 'react';
import { cn } from '../lib/format.js';

export interface FigureColumn {
  label: string;
  /** Numbers sit right, so that their digits line up. */
  numeric?: boolean;
}

/**
 * A figure's accessible form (docs/product.md §17.3): a real table with its caption, beside the chart
 * that draws it. The first cell of each row is its header. A table wider than a phone scrolls in a
 * focusable region, so a keyboard can scroll it too.
 */
export function FigureTable({ caption, columns, rows, footer, className }: { caption: string; columns: FigureColumn[]; rows: ReactNode[][]; footer?: ReactNode[]; className?: string }) {
  const cell = (i: number) => cn('px-2 py-1.5', columns[i]?.numeric && 'text-end tabular-nums');
  return (
    <div role="region" aria-label={caption} tabIndex={0} className={cn('overflow-x-auto rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500', className)}>
      <table className="w-full text-start text-sm text-slate-800">
        <caption className="mb-2 text-start text-sm font-medium text-slate-700">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-600">
          <tr>
            {columns.map((column, i) => (
              <th key={column.label} scope="col" className={cn(cell(i), 'font-medium')}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-slate-100 last:border-0">
              {row.map((value, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={cn(cell(i), 'font-normal')}>
                    {value}
                  </th>
                ) : (
                  <td key={i} className={cn(cell(i), 'whitespace-nowrap')}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="border-t border-slate-300 font-semibold">
            <tr>
              {footer.map((value, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={cell(i)}>
                    {value}
                  </th>
                ) : (
                  <td key={i} className={cn(cell(i), 'whitespace-nowrap')}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
