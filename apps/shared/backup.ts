import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ArchiveProblem, type Manifest } from '../../adapters/backup/archive.js';
import { checkArchive, factsMismatch, restoreFiles, takeBackup, withScratch, type BackupResult } from '../../adapters/backup/backup.js';
import { downloadS3Archive, openBackupStore, pruneArchives } from '../../adapters/backup/stores.js';
import { latestMigration, openDatabaseTarget, openScratchTarget, type DatabaseFacts, type DatabaseTarget, type DumpFormat } from '../../adapters/persistence/backup.js';
import { FilesystemFileStorage } from '../../adapters/storage/filesystem/index.js';
import { openFileStorage } from '../../adapters/storage/open.js';
import type { AuditVerdict } from '../../core/domain/audit-chain.js';
import type { FileStorage } from '../../core/ports/file-storage.js';
import type { Agency } from './agency.js';
import { createAgency } from './composition-root.js';
import { loadConfig, type AgencyConfig } from './config.js';

/**
 * Backups and restores of the whole agency (decision 0027, docs/deployment.md "Backups and
 * restore"), for `evisa backup`, `evisa restore`, `evisa backup verify` and the scheduled `backup`
 * job: the configured database's consistent copy, every file of the configured store as stored,
 * and a manifest, in one archive.
 *
 * The files are read and written through the store's own adapter as configured (STORAGE_URL or
 * the uploads folder), not through the agency's FileStorage port: backups carry stored bodies as
 * they are (encrypted ones stay encrypted) and never a key.
 */

/** The store of stored files as configured, without anything the agency layers over it. */
export function storedFiles(config: Pick<AgencyConfig, 'storageUrl' | 'uploadsDir'>): Promise<FileStorage> {
  return openFileStorage({ storageUrl: config.storageUrl, uploadsDir: config.uploadsDir });
}

