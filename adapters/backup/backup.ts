import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { FileStorage } from '../../core/ports/file-storage.js';
import type { DatabaseBackup, DatabaseFacts, DumpFormat } from '../persistence/backup.js';
import { ArchiveProblem, ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, archiveWriter, FILES_PREFIX, firstMismatch, keyOfPart, readArchive, type Manifest, type ManifestFile } from './archive.js';
import { archiveName, type BackupStore } from './stores.js';

/** The database part's name in the archive, by format. */
const DATABASE_PART: Record<DumpFormat, string> = { sqlite: 'database/agency.sqlite.gz', pg_dump: 'database/agency.pgdump' };

/** Files read ahead of the one being archived (small scans come from the store in parallel). */
const READ_AHEAD = 8;
/** Files up to this size are read whole while others are archived; larger ones stream at their turn. */
const READ_AHEAD_MAX_BYTES = 4 << 20;

export interface BackupResult {
  name: string;
  location: string;
  /** The archive's size in bytes. */
  size: number;
  manifest: Manifest;
}

/** A temporary folder of our own (TMPDIR), removed whatever happens. */
export async function withScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evisa-backup-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Takes one backup into `store` while the agency keeps serving: first the database's consistent
 * copy (so every record in it was written before its files were listed: a document's file is
 * stored before its record, and is listed after), then every file the store lists, its bytes as
 * stored (encrypted bodies stay encrypted; no key is ever archived), then the manifest. A file
 * deleted between the copy and its turn (a purge running meanwhile) is counted as gone.
 */
export async function takeBackup(options: { database: DatabaseBackup; files: FileStorage; store: BackupStore; now: () => Date; log?: (line: string) => void }): Promise<BackupResult> {
  const { database, files, store, now, log = () => undefined } = options;
  const createdAt = now();
  const name = archiveName(createdAt);
  const started = performance.now();
  return withScratch(async (scratch) => {
    const dumpFile = path.join(scratch, 'database');
    const facts = await database.dump(dumpFile);
    let databaseFile = dumpFile;
    if (database.format === 'sqlite') {
      databaseFile = `${dumpFile}.gz`;
      await pipeline(createReadStream(dumpFile), createGzip({ level: 6 }), createWriteStream(databaseFile));
      await rm(dumpFile, { force: true });
    }
    log(`database copied (${describeTables(facts)}) in ${since(started)}`);

    const target = await store.create(name);
    const writer = archiveWriter(target.stream);
    try {
      const databaseSize = (await stat(databaseFile)).size;
      const databasePart = DATABASE_PART[database.format];
      const databaseSha = await writer.add(databasePart, databaseSize, createReadStream(databaseFile));
      await rm(databaseFile, { force: true });

      const archived: ManifestFile[] = [];
      let gone = 0;
      for await (const file of readAhead(files)) {
        if (!file) {
          gone += 1;
          continue;
        }
        const part = `${FILES_PREFIX}${file.info.key}`;
        const sha256 = await writer.add(part, file.info.size, file.body, file.modifiedAt);
        archived.push({ name: part, key: file.info.key, size: file.info.size, sha256, contentType: file.info.contentType, fileName: file.info.fileName });
      }
      log(`${archived.length} file(s) copied${gone ? `, ${gone} deleted before their turn` : ''} by ${since(started)}`);

      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        database: { name: databasePart, format: database.format, size: databaseSize, sha256: databaseSha },
        schema: facts.migration ? { migration: facts.migration.tag, createdAt: facts.migration.createdAt } : null,
        tables: facts.tables,
        auditHead: facts.auditHead,
        files: archived,
        filesGone: gone,
      };
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
      await writer.add('manifest.json', manifestBytes.length, manifestBytes);
      await writer.finish();
      await target.commit();
      const size = (await store.list()).find((a) => a.name === name)?.size ?? 0;
      return { name, location: target.location, size, manifest };
    } catch (error) {
      writer.abort();
      await target.abort();
      throw error;
    }
  });
}

type ReadFile = { info: { key: string; size: number; contentType: string; fileName: string }; body: Readable | Buffer; modifiedAt: Date } | null;

/**
 * The store's files in listing order, up to READ_AHEAD small ones read in parallel ahead of the
 * one being archived; null for a file gone before it was read.
 */
async function* readAhead(files: FileStorage): AsyncIterable<ReadFile> {
  const pending: Promise<ReadFile>[] = [];
  const fetch = async (key: string, modifiedAt: Date): Promise<ReadFile> => {
    const found = await files.get(key);
    if (!found) return null;
    if (found.info.size > READ_AHEAD_MAX_BYTES) return { info: found.info, body: found.body, modifiedAt };
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of found.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    } catch (error) {
      // Deleted between its metadata and its bytes.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return { info: found.info, body: Buffer.concat(chunks), modifiedAt };
  };
  try {
    for await (const { key, modifiedAt } of files.list()) {
      const next = fetch(key, modifiedAt);
      next.catch(() => undefined);
      pending.push(next);
      if (pending.length > READ_AHEAD) yield await pending.shift()!;
    }
    while (pending.length > 0) yield await pending.shift()!;
  } finally {
    // Streams opened ahead of a failure are closed.
    for (const p of pending) void p.then((f) => (f && !Buffer.isBuffer(f.body) ? f.body.destroy() : undefined)).catch(() => undefined);
  }
}

