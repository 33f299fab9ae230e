/**
 * `npm run bench:admin` — the admin list's speed on a large agency, on this machine (a benchmark
 * that prints figures, not a timed test):
 *  1. seed-demo (its own process, SQLite in a temp DATA_DIR, no files) seeds 100k applications for
 *     5% more applicants (so ~5k of them are pseudo-entries of the online-entries tab);
 *  2. an admin signs in to the server, started in this process on loopback;
 *  3. each request kind the admin screen sends — the first page (25 rows) of each of the six tabs,
 *     the tab counts, prefix searches (a surname prefix and an email prefix taken from real rows) and
 *     the overdue filter — is answered REQUESTS times, one request after the other (as one admin's
 *     browser does) after WARMUP unmeasured ones; prints p50 / p95 / max per kind against the
 *     target p95 ≤ 50 ms.
 * BENCH_CONNECTIONS=n also loads each kind with autocannon (n connections, BENCH_DURATION s, in a
 * child process) and prints req/s and its latency percentiles.
 *  4. the full list (`GET /api/admin/applications` without parameters, docs/product.md §7.6) is read once as a
 *     stream by a reader in a child process: its time, size, and how much the server's RSS (this
 *     process) grew while answering (target ≤ 150 MB at 1M applications).
 * Env: BENCH_APPLICATIONS (100000), or BENCH_SIZES=100000,1000000 to run it all at each size in turn
 * (seeding each; on PostgreSQL the same BENCH_DATABASE_URL, emptied each time) and then print the
 * p95 of every kind side by side; BENCH_USERS (default: seed-demo's 5% more), BENCH_REQUESTS (200),
 * BENCH_WARMUP (20), BENCH_SEARCH (the broad search term, or several comma-separated, each measured in
 * the initial-payment tab and in the counts; default: the first 3 letters of a surname in the
 * initial-payment tab), BENCH_FULL_LIST=0 (skip step 4), BENCH_WRITER=n (while the kinds are measured, a
 * writer process — bench/support/writer.ts — creates and pays n applications a second through the HTTP
 * API with the built-in test payments, as applicants' browsers do; the target is then p95 ≤ 100 ms
 * and the writer's achieved rate and errors are printed). BENCH_DATABASE_URL=postgres://… runs it all on that PostgreSQL database (EMPTIED
 * first, so use your own, e.g. `createdb bench_me`) instead of SQLite; BENCH_SEED=0 keeps what that
 * database holds (a previous run's seed) and only measures. BENCH_DATA_DIR=… (SQLite) seeds into that
 * folder and keeps it (it must be empty or new unless BENCH_SEED=0, which measures what it holds).
 * Exits 1 only on an error (a failed seed, a non-2xx answer), not on a missed target.
 */
import 'reflect-metadata';
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../apps/shared/logger.js';
import { startServer, type RunningServer } from '../apps/http/server.js';
import { BENCH_DATABASE_URL, BENCH_DIALECT, databaseEnv, emptyBenchDatabase } from './support/database.js';
import { signInBenchAdmin } from './support/staff.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI_MAIN = path.join(ROOT, 'apps', 'cli', 'main.ts');
const WRITER = path.join(ROOT, 'bench', 'support', 'writer.ts');
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** BENCH_SIZES=100000,1000000 runs the whole benchmark at each size in turn, then prints the p95s side by side. */
const SIZES = (process.env.BENCH_SIZES ?? process.env.BENCH_APPLICATIONS ?? '100000').split(',').map((n) => Number(n.trim()));
const USERS = process.env.BENCH_USERS ? Number(process.env.BENCH_USERS) : undefined;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 0);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
/** BENCH_WRITER=n: applications created and paid per second by a writer process while the kinds are measured. */
const WRITER_RATE = Number(process.env.BENCH_WRITER ?? 0);
/** The admin's target while that writer runs (one writer, readers never blocked). */
const WRITER_TARGET_P95_MS = 100;
const TARGET_P95_MS = WRITER_RATE > 0 ? WRITER_TARGET_P95_MS : 50;
const PAGE_SIZE = 25;
/** SQLite: a DATA_DIR to keep (seeded once, then measured again with BENCH_SEED=0) instead of a temp one. */
const KEPT_DATA_DIR = process.env.BENCH_DATA_DIR ?? '';
/** BENCH_SEED=0 with BENCH_DATABASE_URL or BENCH_DATA_DIR: measure what that database already holds. */
const REUSE = (Boolean(BENCH_DATABASE_URL) || Boolean(KEPT_DATA_DIR)) && process.env.BENCH_SEED === '0';

