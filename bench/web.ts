/**
 * `npm run bench:web` — what a phone on a slow network gets from the pages people wait on.
 * Builds the production artifact (`npm run build`; SKIP_BUILD=1 reuses dist/), seeds a small agency
 * (`seed-demo`, SQLite in a temp DATA_DIR), starts it (`node dist/apps/http/main.js`), signs people
 * in through the API (bench/support/web-personas.ts: an applicant with applications in several
 * states, a member of staff with two-factor sign-in, a visitor tracking an application with its
 * mailed code) and runs Lighthouse 12 (the npm package, its default mobile profile with simulated
 * throttling) on Debian's Chromium, 3 runs per page (BENCH_WEB_RUNS), on the public pages (/,
 * /auth, /faq-page, /contact, /do-i-need-a-visa, /ar/, /de/) and the signed-in ones (/dashboard,
 * /apply, /payment, /profile as the applicant, /track's result as the tracker, /admin and
 * /admin/reports as staff); BENCH_WEB_PAGES (comma-separated) picks some.
 * Prints per page the median score of each category, LCP/TBT/CLS, the page weight as transferred
 * (compressed) bytes of JavaScript, CSS and HTML, the JavaScript against the page's budget with its
 * three biggest chunks named, and the audits that lost points. Then (BENCH_WEB_INTERACTIONS=0 skips
 * it) the INP-like latency of opening an admin side panel, switching an admin tab, typing in the
 * apply form and opening the dashboard's menu, at 4× CPU (bench/support/interactions.ts).
 * Targets: performance ≥ 95 on public pages and ≥ 90 signed in, accessibility 100, best practices
 * ≥ 95, SEO 100 (public pages), each interaction < 200 ms.
 */
import { localeFromPath } from '../core/domain/locale.js';
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { INTERACTION_TARGET_MS, measureInteractions } from './support/interactions.js';
import { BENCH_WEB_PASSWORD, signInPersonas, type BenchCookie, type WebPersonas } from './support/web-personas.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** Who opens each signed-in page (the rest are opened signed out). */
type Persona = 'visitor' | 'applicant' | 'staff' | 'tracker';
const SIGNED_IN: Record<string, Persona> = {
  '/dashboard': 'applicant',
  '/apply': 'applicant',
  '/payment': 'applicant',
  '/profile': 'applicant',
  '/track': 'tracker',
  '/admin': 'staff',
  '/admin/reports': 'staff',
};
const PAGES = (process.env.BENCH_WEB_PAGES ?? ['/', '/auth', '/faq-page', '/contact', '/do-i-need-a-visa', '/ar/', '/de/', ...Object.keys(SIGNED_IN)].join(',')).split(',').filter(Boolean);
const personaOf = (page: string): Persona => SIGNED_IN[page] ?? 'visitor';
/**
 * JavaScript transferred per page (KB, compressed): a public page's is the landing's budget
 * (160 KB gzip, checked at build); a signed-in page loads the app's shared chunks and its feature's.
 */
const JS_BUDGET_KB: Record<Persona, number> = { visitor: 210, applicant: 260, tracker: 230, staff: 300 };
/** A page in another language (docs/decisions/0037) scores within this many points of the English page's performance. */
const LANGUAGE_GAP = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
/** Signed-in pages: performance ≥ 90; SEO does not apply (they are not indexed: noindex). */
const SIGNED_IN_TARGETS: Record<Category, number> = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 0 };

