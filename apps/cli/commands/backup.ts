import type { Command } from 'commander';
import { ArchiveProblem } from '../../../adapters/backup/archive.js';
import { ClientToolFailed, TargetInUse, type DatabaseFacts } from '../../../adapters/persistence/backup.js';
import { backUp, redact, restore, RestoreRefused, verifyArchive } from '../../shared/backup.js';
import { describeDatabase, withAgency } from '../context.js';
import { CommandFailed, UsageError } from '../errors.js';
import { describeAuditProblem } from './verify-audit.js';
import { createReporter, plural, seconds } from '../output.js';

/** What a backup, restore or verify could not do, as the CLI's errors (apps/cli/errors.ts maps them to exit codes). */
function asFailure(error: unknown): unknown {
  if (error instanceof RestoreRefused) return error.kind === 'usage' ? new UsageError(error.message) : new CommandFailed(error.message);
  if (error instanceof ArchiveProblem || error instanceof TargetInUse || error instanceof ClientToolFailed) return new CommandFailed(error.message);
  return error;
}

async function reporting<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asFailure(error);
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The records an operator looks for first, from a copy's row counts. */
function describeRecords(tables: Record<string, number>): string {
  const n = (name: string) => tables[name] ?? 0;
  return [
    plural(n('users'), 'user'),
    plural(n('applications'), 'application'),
    plural(n('payments'), 'payment'),
    plural(n('receipts'), 'receipt'),
    plural(n('refunds'), 'refund'),
    plural(n('audit_log'), 'audit entry', 'audit entries'),
  ].join(', ');
}

/** One line per table of the agency (the job engine's and the migrations' bookkeeping left out). */
export function countLines(facts: DatabaseFacts): string[] {
  const names = Object.keys(facts.tables)
    .filter((name) => !name.startsWith('pgboss.') && !name.includes('__drizzle_migrations'))
    .sort();
  const widest = Math.max(...names.map((n) => n.length), 5);
  return names.map((name) => `  ${name.padEnd(widest)}  ${facts.tables[name]!.toLocaleString('en-GB').padStart(11)}`);
}

export function registerBackup(program: Command): void {
  const backup = program
    .command('backup')
    .description('Write one backup archive of the whole agency while it keeps serving: the database, every stored document, and a manifest with the sha256 of each part.')
    .option('--to <dir | s3://…>', 'a folder, or s3://KEY:SECRET@host:port/bucket[/folder][?ssl=false] (default BACKUP_DIR: DATA_DIR/backups)')
    .addHelpText(
      'after',
      `
The archive (evisa-backup-<UTC time>.tar) holds the database's consistent copy (SQLite's online
backup, or pg_dump --format=custom of one snapshot), every file of the file store as stored
(encrypted documents stay encrypted; no key is ever archived), and manifest.json: the format,
the schema migration, the rows of every table, the audit chain's head, and each part's sha256.
Written to BACKUP_DIR, the archives beyond the newest BACKUP_KEEP (default 14) are deleted after.
The scheduled \`backup\` job does the same every night (BACKUP_SCHEDULE, 02:00 London time).

Keep APP_SECRET (or DATA_DIR/app-secret) and the file encryption keys apart from the archives:
they are not in them.

Examples:
  $ evisa backup
  Backed up SQLite database /data/agency.sqlite: 12 users, 40 applications, … and 52 files in 0.4 s.
  Archive: /data/backups/evisa-backup-20261125T020000000Z.tar (1.2 MB)
  $ evisa backup --to s3://KEY:SECRET@backups.example:9000/evisa-backups/nightly
  $ evisa backup verify /data/backups/evisa-backup-20261125T020000000Z.tar`,
    )
    .action(async (flags: { to?: string }) => {
      const out = createReporter();
      const started = performance.now();
      await withAgency(async (agency) =>
        reporting(async () => {
          const done = await backUp(agency, { to: flags.to, log: (line) => out.line(line.charAt(0).toUpperCase() + line.slice(1)) });
          out.line(`Archive: ${redact(done.location)} (${megabytes(done.size)})`);
          if (done.pruned.length) out.line(`Removed ${plural(done.pruned.length, 'older archive')} beyond the newest ${agency.config.backup.keep}: ${done.pruned.join(', ')}`);
          out.summary(`Backed up ${describeDatabase(agency)}: ${describeRecords(done.manifest.tables)} and ${plural(done.manifest.files.length, 'file')} in ${seconds(performance.now() - started)}.`);
        }),
      );
    });

  backup
    .command('verify')
    .description(
      "Restore an archive into a throw-away place (a temporary SQLite file, or a new database on the PostgreSQL server) and compare its row counts, audit chain and every file's sha256 with the manifest: exit 0 when all match, 1 otherwise.",
    )
    .argument('<archive>', 'the archive file, or s3://KEY:SECRET@host:port/bucket/folder/evisa-backup-….tar')
    .addHelpText(
      'after',
      `
Nothing of the running agency is touched. A PostgreSQL archive needs DATABASE_URL to point at a
server whose role may CREATE DATABASE; the throw-away database is dropped afterwards.

Example:
  $ evisa backup verify /data/backups/evisa-backup-20261125T020000000Z.tar
  Backup verified: 40 applications, … and 52 files restored into a throw-away SQLite database match the manifest; audit chain intact (last 3f9a2c71b0de).`,
    )
    .action(async (archive: string) => {
      const out = createReporter();
      const started = performance.now();
      await reporting(async () => {
        const report = await verifyArchive(process.env, archive, { log: (line) => out.line(line) });
        if (report.mismatch) throw new CommandFailed(`Backup verify failed: ${report.audit && !report.audit.ok ? describeAuditProblem(report.audit) : report.mismatch}`);
        const head = report.audit?.ok ? `audit chain intact (${plural(report.audit.rows, 'entry', 'entries')}, last ${report.audit.head.hash.slice(0, 12)})` : 'audit chain intact';
        out.summary(
          `Backup verified in ${seconds(performance.now() - started)}: ${describeRecords(report.manifest.tables)} and ${plural(report.files, 'file')} restored into a throw-away ${report.target.split(' ')[0]} database match the manifest; ${head}.`,
        );
      });
    });
}

