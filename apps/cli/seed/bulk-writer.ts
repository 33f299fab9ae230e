import Database from 'better-sqlite3';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import pg from 'pg';
import type { NewApplication } from '../../../core/domain/application.js';
import { waivedPaymentId } from '../../../core/domain/application.js';
import type { NewDocument } from '../../../core/domain/document.js';
import type { NewPaymentRecord } from '../../../core/domain/payment.js';
import type { NewStatusHistoryEntry } from '../../../core/domain/status-history.js';
import type { NewUser } from '../../../core/ports/user-repository.js';
import { applicationToRow } from '../../../adapters/persistence/shared/mappers.js';
import * as pgSchema from '../../../adapters/persistence/postgres/schema.js';
import * as liteSchema from '../../../adapters/persistence/sqlite/schema.js';
import type { Agency } from '../../shared/agency.js';

/** One demo application in its final state, with everything recorded about it. */
export interface PlannedApplication {
  application: NewApplication;
  /** Index into the batch's user ids. */
  userId: number;
  payments: Omit<NewPaymentRecord, 'applicationId'>[];
  history: NewStatusHistoryEntry[];
  documents: Omit<NewDocument, 'applicationId'>[];
  /** The final fee was waived: finalPaymentId must be waivedPaymentId(id), known only after insert. */
  waived: boolean;
}

/**
 * Writes demo data in bulk, one transaction per batch. The repository ports write one application
 * at a time (measured ≈5 ms per demo application on SQLite with its payments, history and
 * documents, mostly drizzle query building): 100k would take minutes. This writer takes its table
 * and column names and value conversions from the adapters' own drizzle schemas and row mapper,
 * so it stays in step with them.
 */
export interface BulkWriter {
  /** Inserts users; answers their ids in input order. */
  insertUsers(users: NewUser[]): Promise<number[]>;
  insertApplications(plans: PlannedApplication[]): Promise<void>;
  close(): Promise<void>;
}

/** Rows per multi-row INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 400;

function chunks<T>(items: T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface Children {
  payments: NewPaymentRecord[];
  history: (NewStatusHistoryEntry & { applicationId: number })[];
  documents: NewDocument[];
  waivedIds: number[];
}

function childrenOf(plans: PlannedApplication[], ids: Map<string, number>): Children {
  const out: Children = { payments: [], history: [], documents: [], waivedIds: [] };
  for (const plan of plans) {
    const applicationId = ids.get(plan.application.applicationNumber);
    if (applicationId === undefined) throw new Error(`Demo application ${plan.application.applicationNumber} was not stored`);
    for (const p of plan.payments) out.payments.push({ ...p, applicationId });
    for (const h of plan.history) out.history.push({ ...h, applicationId });
    for (const d of plan.documents) out.documents.push({ ...d, applicationId });
    if (plan.waived) out.waivedIds.push(applicationId);
  }
  return out;
}

export async function openBulkWriter(agency: Agency): Promise<BulkWriter> {
  if (agency.persistence.dialect === 'sqlite') return sqliteWriter(agency.config.sqliteFile);
  if (agency.persistence.dialect === 'postgres' && agency.config.databaseUrl) return postgresWriter(agency.config.databaseUrl);
  throw new Error(`seed-demo cannot write to a ${agency.persistence.dialect} database`);
}

interface ColumnLike {
  name: string;
  mapToDriverValue(value: unknown): unknown;
}

/** The SQL column names and driver conversions of a drizzle table, for the keys a row object has. */
function columnsFor(table: Table, keys: string[]): { sqlNames: string[]; convert: ((v: unknown) => unknown)[] } {
  const columns = getTableColumns(table) as unknown as Record<string, ColumnLike>;
  const sqlNames: string[] = [];
  const convert: ((v: unknown) => unknown)[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`Column ${key} is not in table ${getTableName(table)}`);
    sqlNames.push(`"${column.name}"`);
    convert.push((v) => (v === null || v === undefined ? null : column.mapToDriverValue(v)));
  }
  return { sqlNames, convert };
}

/**
 * SQLite: one prepared INSERT per table, run row by row inside one synchronous transaction per
 * batch (better-sqlite3 does ~100k rows/s this way; drizzle's query builder costs ~10× more).
 */
