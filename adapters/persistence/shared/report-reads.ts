import type { Tables } from './sql-database.js';

type ReportTable = 'applications' | 'payments' | 'refunds' | 'portalLedger' | 'users';
type ColumnOf<T extends ReportTable> = keyof Tables[T]['_']['columns'] & string;

/** What the reports read of one table: see REPORT_READS. */
export interface ReportRead<T extends ReportTable> {
  /** The timestamps that place a row in the reports' hours (docs/product.md §17.5). */
  hours: readonly ColumnOf<T>[];
  /** Every column a report reads: a change to any of them makes its hours dirty. */
  reads: readonly ColumnOf<T>[];
  /** An update matters only when the row, before or after it, has this value (refunds: the succeeded ones). */
  countedWhen?: { column: ColumnOf<T>; is: string };
}

/**
 * The one list of what the reports read (shared/report-rows.ts counts the figures from these
 * columns, reportColumns below hands it nothing else), from which the 'dirty hour' triggers are
 * rendered (shared/derived-sql): a row written marks the hours of its `hours` columns, an update
 * only when one of its `reads` changed. Columns the reports read through a literal predicate are
 * listed too: COUNTED_DECISION_SQL's cancelled_at, APPLICANT_SQL's is_admin (shared/sql-values.ts).
 */
export const REPORT_READS = {
  applications: {
    hours: ['createdAt', 'decidedAt'],
    reads: ['createdAt', 'decidedAt', 'initialPaymentAt', 'cancelledAt', 'guaranteeDeadline', 'nationality', 'postcode', 'approvedAt', 'finalPaymentId'],
  },
  payments: {
    hours: ['createdAt'],
    reads: ['createdAt', 'status', 'type', 'amount'],
  },
  refunds: {
    hours: ['updatedAt'],
    reads: ['status', 'amount', 'updatedAt'],
    countedWhen: { column: 'status', is: 'succeeded' },
  },
  portalLedger: {
    hours: ['paidAt'],
    reads: ['paidAt', 'governmentFeePence', 'absorbedFeePence'],
  },
  users: { hours: ['createdAt'], reads: ['createdAt', 'isAdmin'] },
} as const satisfies { [T in ReportTable]: ReportRead<T> };

export type ReportReads = { [T in ReportTable]: ReportRead<T> };

type Read<T extends ReportTable> = Extract<(typeof REPORT_READS)[T]['reads'][number], ColumnOf<T>>;
type ReadColumns<T extends ReportTable> = Pick<Tables[T]['_']['columns'], Read<T>>;

/**
 * A table's columns the reports read, and only those: report-rows.ts takes its columns from here, so
 * a figure that reads a column REPORT_READS does not list fails to compile (the triggers would not
 * mark its hours dirty when that column changed).
 */
export function reportColumns<T extends ReportTable>(tables: Tables, table: T): ReadColumns<T> {
  const all = tables[table] as unknown as Record<string, unknown>;
  return Object.fromEntries((REPORT_READS[table].reads as readonly string[]).map((key) => [key, all[key]])) as ReadColumns<T>;
}
