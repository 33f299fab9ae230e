import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { makeAppOn, makeMemoryApp, type TestAgency, type TestAppOptions } from './http.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from './persistence-adapters.js';

/** An agency to test through HTTP on one database; SQL ones keep one harness for the file (setup/teardown in beforeAll/afterAll). */
export interface AppDatabase {
  name: 'memory' | 'sqlite' | 'postgres';
  open(options?: TestAppOptions): Promise<TestAgency>;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
}

function sqlDatabase(name: 'sqlite' | 'postgres', makeHarness: () => Promise<PersistenceHarness>): AppDatabase {
  let harness: PersistenceHarness | undefined;
  return {
    name,
    async setup() {
      harness = await makeHarness();
    },
    async teardown() {
      await harness?.dispose();
    },
    async open(options) {
      if (!harness) throw new Error(`${name}: call setup() first (in beforeAll)`);
      return makeAppOn(await harness.create(), options);
    },
  };
}

/** The same HTTP suite on memory, SQLite and PostgreSQL (`describe.each(appDatabases())`). */
export function appDatabases(): AppDatabase[] {
  return [{ name: 'memory', open: (options) => makeMemoryApp(options) }, sqlDatabase('sqlite', async () => sqliteHarness()), sqlDatabase('postgres', () => postgresHarness())];
}

/**
 * A fresh agency on `db` for each test of the calling suite (the database's harness kept for the
 * file): `eachTestAgency(db, (agency) => (t = agency))` in a `describe.each(appDatabases())`.
 */
export function eachTestAgency(db: AppDatabase, use: (agency: TestAgency) => void, options?: TestAppOptions): void {
  let current: TestAgency | undefined;
  beforeAll(async () => {
    await db.setup?.();
  });
  afterAll(async () => {
    await db.teardown?.();
  });
  beforeEach(async () => {
    current = await db.open(options);
    use(current);
  });
  afterEach(async () => {
    await current?.close();
  });
}
