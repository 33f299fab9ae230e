import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ClientToolFailed, factsShowRecords, migrationAt, TargetInUse, type DatabaseBackup, type DatabaseFacts, type DatabaseTarget } from '../backup.js';
import { describeTarget } from './unavailable.js';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * How the client tools reach the database: the URL without its password on the command line
 * (where `ps` would show it), the password in PGPASSWORD.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: u.toString(), env };
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** The first lines a tool printed on stderr, for the operator. */
function firstLines(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ');
}

/**
 * Runs a client tool to its end; its stdout goes to `stdout` when given, which is NOT ended (the
 * caller ends it only once the tool succeeded: psql must never see the end of a cut-short script).
 */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, stdout?: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    if (stdout) child.stdout!.pipe(stdout, { end: false });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new ClientToolFailed(`${tool} was not found: install PostgreSQL's client tools of the server's version (Debian: apt-get install postgresql-client).`) : error);
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new ClientToolFailed(`${tool} failed: ${firstLines(stderr) || `exit code ${code}`}`))));
  });
}

/** What the database holds, read on `client` (inside a REPEATABLE READ transaction: one snapshot). */
export async function postgresFacts(client: pg.ClientBase): Promise<DatabaseFacts> {
  const { rows: names } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'
      order by schemaname, tablename`,
  );
  const tables: Record<string, number> = {};
  // One statement for every count (a few hundred tables at most).
  if (names.length > 0) {
    const { rows } = await client.query<{ i: number; n: string }>(names.map((t, i) => `select ${i}::int as i, count(*) as n from ${ident(t.schema)}.${ident(t.name)}`).join(' union all '));
    for (const row of rows) {
      const t = names[row.i]!;
      tables[t.schema === 'public' ? t.name : `${t.schema}.${t.name}`] = Number(row.n);
    }
  }
  const has = (schema: string, name: string) => names.some((t) => t.schema === schema && t.name === name);
  const createdAt = has('drizzle', '__drizzle_migrations')
    ? ((await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations')).rows[0]?.at ?? null)
    : null;
  const head = has('public', 'audit_head') ? (await client.query<{ seq: string; hash: string }>('select seq::text as seq, hash from public.audit_head where id = 1')).rows[0] : undefined;
  return {
    tables,
    migration: migrationAt(createdAt === null ? null : Number(createdAt), MIGRATIONS_FOLDER),
    auditHead: head ? { seq: Number(head.seq), hash: head.hash } : null,
  };
}

/**
 * `pg_dump --format=custom` of the whole database while it keeps serving. The counts, the
 * migration and the audit head are read in a REPEATABLE READ transaction whose snapshot pg_dump
 * is given (`pg_export_snapshot()`, `--snapshot`): the manifest describes exactly the dump.
 */
export function postgresBackup(url: string): DatabaseBackup {
  return {
    format: 'pg_dump',
    async dump(file) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
        const facts = await postgresFacts(client);
        const { dbname, env } = connection(url);
        await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${dbname}`], env);
        await client.query('commit');
        return facts;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database a restore loads into. load() is ONE transaction (psql --single-transaction):
 * every schema the database has is dropped, `public` made again, and pg_restore's script of the
 * dump run — any failure rolls all of it back, so the database is either the dump or unchanged.
 */
export function postgresTarget(url: string, options: { scratch?: { serverUrl: string } } = {}): DatabaseTarget {
  const name = databaseName(url);
  return {
    format: 'pg_dump',
    label: `PostgreSQL database ${name} at ${describeTarget(url)}`,
    databaseUrl: url,
    async holdsRecords() {
      return factsShowRecords(await this.facts());
    },
    async assertNotInUse() {
      const others = await withClient(url, async (client) => {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        return Number(rows[0]!.n);
      });
      if (others > 0) {
        throw new TargetInUse(`The PostgreSQL database ${name} at ${describeTarget(url)} is in use by ${others} other connection(s): stop the server (and any evisa command) first.`);
      }
    },
    async load(dumpFile) {
      await this.assertNotInUse();
      const schemas = await withClient(url, async (client) => {
        const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by nspname");
        return rows.map((r) => r.name);
      });
      const drops = [...schemas.map((s) => `drop schema ${ident(s)} cascade;`), 'create schema public;'].join('\n');
      const { dbname, env } = connection(url);
      // pg_restore writes the dump as SQL; psql runs the drops and then that script in one transaction.
      const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', `--command=${drops}`, '--file=-', `--dbname=${dbname}`], {
        env,
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      let psqlErr = '';
      psql.stderr.setEncoding('utf8').on('data', (d: string) => (psqlErr += d));
      const psqlDone = new Promise<void>((resolve, reject) => {
        psql.on('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new ClientToolFailed("psql was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).") : error),
        );
        psql.on('close', (code) => (code === 0 ? resolve() : reject(new ClientToolFailed(`psql failed (nothing was changed): ${firstLines(psqlErr) || `exit code ${code}`}`))));
      });
      psql.stdin.on('error', () => undefined);
      const restoring = run('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], env, psql.stdin);
      try {
        await restoring;
      } catch (error) {
        // Killed before its input ended: the connection drops and the transaction is rolled back.
        psql.kill('SIGKILL');
        await psqlDone.catch(() => undefined);
        throw error;
      }
      psql.stdin.end();
      await psqlDone;
    },
    facts() {
      return withClient(url, async (client) => {
        await client.query('begin isolation level repeatable read read only');
        try {
          return await postgresFacts(client);
        } finally {
          await client.query('rollback').catch(() => undefined);
        }
      });
    },
    async drop() {
      if (!options.scratch) return;
      await withClient(options.scratch.serverUrl, (client) => client.query(`drop database if exists ${ident(name)} with (force)`));
    },
    async close() {},
  };
}

/**
 * A throw-away database beside the configured one, on the same server (the role needs CREATEDB):
 * `evisa backup verify` restores into it and drop() removes it.
 */
export async function scratchPostgresTarget(url: string): Promise<DatabaseTarget> {
  const name = `evisa_verify_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database ${ident(name)}`));
  return postgresTarget(withDatabase(url, name), { scratch: { serverUrl: url } });
}
