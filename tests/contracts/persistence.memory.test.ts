import { createMemoryPersistence } from '../../adapters/persistence/memory/index.js';
import { describePersistenceContract } from './persistence.contract.js';

describePersistenceContract('memory', async () => createMemoryPersistence());
