import { afterAll } from 'vitest';
import { sqliteHarness } from '../support/persistence-adapters.js';
import { describePersistenceContract } from './persistence.contract.js';

// Each test gets a fresh, migrated SQLite file in a temp folder that is removed afterwards.
const harness = sqliteHarness();
afterAll(() => harness.dispose());

describePersistenceContract(harness.label, () => harness.create());
