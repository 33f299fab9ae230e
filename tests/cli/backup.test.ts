import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../apps/cli/commands/seed-demo.js';
import type { Agency } from '../../apps/shared/agency.js';
import { createAgency } from '../../apps/shared/composition-root.js';
import { loadConfig } from '../../apps/shared/config.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { CLI_OPERATOR, recordAudit } from '../../core/use-cases/audit.js';
import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { startTestPostgres, testPostgresSource, type TestPostgres } from '../support/postgres.js';
import { S3RVER_KEY, S3RVER_SECRET, startS3Server, type LocalS3Server } from '../support/s3-server.js';
import { oneLineError, runCli, type CliResult } from './helpers/cli.js';

/**
 * `evisa backup`, `evisa restore` and `evisa backup verify` (decision 0027) against what they wrote
 * and what they refused: the archive read back, the restored database and files compared with the
 * source byte for byte, and every bad input (cut short, altered, onto a database that holds records,
 * from a newer schema, of the other database, in use) leaving the place restored into as it was.
 */

const quiet = { line() {}, summary() {}, warn() {}, progress: () => ({ increment() {}, setTotal() {}, stop() {} }) };
const dirs: string[] = [];
function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `evisa-backup-test-${name}-`));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** An agency's data: 30 demo applications with their files, and audit entries. */
async function fill(env: NodeJS.ProcessEnv, seedNumber: number): Promise<void> {
  const agency = await createAgency(env);
  try {
    await agency.persistence.migrate();
    await seed(agency, { applications: 30, files: true, seed: seedNumber, password: 'demo-password' }, quiet);
    for (let i = 0; i < 3; i++) {
      await recordAudit(agency.ports, CLI_OPERATOR, { action: 'application.note_written', target: { type: 'application', id: i + 1 }, applicationId: i + 1, detail: { n: i } });
    }
  } finally {
    await agency.close();
  }
}

/** Every file of an uploads folder (sidecars too), by relative path, as sha256. */
function folderHashes(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, file), createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
  }
  return found;
}

/** Rows per table of a SQLite file. */
function sqliteCounts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const names = db.prepare<[], string>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").pluck().all();
    return Object.fromEntries(names.map((n) => [n, db.prepare<[], number>(`select count(*) from "${n}"`).pluck().get()!]));
  } finally {
    db.close();
  }
}

