export type { Persistence } from './persistence.js';
export { createMemoryPersistence } from './memory/index.js';
export { createPostgresPersistence } from './postgres/index.js';
export { createSqlitePersistence } from './sqlite/index.js';
export { openPersistence } from './open.js';