// ---------- seeding (the CLI in its own process) ----------

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EVISA_NO_PROGRESS: '1' };
  for (const name of ['DATABASE_URL', 'STORAGE_URL', 'MAIL_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[name];
  return { ...env, ...extra };
}

function cli(args: string[], dataDir: string): Promise<{ stdout: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_MAIN, ...args], { cwd: ROOT, env: cleanEnv({ DATA_DIR: dataDir, ...databaseEnv() }) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`evisa ${args[0]} failed (exit ${code}):\n${stderr || stdout}`));
      else resolve({ stdout, ms: performance.now() - started });
    });
  });
}

// ---------- measuring ----------

interface Kind {
  name: string;
  path: string;
  /** The name without the run's search term, to set sizes side by side. */
  label?: string;
}

interface Figures {
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function get(url: string, cookie: string): Promise<unknown> {
  const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  const body = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as unknown;
}

/** REQUESTS sequential requests (each sent when the previous answer's body has been read). */
async function sequential(origin: string, kind: Kind, cookie: string): Promise<Figures> {
  const url = `${origin}${kind.path}`;
  for (let i = 0; i < WARMUP; i++) await get(url, cookie);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await get(url, cookie);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], mean: times.reduce((a, b) => a + b, 0) / times.length };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** autocannon in a child process, so the load generator does not share this event loop. */
function concurrent(url: string, cookie: string): Promise<AutocannonResult> {
  const args = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(DURATION), '-H', `cookie=${cookie}`, url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      resolve(JSON.parse(stdout) as AutocannonResult);
    });
  });
}

/** How much the server may grow while answering the full list. */
const FULL_LIST_RSS_MB = 150;

/**
 * The reader of the full list, run in its own node process so that its buffers and decoded text are
 * not counted in the server's RSS (the server runs in this process): counts bytes and entries as they
 * arrive, never holding the body, and prints one JSON line.
 */
const FULL_LIST_READER = `
const [origin, cookie] = process.argv.slice(1);
const started = performance.now();
const res = await fetch(origin + '/api/admin/applications', { headers: { cookie, accept: 'application/json' } });
if (res.status !== 200 || !res.body) {
  console.log(JSON.stringify({ error: 'GET /api/admin/applications answered ' + res.status + ': ' + (await res.text()).slice(0, 500) }));
  process.exit(0);
}
const decoder = new TextDecoder();
const marker = '"user":{';
let bytes = 0, entries = 0, firstByteMs = 0, carry = '', head = '';
for await (const chunk of res.body) {
  if (bytes === 0) firstByteMs = performance.now() - started;
  bytes += chunk.byteLength;
  const text = carry + decoder.decode(chunk, { stream: true });
  if (head.length < 1) head = text.trimStart().slice(0, 1);
  for (let i = text.indexOf(marker); i !== -1; i = text.indexOf(marker, i + marker.length)) entries++;
  // A marker split across chunks is counted once: drop the carried part if it ends a whole marker.
  carry = text.endsWith(marker) ? '' : text.slice(-(marker.length - 1));
}
const array = head === '[' && carry.trimEnd().endsWith(']');
console.log(JSON.stringify({ entries, bytes, firstByteMs, ms: performance.now() - started, array }));
`;

