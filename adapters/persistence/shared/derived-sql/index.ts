import { createHash } from 'node:crypto';
import { getTableName, type Column } from 'drizzle-orm';
import { UNDECIDED_STATUSES } from '../../../../core/domain/status.js';
import { REPORT_READS } from '../report-reads.js';
import { SEARCH_PREFIX_KEYS } from '../search-prefixes.js';
import type { Tables } from '../sql-database.js';
import { renderPostgres } from './postgres.js';
import { renderSqlite } from './sqlite.js';

/**
 * The SQL the databases derive from the domain's constants (decision 0035): the triggers (and on
 * PostgreSQL the functions they call) that keep the overdue filter's day counts
 * (application_overdue_days), the search-prefix counts (application_search_prefixes) and the
 * reports' dirty hours (report_dirty_hours). They are rendered here, per dialect, from the
 * constants the TypeScript reads too, and `migrate()` re-creates them when what it renders differs
 * from what the database has: a constant that changes takes the triggers with it. Migrations 0020–
 * 0022 (SQLite) and 0024–0026 (PostgreSQL) wrote the first copies by hand; they stay as history.
 */

export type Dialect = 'sqlite' | 'postgres';

/** What the derived SQL is rendered from, with the columns' SQL names. */
export interface DerivedConstants {
  /** The statuses whose guarantee clock runs (core/domain/status.ts UNDECIDED_STATUSES). */
  undecided: readonly string[];
  /** The counted search keys (search-prefixes.ts SEARCH_PREFIX_KEYS). */
  searchKeys: readonly {
    column: string;
    arg: string;
    lower: boolean;
    longest: number;
  }[];
  /** What the reports read (report-reads.ts REPORT_READS). */
  reportReads: readonly {
    table: string;
    hours: readonly string[];
    reads: readonly string[];
    countedWhen?: { column: string; is: string };
  }[];
}

const columnName = (table: object, key: string) => (table as Record<string, Column>)[key]!.name;

/** The constants as the code has them today, named as `tables` (either dialect's schema) names them. */
export function derivedConstants(tables: Tables): DerivedConstants {
  const applications = tables.applications;
  return {
    undecided: UNDECIDED_STATUSES,
    searchKeys: SEARCH_PREFIX_KEYS.map(({ key, arg, lower, longest }) => ({
      column: columnName(applications, key),
      arg,
      lower,
      longest,
    })),
    reportReads: Object.entries(REPORT_READS).map(([key, read]) => {
      const table = tables[key as keyof typeof REPORT_READS];
      const name = (column: string) => columnName(table, column);
      return {
        table: getTableName(table),
        hours: read.hours.map(name),
        reads: read.reads.map(name),
        ...('countedWhen' in read
          ? {
              countedWhen: {
                column: name(read.countedWhen.column),
                is: read.countedWhen.is,
              },
            }
          : {}),
      };
    }),
  };
}

export interface DerivedFunction {
  name: string;
  /** The statement that creates it. */
  create: string;
  /** Its body as the database keeps it (pg_proc.prosrc). */
  body: string;
  /** Its body defines what the group counts: when it changes, the counts are counted again. */
  counts: boolean;
}

export interface DerivedTrigger {
  name: string;
  table: string;
  create: string;
}

/** One set of triggers (and functions) that keeps one table, and the statements that count it afresh. */
export interface DerivedGroup {
  name: 'overdue-days' | 'search-prefixes' | 'report-marks';
  /** The table the group keeps (on PostgreSQL its comment holds the group's fingerprint). */
  home: string;
  /** Every trigger of the group is named with this prefix, and no other trigger is. */
  triggerPrefix: string;
  functions: DerivedFunction[];
  triggers: DerivedTrigger[];
  /** Counts the home table afresh from the rows (nothing for the report marks: the rollups are counted from the rows). */
  recount: string[];
}

export function renderDerivedSql(dialect: Dialect, constants: DerivedConstants): DerivedGroup[] {
  return dialect === 'sqlite' ? renderSqlite(constants) : renderPostgres(constants);
}

/** A digest of everything a group renders: what PostgreSQL's migrate() compares with the one it stored. */
export function fingerprint(group: DerivedGroup): string {
  const text = JSON.stringify([group.functions.map((f) => f.create), group.triggers.map((t) => t.create), group.recount]);
  return `derived-sql ${createHash('sha256').update(text).digest('hex')}`;
}

/** `'a', 'b'` (the values are the code's constants, never input). */
export const literals = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
