// `npm run bench:cli`: operator CLI figures on this machine (not a timed test).
//  1. seed-demo 100k applications (target < 60 s)
//  2. export-applications of those 100k rows to CSV (target ≤ 5 s, peak RSS ≤ 250 MB of the CLI process)
//  3. send-reminders over 10k due applications to a local SMTP server (target: every reminder
//     delivered exactly once, ≤ 60 s); a second run right after sends none. (Two runs at the SAME
//     time are proven exactly-once in tests/cli.)
// On SQLite in a temp DATA_DIR, or with BENCH_DATABASE_URL=postgres://… on that PostgreSQL database
// (EMPTIED and migrated before each seed: use your own, e.g. `createdb bench_me`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { BENCH_DATABASE_URL, BENCH_DIALECT, databaseEnv, emptyBenchDatabase } from './support/database.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(ROOT, 'apps', 'cli', 'main.ts');
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  peakRssMb: number;
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EVISA_NO_PROGRESS: '1' };
  for (const name of ['DATABASE_URL', 'STORAGE_URL', 'MAIL_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[name];
  return { ...env, ...extra };
}

/** Peak resident set size (VmHWM) of a running process, in MB; 0 once it is gone. */
function peakRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Runs the CLI as its own node process (no tsx wrapper process), sampling its peak RSS. */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, env: cleanEnv({ ...databaseEnv(), ...env }) });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setInterval(() => {
      if (child.pid) peak = Math.max(peak, peakRssMb(child.pid));
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started, peakRssMb: peak });
    });
  });
}

/** A failed step stops the benchmark (after its temp folder is removed). */
function check(run: Run, what: string): void {
  if (run.code !== 0) throw new Error(`${what} failed (exit ${run.code}):\n${run.stderr || run.stdout}`);
}

/** An empty, migrated bench database (SQLite migrates itself on open). */
async function freshDatabase(dataDir: string): Promise<void> {
  if (!BENCH_DATABASE_URL) return;
  await emptyBenchDatabase();
  check(await cli(['migrate'], { DATA_DIR: dataDir }), 'migrate');
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
const results = {
  push(line: string) {
    console.log(line);
  },
};

async function benchExport(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-bench-export-'));
  try {
    // Document records without their demo files: the export does not read files, and 138k small
    // files cost more than the database (pass BENCH_SEED_FILES=1 to time them too).
    const files = process.env.BENCH_SEED_FILES === '1' ? [] : ['--no-files'];
    await freshDatabase(dataDir);
    const seed = await cli(['seed-demo', '--applications', String(APPLICATIONS), '--users', String(APPLICATIONS), '--seed', '42', ...files], { DATA_DIR: dataDir });
    check(seed, 'seed-demo');
    results.push(
      `seed-demo ${APPLICATIONS.toLocaleString('en-GB')} applications (${BENCH_DIALECT}${files.length ? ', --no-files' : ', with files'}): ${s(seed.ms)} ` +
        `(process start included) [target < 60 s: ${verdict(seed.ms < 60_000)}]`,
    );

    const out = path.join(dataDir, 'export.csv');
    const exp = await cli(['export-applications', '--format', 'csv', '--out', out], { DATA_DIR: dataDir });
    check(exp, 'export-applications');
    const bytes = fs.statSync(out).size;
    let lines = 0;
    const content = fs.readFileSync(out, 'utf8');
    for (let i = content.indexOf('\r\n'); i !== -1; i = content.indexOf('\r\n', i + 2)) lines++;
    results.push(
      `export-applications CSV: ${(lines - 1).toLocaleString('en-GB')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${s(exp.ms)} ` +
        `(process start included) [target ≤ 5 s: ${verdict(exp.ms <= 5000)}], peak RSS ${exp.peakRssMb.toFixed(0)} MB [target ≤ 250 MB: ${verdict(exp.peakRssMb <= 250)}]`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchReminders(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-bench-reminders-'));
  const received: { to: string; messageId: string; subject: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS lookup of 127.0.0.1 per connection (without a resolver it stalls every mail).
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => (raw += d));
      stream.on('end', () => {
        const header = raw.slice(0, raw.indexOf('\r\n\r\n'));
        const get = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(header)?.[1]?.trim() ?? '';
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address.toLowerCase(), messageId: get('Message-ID'), subject: get('Subject') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  try {
    await freshDatabase(dataDir);
    const seed = await cli(['seed-demo', '--applications', String(REMINDERS), '--users', String(REMINDERS), '--status', 'online_entry', '--no-files', '--seed', '7'], { DATA_DIR: dataDir });
    check(seed, 'seed-demo (reminders)');
    const env = { DATA_DIR: dataDir, MAIL_URL: `smtp://127.0.0.1:${port}` };
    const dry = await cli(['send-reminders', '--payment', '--dry-run'], env);
    check(dry, 'send-reminders --dry-run');
    const due = new Set(
      dry.stdout
        .split('\n')
        .filter((l) => l.startsWith('would remind '))
        .map((l) => l.split(' ')[2].toLowerCase()),
    );

    const started = performance.now();
    const run = await cli(['send-reminders', '--payment'], env);
    const ms = performance.now() - started;
    check(run, 'send-reminders');
    // A second run right after finds nobody due: the claims are stored.
    const again = await cli(['send-reminders', '--payment'], env);
    check(again, 'send-reminders (second run)');

    const reminders = received.filter((m) => due.has(m.to));
    const perRecipient = new Map<string, number>();
    for (const m of reminders) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
    const twice = [...perRecipient.values()].filter((n) => n > 1).length;
    const missing = [...due].filter((to) => !perRecipient.has(to)).length;
    const exactlyOnce = twice === 0 && missing === 0 && due.size === REMINDERS && reminders.length === REMINDERS;
    results.push(
      `send-reminders over ${due.size.toLocaleString('en-GB')} due applications to SMTP: ${reminders.length.toLocaleString('en-GB')} reminders ` +
        `received in ${s(ms)} (process start included; ${(reminders.length / (ms / 1000)).toFixed(0)} mails/s); sent twice: ${twice}, never sent: ${missing} ` +
        `[every reminder exactly once: ${verdict(exactlyOnce)}; target ≤ 60 s: ${verdict(ms <= 60_000)}]`,
    );
    results.push(`  run: ${run.stdout.trim().split('\n').pop()}`);
    results.push(`  second run: ${again.stdout.trim().split('\n').pop()}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`CLI benchmark on ${BENCH_DIALECT}, ${os.cpus().length} CPU(s), Node ${process.version}`);
// BENCH_ONLY=export or BENCH_ONLY=reminders runs one part.
try {
  if (process.env.BENCH_ONLY !== 'reminders') await benchExport();
  if (process.env.BENCH_ONLY !== 'export') await benchReminders();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
