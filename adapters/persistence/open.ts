import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errors } from '../../core/domain/errors.js';
import type { Persistence } from './persistence.js';
import { createSqlitePersistence } from './sqlite/index.js';

/**
 * Opens the configured database: a `postgres://` / `postgresql://` DATABASE_URL selects PostgreSQL
 * (pg and its drizzle driver are loaded only then), otherwise the embedded SQLite file (its folder
 * is created). Does NOT migrate: call migrate().
 */
export async function openPersistence(options: {
  databaseUrl: string | null;
  sqliteFile: string;
  poolSize?: number;
  /** Where the job engine's own errors go (pg-boss's; default standard error). */
  log?: (line: string) => void;
}): Promise<Persistence> {
  const url = options.databaseUrl?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//i.test(url)) {
      throw errors.unavailable('database', 'DATABASE_URL must start with postgres:// or postgresql://.');
    }
    const { createPostgresPersistence } = await import('./postgres/index.js');
    return createPostgresPersistence(url, { max: options.poolSize, log: options.log });
  }
  const file = resolve(options.sqliteFile);
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (e) {
    throw errors.unavailable('database', `Cannot create the folder for the SQLite database at ${file}: ${(e as Error).message}`);
  }
  return createSqlitePersistence(file);
}