interface RunResult {
  scores: Record<Category, number>;
  weight: { js: number; css: number; html: number };
  /** The page's scripts by transferred size, biggest first. */
  chunks: { name: string; bytes: number }[];
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** Audits that failed (score < 1, scored ones), to say what to fix. */
  failing: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Resolves with the first line matching `pattern` the process prints (stdout or stderr). */
function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code}:\n${output}`));
    });
  });
}

async function startChromium(profile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const ws = await waitForLine(child, /DevTools listening on (ws:\/\/\S+)/, 'Chromium');
  return { child, port: Number(new URL(ws).port) };
}

/** Signs the browser in as `persona` (its cookies, and only them), through a short CDP connection. */
async function becomeInBrowser(port: number, base: string, cookies: BenchCookie[]): Promise<void> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  } finally {
    // Disconnects (the browser stays): nothing of Playwright's stays attached while Lighthouse measures.
    await browser.close();
  }
}

/** Where each signed-in page is opened: /payment for the applicant's approved application's final fee. */
function pageUrl(page: string, base: string, personas: WebPersonas | null): string {
  if (page === '/payment' && personas?.applicant.payable) return new URL(`/payment?applicationId=${personas.applicant.payable}`, base).href;
  if (page === '/admin') return new URL('/admin?tab=initial-payment', base).href;
  return new URL(page, base).href;
}

/** seed-demo (the built CLI) in the bench's DATA_DIR: a few applicants with applications in every state and a demo admin. */
function seedDemo(env: NodeJS.ProcessEnv): string {
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'dist/apps/cli/main.js'), 'seed-demo', '--applications', '40', '--users', '4', '--password', BENCH_WEB_PASSWORD, '--seed', '42'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed-demo failed:\n${seeded.stderr || seeded.stdout}`);
  const admin = /Demo admin: (\S+?);/.exec(seeded.stdout)?.[1];
  if (!admin) throw new Error(`seed-demo printed no demo admin:\n${seeded.stdout}`);
  return admin;
}

async function audit(url: string, port: number): Promise<RunResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const weight = { js: 0, css: 0, html: 0 };
  const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const chunks: { name: string; bytes: number }[] = [];
  for (const item of requests) {
    const size = item.transferSize ?? 0;
    if (item.resourceType === 'Script') {
      weight.js += size;
      chunks.push({ name: path.basename(new URL(item.url ?? 'x:/?').pathname), bytes: size });
    } else if (item.resourceType === 'Stylesheet') weight.css += size;
    else if (item.resourceType === 'Document') weight.html += size;
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${c}:${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  );
  return {
    scores,
    weight,
    chunks: chunks.sort((a, b) => b.bytes - a.bytes),
    metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') },
    failing,
  };
}

