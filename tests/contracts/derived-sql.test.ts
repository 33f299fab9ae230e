import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDECIDED_STATUSES } from '../../core/domain/status.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { derivedConstants, renderDerivedSql, type DerivedConstants, type DerivedGroup, type Dialect } from '../../adapters/persistence/shared/derived-sql/index.js';
import { installPostgresDerivedSql, installSqliteDerivedSql, postgresDrift, sqliteDrift } from '../../adapters/persistence/shared/derived-sql/install.js';
import type { Tables } from '../../adapters/persistence/shared/sql-database.js';
import * as sqliteSchema from '../../adapters/persistence/sqlite/schema.js';
import * as postgresSchema from '../../adapters/persistence/postgres/schema.js';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { postgresHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { anApplication, aUser, T0 } from './persistence-fixtures.js';

/**
 * The triggers the databases keep their counts with are rendered from the code's constants
 * (decision 0035). Parity: a migrated database has exactly what the code renders today, read back
 * from the database itself (SQLite's sqlite_master, PostgreSQL's pg_proc and pg_get_triggerdef);
 * a constant changed without the database following is a mismatch; migrate() makes the database
 * follow, counting again what the changed triggers count.
 */

const TODAY: Record<Dialect, DerivedConstants> = {
  sqlite: derivedConstants(sqliteSchema as unknown as Tables),
  postgres: derivedConstants(postgresSchema),
};

/** Today's constants with one changed: as if a copy of the code had moved on and the database not. */
const changes: {
  what: string;
  group: DerivedGroup['name'];
  change: (c: DerivedConstants) => DerivedConstants;
}[] = [
  {
    what: "a status leaves the guarantee's running set",
    group: 'overdue-days',
    change: (c) => ({
      ...c,
      undecided: c.undecided.filter((s) => s !== 'verified'),
    }),
  },
  {
    what: 'the search-prefix length grows',
    group: 'search-prefixes',
    change: (c) => ({
      ...c,
      searchKeys: c.searchKeys.map((k) => ({ ...k, longest: k.longest + 1 })),
    }),
  },
  {
    what: 'the reports stop reading a column',
    group: 'report-marks',
    change: (c) => ({
      ...c,
      reportReads: c.reportReads.map((r) => (r.table === 'applications' ? { ...r, reads: r.reads.filter((col) => col !== 'postcode') } : r)),
    }),
  },
];

const groupOf = (dialect: Dialect, constants: DerivedConstants, name: DerivedGroup['name']) => renderDerivedSql(dialect, constants).find((g) => g.name === name)!;

interface Target {
  p: Persistence;
  drift(group: DerivedGroup): Promise<string[]>;
  install(groups: DerivedGroup[]): Promise<string[]>;
  overdue(): Promise<Record<string, number>>;
  prefixes(status: string): Promise<number>;
}

/** One verified application past its deadline: counted overdue, its prefixes counted in 'verified'. */
async function seed(p: Persistence) {
  const user = await p.users.create(aUser({ email: 'derived@example.com', fullName: 'Derived Sql' }));
  await p.applications.create(anApplication(user.id, { status: 'verified', guaranteeDeadline: T0 }));
}

function suite(dialect: Dialect, open: () => Promise<Target>, close: () => Promise<void>) {
  describe(`${dialect}: the derived triggers`, () => {
    let t: Target;
    beforeAll(async () => {
      t = await open();
    });
    afterAll(close);

    it('are in the migrated database exactly as the code renders them', async () => {
      for (const group of renderDerivedSql(dialect, TODAY[dialect])) expect(await t.drift(group), group.name).toEqual([]);
      // A second migrate() finds them in place and touches nothing.
      expect(await t.install(renderDerivedSql(dialect, TODAY[dialect]))).toEqual([]);
    });

    it.each(changes)('differ when $what', async ({ group, change }) => {
      const drift = await t.drift(groupOf(dialect, change(TODAY[dialect]), group));
      expect(drift.length).toBeGreaterThan(0);
      // Only the changed group: the others still match.
      for (const other of changes.filter((c) => c.group !== group)) expect(await t.drift(groupOf(dialect, change(TODAY[dialect]), other.group))).toEqual([]);
    });

    it('follow a changed constant at migrate(), counted afresh', async () => {
      await seed(t.p);
      expect(await t.overdue()).toEqual({ verified: 1 });
      const verifiedPrefixes = await t.prefixes('verified');
      expect(verifiedPrefixes).toBeGreaterThan(0);

      // A database whose triggers were rendered without 'verified' in the running set, and with one
      // prefix character more: it counted the application out of the overdue days, and in 6 more prefixes.
      const other = changes[0]!.change(changes[1]!.change(TODAY[dialect]));
      expect(await t.install(renderDerivedSql(dialect, other))).toEqual(['overdue-days', 'search-prefixes']);
      expect(await t.overdue()).toEqual({});
      expect(await t.prefixes('verified')).toBeGreaterThan(verifiedPrefixes);
      expect(await t.drift(groupOf(dialect, TODAY[dialect], 'overdue-days'))).not.toEqual([]);

      await t.p.migrate();
      for (const group of renderDerivedSql(dialect, TODAY[dialect])) expect(await t.drift(group), group.name).toEqual([]);
      expect(await t.overdue()).toEqual({ verified: 1 });
      expect(await t.prefixes('verified')).toBe(verifiedPrefixes);
    });
  });
}

const counts = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [String(r.status), Number(r.n)]));

{
  const dir = mkdtempSync(join(tmpdir(), 'evisa-derived-'));
  let p: Persistence;
  let db: Database.Database;
  suite(
    'sqlite',
    async () => {
      const file = join(dir, 'db.sqlite');
      p = createSqlitePersistence(file);
      await p.migrate();
      db = new Database(file);
      return {
        p,
        drift: async (group) => sqliteDrift(db, group),
        install: async (groups) => installSqliteDerivedSql(db, groups),
        overdue: async () => counts(db.prepare('select status, sum(n) as n from application_overdue_days group by 1').all() as Record<string, unknown>[]),
        prefixes: async (status) => Number((db.prepare('select count(*) as k from application_search_prefixes where status = ? and n > 0').get(status) as { k: number }).k),
      };
    },
    async () => {
      db?.close();
      await p?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  );
}

{
  let harness: PersistenceHarness & { database: { url: string } };
  let client: pg.Client;
  let p: Persistence;
  suite(
    'postgres',
    async () => {
      harness = await postgresHarness();
      client = new pg.Client({ connectionString: harness.database.url });
      await client.connect();
      p = await harness.create();
      return {
        p,
        drift: (group) => postgresDrift(client, group),
        install: (groups) => installPostgresDerivedSql(client, groups),
        overdue: async () => counts((await client.query('select status, sum(n) as n from application_overdue_days group by 1')).rows),
        prefixes: async (status) => Number((await client.query('select count(*) as k from application_search_prefixes where status = $1 and n > 0', [status])).rows[0].k),
      };
    },
    async () => {
      await client?.end();
      await harness?.dispose();
    },
  );
}

// The guarantee's running set is the core's (one list, not a copy in the SQL).
it('the overdue triggers count the core running statuses', () => {
  expect(TODAY.sqlite.undecided).toEqual(UNDECIDED_STATUSES);
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const sql = groupOf(dialect, TODAY[dialect], 'overdue-days');
    const text = [...sql.functions.map((f) => f.create), ...sql.triggers.map((tr) => tr.create)].join('\n');
    for (const status of UNDECIDED_STATUSES) expect(text).toContain(`'${status}'`);
    expect(text).not.toContain("'approved'");
  }
});
