import { afterAll, beforeAll } from 'vitest';
import { postgresHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { testPostgresSource } from '../support/postgres.js';
import { describePersistenceContract } from './persistence.contract.js';

// A database of this file's own: TEST_DATABASE_URL's server (CI), else testcontainers, else PGlite
// over the wire (tests/support/postgres.ts). Every test starts from empty tables.
const source = await testPostgresSource();
let harness: PersistenceHarness;
beforeAll(async () => {
  harness = await postgresHarness();
});
afterAll(async () => {
  await harness?.dispose();
});

describePersistenceContract(`postgres (${source})`, () => harness.create());
