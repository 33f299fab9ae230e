/**
 * `npm run bench:reports` — the agency's reports (docs/product.md §17) on a large agency, on this
 * machine (a benchmark that prints figures, not a timed test). For each size of BENCH_SIZES:
 *  1. seed-demo (its own process; SQLite in a temp DATA_DIR, or BENCH_DATABASE_URL's PostgreSQL,
 *     EMPTIED first) seeds that many applications (no files);
 *  2. the server starts in this process on loopback and brings the reports' daily rollups up to date
 *     (the report-rollups job's work after a seed: its time is printed); an admin signs in;
 *  3. GET /api/admin/reports/summary for the last 30 days, 1 year and 3 years (the longest range
 *     allowed), and the 1-year CSV, each answered BENCH_REQUESTS times one after the other after
 *     BENCH_WARMUP unmeasured ones; then the public on-time record, computed by its use case each
 *     time (GET /api/public/on-time keeps one for 10 minutes per node, which would measure the cache);
 *     prints p50 / p95 / max per kind against the target p95 ≤ 500 ms.
 * Env: BENCH_SIZES (100000; e.g. 100000,1000000), BENCH_REQUESTS (30), BENCH_WARMUP (3),
 * BENCH_DATABASE_URL=postgres://… (your own database, e.g. `createdb reports_bench`: it is EMPTIED),
 * BENCH_DATA_DIR=… (SQLite) seeds into that folder and keeps it; BENCH_SEED=0 (with either) keeps
 * what the database holds and measures it once (BENCH_SIZES is then ignored).
 * Exits 1 only on an error (a failed seed, a non-2xx answer), not on a missed target.
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCalendarDays, londonDateOf } from '../core/domain/working-days.js';
import { silentLogger } from '../apps/shared/logger.js';
import { startServer, type RunningServer } from '../apps/http/server.js';
import { BENCH_DATABASE_URL, BENCH_DIALECT, databaseEnv, emptyBenchDatabase } from './support/database.js';
import { signInBenchAdmin } from './support/staff.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI_MAIN = path.join(ROOT, 'apps', 'cli', 'main.ts');

/** SQLite: a DATA_DIR to keep (seeded once, then measured again with BENCH_SEED=0) instead of a temp one. */
const KEPT_DATA_DIR = process.env.BENCH_DATA_DIR ?? '';
const REUSE = (Boolean(BENCH_DATABASE_URL) || Boolean(KEPT_DATA_DIR)) && process.env.BENCH_SEED === '0';
const SIZES = REUSE ? [0] : (process.env.BENCH_SIZES ?? '100000').split(',').map((n) => Number(n.trim()));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET_P95_MS = 500;

function cli(args: string[], dataDir: string): Promise<{ stdout: string; ms: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, EVISA_NO_PROGRESS: '1' };
  for (const name of ['DATABASE_URL', 'STORAGE_URL', 'MAIL_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[name];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_MAIN, ...args], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir, ...databaseEnv() } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => (code !== 0 ? reject(new Error(`evisa ${args[0]} failed (exit ${code}):\n${stderr || stdout}`)) : resolve({ stdout, ms: performance.now() - started })));
  });
}

interface Figures {
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentile of sorted values. */
const nearestRank = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** WARMUP unmeasured runs of `once`, then REQUESTS measured ones, one after the other. */
async function measure(once: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: nearestRank(times, 50), p95: nearestRank(times, 95), max: times[times.length - 1]! };
}

async function get(url: string, cookie: string): Promise<string> {
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 500)}`);
  return body;
}

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function runSize(size: number): Promise<{ passed: number; kinds: number }> {
  const dataDir = KEPT_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'evisa-bench-reports-'));
  let server: RunningServer | undefined;
  try {
    if (REUSE) {
      console.log(`seed-demo skipped (BENCH_SEED=0): measuring what ${BENCH_DIALECT} already holds`);
    } else {
      await emptyBenchDatabase();
      if (BENCH_DATABASE_URL) await cli(['migrate'], dataDir);
      const seeded = await cli(['seed-demo', '--applications', String(size), '--seed', '42', '--no-files'], dataDir);
      console.log(`seed-demo ${size.toLocaleString('en-GB')} applications (${BENCH_DIALECT}, --no-files): ${(seeded.ms / 1000).toFixed(1)} s`);
    }
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: BENCH_DATABASE_URL, STORAGE_URL: '', MAIL_URL: '' },
      // Nothing of the server's log is read here.
      logger: silentLogger(),
    });
    // What the report-rollups job does after a seed (or an upgrade): every day through yesterday.
    const rollupStarted = performance.now();
    let rolledDays = 0;
    for (let pending = 1; pending > 0;) {
      const rolled = await server.agency.useCases.refreshReportRollups();
      rolledDays += rolled.refreshed;
      pending = rolled.pending;
    }
    console.log(`report-rollups: ${rolledDays} day(s) rolled up in ${((performance.now() - rollupStarted) / 1000).toFixed(1)} s`);
    const cookie = await signInBenchAdmin(server);
    const origin = server.url;
    const today = londonDateOf(server.agency.ports.clock.now());
    const range = (days: number) => `from=${addCalendarDays(today, -(days - 1))}&to=${today}`;
    const threeYears = `from=${addCalendarDays(`${Number(today.slice(0, 4)) - 3}${today.slice(4)}`, 1)}&to=${today}`;
    const kinds: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'summary, last 30 days', run: () => get(`${origin}/api/admin/reports/summary?${range(30)}`, cookie) },
      { name: 'summary, last year', run: () => get(`${origin}/api/admin/reports/summary?${range(365)}`, cookie) },
      { name: 'summary, last 3 years', run: () => get(`${origin}/api/admin/reports/summary?${threeYears}`, cookie) },
      { name: 'summary CSV, last year', run: () => get(`${origin}/api/admin/reports/summary?${range(365)}&format=csv`, cookie) },
      { name: 'public on-time record (use case, no cache)', run: () => server!.agency.useCases.onTimeRecord() },
    ];
    const sample = JSON.parse(await get(`${origin}/api/admin/reports/summary?${range(365)}`, cookie)) as { onTime: { finished: number }; funnel: { applied: number } };
    console.log(`  last year: ${sample.funnel.applied.toLocaleString('en-GB')} applications created, ${sample.onTime.finished.toLocaleString('en-GB')} decisions counted`);
    console.log(`${REQUESTS} sequential runs per kind after ${WARMUP} warm-up ones; target p95 ≤ ${TARGET_P95_MS} ms`);
    let passed = 0;
    for (const kind of kinds) {
      const f = await measure(kind.run);
      const ok = f.p95 <= TARGET_P95_MS;
      if (ok) passed++;
      console.log(`${kind.name.padEnd(44)} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  max ${ms(f.max)}  ${ok ? 'PASS' : 'FAIL'}`);
    }
    return { passed, kinds: kinds.length };
  } finally {
    await server?.stop(2000);
    if (!KEPT_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Reports benchmark on ${BENCH_DIALECT}, ${cpus().length} CPU(s), Node ${process.version}`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (figures are only meaningful on an idle machine)`,
  );
  for (const size of SIZES) {
    console.log('');
    const { passed, kinds } = await runSize(size);
    console.log(`total${REUSE ? '' : ` at ${size.toLocaleString('en-GB')}`}: ${passed}/${kinds} kinds with p95 ≤ ${TARGET_P95_MS} ms${passed === kinds ? ' — target met' : ' — TARGET MISSED'}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