/** Reads the full list once (in a child process) while sampling the server's RSS (this process). */
async function fullList(origin: string, cookie: string) {
  global.gc?.();
  const rssBeforeMb = process.memoryUsage().rss / 1e6;
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, process.memoryUsage().rss / 1e6)), 10);
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', FULL_LIST_READER, origin, cookie], { maxBuffer: 1 << 20 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    });
    const result = JSON.parse(printed.trim()) as { error?: string; entries: number; bytes: number; firstByteMs: number; ms: number; array: boolean };
    if (result.error) throw new Error(result.error);
    if (!result.array) throw new Error('the full list is not a JSON array');
    return { ...result, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
    rssPeakMb = Math.max(rssPeakMb, process.memoryUsage().rss / 1e6);
  }
}

// ---------- the applicants' writer (BENCH_WRITER) ----------

/** Applicants the writer takes turns over (registered through the use case: no sign-up rate limit). */
const WRITER_APPLICANTS = 4;
/** The writer process while it runs (killed if the run fails before stopping it). */
let liveWriter: ReturnType<typeof spawn> | null = null;

interface WriterResult {
  started: number;
  done: number;
  seconds: number;
  rate: number;
  errors: number;
  firstError: string | null;
  p50: number;
  p95: number;
  max: number;
}

/** Signs in WRITER_APPLICANTS new applicants and starts the writer process; answers how to stop it. */
async function startWriter(server: RunningServer): Promise<() => Promise<WriterResult>> {
  const origin = server.url;
  const run = Date.now();
  const cookies: string[] = [];
  for (let i = 0; i < WRITER_APPLICANTS; i++) {
    const email = `bench-writer-${run}-${i}@example.com`;
    const password = 'bench-writer-password';
    await server.agency.useCases.registerUser({ email, password, fullName: `Bench Writer ${i}`, phoneNumber: '+447700900998' });
    const login = await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email, password }) });
    if (login.status !== 200) throw new Error(`POST /api/login (writer) answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => /^(__Host-)?evisa_session=./.test(c));
    if (!cookie) throw new Error('POST /api/login (writer) set no session cookie');
    cookies.push(cookie);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, origin, String(WRITER_RATE), ...cookies], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  liveWriter = child;
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => (liveWriter = null));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the writer exited ${code}: ${stderr || stdout}`))));
  });
  exited.catch(() => {});
  return async () => {
    child.kill('SIGTERM');
    await exited;
    return JSON.parse(stdout.trim().split('\n').pop()!) as WriterResult;
  };
}

// ---------- the run ----------