/** A restore or verify that must not go on: the message says why and what to do. */
export class RestoreRefused extends Error {
  constructor(
    message: string,
    /** usage: the operator asked for something else (--force, another database); failed: the archive cannot be restored here. */
    readonly kind: 'usage' | 'failed',
  ) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/**
 * Takes a backup of the running agency into `to` (default BACKUP_DIR); when it is BACKUP_DIR,
 * archives beyond BACKUP_KEEP are pruned afterwards, oldest first.
 */
export async function backUp(agency: Agency, options: { to?: string; log?: (line: string) => void } = {}): Promise<BackupResult & { pruned: string[]; store: string }> {
  const { config, persistence } = agency;
  const database = persistence.backup;
  if (!database) throw new RestoreRefused(`The ${persistence.dialect} database cannot be backed up (only SQLite and PostgreSQL).`, 'usage');
  const where = options.to ?? config.backup.dir;
  const store = openBackupStore(where);
  const result = await takeBackup({ database, files: await storedFiles(config), store, now: () => new Date(), log: options.log });
  const pruned = where === config.backup.dir ? await pruneArchives(store, config.backup.keep) : [];
  return { ...result, pruned, store: store.label };
}

/** The archive as a local file: a path as it is, an s3:// URL downloaded into `scratch` first. */
async function localArchive(archive: string, scratch: string): Promise<string> {
  if (!archive.startsWith('s3://')) {
    const file = path.resolve(archive);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new ArchiveProblem(`There is no archive at ${file}.`);
    return file;
  }
  const file = path.join(scratch, 'archive.tar');
  try {
    await downloadS3Archive(archive, file);
  } catch (error) {
    throw new ArchiveProblem(`Cannot read the archive ${redact(archive)}: ${(error as Error).message}`);
  }
  return file;
}

/** An s3:// URL without its credentials, for messages. */
export function redact(where: string): string {
  return where.startsWith('s3://') ? where.replace(/^s3:\/\/[^@/]*@/, 's3://') : where;
}

/** Seconds since `started`, for the progress lines. */
function since(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

function formatOf(config: AgencyConfig): DumpFormat {
  return config.databaseUrl ? 'pg_dump' : 'sqlite';
}

const FORMAT_WORDS: Record<DumpFormat, string> = { sqlite: 'an embedded SQLite database', pg_dump: 'a PostgreSQL database' };

/** Refuses an archive whose database was migrated by a newer version of evisa than this one. */
async function assertSchemaKnown(manifest: Manifest, label: string): Promise<void> {
  const latest = await latestMigration(manifest.database.format);
  if (manifest.schema && manifest.schema.createdAt > latest.createdAt) {
    throw new RestoreRefused(
      `${label} holds a database of a newer schema (${manifest.schema.migration ?? `a migration of ${new Date(manifest.schema.createdAt).toISOString().slice(0, 10)}`}) than this version of evisa knows (${latest.tag}): restore it with the version that wrote it, or a later one.`,
      'failed',
    );
  }
}

export interface RestoreReport {
  manifest: Manifest;
  target: string;
  files: number;
  bytes: number;
  /** Files deleted from the store because the archive does not have them (--force only). */
  removed: number;
  /** What the database holds once migrated forward. */
  facts: DatabaseFacts;
  audit: AuditVerdict;
}

/** True when the store holds at least one file. */
async function holdsFiles(files: FileStorage): Promise<boolean> {
  for await (const _ of files.list()) return true;
  return false;
}

/**
 * Restores an archive into the configured database and file store (the server stopped):
 *  1. reads the whole archive and checks every part's sha256 against its manifest (nothing written yet);
 *  2. refuses a database of another kind, a newer schema, and — without `force` — a database that
 *     holds records or a store that holds files;
 *  3. writes the files, then replaces the database in one step (SQLite: a rename; PostgreSQL: one
 *     transaction), and checks its counts and audit head against the manifest;
 *  4. with `force`, deletes stored files the archive does not have;
 *  5. migrates forward, walks the audit chain (verify-audit's use case) and answers the counts.
 */
export async function restore(env: NodeJS.ProcessEnv, archive: string, options: { force?: boolean; log?: (line: string) => void } = {}): Promise<RestoreReport> {
  const config = loadConfig(env);
  const log = options.log ?? (() => undefined);
  const label = `The archive ${redact(archive)}`;
  const started = performance.now();
  return withScratch(async (scratch) => {
    const file = await localArchive(archive, scratch);
    const { manifest, databaseFile } = await checkArchive(file, label, scratch);
    log(`Checked ${manifest.files.length + 1} parts of the archive (${manifest.createdAt}): every sha256 matches (${since(started)}).`);
    const format = formatOf(config);
    if (manifest.database.format !== format) {
      throw new RestoreRefused(
        `${label} holds ${FORMAT_WORDS[manifest.database.format]}, but this agency is configured for ${FORMAT_WORDS[format]} (${format === 'sqlite' ? 'no DATABASE_URL' : 'DATABASE_URL'}): restore it where it was taken from.`,
        'usage',
      );
    }
    await assertSchemaKnown(manifest, label);

    const target = await openDatabaseTarget({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
    const files = await storedFiles(config);
    try {
      const recordsThere = await target.holdsRecords();
      const filesThere = await holdsFiles(files);
      if ((recordsThere || filesThere) && !options.force) {
        const what = recordsThere ? `the ${target.label} holds records` : `the file store holds files`;
        throw new RestoreRefused(`Nothing was restored: ${what}. Restore into an empty database and file store, or add --force to replace what is there.`, 'usage');
      }
      await target.assertNotInUse();
      const written = await restoreFiles(file, label, manifest, files);
      log(`Wrote ${written.files} file(s) to the file store (${since(started)}).`);
      await target.load(databaseFile);
      const loaded = await target.facts();
      const mismatch = factsMismatch(manifest, loaded);
      if (mismatch) throw new ArchiveProblem(`The restored database does not match the archive: ${mismatch}`);
      log(`Restored the ${target.label} (${since(started)}).`);
      let removed = 0;
      if (options.force) {
        const keep = new Set(manifest.files.map((f) => f.key));
        const extra: string[] = [];
        for await (const { key } of files.list()) if (!keep.has(key)) extra.push(key);
        for (const key of extra) await files.delete(key);
        removed = extra.length;
      }
      const opened = await openRestored(env, config);
      return { manifest, target: target.label, files: written.files, bytes: written.bytes, removed, ...opened };
    } finally {
      await target.close();
    }
  });
}

/** Opens the agency on what was restored: migrates it forward, walks the audit chain, counts its rows. */
async function openRestored(env: NodeJS.ProcessEnv, config: AgencyConfig): Promise<{ facts: DatabaseFacts; audit: AuditVerdict }> {
  const agency = await createAgency(env);
  try {
    await agency.persistence.migrate();
    const audit = await agency.useCases.verifyAuditLog();
    const target = await openDatabaseTarget({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
    try {
      return { facts: await target.facts(), audit };
    } finally {
      await target.close();
    }
  } finally {
    await agency.close();
  }
}

export interface VerifyReport {
  manifest: Manifest;
  /** Where the throw-away copy was restored. */
  target: string;
  /** Null when the restored copy matches; else the first difference. */
  mismatch: string | null;
  audit: AuditVerdict | null;
  files: number;
}

/**
 * `evisa backup verify`: restores the archive into a throw-away place — a temporary SQLite file, or a
 * new database on the configured PostgreSQL server — and a temporary uploads folder, then compares
 * the restored database's row counts and audit head with the manifest, walks its audit chain, and
 * reads every restored file back against its sha256. Removes the throw-away place afterwards.
 */
export async function verifyArchive(env: NodeJS.ProcessEnv, archive: string, options: { log?: (line: string) => void } = {}): Promise<VerifyReport> {
  const config = loadConfig(env);
  const log = options.log ?? (() => undefined);
  const label = `The archive ${redact(archive)}`;
  const started = performance.now();
  return withScratch(async (scratch) => {
    const file = await localArchive(archive, scratch);
    const { manifest, databaseFile } = await checkArchive(file, label, scratch);
    log(`Checked ${manifest.files.length + 1} parts of the archive (${manifest.createdAt}): every sha256 matches (${since(started)}).`);
    await assertSchemaKnown(manifest, label);
    if (manifest.database.format === 'pg_dump' && !config.databaseUrl) {
      throw new RestoreRefused(`${label} holds a PostgreSQL dump: set DATABASE_URL to a PostgreSQL server (its role needs CREATEDB) to verify it in a throw-away database there.`, 'usage');
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evisa-verify-'));
    let target: DatabaseTarget | null = null;
    try {
      target = await openScratchTarget(manifest.database.format, { databaseUrl: config.databaseUrl, scratchDir: dataDir });
      await target.load(databaseFile);
      const mismatch = factsMismatch(manifest, await target.facts());
      if (mismatch) return { manifest, target: target.label, mismatch, audit: null, files: 0 };
      const uploads = new FilesystemFileStorage(path.join(dataDir, 'uploads'));
      const written = await restoreFiles(file, label, manifest, uploads, { readBack: true });
      if (written.mismatch) return { manifest, target: target.label, mismatch: written.mismatch, audit: null, files: written.files };
      const scratchEnv: NodeJS.ProcessEnv = {
        ...env,
        DATA_DIR: dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
        STORAGE_URL: '',
        MAIL_URL: '',
        SMS_URL: '',
      };
      const agency = await createAgency(scratchEnv);
      try {
        await agency.persistence.migrate();
        const audit = await agency.useCases.verifyAuditLog();
        return { manifest, target: target.label, mismatch: audit.ok ? null : 'the audit chain of the restored copy is broken.', audit, files: written.files };
      } finally {
        await agency.close();
      }
    } finally {
      await target?.drop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
