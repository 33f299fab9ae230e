/**
 * `npm run bench:scan` — the offline passport scan on this machine: the server (npm start's
 * apps/http/main.ts, in its own process, SQLite in a temp DATA_DIR, the scanner's default pool)
 * receives 20 synthetic passport pages over POST /api/passport-scan, 2 at a time. Prints scans per
 * second, p50/p95/max latency (target p95 ≤ 6 s), the server's CPU time per scan, how many were
 * read right, the first scan (the pool's threads and OCR engines starting) apart, and the server
 * process's peak RSS (target ≤ 600 MB). PASSPORT_SCAN_WORKERS and friends pass through to the server.
 *
 * `npm run bench:scan -- --real ../shared/real-passports` sends the real specimen pages of that
 * folder instead (read at run time, never copied) and prints, per page, whether all six fields were
 * read exactly or which differ, whether the MRZ lines are exact, and the seconds; then the exact
 * rate, the MRZ-exact rate, how many wrong readings were answered valid (target 0), p50/p95 seconds
 * (target p95 ≤ 4 s) and the peak memory per worker thread (target ≤ 250 MB).
 *
 * `npm run bench:scan -- --real ../shared/real-passports --degraded` makes the issue-42 bad photos of
 * each real page at run time (support/degraded-passports.ts: ½ and ⅓ size, blur, JPEG quality 20,
 * turned 7° and 180°, a 15° perspective, glare on the zone, the zone's bottom cut off) and prints,
 * per variant and overall, the exact reads (target ≥ 85 %), readings wrong but answered valid
 * (target 0), fields wrong and not answered uncertain, how often an uncertain field was right, and
 * p50/p95 seconds (target p95 ≤ 3 s). BENCH_VARIANTS picks some variants; --verbose prints every picture.
 *
 * `npm run bench:scan -- --not-passports` sends 20 pictures that are not passports (a landscape, a
 * page of text, a person, blank shots and walls, a receipt, screenshots, photos of pages of text,
 * the back of an ID card and of a licence, a boarding pass; drawn at run time), one at a time, and
 * prints each one's answer, whether the zone finder alone refused it (before any OCR), and the
 * seconds: each must be refused (422) by the zone finder, within 2 s at the 95th percentile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { PassportImageType, PassportScan } from '../core/domain/passport-scan.js';
import { DEFAULT_MAX_PIXELS } from '../adapters/passport/decode.js';
import { findPassportZone } from '../adapters/passport/scan.js';
import { fileURLToPath } from 'node:url';
import { notPassports, type NotAPassport } from './support/not-passports.js';
import { DEGRADATIONS, degradedPassports, type Degradation } from './support/degraded-passports.js';
import { judge, loadRealPassports, SCORED_FIELDS, type RealPassport } from './support/real-passports.js';
import { passportJpeg, passportPdf, passportPng, syntheticPeople, td3Lines, type PageOptions } from './support/synthetic-passport.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANS = Number(process.env.BENCH_SCANS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);

interface Page {
  name: string;
  body: Buffer;
  type: string;
  mrz: [string, string];
  real?: RealPassport;
  variant?: Degradation;
}

/** `--real DIR`: the folder of real pages to send instead of synthetic ones. */
function realDir(): string | null {
  const at = process.argv.indexOf('--real');
  if (at === -1) return null;
  const dir = process.argv[at + 1];
  if (!dir) throw new Error('--real needs the folder of the real pages (truth.json and the images)');
  return path.resolve(dir);
}

/** The pages: mostly phone-sized JPEGs, some PNG scans, PDFs, one HEIC photo and one taken sideways. */
async function pages(): Promise<Page[]> {
  const people = syntheticPeople(SCANS);
  const heic = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'passport-british.heic'));
  const heicMrz: [string, string] = ['P<GBRSMITH<<ALICE<JANE<<<<<<<<<<<<<<<<<<<<<<', '9250764733GBR9005019F3101012<<<<<<<<<<<<<<<6'];
  return Promise.all(
    people.map(async (person, i): Promise<Page> => {
      const mrz = td3Lines(person);
      const options: PageOptions = { mrz, person, width: [1600, 2000, 1200, 2400][i % 4], seed: i + 1 };
      if (i === 7) return { name: 'heic', body: heic, type: 'image/heic', mrz: heicMrz };
      if (i === 11) return { name: 'jpeg, turned 90°', body: await passportJpeg({ ...options, turn: 90 }), type: 'image/jpeg', mrz };
      if (i % 9 === 4) return { name: 'pdf', body: await passportPdf(options), type: 'application/pdf', mrz };
      if (i % 5 === 2) return { name: 'png', body: await passportPng(options), type: 'image/png', mrz };
      return { name: `jpeg ${options.width}px`, body: await passportJpeg(options, 80 + (i % 3) * 5), type: 'image/jpeg', mrz };
    }),
  );
}