/** A busy machine now and then loses the trace (NO_NAVSTART …): such a run is repeated, twice at most. */
async function auditWithRetry(url: string, port: number): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`[bench:web] ${url}: ${(error as Error).message.split('\n')[0]} — running it again`);
    }
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') {
    console.log('[bench:web] npm run build …');
    const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-bench-web-'));
  const profile = mkdtempSync(path.join(tmpdir(), 'evisa-bench-chromium-'));
  // A production server refuses to start without a keyring: a throw-away one for the bench.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    FILE_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STORAGE_URL: '',
    MAIL_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  };
  const signedIn = PAGES.some((page) => personaOf(page) !== 'visitor');
  const staffEmail = signedIn ? seedDemo(env) : '';
  const server = spawn(process.execPath, [path.join(ROOT, 'dist/apps/http/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let chromium: ChildProcess | undefined;
  try {
    const base = await waitForLine(server, /listening on (http:\/\/\S+)/, 'The server');
    const browser = await startChromium(profile);
    chromium = browser.child;
    console.log(
      `[bench:web] Lighthouse ${RUNS}× per page, mobile (simulated throttling), ${CHROMIUM}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const personas = signedIn ? await signInPersonas(base, dataDir, staffEmail) : null;
    if (personas) {
      console.log(
        `[bench:web] signed in: applicant ${personas.applicant.email} (applications ${personas.applicant.statuses.join(', ')}), staff ${personas.staff.email} (two-factor), tracker of ${personas.tracker.applicationNumber}`,
      );
    }
    const cookiesOf = (persona: Persona): BenchCookie[] => (persona === 'visitor' || !personas ? [] : personas[persona].cookies);
    const rows: string[] = [];
    const budgets: string[] = [];
    const performance = new Map<string, number>();
    let allMet = true;
    let inBrowser: Persona | null = null;
    for (const page of PAGES) {
      const persona = personaOf(page);
      if (persona !== inBrowser) {
        await becomeInBrowser(browser.port, base, cookiesOf(persona));
        inBrowser = persona;
      }
      const runs: RunResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(pageUrl(page, base, personas), browser.port));
      const targets = persona === 'visitor' ? TARGETS : SIGNED_IN_TARGETS;
      const med = (pick: (r: RunResult) => number) => median(runs.map(pick));
      const scores = CATEGORIES.map((c) => med((r) => r.scores[c]));
      performance.set(page, scores[0]!);
      const inLocale = localeFromPath(page);
      const english = inLocale.kind === 'ours' ? performance.get(inLocale.rest) : undefined;
      const withinGap = english === undefined || scores[0]! >= english - LANGUAGE_GAP;
      if (!withinGap) console.log(`[bench:web] ${page} performance ${scores[0]} is more than ${LANGUAGE_GAP} points below the English page's ${english}`);
      const js = med((r) => r.weight.js);
      const budget = JS_BUDGET_KB[persona] * 1024;
      const biggest = runs[0]!.chunks.slice(0, 3).map((c) => `${c.name} ${kb(c.bytes)}`);
      budgets.push(`| ${page} | ${persona} | ${kb(js)} | ${kb(budget)} | ${js <= budget ? 'within' : 'OVER'} | ${biggest.join(', ')} |`);
      const met = CATEGORIES.every((c, i) => scores[i]! >= targets[c]) && withinGap && js <= budget;
      allMet &&= met;
      rows.push(
        `| ${page} | ${scores.join(' | ')} | ${kb(med((r) => r.weight.js))} | ${kb(med((r) => r.weight.css))} | ${kb(med((r) => r.weight.html))} | ` +
          `${(med((r) => r.metrics.fcp) / 1000).toFixed(1)} s / ${(med((r) => r.metrics.lcp) / 1000).toFixed(1)} s / ${Math.round(med((r) => r.metrics.tbt))} ms / ${med((r) => r.metrics.cls).toFixed(3)} | ${met ? 'yes' : 'no'} |`,
      );
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) console.log(`[bench:web] ${page} audits below full marks in some run: ${failing.join(', ')}`);
    }
    console.log(
      '\nMedians of',
      RUNS,
      `runs (targets: performance ≥ 95 public, ≥ 90 signed in; accessibility 100; best practices ≥ 95; SEO 100 on public pages; JS within its budget; a page in another language within ${LANGUAGE_GAP} points of its English page's performance, when both are measured)`,
    );
    console.log('| page | performance | accessibility | best practices | SEO | JS | CSS | HTML | FCP / LCP / TBT / CLS | targets met |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log('\nJavaScript per page (transferred, compressed) against its budget, with its three biggest chunks:');
    console.log('| page | as | JS | budget | | biggest chunks |');
    console.log('|---|---|---|---|---|---|');
    for (const row of budgets) console.log(row);
    if (personas && process.env.BENCH_WEB_INTERACTIONS !== '0') {
      const interactions = await measureInteractions(browser.port, base, personas, RUNS);
      console.log(`\nInteractions at ${4}× CPU, INP-like (the longest event timing entry, input to next paint), median of ${RUNS} (target < ${INTERACTION_TARGET_MS} ms):`);
      for (const { name, durations } of interactions) {
        const value = median(durations);
        allMet &&= value < INTERACTION_TARGET_MS;
        console.log(
          `  ${name.padEnd(44)} ${String(Math.round(value)).padStart(4)} ms  (runs: ${durations.map((d) => Math.round(d)).join(', ')})  ${value < INTERACTION_TARGET_MS ? 'OK' : 'ABOVE TARGET'}`,
        );
      }
    }
    console.log(
      `\nload average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (!allMet) process.exitCode = 1;
  } finally {
    chromium?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
