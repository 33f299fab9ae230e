import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { createJobRunner } from '../../../adapters/jobs/runner.js';
import type { Agency } from '../../shared/agency.js';
import { jobDefinition } from '../../shared/jobs.js';
import { withAgency } from '../context.js';
import { CommandFailed } from '../errors.js';
import { createReporter } from '../output.js';

type FileJob = 'encrypt-files' | 'rotate-file-key';

/**
 * Queues the job on the one job engine and works it here, at once, until its queue has nothing due
 * (a job of it left waiting by an earlier, interrupted run is done too: each run skips what is
 * done). Answers the lines of the runs done here, in order; none when a server node took the job.
 */
async function runFileJob(agency: Agency, name: FileJob): Promise<{ ok: boolean; line: string }[]> {
  const definition = jobDefinition(agency, name);
  const runs: { ok: boolean; line: string }[] = [];
  // A key of its own: a job of an earlier run waiting for its retry does not hold this one back.
  await agency.persistence.jobs.send([{ name, input: {}, key: `cli-${Date.now()}-${randomBytes(3).toString('hex')}` }]);
  const runner = createJobRunner({ store: agency.persistence.jobs, log: () => undefined });
  await runner.drain({
    ...definition,
    async run(input: Record<string, never>) {
      try {
        const line = (await definition.run(input)) ?? '';
        runs.push({ ok: true, line });
        return line;
      } catch (error) {
        runs.push({ ok: false, line: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  });
  return runs;
}

function report(name: FileJob, runs: { ok: boolean; line: string }[], out: ReturnType<typeof createReporter>): void {
  const failed = runs.find((run) => !run.ok);
  if (failed) {
    throw new CommandFailed(`${failed.line} The ${name} job is retried later (\`evisa jobs\` shows it); \`evisa ${name}\` runs it again now.`);
  }
  const last = runs.at(-1);
  out.summary(last ? last.line : `A server node took the ${name} job first: its log, and \`evisa jobs\`, tell how it went.`);
}

export function registerEncryptFiles(program: Command): void {
  program
    .command('encrypt-files')
    .description('Encrypt, in place, the documents stored before encryption at rest (passport scans, visas, replies, portal receipts); files encrypted already are left alone.')
    .addHelpText(
      'after',
      `
Every document stored since is encrypted at rest (AES-256-GCM, a data key per file wrapped by the
first key of FILE_ENCRYPTION_KEYS); files stored before are read as they are until this command
encrypts them. It runs as the encrypt-files job of the job engine, here and now; stop it at any
point and run it again: it skips what is encrypted. Run it once every node runs this version.

Example:
  $ evisa encrypt-files
  Encrypted 1,204 files under key "k1" (35 files encrypted already; 1,239 files checked).`,
    )
    .action(async () => {
      const out = createReporter();
      await withAgency(async (agency) => report('encrypt-files', await runFileJob(agency, 'encrypt-files'), out));
    });
}

export function registerRotateFileKey(program: Command): void {
  program
    .command('rotate-file-key')
    .description("Wrap every stored file's data key under the first key of FILE_ENCRYPTION_KEYS, leaving the encrypted contents as they are.")
    .addHelpText(
      'after',
      `
Rotation: put a new key first in FILE_ENCRYPTION_KEYS on every node, keeping the old ones after it
(new files are encrypted under the new key at once, old ones still open), then run this command.
Once it reports no failures, every file opens with the new key alone; keep the old key (offline)
as long as backups made before the rotation are kept. Safe to stop and run again.

Example:
  $ FILE_ENCRYPTION_KEYS="k2:<new base64 key>,k1:<old base64 key>" evisa rotate-file-key
  Re-wrapped the data keys of 1,239 files under key "k2", their contents unchanged (0 files under it already; 1,239 files checked).`,
    )
    .action(async () => {
      const out = createReporter();
      await withAgency(async (agency) => report('rotate-file-key', await runFileJob(agency, 'rotate-file-key'), out));
    });
}