function since(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

function describeTables(facts: DatabaseFacts): string {
  const total = Object.values(facts.tables).reduce((a, b) => a + b, 0);
  return `${Object.keys(facts.tables).length} tables, ${total} rows`;
}

export interface CheckedArchive {
  manifest: Manifest;
  /** The database copy, ready to load (the SQLite file already un-gzipped), inside the caller's scratch folder. */
  databaseFile: string;
}

/**
 * Reads the whole archive once and checks it against its manifest — every part present, of its
 * size and sha256, nothing else in it — keeping only the database copy (in `scratch`, not the
 * place being restored). Nothing is restored while a check fails.
 */
export async function checkArchive(archive: string, label: string, scratch: string): Promise<CheckedArchive> {
  const extracted = path.join(scratch, 'database.part');
  let databasePart: string | null = null;
  const { manifest, digests } = await readArchive(createReadStream(archive), label, async (entry) => {
    if (!entry.name.startsWith('database/')) return;
    if (databasePart !== null) throw new ArchiveProblem(`${label} holds two database copies.`);
    databasePart = entry.name;
    await pipeline(Readable.from(entry.body), createWriteStream(extracted, { mode: 0o600 }));
  });
  const mismatch = firstMismatch(manifest, digests, label);
  if (mismatch) throw new ArchiveProblem(mismatch);
  if (manifest.database.name !== DATABASE_PART[manifest.database.format]) throw new ArchiveProblem(`${label} names a database part evisa does not write (${manifest.database.name}).`);
  if (manifest.database.format !== 'sqlite') return { manifest, databaseFile: extracted };
  const databaseFile = path.join(scratch, 'database.sqlite');
  try {
    await pipeline(createReadStream(extracted), createGunzip(), createWriteStream(databaseFile, { mode: 0o600 }));
  } catch (error) {
    throw new ArchiveProblem(`${label} holds a damaged database copy (${(error as Error).message}).`);
  }
  await rm(extracted, { force: true });
  return { manifest, databaseFile };
}

/**
 * Writes every file of the archive into `files` (after checkArchive passed), with the metadata
 * the manifest keeps. `readBack`: each file is read back from the store afterwards and its sha256
 * compared (verify). Answers how many files and bytes were written, and the first mismatch read
 * back, if any.
 */
export async function restoreFiles(
  archive: string,
  label: string,
  manifest: Manifest,
  files: FileStorage,
  options: { readBack?: boolean; concurrency?: number } = {},
): Promise<{ files: number; bytes: number; mismatch: string | null }> {
  const byPart = new Map(manifest.files.map((f) => [f.name, f]));
  const concurrency = options.concurrency ?? 8;
  const running = new Set<Promise<void>>();
  let count = 0;
  let bytes = 0;
  let mismatch: string | null = null;
  let failure: unknown = null;
  const put = async (file: ManifestFile, body: Buffer | Readable) => {
    await files.put(file.key, body, { contentType: file.contentType, fileName: file.fileName, size: file.size });
    count += 1;
    bytes += file.size;
    if (options.readBack && mismatch === null) {
      const stored = await files.get(file.key);
      const hash = createHash('sha256');
      if (stored) for await (const chunk of stored.body) hash.update(chunk as Buffer);
      const sha = stored ? hash.digest('hex') : null;
      if (sha !== file.sha256) mismatch = `${file.key} reads back ${sha ? `with sha256 ${sha.slice(0, 12)}…` : 'as missing'} instead of ${file.sha256.slice(0, 12)}… from the archive.`;
    }
  };
  await readArchive(createReadStream(archive), label, async (entry) => {
    const key = keyOfPart(entry.name);
    if (key === null) return;
    const file = byPart.get(entry.name);
    if (!file || file.key !== key) throw new ArchiveProblem(`${label} changed since it was checked (${entry.name}).`);
    if (failure) throw failure;
    if (file.size > READ_AHEAD_MAX_BYTES) {
      // A large file streams into the store while the archive waits for it.
      await Promise.all(running);
      await put(file, Readable.from(entry.body));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const task = put(file, body).catch((error: unknown) => {
      failure ??= error;
    });
    const tracked = task.finally(() => running.delete(tracked));
    running.add(tracked);
    if (running.size >= concurrency) await Promise.race(running);
  });
  await Promise.all(running);
  if (failure) throw failure;
  return { files: count, bytes, mismatch };
}

/** The first difference between what the manifest says the copy held and what a restored database holds, or null. */
export function factsMismatch(manifest: Manifest, facts: DatabaseFacts): string | null {
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(facts.tables)]);
  for (const name of [...names].sort()) {
    const want = manifest.tables[name];
    const got = facts.tables[name];
    if (want !== got) return `table ${name} holds ${got ?? 'no table'} rows where the archive's manifest says ${want ?? 'no table'}.`;
  }
  const wantHead = manifest.auditHead;
  const gotHead = facts.auditHead;
  if ((wantHead?.hash ?? null) !== (gotHead?.hash ?? null) || (wantHead?.seq ?? null) !== (gotHead?.seq ?? null)) {
    return `the audit chain's head is ${gotHead ? `${gotHead.seq} ${gotHead.hash.slice(0, 12)}…` : 'missing'} where the manifest says ${wantHead ? `${wantHead.seq} ${wantHead.hash.slice(0, 12)}…` : 'none'}.`;
  }
  return null;
}