/** Peak resident set size (VmHWM) of a running process, in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) a process has used, in ms (Linux reports it in 1/100 s ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', PASSPORT_SCANS_PER_HOUR: '10000' };
  for (const name of ['DATABASE_URL', 'STORAGE_URL', 'MAIL_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps', 'http', 'main.ts')], { cwd: ROOT, env });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      output += d;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, origin: url.replace('localhost', '127.0.0.1') });
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

async function signUp(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'scan-bench@example.com', password: 'bench-password', fullName: 'Scan Bench', phoneNumber: '+447700900123' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

interface ScanResult {
  ms: number;
  status: number;
  right: boolean;
  body: { fields?: PassportScan['fields']; mrz?: [string, string]; valid?: boolean; uncertain?: PassportScan['uncertain']; message?: string };
}

async function scan(origin: string, cookie: string, page: Page): Promise<ScanResult> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(page.body)], page.name, { type: page.type }));
  const started = performance.now();
  const res = await fetch(`${origin}/api/passport-scan`, { method: 'POST', headers: { cookie, origin }, body: form });
  const body = (await res.json()) as ScanResult['body'];
  const ms = performance.now() - started;
  return { ms, status: res.status, body, right: res.status === 200 && body.valid === true && body.mrz?.join() === page.mrz.join() };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Sends every page, CONCURRENCY at a time; answers the results in page order and the wall time. */
async function scanAll(origin: string, cookie: string, all: readonly Page[]): Promise<{ results: (ScanResult & { page: Page })[]; wallMs: number }> {
  const results: (ScanResult & { page: Page })[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < all.length) {
        const page = all[next++]!;
        results.push({ page, ...(await scan(origin, cookie, page)) });
      }
    }),
  );
  results.sort((a, b) => all.indexOf(a.page) - all.indexOf(b.page));
  return { results, wallMs: performance.now() - started };
}