/** The entries of an archive, in order, with their bytes. */
async function archiveEntries(file: string): Promise<{ name: string; body: Buffer }[]> {
  const extract = tar.extract();
  fs.createReadStream(file).pipe(extract);
  const entries: { name: string; body: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

/** The one archive a backup wrote into `dir`. */
function onlyArchive(dir: string): string {
  const names = fs.readdirSync(dir).filter((n) => n.endsWith('.tar'));
  expect(names).toHaveLength(1);
  return path.join(dir, names[0]!);
}

function expectRefused(result: CliResult, code: number, message: RegExp): void {
  expect(result.code, result.stderr + result.stdout).toBe(code);
  expect(oneLineError(result)).toMatch(message);
}

describe('evisa backup and restore on SQLite', { timeout: 120_000 }, () => {
  let source: Record<string, string>;
  let archive: string;

  beforeAll(async () => {
    const dataDir = tempDir('source');
    source = { DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'archives') };
    await fill(source, 11);
    const done = await runCli(['backup'], source);
    expect(done.code, done.stderr).toBe(0);
    archive = onlyArchive(source.BACKUP_DIR);
    expect(done.stdout).toContain(`Archive: ${archive}`);
  });

  it('writes one archive: the database copy, every stored file as stored, and a manifest with their sha256', async () => {
    const entries = await archiveEntries(archive);
    expect(entries[0]!.name).toBe('database/agency.sqlite.gz');
    expect(entries.at(-1)!.name).toBe('manifest.json');
    const manifest = JSON.parse(entries.at(-1)!.body.toString('utf8'));
    const counts = sqliteCounts(path.join(source.DATA_DIR, 'agency.sqlite'));
    expect(manifest).toMatchObject({ format: 'evisa-backup', formatVersion: 1, database: { format: 'sqlite', name: 'database/agency.sqlite.gz' }, tables: counts, filesGone: 0 });
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    expect(manifest.auditHead).toMatchObject({ seq: 3, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(counts.applications).toBe(30);

    const uploads = path.join(source.DATA_DIR, 'uploads');
    const stored = fs
      .readdirSync(uploads)
      .filter((n) => !n.endsWith('.meta.json'))
      .sort();
    const fileParts = entries.filter((e) => e.name.startsWith('files/'));
    expect(fileParts.map((e) => e.name.slice('files/'.length)).sort()).toEqual(stored);
    for (const part of fileParts) {
      expect(part.body.equals(fs.readFileSync(path.join(uploads, part.name.slice('files/'.length))))).toBe(true);
      const listed = manifest.files.find((f: { name: string }) => f.name === part.name);
      expect(listed.sha256).toBe(createHash('sha256').update(part.body).digest('hex'));
    }
    for (const part of [entries[0]!]) expect(manifest.database.sha256).toBe(createHash('sha256').update(part.body).digest('hex'));
  });

  it('restores into an empty DATA_DIR: the same rows, every file byte-identical, the audit chain intact', async () => {
    const target = { DATA_DIR: tempDir('restored') };
    const result = await runCli(['restore', archive], target);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/every sha256 matches/);
    expect(result.stdout).toMatch(/^ {2}applications +30$/m);
    expect(result.stdout).toMatch(/Restored SQLite database .* 30 applications, .* 3 audit entries; audit chain intact/);
    expect(sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'))).toEqual(sqliteCounts(path.join(source.DATA_DIR, 'agency.sqlite')));
    expect(folderHashes(path.join(target.DATA_DIR, 'uploads'))).toEqual(folderHashes(path.join(source.DATA_DIR, 'uploads')));
    const audit = await runCli(['verify-audit'], target);
    expect(audit.stdout).toMatch(/Audit log intact: 3 entries/);
  });

  it('backup verify restores into a throw-away place and finds everything matching; a damaged copy fails it', async () => {
    const ok = await runCli(['backup', 'verify', archive], source);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Backup verified .*30 applications.* match the manifest; audit chain intact \(3 entries/);
    const cut = path.join(tempDir('cut'), 'cut.tar');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, 20_000));
    expectRefused(await runCli(['backup', 'verify', cut], source), 1, /truncated|incomplete/);
  });

  it('refuses an archive cut short, and writes nothing', async () => {
    const target = { DATA_DIR: tempDir('truncated') };
    const bytes = fs.readFileSync(archive);
    for (const length of [Math.floor(bytes.length / 2), bytes.length - 1024 - 300, 700]) {
      const cut = path.join(target.DATA_DIR, '..', `${path.basename(target.DATA_DIR)}-cut.tar`);
      fs.writeFileSync(cut, bytes.subarray(0, length));
      dirs.push(cut);
      expectRefused(await runCli(['restore', cut], target), 1, /is truncated or (damaged|incomplete)/);
      expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
    }
  });

  it('refuses an archive whose part does not match its sha256, and writes nothing', async () => {
    const target = { DATA_DIR: tempDir('altered') };
    const entries = await archiveEntries(archive);
    const victim = entries.find((e) => e.name.startsWith('files/'))!;
    const bytes = Buffer.from(fs.readFileSync(archive));
    // The victim's bytes in the tar (after its header): one byte changed, the tar itself still whole.
    const at = bytes.indexOf(victim.body, bytes.indexOf(Buffer.from(victim.name)));
    expect(at).toBeGreaterThan(0);
    bytes[at + 3] ^= 0xff;
    const altered = path.join(tempDir('altered-archive'), 'altered.tar');
    fs.writeFileSync(altered, bytes);
    expectRefused(await runCli(['restore', altered], target), 1, new RegExp(`the sha256 of ${victim.name} does not match its manifest`));
    expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
    expectRefused(await runCli(['backup', 'verify', altered], source), 1, /does not match its manifest/);
  });

  it('refuses a database that holds records without --force (nothing changed), replaces it with --force', async () => {
    const target = { DATA_DIR: tempDir('occupied') };
    await fill(target, 12);
    const before = sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'));
    const files = folderHashes(path.join(target.DATA_DIR, 'uploads'));
    expectRefused(await runCli(['restore', archive], target), 2, /Nothing was restored: the SQLite database .* holds records.*--force/);
    expect(sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'))).toEqual(before);
    expect(folderHashes(path.join(target.DATA_DIR, 'uploads'))).toEqual(files);

    const forced = await runCli(['restore', archive, '--force'], target);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/Deleted \d+ stored files the archive does not have/);
    expect(sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'))).toEqual(sqliteCounts(path.join(source.DATA_DIR, 'agency.sqlite')));
    expect(folderHashes(path.join(target.DATA_DIR, 'uploads'))).toEqual(folderHashes(path.join(source.DATA_DIR, 'uploads')));
  });

  it('refuses a file store that holds files without --force', async () => {
    const target = { DATA_DIR: tempDir('files-only') };
    fs.mkdirSync(path.join(target.DATA_DIR, 'uploads'));
    fs.writeFileSync(path.join(target.DATA_DIR, 'uploads', 'somebody-else'), 'a scan');
    expectRefused(await runCli(['restore', archive], target), 2, /the file store holds files/);
    expect(fs.existsSync(path.join(target.DATA_DIR, 'agency.sqlite'))).toBe(false);
  });

  it('refuses to replace a database another process has open (the server), with --force too', async () => {
    const target = { DATA_DIR: tempDir('in-use') };
    await fill(target, 13);
    const before = sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'));
    const files = folderHashes(path.join(target.DATA_DIR, 'uploads'));
    const server = await createAgency(target);
    try {
      await server.ports.users.findByEmail('nobody@example.com');
      expectRefused(await runCli(['restore', archive, '--force'], target), 1, /is in use by another process: stop the server/);
    } finally {
      await server.close();
    }
    expect(sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'))).toEqual(before);
    expect(folderHashes(path.join(target.DATA_DIR, 'uploads'))).toEqual(files);
  });

  it('refuses an archive from a newer schema than this version knows, and writes nothing', async () => {
    const newer = { DATA_DIR: tempDir('newer'), BACKUP_DIR: tempDir('newer-archives') };
    await fill(newer, 14);
    const db = new Database(path.join(newer.DATA_DIR, 'agency.sqlite'));
    const latest = db.prepare<[], number>('select max(created_at) from __drizzle_migrations').pluck().get()!;
    // A migration a later version of evisa applied.
    db.prepare('insert into __drizzle_migrations (hash, created_at) values (?, ?)').run('a-later-migration', latest + 86_400_000);
    db.close();
    const done = await runCli(['backup'], newer);
    expect(done.code, done.stderr).toBe(0);
    const target = { DATA_DIR: tempDir('newer-target') };
    expectRefused(await runCli(['restore', onlyArchive(newer.BACKUP_DIR)], target), 1, /holds a database of a newer schema .* than this version of evisa knows/);
    expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
  });

  it('refuses what is no archive, or no archive at all', async () => {
    const target = { DATA_DIR: tempDir('not-an-archive') };
    const junk = path.join(tempDir('junk'), 'notes.tar');
    fs.writeFileSync(junk, 'these are not the archives you are looking for\n'.repeat(40));
    expectRefused(await runCli(['restore', junk], target), 1, /truncated or damaged|not an evisa backup/);
    expectRefused(await runCli(['restore', path.join(target.DATA_DIR, 'missing.tar')], target), 1, /There is no archive at/);
    expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
  });
});

describe('the scheduled backup job', { timeout: 120_000 }, () => {
  let agency: Agency;
  let env: Record<string, string>;
  beforeAll(async () => {
    const dataDir = tempDir('job');
    env = { DATA_DIR: dataDir, BACKUP_KEEP: '2' };
    await fill(env, 21);
    agency = await createAgency(env);
  });
  afterAll(async () => {
    await agency?.close();
  });

  it('is scheduled daily at 02:00 London time by default, configurable, and validated', () => {
    expect(loadConfig({ DATA_DIR: '/srv/evisa' }).backup).toEqual({ schedule: '0 2 * * *', keep: 14, dir: path.resolve('/srv/evisa/backups') });
    expect(jobDefinition(agency, 'backup')).toMatchObject({ schedule: '0 2 * * *', timezone: 'Europe/London' });
    expect(loadConfig({ BACKUP_SCHEDULE: 'off', BACKUP_DIR: 's3://k:s@minio:9000/backups/evisa' }).backup).toMatchObject({ schedule: null, dir: 's3://k:s@minio:9000/backups/evisa' });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('Invalid configuration: BACKUP_KEEP must be a whole number from 1 to 10000 (got 0)');
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'at two' })).toThrow(/BACKUP_SCHEDULE must be a cron expression of 5 fields \(minute hour day month weekday, Europe\/London time\)/);
    expect(() => loadConfig({ BACKUP_DIR: 'ftp://backups.example/evisa' })).toThrow(/BACKUP_DIR must be a folder or an s3:\/\/ URL/);
  });

  it('writes an archive into BACKUP_DIR and keeps only the newest BACKUP_KEEP', async () => {
    const job = jobDefinition(agency, 'backup');
    const lines: string[] = [];
    for (let i = 0; i < 3; i++) lines.push((await job.run({}))!);
    const archives = fs.readdirSync(path.join(env.DATA_DIR, 'backups')).sort();
    expect(archives).toHaveLength(2);
    expect(lines[2]).toMatch(/^wrote .*evisa-backup-\d{8}T\d{9}Z\.tar \(\d+\.\d MB, \d+ file\(s\)\); removed 1 archive\(s\) beyond the newest 2$/);
    expect(lines[2]).toContain(archives[1]);
    // The two newest are the last two runs' (names are their UTC time to the millisecond).
    expect(lines[1]).toContain(archives[0]);
  });

  it('is one of the queues `evisa jobs` lists', async () => {
    const result = await runCli(['jobs'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^backup +0 +0 +0 +-$/m);
  });
});

describe('documents in an S3 bucket, archives in another', { timeout: 180_000 }, () => {
  let s3: LocalS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  /** Every object of a bucket: its bytes' sha256, content type and file name, by key. */
  async function bucket(name: string): Promise<Map<string, string>> {
    const store = new MinioFileStorage(s3.storageUrl(name));
    const found = new Map<string, string>();
    for await (const { key } of store.list()) {
      const file = (await store.get(key))!;
      const hash = createHash('sha256');
      for await (const chunk of file.body) hash.update(chunk as Buffer);
      found.set(key, `${hash.digest('hex')} ${file.info.contentType} ${file.info.fileName}`);
    }
    return found;
  }

  it('backs the bucket up as stored into s3://, restores from s3:// into an empty bucket, and prunes archives there', async () => {
    const archives = `s3://${S3RVER_KEY}:${S3RVER_SECRET}@127.0.0.1:${s3.port}/evisa-backups/nightly?ssl=false`;
    const source = { DATA_DIR: tempDir('s3-source'), STORAGE_URL: s3.storageUrl('evisa-files'), BACKUP_DIR: archives, BACKUP_KEEP: '1' };
    await fill(source, 41);
    const stored = await bucket('evisa-files');
    expect(stored.size).toBeGreaterThan(30);

    const done = await runCli(['backup'], source);
    expect(done.code, done.stderr).toBe(0);
    const location = /Archive: (s3:\/\/\S+)/.exec(done.stdout)?.[1];
    expect(location).toMatch(new RegExp(`^s3://127\\.0\\.0\\.1:${s3.port}/evisa-backups/nightly/evisa-backup-\\d{8}T\\d{9}Z\\.tar$`));
    // No secret in what the operator reads.
    expect(done.stdout).not.toContain(S3RVER_SECRET);

    const archiveUrl = `s3://${S3RVER_KEY}:${S3RVER_SECRET}@127.0.0.1:${s3.port}/evisa-backups/nightly/${location!.split('/').pop()}?ssl=false`;
    const target = { DATA_DIR: tempDir('s3-target'), STORAGE_URL: s3.storageUrl('evisa-restored') };
    const restored = await runCli(['restore', archiveUrl], target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await bucket('evisa-restored')).toEqual(stored);
    expect(sqliteCounts(path.join(target.DATA_DIR, 'agency.sqlite'))).toEqual(sqliteCounts(path.join(source.DATA_DIR, 'agency.sqlite')));

    // Backing up into BACKUP_DIR again keeps only the newest BACKUP_KEEP (1) there.
    const again = await runCli(['backup'], source);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Removed 1 older archive beyond the newest 1: evisa-backup-/);
    const left = [...(await bucket('evisa-backups')).keys()];
    expect(left).toHaveLength(1);
    expect(again.stdout).toContain(left[0]!.split('/').pop());
  });
});