export function registerRestore(program: Command): void {
  program
    .command('restore')
    .description(
      'Restore a backup archive into an empty database and file store (stop the server first): every sha256 is checked before anything is written; then it migrates forward, checks the audit chain and prints the counts.',
    )
    .argument('<archive>', 'the archive file, or s3://KEY:SECRET@host:port/bucket/folder/evisa-backup-….tar')
    .option('--force', 'replace a database that holds records and a file store that holds files (files the archive does not have are deleted)')
    .addHelpText(
      'after',
      `
The configuration says where to restore (DATA_DIR, DATABASE_URL, STORAGE_URL), as for the server.
Refused, with nothing changed: a damaged or cut-short archive, a part whose sha256 does not match,
an archive of the other kind of database, one from a newer schema than this version knows, and a
database that holds records or a store that holds files (without --force). The database is
replaced in one step (a rename for SQLite, one transaction for PostgreSQL).

Example:
  $ DATA_DIR=/srv/evisa-new evisa restore /backups/evisa-backup-20261125T020000000Z.tar
  Restored SQLite database /srv/evisa-new/agency.sqlite and 52 files from 2026-11-25T02:00:00.000Z: …`,
    )
    .action(async (archive: string, flags: { force?: boolean }) => {
      const out = createReporter();
      const started = performance.now();
      await reporting(async () => {
        const report = await restore(process.env, archive, { force: flags.force, log: (line) => out.line(line) });
        if (!report.audit.ok) throw new CommandFailed(`Restored, but the audit chain does not verify: ${describeAuditProblem(report.audit)}`);
        out.line('Rows per table after migrating forward:');
        for (const line of countLines(report.facts)) out.line(line);
        if (report.removed) out.line(`Deleted ${plural(report.removed, 'stored file')} the archive does not have (--force).`);
        out.summary(
          `Restored ${report.target} and ${plural(report.files, 'file')} (${megabytes(report.bytes)}) from the backup of ${report.manifest.createdAt} in ${seconds(performance.now() - started)}: ` +
            `${describeRecords(report.facts.tables)}; audit chain intact (last ${report.audit.head.hash.slice(0, 12)}).`,
        );
      });
    });
}
