import pg from 'pg';

/**
 * The database a CLI/server benchmark runs on: `BENCH_DATABASE_URL` (a postgres:// URL, e.g. your
 * own `createdb bench_me`) selects PostgreSQL; unset, each run uses SQLite in a temp DATA_DIR.
 * The PostgreSQL database is EMPTIED before each seed (its public and drizzle schemas dropped), so
 * never point it at data you want to keep.
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
export const BENCH_DIALECT = BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';

/** Drops everything in the bench database, so `evisa migrate` and seed-demo start from nothing. */
export async function emptyBenchDatabase(): Promise<void> {
  if (!BENCH_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    // pg-boss's schema too: the jobs of earlier runs (and their dead rows, where autovacuum is off)
    // would make every run slower than the one before.
    await client.query('drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
}

/** The env a benchmark's CLI child or server gets for the bench database. */
export function databaseEnv(): Record<string, string> {
  return BENCH_DATABASE_URL ? { DATABASE_URL: BENCH_DATABASE_URL } : {};
}
