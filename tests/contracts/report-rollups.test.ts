import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { postgresHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { aUser } from './persistence-fixtures.js';

/**
 * The SQL stores' daily rollups as stored (docs/product.md §17.5): which days the job rolls up, that
 * a report answers from a rolled-up day, and that the triggers' marks send a day written in since
 * back to its rows. (That every figure is the same with and without rollups is the ReportQueries
 * contract's rolled-up run.)
 */
const z = (iso: string) => new Date(`${iso}Z`);
/** A London day in March 2026 (GMT), as a report window. */
const march = (day: number) => ({ start: z(`2026-03-${String(day).padStart(2, '0')}T00:00:00`), end: z(`2026-03-${String(day + 1).padStart(2, '0')}T00:00:00`) });

/** Raw SQL on the store's own database, answering rows. */
type Raw = (text: string) => Promise<Record<string, unknown>[]>;

interface Store {
  p: Persistence;
  raw: Raw;
  /** An instant as the dialect stores it, as a SQL literal. */
  at(instant: Date): string;
  close(): Promise<void>;
}

const sqliteStores = () => {
  const dir = mkdtempSync(join(tmpdir(), 'evisa-rollups-'));
  let n = 0;
  return {
    async open(): Promise<Store> {
      const file = join(dir, `db-${++n}.sqlite`);
      const p = createSqlitePersistence(file);
      await p.migrate();
      const db = new Database(file);
      return {
        p,
        raw: async (text) => (/^\s*select/i.test(text) ? (db.prepare(text).all() as Record<string, unknown>[]) : (db.prepare(text).run(), [])),
        at: (instant) => String(instant.getTime()),
        async close() {
          db.close();
          await p.close();
        },
      };
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
};

const postgresStores = () => {
  let harness: PersistenceHarness & { database: { url: string } };
  let client: pg.Client;
  return {
    async start() {
      harness = await postgresHarness();
      client = new pg.Client({ connectionString: harness.database.url });
      await client.connect();
    },
    async open(): Promise<Store> {
      const p = await harness.create();
      return {
        p,
        raw: async (text) => (await client.query(text)).rows,
        at: (instant) => `'${instant.toISOString()}'`,
        close: () => p.close(),
      };
    },
    async dispose() {
      await client?.end();
      await harness?.dispose();
    },
  };
};

const sqlite = sqliteStores();
const postgres = postgresStores();
beforeAll(() => postgres.start());
afterAll(async () => {
  await sqlite.dispose();
  await postgres.dispose();
});

for (const [label, stores] of [
  ['sqlite', sqlite],
  ['postgres', postgres],
] as const) {
  describe(`${label}: the reports' daily rollups`, () => {
    let s: Store;
    beforeEach(async () => {
      s = await stores.open();
      // Applicants registered on 1, 1 and 3 March (London days; GMT in March before the 29th).
      await s.p.bulk.insertUsers([aUser({ createdAt: z('2026-03-01T09:00:00') }), aUser({ createdAt: z('2026-03-01T23:59:59.999') }), aUser({ createdAt: z('2026-03-03T12:00:00') })]);
    });
    afterEach(() => s.close());

    const stored = async () => (await s.raw('select day, registered from report_days order by day')).map((r) => [r.day, Number(r.registered)]);
    const marks = async () => Number((await s.raw('select count(*) as n from report_dirty_hours'))[0]!.n);

    it('rolls up each day from the first row written to the day given, once, oldest first and a run at a time', async () => {
      expect(await marks()).toBeGreaterThan(0);
      expect(await s.p.reports.refreshRollups('2026-03-02', 1)).toEqual({ refreshed: 1, pending: 1 });
      expect(await stored()).toEqual([['2026-03-01', 2]]);
      expect(await s.p.reports.refreshRollups('2026-03-04', 10)).toEqual({ refreshed: 3, pending: 0 });
      expect(await stored()).toEqual([
        ['2026-03-01', 2],
        ['2026-03-02', 0],
        ['2026-03-03', 1],
        ['2026-03-04', 0],
      ]);
      // Every mark through the 4th is used up; nothing is left to do.
      expect(await marks()).toBe(0);
      expect(await s.p.reports.refreshRollups('2026-03-04', 10)).toEqual({ refreshed: 0, pending: 0 });
    });

    it('answers a rolled-up day from its rollup until a row it counts is written, then from the rows until the next run', async () => {
      await s.p.reports.refreshRollups('2026-03-04', 10);
      // The rollup answers (altered here by hand, to tell it from the rows).
      await s.raw(`update report_days set registered = 100 where day = '2026-03-01'`);
      expect(await s.p.reports.registered(march(1))).toBe(100);
      expect(await s.p.reports.registered({ start: march(1).start, end: march(3).end })).toBe(101);
      // A new applicant on the 1st marks its hour: the day is counted from its rows at once.
      await s.p.users.create(aUser({ createdAt: z('2026-03-01T12:30:00') }));
      expect(await marks()).toBe(1);
      expect(await s.p.reports.registered(march(1))).toBe(3);
      expect(await s.p.reports.registered({ start: march(1).start, end: march(3).end })).toBe(4);
      // The next run rolls up that day only.
      expect(await s.p.reports.refreshRollups('2026-03-04', 10)).toEqual({ refreshed: 1, pending: 0 });
      expect((await stored())[0]).toEqual(['2026-03-01', 3]);
      expect(await marks()).toBe(0);
    });

    it('marks an hour only for a write a report reads: a new staff flag does, a new name does not', async () => {
      await s.p.reports.refreshRollups('2026-03-04', 10);
      await s.raw(`update users set full_name = 'Renamed'`);
      expect(await marks()).toBe(0);
      await s.raw(`update users set is_admin = ${label === 'sqlite' ? 1 : 'true'} where created_at = ${s.at(z('2026-03-03T12:00:00'))}`);
      expect(await marks()).toBe(1);
      expect(await s.p.reports.registered(march(3))).toBe(0);
      // A deleted account marks its hour too.
      await s.raw(`delete from users where created_at = ${s.at(z('2026-03-01T09:00:00'))}`);
      expect(await s.p.reports.registered(march(1))).toBe(1);
    });

    if (label === 'postgres') {
      it('gives the planner statistics of the rollups after a catch-up run, as the bulk loader does for its rows', async () => {
        // 1 March to 15 April: 46 days at once, as a first run after a seed or an upgrade.
        expect(await s.p.reports.refreshRollups('2026-04-15', 400)).toEqual({ refreshed: 46, pending: 0 });
        const [estimate] = await s.raw(`select reltuples from pg_class where relname = 'report_days'`);
        expect(Number(estimate!.reltuples)).toBe(46);
      });
    }
  });
}
