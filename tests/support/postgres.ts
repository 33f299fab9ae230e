import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL database of its own for one test file, reached through the real `pg` driver.
 *
 * Where it comes from, in order:
 *  1. TEST_DATABASE_URL (CI: the PostgreSQL 15 server on 127.0.0.1:5432): a fresh database with a
 *     random name is created on that server and dropped by stop().
 *  2. The same on a PostgreSQL server at 127.0.0.1:5432 (user postgres, trust auth) when one answers.
 *  3. testcontainers (postgres:15-alpine) when a Docker engine answers (detected in a few ms).
 *  4. Otherwise an in-process PGlite (Postgres 18 in WebAssembly) served over the Postgres wire
 *     protocol by @electric-sql/pglite-socket on a random loopback port. It serves one connection
 *     at a time inside a transaction and mixes concurrent connections' statements outside one, so
 *     the suites where several processes share the database (the job engine's pg-boss pool beside
 *     the agency's) do not run on it.
 */
export interface TestPostgres {
  url: string;
  source: 'TEST_DATABASE_URL' | 'local-server' | 'testcontainers' | 'pglite';
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function createDatabaseOn(serverUrl: string, source: TestPostgres['source'], cleanup?: () => Promise<void>): Promise<TestPostgres> {
  const name = `evisa_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    source,
    async stop() {
      const c = new pg.Client({ connectionString: serverUrl });
      try {
        await c.connect();
        // Ends connections still open (a leaked pool must not keep the database alive); PG 13+.
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end().catch(() => {});
        await cleanup?.();
      }
    },
  };
}

/** Places a container runtime announces itself; with none of them, testcontainers is not even loaded. */
function dockerHints(): boolean {
  if (process.env.DOCKER_HOST || process.env.TESTCONTAINERS_HOST_OVERRIDE) return true;
  const home = homedir();
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const candidates = [
    '/var/run/docker.sock',
    '/run/docker.sock',
    '/run/podman/podman.sock',
    join(home, '.testcontainers.properties'),
    join(home, '.docker', 'run', 'docker.sock'),
    join(home, '.docker', 'desktop', 'docker.sock'),
    join(home, '.colima', 'default', 'docker.sock'),
    join(home, '.rd', 'docker.sock'),
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock'), join(runtimeDir, 'podman', 'podman.sock')] : []),
  ];
  return candidates.some((c) => existsSync(c));
}

async function dockerWorks(): Promise<boolean> {
  if (!dockerHints()) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainer(): Promise<TestPostgres> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:15-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_USER: 'postgres', POSTGRES_DB: 'test' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const serverUrl = `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/test`;
  return createDatabaseOn(serverUrl, 'testcontainers', async () => {
    await container.stop();
  });
}

async function startPglite(): Promise<TestPostgres> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  return {
    url: `postgres://postgres@${host}:${port}/postgres`,
    source: 'pglite',
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** The PostgreSQL server a development machine runs (127.0.0.1:5432, trust auth), when it answers. */
const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function localServerAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: LOCAL_SERVER_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Which source startTestPostgres() will use, decided once per process. */
let chosen: Promise<TestPostgres['source']> | null = null;
export function testPostgresSource(): Promise<TestPostgres['source']> {
  chosen ??= (async () => {
    if (process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL' as const;
    // A real server beats the in-process fallback: several processes and pools share it as in production.
    if (await localServerAnswers()) return 'local-server' as const;
    if (await dockerWorks()) return 'testcontainers' as const;
    return 'pglite' as const;
  })();
  return chosen;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const source = await testPostgresSource();
  if (source === 'TEST_DATABASE_URL') return createDatabaseOn(process.env.TEST_DATABASE_URL as string, source);
  if (source === 'local-server') return createDatabaseOn(LOCAL_SERVER_URL, source);
  if (source === 'testcontainers') return startContainer();
  return startPglite();
}