async function synthetic(child: ChildProcess, origin: string, cookie: string): Promise<void> {
  console.log(`passport scan benchmark: ${SCANS} synthetic pages, ${CONCURRENCY} at a time, over HTTP to the server process`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (figures are only meaningful on an idle machine)`,
  );
  const all = await pages();
  const rssBefore = peakRssMb(child.pid!);
  const first = await scan(origin, cookie, all[0]!);
  console.log(`first scan (starts the pool's thread and its OCR engine): ${s(first.ms)}, ${first.right ? 'read right' : `NOT read right (${first.status})`}`);
  const cpuBefore = cpuMs(child.pid!);
  const { results, wallMs } = await scanAll(origin, cookie, all);
  const cpuPerScan = (cpuMs(child.pid!) - cpuBefore) / results.length;
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const peak = peakRssMb(child.pid!);
  const wrong = results.filter((r) => !r.right);
  console.log(`scans: ${results.length} in ${s(wallMs)}: ${(results.length / (wallMs / 1000)).toFixed(2)} scans/s`);
  console.log(`latency: p50 ${s(percentile(sorted, 50))}, p95 ${s(p95)}, max ${s(sorted[sorted.length - 1]!)} [target p95 ≤ 6 s: ${p95 <= 6000 ? 'OK' : 'MISSED'}]`);
  console.log(`server CPU per scan: ${s(cpuPerScan)} (steadier than latency on a shared machine)`);
  console.log(`read right (valid, the exact MRZ): ${results.length - wrong.length}/${results.length}`);
  for (const r of wrong) console.log(`  not read right: ${r.page.name} (HTTP ${r.status}, ${s(r.ms)})`);
  console.log(`server peak RSS: ${peak.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before the first scan) [target ≤ 600 MB: ${peak <= 600 ? 'OK' : 'MISSED'}]`);
}

async function real(child: ChildProcess, origin: string, cookie: string, dir: string, workers: number): Promise<void> {
  const all: Page[] = loadRealPassports(dir).map((real) => ({ name: real.file, body: real.body, type: real.type, mrz: real.mrz, real }));
  console.log(`passport scan benchmark: ${all.length} real pages from ${dir}, ${CONCURRENCY} at a time, over HTTP to the server process (${workers} scanner threads)`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (figures are only meaningful on an idle machine)`,
  );
  const rssBefore = peakRssMb(child.pid!);
  // The pool's threads and OCR engines start on the first scan: one warm-up page, not counted.
  await scan(origin, cookie, all[0]!);
  const { results, wallMs } = await scanAll(origin, cookie, all);
  let exact = 0;
  let mrzExact = 0;
  let wrongButValid = 0;
  for (const r of results) {
    const scanned = r.status === 200 && r.body.fields && r.body.mrz ? { fields: r.body.fields, mrz: r.body.mrz, valid: r.body.valid ?? false, uncertain: r.body.uncertain ?? [] } : null;
    const verdict = judge(r.page.real!, scanned);
    exact += Number(verdict.exact);
    mrzExact += Number(verdict.mrzExact);
    wrongButValid += Number(verdict.wrongButValid);
    const fields = r.status !== 200 ? `HTTP ${r.status}` : verdict.exact ? 'exact' : `differ: ${verdict.differing.join(', ')}`;
    const flags = [verdict.mrzExact ? 'MRZ exact' : 'MRZ differs', scanned?.valid ? 'valid' : 'not valid', scanned?.uncertain.length ? `uncertain: ${scanned.uncertain.join(', ')}` : ''].filter(
      Boolean,
    );
    console.log(`  ${r.page.name.padEnd(28)} ${fields.padEnd(40)} ${flags.join('; ').padEnd(48)} ${s(r.ms)}${verdict.wrongButValid ? '  WRONG BUT VALID' : ''}`);
  }
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const perWorker = (peakRssMb(child.pid!) - rssBefore) / workers;
  const n = results.length;
  console.log(`read exactly (all six fields): ${exact}/${n} (${((100 * exact) / n).toFixed(0)}%); MRZ lines exact: ${mrzExact}/${n} (${((100 * mrzExact) / n).toFixed(0)}%)`);
  console.log(`wrong fields answered valid: ${wrongButValid} [target 0: ${wrongButValid === 0 ? 'OK' : 'MISSED'}]`);
  console.log(
    `seconds per page, ${CONCURRENCY} at once: p50 ${s(percentile(sorted, 50))}, p95 ${s(p95)}, max ${s(sorted[n - 1]!)}; ${n} in ${s(wallMs)} [target p95 ≤ 4 s: ${p95 <= 4000 ? 'OK' : 'MISSED'}]`,
  );
  console.log(
    `peak RSS per scanner thread: ${perWorker.toFixed(0)} MB (server peak minus ${rssBefore.toFixed(0)} MB before the first scan, over ${workers} threads) [target ≤ 250 MB: ${perWorker <= 250 ? 'OK' : 'MISSED'}]`,
  );
}

interface DegradedSet {
  variants: readonly Degradation[];
  pages: Awaited<ReturnType<typeof degradedPassports>>['pages'];
  skipped: string[];
  ms: number;
}

/** The degraded set, made before the server starts (BENCH_VARIANTS: a comma-separated subset of the variants). */
async function makeDegradedSet(dir: string): Promise<DegradedSet> {
  const only = process.env.BENCH_VARIANTS?.split(',') as Degradation[] | undefined;
  const variants = only ? DEGRADATIONS.filter((v) => only.includes(v)) : DEGRADATIONS;
  const started = performance.now();
  const made = await degradedPassports(loadRealPassports(dir), variants);
  return { variants, ...made, ms: performance.now() - started };
}

/** Targets of the degraded set (issue 42). */
const DEGRADED_EXACT_TARGET = 0.85;
const DEGRADED_P95_TARGET_MS = 3000;

interface Tally {
  n: number;
  exact: number;
  refused: number;
  wrongButValid: number;
  /** Scored fields read wrong and not answered uncertain (the reading may still be invalid through another field). */
  wrongCertain: number;
  uncertainRight: number;
  uncertainWrong: number;
  ms: number[];
}

const newTally = (): Tally => ({ n: 0, exact: 0, refused: 0, wrongButValid: 0, wrongCertain: 0, uncertainRight: 0, uncertainWrong: 0, ms: [] });
const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(0)}%`);

function tallyLine(name: string, t: Tally): string {
  const sorted = [...t.ms].sort((a, b) => a - b);
  const uncertain = t.uncertainRight + t.uncertainWrong;
  return [
    name.padEnd(16),
    `exact ${String(t.exact).padStart(3)}/${t.n} ${pct(t.exact, t.n).padStart(4)}`,
    `refused ${String(t.refused).padStart(2)}`,
    `wrong-valid ${t.wrongButValid}`,
    `wrong-certain fields ${t.wrongCertain}`,
    `uncertain fields right ${t.uncertainRight}/${uncertain} (${pct(t.uncertainRight, uncertain)})`,
    `p50 ${s(percentile(sorted, 50))} p95 ${s(percentile(sorted, 95))}`,
  ].join('  ');
}

/**
 * `--degraded`: every real page of `dir` made into the issue's bad photos at run time (see
 * support/degraded-passports.ts) and read, CONCURRENCY at a time. Per variant and overall: the exact
 * reads (target ≥ 85 %), readings wrong but answered valid (target 0), scored fields read wrong
 * without being answered uncertain, how often a field answered uncertain was in fact right (the
 * calibration of "please check"), and p50/p95 seconds (target p95 ≤ 3 s).
 */
async function degraded(origin: string, cookie: string, dir: string, made: DegradedSet, workers: number): Promise<void> {
  const { variants, pages: degradedPages, skipped, ms } = made;
  const all: Page[] = degradedPages.map((d) => ({ name: `${d.page.file} ${d.variant}`, body: d.body, type: d.type, mrz: d.page.mrz, real: d.page, variant: d.variant }));
  console.log(
    `passport scan benchmark, degraded set: ${all.length} pictures (${variants.length} variants of the real pages of ${dir}, made in ${s(ms)}), ${CONCURRENCY} at a time, over HTTP to the server process (${workers} scanner threads)`,
  );
  for (const name of skipped) console.log(`  not made (the zone finder misses the clean page): ${name}`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (figures are only meaningful on an idle machine)`,
  );
  await scan(origin, cookie, all[0]!); // warm-up: the pool's threads and OCR engines start
  const { results, wallMs } = await scanAll(origin, cookie, all);
  const byVariant = new Map<Degradation, Tally>(variants.map((v) => [v, newTally()]));
  const overall = newTally();
  const verbose = process.argv.includes('--verbose');
  for (const r of results) {
    const page = r.page.real!;
    const scanned = r.status === 200 && r.body.fields && r.body.mrz ? { fields: r.body.fields, mrz: r.body.mrz, valid: r.body.valid ?? false, uncertain: r.body.uncertain ?? [] } : null;
    const verdict = judge(page, scanned);
    const scored = SCORED_FIELDS.filter((f) => !page.unscored.includes(f));
    const uncertain = new Set<string>(scanned?.uncertain ?? []);
    const wrongCertain = scanned ? verdict.differing.filter((f) => !uncertain.has(f)) : [];
    const uncertainScored = scanned ? scored.filter((f) => uncertain.has(f)) : [];
    const uncertainWrong = uncertainScored.filter((f) => verdict.differing.includes(f)).length;
    for (const t of [byVariant.get(r.page.variant!)!, overall]) {
      t.n += 1;
      t.exact += Number(verdict.exact);
      t.refused += Number(!scanned);
      t.wrongButValid += Number(verdict.wrongButValid);
      t.wrongCertain += wrongCertain.length;
      t.uncertainWrong += uncertainWrong;
      t.uncertainRight += uncertainScored.length - uncertainWrong;
      t.ms.push(r.ms);
    }
    if (verbose || wrongCertain.length > 0) {
      const fields = !scanned ? `HTTP ${r.status}` : verdict.exact ? 'exact' : `differ: ${verdict.differing.join(', ')}`;
      const flags = [scanned?.valid ? 'valid' : 'not valid', scanned?.uncertain.length ? `uncertain: ${scanned.uncertain.join(', ')}` : ''].filter(Boolean);
      console.log(
        `  ${r.page.name.padEnd(40)} ${fields.padEnd(44)} ${flags.join('; ').padEnd(40)} ${s(r.ms)}${wrongCertain.length ? `  WRONG AND CERTAIN: ${wrongCertain.join(', ')}` : ''}${verdict.wrongButValid ? ' (answered valid)' : ''}`,
      );
      if (wrongCertain.length) console.log(`      read ${r.body.mrz?.join(' / ')}\n      true ${page.mrz.join(' / ')}`);
    }
  }
  for (const [variant, t] of byVariant) console.log(`  ${tallyLine(variant, t)}`);
  console.log(`  ${tallyLine('overall', overall)}`);
  const sorted = [...overall.ms].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`exact reads: ${overall.exact}/${overall.n} (${pct(overall.exact, overall.n)}) [target ≥ 85 %: ${overall.exact / overall.n >= DEGRADED_EXACT_TARGET ? 'OK' : 'MISSED'}]`);
  console.log(`wrong readings answered valid: ${overall.wrongButValid} [target 0: ${overall.wrongButValid === 0 ? 'OK' : 'MISSED'}]; scored fields wrong and not uncertain: ${overall.wrongCertain}`);
  console.log(
    `uncertain fields that were in fact right: ${overall.uncertainRight} of ${overall.uncertainRight + overall.uncertainWrong} (${pct(overall.uncertainRight, overall.uncertainRight + overall.uncertainWrong)})`,
  );
  console.log(
    `seconds per picture, ${CONCURRENCY} at once: p50 ${s(percentile(sorted, 50))}, p95 ${s(p95)}, max ${s(sorted[sorted.length - 1]!)}; ${overall.n} in ${s(wallMs)} [target p95 ≤ 3 s: ${p95 <= DEGRADED_P95_TARGET_MS ? 'OK' : 'MISSED'}]`,
  );
}

/** A non-passport picture must be refused within this long, at the 95th percentile (issue 42; it was 5 s at most in issue 37). */
const REFUSAL_TARGET_MS = 2000;

async function notPassportPictures(origin: string, cookie: string, pictures: NotAPassport[]): Promise<void> {
  const all: Page[] = pictures.map((p) => ({ name: p.name, body: p.body, type: p.type, mrz: ['', ''] }));
  console.log(`passport scan benchmark: ${all.length} pictures that are not passports, one at a time, over HTTP to the server process`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (figures are only meaningful on an idle machine)`,
  );
  // The pool's threads and OCR engines start on the first scan: timed apart, then every picture.
  const first = await scan(origin, cookie, all[0]!);
  console.log(`first scan (starts the pool's thread and its OCR engine): ${all[0]!.name}, HTTP ${first.status}, ${s(first.ms)}`);
  const times: number[] = [];
  let refused = 0;
  let byFinder = 0;
  for (const page of all) {
    const r = await scan(origin, cookie, page);
    // The same first step the scanner takes, here in this process: whether the zone finder alone refuses the picture.
    const zone = await findPassportZone(new Uint8Array(page.body), page.type as PassportImageType, { maxPixels: DEFAULT_MAX_PIXELS });
    times.push(r.ms);
    if (r.status === 422) refused += 1;
    if (!zone) byFinder += 1;
    const answer = r.status === 200 ? `HTTP 200: read ${JSON.stringify(r.body.mrz)}` : `HTTP ${r.status}`;
    const finder = zone ? 'zone finder: a zone (OCR ran)' : 'zone finder: no zone';
    console.log(`  ${page.name.padEnd(28)} ${answer.padEnd(12)} ${finder.padEnd(30)} ${s(r.ms)}${r.ms > REFUSAL_TARGET_MS ? '  OVER 2 s' : ''}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`refused (422): ${refused}/${all.length} [target all: ${refused === all.length ? 'OK' : 'MISSED'}]`);
  console.log(`refused by the zone finder, before any OCR: ${byFinder}/${all.length} [target all: ${byFinder === all.length ? 'OK' : 'MISSED'}]`);
  console.log(`seconds to the refusal: p50 ${s(percentile(sorted, 50))}, p95 ${s(p95)}, max ${s(sorted[sorted.length - 1]!)} [target p95 ≤ 2 s: ${p95 <= REFUSAL_TARGET_MS ? 'OK' : 'MISSED'}]`);
}

async function main(): Promise<void> {
  const dir = realDir();
  // The pictures are made before the server starts: made after signing up, they outlast the
  // keep-alive connection the next request would reuse (EPIPE).
  const pictures = process.argv.includes('--not-passports') ? await notPassports() : null;
  const made = dir && process.argv.includes('--degraded') ? await makeDegradedSet(dir) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-bench-scan-'));
  const { child, origin } = await startServer(dataDir);
  try {
    const cookie = await signUp(origin);
    if (pictures) await notPassportPictures(origin, cookie, pictures);
    else if (dir && made) await degraded(origin, cookie, dir, made, Number(process.env.PASSPORT_SCAN_WORKERS ?? Math.max(1, Math.floor(cpus().length / 2))));
    else if (dir) await real(child, origin, cookie, dir, Number(process.env.PASSPORT_SCAN_WORKERS ?? Math.max(1, Math.floor(cpus().length / 2))));
    else await synthetic(child, origin, cookie);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
