import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLineError, readOutbox, runBin, runCli, runCliOnTerminal } from './helpers/cli.js';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('evisa CLI usage and failures: exit codes and one-line messages, never a stack trace', { timeout: 240_000 }, () => {
  let dataDir: string;
  let port: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-cli-errors-'));
    port = await closedPort();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('--help answers 0 with an example; unknown commands, unknown or missing flags and bad values answer 2', async () => {
    const env = { DATA_DIR: dataDir };
    const [bin, help, cmdHelp, unknown, unknownFlag, missing, badFormat, noCommand] = await Promise.all([
      runBin(['migrate', '--help'], env),
      runCli(['--help'], env),
      runCli(['seed-demo', '--help'], env),
      runCli(['send-reminder'], env),
      runCli(['send-reminders', '--force'], env),
      runCli(['export-user'], env),
      runCli(['export-applications', '--format', 'xlsx'], env),
      runCli([], env),
    ]);
    expect(bin.code).toBe(0);
    expect(bin.stdout).toMatch(/^Usage: evisa migrate/);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Example:');
    expect(help.stdout).toMatch(/send-reminders[\s\S]*export-applications[\s\S]*reconcile-payments[\s\S]*export-user[\s\S]*erase-user[\s\S]*purge-documents[\s\S]*seed-demo/);
    expect(cmdHelp.code).toBe(0);
    expect(cmdHelp.stdout).toMatch(/Example:\n\s+\$ evisa seed-demo --applications/);
    expect(unknown.code).toBe(2);
    expect(oneLineError(unknown)).toBe("error: unknown command 'send-reminder'");
    expect(unknownFlag.code).toBe(2);
    expect(oneLineError(unknownFlag)).toBe("error: unknown option '--force'");
    expect(missing.code).toBe(2);
    expect(oneLineError(missing)).toBe("error: required option '--email <email>' not specified");
    expect(badFormat.code).toBe(2);
    expect(oneLineError(badFormat)).toBe("error: option '--format <format>' argument 'xlsx' is invalid. Allowed choices are csv, json, ndjson.");
    expect(noCommand.code).toBe(2);
    expect(noCommand.stderr).toContain('Usage: evisa');
    // Nothing was created by refused invocations.
    expect(fs.existsSync(path.join(dataDir, 'agency.sqlite'))).toBe(false);
  });

  it('names an unreachable database, a bad variable and an unreachable SMTP server in one line', async () => {
    const [database, config] = await Promise.all([
      runCli(['migrate'], { DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/evisa` }),
      runCli(['migrate'], { DATA_DIR: dataDir, MAIL_URL: 'ftp://mail.example' }),
    ]);
    expect(database.code).toBe(1);
    expect(oneLineError(database)).toMatch(new RegExp(`^Error: Cannot reach the database at 127\\.0\\.0\\.1:${port}\\b.*(connection refused|ECONNREFUSED).*\\(check DATABASE_URL\\)\\.$`));
    expect(config.code).toBe(2);
    expect(oneLineError(config)).toBe('Error: Invalid configuration: MAIL_URL must start with smtp:// or smtps:// (got ftp://)');

    // A user with no application is due an application reminder; the SMTP server is down.
    const env = { DATA_DIR: dataDir, MAIL_URL: `smtp://127.0.0.1:${port}` };
    const admin = await runCli(['create-admin', '--email', 'ops@agency.example', '--password', 'secret-123', '--name', 'Ops', '--phone', '+441111222333'], { DATA_DIR: dataDir });
    expect(admin.code).toBe(0);
    const seeded = await runCli(['seed-demo', '--applications', '1', '--users', '2', '--status', 'online_entry', '--no-files'], { DATA_DIR: dataDir });
    expect(seeded.code, seeded.stderr).toBe(0);
    const remind = await runCli(['send-reminders'], env);
    expect(remind.code).toBe(1);
    expect(oneLineError(remind)).toMatch(
      new RegExp(
        `^Error: Queued 1 payment reminder and 1 application reminder in [\\d.]+ s; delivered 0 mails in [\\d.]+ s\\. \\d+ mails? could not be delivered \\(.*ECONNREFUSED 127\\.0\\.0\\.1:${port}.*\\); they stay in the outbox and their jobs retry them later \\(\`evisa jobs\` shows them\\)\\.$`,
      ),
    );
    expect(await readOutbox(dataDir)).toEqual([]);

    // The operator sees the waiting mails' jobs with why they failed.
    const jobs = await runCli(['jobs'], env);
    expect(jobs.code).toBe(0);
    const mailRow = jobs.stdout.split('\n').find((line) => line.startsWith('deliver-mail'));
    expect(mailRow).toMatch(new RegExp(`^deliver-mail +2 +0 +0  \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC  .*ECONNREFUSED 127\\.0\\.0\\.1:${port}`));
    expect(jobs.stdout).toMatch(/No failed jobs\.\n$/);
    // Once their retries are spent they stay failed, until the operator queues them again.
    const db = new Database(path.join(dataDir, 'agency.sqlite'));
    db.prepare(`update jobs set state = 'failed' where name = 'deliver-mail'`).run();
    db.close();
    const failed = await runCli(['jobs', '--json'], env);
    expect(JSON.parse(failed.stdout).find((q: { name: string }) => q.name === 'deliver-mail')).toMatchObject({
      queued: 0,
      active: 0,
      failed: 2,
      lastError: { message: expect.stringContaining('ECONNREFUSED') },
    });
    const retried = await runCli(['jobs', 'retry', 'deliver-mail'], env);
    expect(retried.stdout).toBe('Queued 2 failed deliver-mail jobs again.\n');
    expect(await runCli(['jobs', 'retry', 'deliver-mail'], env)).toMatchObject({ code: 0, stdout: 'No failed deliver-mail jobs.\n' });
    const unknown = await runCli(['jobs', 'retry', 'mail'], env);
    expect(unknown.code).toBe(2);
    expect(oneLineError(unknown)).toMatch(/invalid for argument 'queue'\. Allowed choices are deliver-mail, deliver-text, check-passport/);
  });

  it('a busy SQLite file says so in one line, without sending the operator to a setting', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-cli-busy-'));
    try {
      const env = { DATA_DIR: dir };
      expect((await runCli(['migrate'], env)).code).toBe(0);
      // Another process holds the write lock for longer than the CLI's busy timeout (5 s).
      const other = new Database(path.join(dir, 'agency.sqlite'));
      other.prepare('begin immediate').run();
      try {
        const busy = await runCli(['create-admin', '--email', 'busy@agency.example', '--password', 'secret-123', '--name', 'Ops', '--phone', '+441111222333'], env);
        expect(busy.code).toBe(1);
        expect(oneLineError(busy)).toBe(`Error: The SQLite database at ${path.join(dir, 'agency.sqlite')} is busy (another process is writing to it): database is locked.`);
      } finally {
        other.prepare('rollback').run();
        other.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('erase-user on a terminal asks for the email and erases only when it is typed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-cli-tty-'));
    try {
      const env = { DATA_DIR: dir };
      const created = await runCli(['create-admin', '--email', 'tty@example.com', '--password', 'secret-123', '--name', 'Terry Tee', '--phone', '+441234567890'], env);
      expect(created.code).toBe(0);
      const wrong = await runCliOnTerminal(['erase-user', '--email', 'tty@example.com'], env, 'someone@example.com\n');
      expect(wrong.stdout).toContain('About to erase tty@example.com (Terry Tee): 0 applications');
      expect(wrong.stdout).toContain('Type the email (tty@example.com) to confirm: ');
      expect(wrong.stdout).toContain('Error: Not confirmed: nothing was erased.');
      expect(wrong.code).toBe(2);
      const still = await runCli(['export-user', '--email', 'tty@example.com'], env);
      expect(still.code).toBe(0);

      const right = await runCliOnTerminal(['erase-user', '--email', 'tty@example.com'], env, 'TTY@example.com\n');
      expect(right.stdout).toContain('Erased tty@example.com: 0 applications, 0 documents, 0 stored files; 0 payments and 0 receipts kept anonymised.');
      expect(right.code).toBe(0);
      const gone = await runCli(['export-user', '--email', 'tty@example.com'], env);
      expect(gone.code).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
