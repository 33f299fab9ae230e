import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of its own for one test file: made with the server's own initdb in a temp
 * folder and started with pg_ctl on a free loopback port, so a test may restart, stop or kill it
 * without touching the machine's shared server (or anybody else's databases). Trust auth, user
 * postgres. As root it runs as the `postgres` user (initdb refuses root), through runuser.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is ended (57P01), the server is down a moment, then back. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  dispose(): Promise<void>;
}

/** Where Debian's server binaries are (the newest installed major version), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a server binary as the cluster's owner. */
async function asOwner(bin: string, args: string[]): Promise<string> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const { stdout, stderr } = await run(file, argv, { timeout: 60_000 });
  return `${stdout}${stderr}`;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)');
  const dir = mkdtempSync(path.join(tmpdir(), 'evisa-private-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  await asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  // Loopback only, its socket in its own folder, fsync off (a test cluster), a quick fast shutdown.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=100`;
  const pgCtl = (args: string[]) => asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', ...args]);
  const start = async () => {
    await pgCtl(['-o', options, 'start']);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Ready for clients (pg_ctl -w waits for the postmaster; a first query proves it).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.end();
  return {
    url,
    port,
    async restart() {
      await pgCtl(['-m', 'fast', '-o', options, 'restart']);
    },
    async stop() {
      await pgCtl(['-m', 'fast', 'stop']);
    },
    start,
    async dispose() {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