const usePostgres = (await testPostgresSource()) !== 'pglite' || Boolean(process.env.CI);
/** pg_dump needs a real PostgreSQL server (the in-process PGlite fallback speaks a newer major version). */
describe.runIf(usePostgres)('evisa backup and restore on PostgreSQL', { timeout: 180_000 }, () => {
  const databases: TestPostgres[] = [];
  let source: Record<string, string>;
  let archive: string;
  const database = async () => {
    const db = await startTestPostgres();
    databases.push(db);
    return db.url;
  };
  const counts = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string; u: string; a: string }>(
        'select (select count(*) from applications) as n, (select count(*) from users) as u, (select count(*) from audit_log) as a',
      );
      return rows[0];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const dataDir = tempDir('pg-source');
    source = { DATA_DIR: dataDir, DATABASE_URL: await database(), BACKUP_DIR: path.join(dataDir, 'archives') };
    await fill(source, 31);
    const done = await runCli(['backup'], source);
    expect(done.code, done.stderr).toBe(0);
    archive = onlyArchive(source.BACKUP_DIR);
  });
  afterAll(async () => {
    for (const db of databases) await db.stop().catch(() => undefined);
  });

  it('restores a pg_dump archive into an empty database, and verifies it in a throw-away one', async () => {
    const target = { DATA_DIR: tempDir('pg-target'), DATABASE_URL: await database() };
    const result = await runCli(['restore', archive], target);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Restored PostgreSQL database .* 30 applications, .* 3 audit entries; audit chain intact/);
    expect(await counts(target.DATABASE_URL)).toEqual(await counts(source.DATABASE_URL));
    expect(folderHashes(path.join(target.DATA_DIR, 'uploads'))).toEqual(folderHashes(path.join(source.DATA_DIR, 'uploads')));

    const verified = await runCli(['backup', 'verify', archive], source);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/restored into a throw-away PostgreSQL database match the manifest/);
    // The throw-away database is gone again.
    const client = new pg.Client({ connectionString: source.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query("select datname from pg_database where datname like 'evisa_verify_%'");
    await client.end();
    expect(rows).toEqual([]);
  });

  it('refuses a database that holds records without --force and leaves it as it was; a cut archive changes nothing even with --force', async () => {
    const target = { DATA_DIR: tempDir('pg-occupied'), DATABASE_URL: await database() };
    await fill(target, 32);
    const before = await counts(target.DATABASE_URL);
    expectRefused(await runCli(['restore', archive], target), 2, /Nothing was restored: the PostgreSQL database .* holds records/);
    expect(await counts(target.DATABASE_URL)).toEqual(before);

    const cut = path.join(tempDir('pg-cut'), 'cut.tar');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.6)));
    expectRefused(await runCli(['restore', cut, '--force'], target), 1, /is truncated or (damaged|incomplete)/);
    expect(await counts(target.DATABASE_URL)).toEqual(before);

    const forced = await runCli(['restore', archive, '--force'], target);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await counts(target.DATABASE_URL)).toEqual(await counts(source.DATABASE_URL));
  });

  it('refuses to replace a database another connection uses (a server not stopped), with --force too', async () => {
    const target = { DATA_DIR: tempDir('pg-in-use'), DATABASE_URL: await database() };
    await fill(target, 33);
    const before = await counts(target.DATABASE_URL);
    const files = folderHashes(path.join(target.DATA_DIR, 'uploads'));
    const server = new pg.Client({ connectionString: target.DATABASE_URL });
    await server.connect();
    try {
      expectRefused(await runCli(['restore', archive, '--force'], target), 1, /is in use by 1 other connection\(s\): stop the server/);
    } finally {
      await server.end();
    }
    expect(await counts(target.DATABASE_URL)).toEqual(before);
    expect(folderHashes(path.join(target.DATA_DIR, 'uploads'))).toEqual(files);
  });

  it('refuses a PostgreSQL archive where the agency is configured for SQLite', async () => {
    const sqliteTarget = { DATA_DIR: tempDir('pg-to-sqlite') };
    expectRefused(await runCli(['restore', archive], sqliteTarget), 2, /holds a PostgreSQL database, but this agency is configured for an embedded SQLite database/);
    expect(fs.readdirSync(sqliteTarget.DATA_DIR)).toEqual([]);
  });
});
