import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { anApplication, aUser, at } from './persistence-fixtures.js';

/**
 * SQLite's bulk load (seed-demo) sets the loaded tables' secondary indexes aside while it writes
 * and builds them again at its end; a load that stops before its end gets them back at the next
 * open (migrate). Either way the database ends with exactly the indexes it had.
 */
describe('SQLite bulk load: the secondary indexes', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'evisa-bulk-indexes-'));
    file = join(dir, 'agency.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Every index's name and definition, and whether a parked-indexes table is left. */
  function schemaOf(): { indexes: { name: string; sql: string | null }[]; parked: boolean } {
    const db = new Database(file, { readonly: true });
    try {
      const indexes = db.prepare<[], { name: string; sql: string | null }>(`select name, sql from sqlite_master where type = 'index' order by name`).all();
      const parked = db.prepare(`select 1 from sqlite_master where name = '_bulk_load_parked_indexes'`).get() !== undefined;
      return { indexes, parked };
    } finally {
      db.close();
    }
  }

  async function migrated() {
    const p = createSqlitePersistence(file);
    await p.migrate();
    return p;
  }

  it('are built again when the load finishes, and serve the stores as before', async () => {
    const first = await migrated();
    await first.close();
    const before = schemaOf();
    expect(before.indexes.some((i) => i.name === 'applications_search_surname_idx')).toBe(true);

    const p = createSqlitePersistence(file);
    const [userId] = await p.bulk.insertUsers([aUser()]);
    const during = schemaOf();
    expect(during.parked).toBe(true);
    expect(during.indexes.map((i) => i.name)).not.toContain('applications_search_surname_idx');
    // UNIQUE indexes are constraints: they stay.
    expect(during.indexes.map((i) => i.name)).toContain('applications_number_unique');

    const [applicationId] = await p.bulk.insertApplications([
      { application: anApplication(userId, { status: 'under_process', createdAt: at(1) }), payments: [], history: [], documents: [], finalFeeWaived: false },
    ]);
    await p.bulk.finish();
    expect(await p.applications.findById(applicationId)).toMatchObject({ id: applicationId, userId, status: 'under_process' });
    await p.close();
    expect(schemaOf()).toEqual(before);
  });

  it('come back at the next open when a load stopped before its end', async () => {
    const first = await migrated();
    await first.close();
    const before = schemaOf();

    const stopped = createSqlitePersistence(file);
    await stopped.bulk.insertUsers([aUser()]);
    await stopped.close();
    expect(schemaOf().parked).toBe(true);

    const reopened = await migrated();
    await reopened.close();
    expect(schemaOf()).toEqual(before);
  });
});