function sqliteWriter(file: string): BulkWriter {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const s = liteSchema;
  const statements = new Map<string, { stmt: Database.Statement; keys: string[]; convert: ((v: unknown) => unknown)[] }>();
  const inserter = (table: Table, sample: object) => {
    const keys = Object.keys(sample);
    const id = `${getTableName(table)}:${keys.join(',')}`;
    let entry = statements.get(id);
    if (!entry) {
      const { sqlNames, convert } = columnsFor(table, keys);
      const stmt = sqlite.prepare(`insert into "${getTableName(table)}" (${sqlNames.join(', ')}) values (${keys.map(() => '?').join(', ')})`);
      entry = { stmt, keys, convert };
      statements.set(id, entry);
    }
    const { stmt, keys: k, convert } = entry;
    return (row: object): number => {
      const r = row as Record<string, unknown>;
      const values = new Array(k.length);
      for (let i = 0; i < k.length; i++) values[i] = convert[i](r[k[i]]);
      return Number(stmt.run(values).lastInsertRowid);
    };
  };
  const insertAll = (table: Table, rows: object[]): number[] => {
    if (rows.length === 0) return [];
    const insert = inserter(table, rows[0]);
    return rows.map(insert);
  };
  const setWaived = sqlite.prepare('update "applications" set "final_payment_id" = ? where "id" = ?');

  return {
    async insertUsers(users) {
      return sqlite.transaction(() => insertAll(s.users, users))();
    },
    async insertApplications(plans) {
      sqlite.transaction(() => {
        const rows = plans.map((p) => applicationToRow(p.application));
        const appIds = insertAll(s.applications, rows);
        const ids = new Map(plans.map((p, i) => [p.application.applicationNumber, appIds[i]]));
        const children = childrenOf(plans, ids);
        insertAll(s.payments, children.payments);
        insertAll(s.statusHistory, children.history);
        insertAll(s.documents, children.documents);
        for (const id of children.waivedIds) setWaived.run(waivedPaymentId(id), id);
      })();
    },
    async close() {
      sqlite.close();
    },
  };
}

/** PostgreSQL: multi-row INSERTs (≤ 400 rows each) in one transaction per batch. */
function postgresWriter(url: string): BulkWriter {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  const s = pgSchema;

  async function insertAll(client: pg.PoolClient, table: Table, rows: object[], returning?: string): Promise<Record<string, unknown>[]> {
    if (rows.length === 0) return [];
    const keys = Object.keys(rows[0]);
    const { sqlNames, convert } = columnsFor(table, keys);
    const out: Record<string, unknown>[] = [];
    for (const part of chunks(rows)) {
      const params: unknown[] = [];
      const tuples = part.map((row) => {
        const r = row as Record<string, unknown>;
        const placeholders = keys.map((key, i) => {
          params.push(convert[i](r[key]));
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      const text = `insert into "${getTableName(table)}" (${sqlNames.join(', ')}) values ${tuples.join(', ')}${returning ? ` returning ${returning}` : ''}`;
      const result = await client.query(text, params);
      out.push(...result.rows);
    }
    return out;
  }

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    async insertUsers(users) {
      return inTransaction(async (client) => {
        const rows = await insertAll(client, s.users, users, '"id", "email"');
        const byEmail = new Map(rows.map((r) => [String(r.email), Number(r.id)]));
        return users.map((u) => byEmail.get(u.email)!);
      });
    },
    async insertApplications(plans) {
      await inTransaction(async (client) => {
        const rows = await insertAll(client, s.applications, plans.map((p) => applicationToRow(p.application)), '"id", "application_number"');
        const ids = new Map(rows.map((r) => [String(r.application_number), Number(r.id)]));
        const children = childrenOf(plans, ids);
        await insertAll(client, s.payments, children.payments);
        await insertAll(client, s.statusHistory, children.history);
        await insertAll(client, s.documents, children.documents);
        for (const id of children.waivedIds) {
          await client.query('update "applications" set "final_payment_id" = $1 where "id" = $2', [waivedPaymentId(id), id]);
        }
      });
    },
    async close() {
      await pool.end();
    },
  };
}