interface ListPage {
  items: { application: { surname: string } | null; user: { email: string } }[];
  total: number;
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

/**
 * Search terms taken from real rows: a surname prefix of an initial-payment application (broad:
 * "Smith" → "smi") and the email prefix of the last online-entries row, a pseudo-entry when there are
 * any (narrow: its local part up to the last dot, "emma.smith").
 */
async function searchTerms(origin: string, cookie: string, onlineEntries: number): Promise<{ surnames: string[]; email: string }> {
  const first = (await get(`${origin}/api/admin/applications?tab=initial-payment&page=1&pageSize=1`, cookie)) as ListPage;
  const application = first.items[0]?.application;
  if (!application) throw new Error('the initial-payment tab is empty: nothing to take a search term from');
  const last = (await get(`${origin}/api/admin/applications?tab=online-entries&page=${Math.max(1, onlineEntries)}&pageSize=1`, cookie)) as ListPage;
  const local = (last.items[0] ?? first.items[0]).user.email.split('@')[0];
  // BENCH_SEARCH fixes the broad term(s) instead (comma-separated: each is measured), to compare runs over different seeds.
  const fixed = process.env.BENCH_SEARCH?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return { surnames: fixed?.length ? fixed : [application.surname.slice(0, 3).toLowerCase()], email: local.includes('.') ? local.slice(0, local.lastIndexOf('.')) : local };
}

/** One run at APPLICATIONS applications: the p95 of each request kind, by a size-free name. */
async function main(APPLICATIONS: number): Promise<Map<string, number>> {
  const p95s = new Map<string, number>();
  const size = REUSE ? `what ${KEPT_DATA_DIR || 'the database'} holds` : `${APPLICATIONS.toLocaleString('en-GB')} applications`;
  console.log(`Admin list benchmark on ${BENCH_DIALECT}, ${cpus().length} CPU(s), Node ${process.version}, ${size}`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (figures are only meaningful on an idle machine)\n`,
  );
  const dataDir = KEPT_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'evisa-bench-admin-'));
  let server: RunningServer | undefined;
  try {
    if (REUSE) {
      console.log(`seed-demo skipped (BENCH_SEED=0): measuring what ${BENCH_DIALECT} already holds`);
    } else {
      await emptyBenchDatabase();
      if (BENCH_DATABASE_URL) await cli(['migrate'], dataDir);
      const seedArgs = ['seed-demo', '--applications', String(APPLICATIONS), '--seed', '42', '--no-files'];
      if (USERS !== undefined) seedArgs.push('--users', String(USERS));
      const seeded = await cli(seedArgs, dataDir);
      const summary =
        seeded.stdout
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('Seeded'))
          .pop() ?? '';
      console.log(`seed-demo ${APPLICATIONS.toLocaleString('en-GB')} applications (${BENCH_DIALECT}, --no-files): ${(seeded.ms / 1000).toFixed(2)} s (process start included)`);
      if (summary) console.log(`  ${summary}`);
    }

    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: BENCH_DATABASE_URL, STORAGE_URL: '', MAIL_URL: '' },
      // Nothing of the server's log is read here.
      logger: silentLogger(),
    });
    const origin = server.url;
    const cookie = await signInBenchAdmin(server);
    const counts = (await get(`${origin}/api/admin/applications/counts`, cookie)) as Record<string, number>;
    const terms = await searchTerms(origin, cookie, counts['online-entries'] ?? 0);
    console.log(
      `  tab counts: ${Object.entries(counts)
        .filter(([, n]) => typeof n === 'number')
        .map(([tab, n]) => `${tab} ${n.toLocaleString('en-GB')}`)
        .join(', ')}`,
    );

    const list = (query: string) => `/api/admin/applications?${query}&page=1&pageSize=${PAGE_SIZE}`;
    const q = (term: string) => encodeURIComponent(term);
    const kinds: Kind[] = [
      ...['online-entries', 'initial-payment', 'submitted-portal', 'approved', 'completed', 'rejected'].map((tab) => ({ name: `tab ${tab}, page 1`, path: list(`tab=${tab}`) })),
      { name: 'counts', path: '/api/admin/applications/counts' },
      ...terms.surnames.flatMap((term) => {
        const which = terms.surnames.length > 1 ? ` ${term}` : '';
        return [
          { name: `search initial-payment q=${term}`, label: `search initial-payment (surname prefix${which})`, path: list(`tab=initial-payment&q=${q(term)}`) },
          { name: `counts q=${term}`, label: `counts (surname prefix${which})`, path: `/api/admin/applications/counts?q=${q(term)}` },
        ];
      }),
      { name: `search online-entries q=${terms.email}`, label: 'search online-entries (email prefix)', path: list(`tab=online-entries&q=${q(terms.email)}`) },
      { name: 'overdue initial-payment', path: list('tab=initial-payment&overdue=true') },
      { name: 'counts overdue', path: '/api/admin/applications/counts?overdue=true' },
    ];

    const stopWriter = WRITER_RATE > 0 ? await startWriter(server) : null;
    if (stopWriter) {
      // The writer's first applications go through before anything is measured.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      console.log(`\nwhile a writer process creates and pays ${WRITER_RATE} applications a second through the HTTP API (test payments):`);
    }
    console.log(`\n${REQUESTS} sequential requests per kind after ${WARMUP} warm-up ones, pageSize ${PAGE_SIZE}; target p95 ≤ ${TARGET_P95_MS} ms`);
    let passed = 0;
    for (const kind of kinds) {
      const page = (await get(`${origin}${kind.path}`, cookie)) as ListPage | Record<string, number>;
      const matched = 'total' in page && typeof page.total === 'number' ? `${page.total.toLocaleString('en-GB')} rows` : '';
      const f = await sequential(origin, kind, cookie);
      const ok = f.p95 <= TARGET_P95_MS;
      if (ok) passed++;
      p95s.set(kind.label ?? kind.name, f.p95);
      console.log(`${kind.name.padEnd(44)} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  max ${ms(f.max)}  ${ok ? 'PASS' : 'FAIL'}${matched ? `  (${matched})` : ''}`);
    }
    console.log(`\ntotal: ${passed}/${kinds.length} request kinds with p95 ≤ ${TARGET_P95_MS} ms${passed === kinds.length ? ' — target met' : ' — TARGET MISSED'}`);
    if (stopWriter) {
      const w = await stopWriter();
      console.log(
        `writer: ${w.done.toLocaleString('en-GB')} of ${w.started.toLocaleString('en-GB')} applications created and paid in ${w.seconds.toFixed(1)} s ` +
          `(${w.rate.toFixed(1)}/s of ${WRITER_RATE}/s asked), ${w.errors} error(s); one create-and-pay (4 requests) p50 ${ms(w.p50)}  p95 ${ms(w.p95)}  max ${ms(w.max)}` +
          (w.firstError ? `\n  first error: ${w.firstError}` : ''),
      );
      if (w.errors > 0) throw new Error(`the writer met ${w.errors} error(s): ${w.firstError}`);
    }

    const full = process.env.BENCH_FULL_LIST === '0' ? null : await fullList(origin, cookie);
    if (full)
      console.log(
        `\nfull list (GET /api/admin/applications, no parameters): ${full.entries.toLocaleString('en-GB')} entries, ${(full.bytes / 1e6).toFixed(1)} MB, ` +
          `first byte ${ms(full.firstByteMs)}, all in ${(full.ms / 1000).toFixed(2)} s; server RSS ${full.rssBeforeMb.toFixed(0)} → peak ${full.rssPeakMb.toFixed(0)} MB ` +
          `(+${(full.rssPeakMb - full.rssBeforeMb).toFixed(0)} MB) [target ≤ ${FULL_LIST_RSS_MB} MB growth: ${full.rssPeakMb - full.rssBeforeMb <= FULL_LIST_RSS_MB ? 'PASS' : 'FAIL'}]`,
      );

    if (CONNECTIONS > 0) {
      console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s per kind (in a child process)`);
      for (const kind of kinds) {
        const r = await concurrent(`${origin}${kind.path}`, cookie);
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${kind.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors under load`);
        console.log(`${kind.name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${r.latency.p50} ms  p90 ${r.latency.p90} ms  p99 ${r.latency.p99} ms  max ${r.latency.max} ms`);
      }
    }
  } finally {
    liveWriter?.kill('SIGKILL');
    await server?.stop(2000);
    if (!KEPT_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
  return p95s;
}

async function allSizes(): Promise<void> {
  const results: Map<string, number>[] = [];
  for (const size of SIZES) {
    if (results.length > 0) console.log('\n');
    results.push(await main(size));
  }
  if (SIZES.length < 2) return;
  console.log(`\np95 by size (${BENCH_DIALECT}; target ≤ ${TARGET_P95_MS} ms)`);
  console.log(`${'request'.padEnd(44)} ${SIZES.map((n) => n.toLocaleString('en-GB').padStart(12)).join(' ')}`);
  for (const name of results[0].keys()) console.log(`${name.padEnd(44)} ${results.map((r) => ms(r.get(name) ?? NaN).padStart(12)).join(' ')}`);
}

allSizes().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
