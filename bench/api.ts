/**
 * `npm run bench:api` — the API's speed on this machine, in one run:
 *  1. saturation (autocannon, 50 connections): a bare Hono JSON route, the same route behind every
 *     API middleware (the floor), and an authenticated GET /api/applications (session + user + the
 *     applicant's applications from SQLite) on the same server process; prints req/s, p99 and the
 *     ratio to the bare route (target ≥ 0.5);
 *  2. the same signed-in GET /api/applications against a conventional peer (Express 4 +
 *     express-session with a SQLite store + better-sqlite3, ../shared/peers/express-sqlite or
 *     BENCH_PEER_DIR) serving the same seeded agency.sqlite: product and peer alternately, three
 *     rounds each; prints the medians of req/s and CPU per request and the ratio (target ≥ 2×). When
 *     the peer's dependencies are missing, says how to install them and skips only this part;
 *  3. a fixed 1,000 req/s on GET /api/applications; prints p99 (target ≤ 20 ms);
 *  4. the other calls people make most, each against the bare route (target ≥ 0.5 of its req/s; the
 *     peer has no equivalent of them): the applicant's GET /api/applications/{id} (the application
 *     with its timeline and guarantee), the tracker's GET /api/track/application (the signed
 *     tracking cookie a mailed code gave, no account) and the admin's list page
 *     (GET /api/admin/applications?tab=online-entries&page=1&pageSize=25, a member of staff signed
 *     in with two-factor sign-in, 40 applications in that tab: online entries, before their initial payment).
 * The server runs in this process on loopback (SQLite in a temp DATA_DIR); autocannon runs in a child
 * process, and the server's CPU time per request is printed beside req/s (the peer's is read from
 * /proc, where there is one).
 */
import 'reflect-metadata';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../apps/http/server.js';
import { bufferedDestination, createLogger } from '../apps/shared/logger.js';
import { benchApplicationForm } from './support/application-form.js';
import { signInBenchAdmin } from './support/staff.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

interface Measured extends AutocannonResult {
  /** CPU time the server process spent per answered request (user + system). */
  cpuMicrosPerRequest: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Microseconds of CPU (user + system) a server has used so far. */
type CpuClock = () => number;
const OWN_CPU: CpuClock = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Runs autocannon in a child process (so the load generator shares no event loop or CPU accounting
 * with the server) and measures the server's CPU time per request meanwhile (`cpu`: this process by
 * default): on a shared machine req/s swings with the neighbours' load, CPU per request much less.
 */
function load(url: string, options: { connections: number; duration: number; cookie?: string; rate?: number; cpu?: CpuClock }): Promise<Measured> {
  const args = [AUTOCANNON, '-j', '-c', String(options.connections), '-d', String(options.duration)];
  if (options.cookie) args.push('-H', `cookie=${options.cookie}`);
  if (options.rate) args.push('-R', String(options.rate));
  args.push(url);
  const cpuNow = options.cpu ?? OWN_CPU;
  const before = cpuNow();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      const cpu = cpuNow() - before;
      if (error) return reject(error);
      const result = JSON.parse(stdout) as AutocannonResult;
      resolve({ ...result, cpuMicrosPerRequest: cpu / Math.max(1, result.requests.total) });
    });
  });
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PEER_DIR = path.resolve(process.env.BENCH_PEER_DIR ?? path.join(ROOT, '../shared/peers/express-sqlite'));
const PEER_DEPENDENCIES = ['express', 'express-session', 'better-sqlite3', 'better-sqlite3-session-store'];

interface Peer {
  url: string;
  cookie: string;
  cpu: CpuClock | null;
  stop(): Promise<void>;
}

/** The peer's dependencies that cannot be found from its folder ([] when it can run). */
function missingPeerDependencies(): string[] {
  if (!existsSync(path.join(PEER_DIR, 'server.mjs'))) return ['server.mjs'];
  const require = createRequire(path.join(PEER_DIR, 'package.json'));
  return PEER_DEPENDENCIES.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** Another process's CPU clock from /proc/<pid>/stat (utime + stime), or null off Linux. */
function processCpu(pid: number): CpuClock | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  let ticksPerSecond = 100;
  try {
    ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    // 100 is what Linux uses everywhere in practice.
  }
  return () => {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
  };
}

/** Starts the peer on the product's database and signs `email` in there; answers its session cookie. */
async function startPeer(database: string, email: string, sessionDir: string): Promise<Peer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(PEER_DIR, 'server.mjs')], {
    cwd: PEER_DIR,
    env: { ...process.env, PEER_DB: database, PEER_SESSION_DB: path.join(sessionDir, 'sessions.sqlite'), PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the peer did not start: ${output}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the peer exited with ${code}: ${output}`)));
    const seen = (chunk: Buffer) => {
      output += String(chunk);
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const login = await fetch(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) {
    await stop();
    throw new Error(`the peer's login answered ${login.status}: ${await login.text()}`);
  }
  return { url, cookie, cpu: processCpu(child.pid!), stop };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The signed-in GET's req/s must be at least this many times the peer's. */
const PEER_TARGET = 2;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-bench-'));
  const peerDir = mkdtempSync(path.join(tmpdir(), 'evisa-bench-peer-'));
  const server = await startServer({
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', STORAGE_URL: '', MAIL_URL: '' },
    app: { benchRoutes: true },
    // The production log as the server writes it (info, buffered; a quick success's access line is
    // debug), to /dev/null: its cost is measured, its lines are not kept.
    logger: createLogger({ level: 'info', destination: bufferedDestination('/dev/null') }),
  });
  try {
    // Seed: one applicant with three applications, signed in.
    const origin = server.url;
    const email = 'bench@example.com';
    const register = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: 'bench-password', fullName: 'Bench Applicant', phoneNumber: '+447700900123' }),
    });
    if (register.status !== 201) throw new Error(`register failed: ${register.status} ${await register.text()}`);
    const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
    const createApplication = async (i: number, as: string): Promise<{ id: string; applicationNumber: string }> => {
      const res = await fetch(`${origin}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: as },
        body: JSON.stringify(benchApplicationForm({ givenName: `Bench${i}`, passportNumber: `P${100000 + i}` })),
      });
      if (res.status !== 201) throw new Error(`create application failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string; applicationNumber: string };
    };
    const mine: { id: string; applicationNumber: string }[] = [];
    for (let i = 0; i < 3; i += 1) mine.push(await createApplication(i, cookie));
    const check = await fetch(`${origin}/api/applications`, { headers: { cookie } });
    const listed = (await check.json()) as unknown[];
    if (check.status !== 200 || listed.length !== 3) throw new Error(`GET /api/applications answered ${check.status} with ${listed.length} items`);

    // The admin's list page: 40 online entries (applications before their initial payment, 3 of them the
    // applicant's), read by a member of staff signed in with two-factor sign-in.
    const other = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'bench-other@example.com', password: 'bench-password', fullName: 'Other Applicant', phoneNumber: '+447700900124' }),
    });
    if (other.status !== 201) throw new Error(`register failed: ${other.status} ${await other.text()}`);
    const otherCookie = other.headers.getSetCookie()[0]!.split(';')[0]!;
    for (let i = 3; i < 40; i += 1) await createApplication(i, otherCookie);
    const adminCookie = await signInBenchAdmin(server);
    const adminList = `${origin}/api/admin/applications?tab=online-entries&page=1&pageSize=25`;
    const page = await fetch(adminList, { headers: { cookie: adminCookie } });
    const pageRows = ((await page.json()) as { items?: unknown[] }).items ?? [];
    if (page.status !== 200 || pageRows.length !== 25) throw new Error(`the admin list page answered ${page.status} with ${pageRows.length} rows`);

    // The tracker: a code mailed for one of the applicant's applications, verified for the cookie.
    const tracked = mine[0]!;
    const requested = await fetch(`${origin}/api/track/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ applicationNumber: tracked.applicationNumber, email }),
    });
    if (requested.status !== 200) throw new Error(`POST /api/track/request answered ${requested.status}`);
    const mails = (await server.agency.ports.outbox.list({ to: email })).filter((m) => m.template === 'tracking_code');
    const code = (mails.at(-1)?.data as { code?: string } | undefined)?.code;
    if (!code) throw new Error('no tracking code was mailed');
    const verified = await fetch(`${origin}/api/track/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ applicationNumber: tracked.applicationNumber, email, code }),
    });
    const trackCookie = verified.headers.getSetCookie()[0]?.split(';')[0];
    if (verified.status !== 200 || !trackCookie) throw new Error(`POST /api/track/verify answered ${verified.status}`);
    const trackAnswer = (await (await fetch(`${origin}/api/track/application`, { headers: { cookie: trackCookie } })).json()) as { application: { applicationNumber?: string } | null };
    if (trackAnswer.application?.applicationNumber !== tracked.applicationNumber) throw new Error('GET /api/track/application did not answer the tracked application');

    const one = (await (await fetch(`${origin}/api/applications/${tracked.id}`, { headers: { cookie } })).json()) as { timeline?: unknown[] };
    if (!Array.isArray(one.timeline)) throw new Error(`GET /api/applications/{id} answered no timeline`);

    const run = (url: string, extra: { connections?: number; rate?: number } = {}) => load(url, { connections: CONNECTIONS, duration: DURATION, cookie, ...extra });

    console.log(`API benchmark: ${CONNECTIONS} connections, ${DURATION}s per run, autocannon in a child process`);
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (figures are only meaningful on an idle machine)\n`,
    );
    // Warm both routes (JIT, SQLite page cache) before measuring.
    await load(`${origin}/api/bench/bare`, { connections: 10, duration: 2 });
    await load(`${origin}/api/applications`, { connections: 10, duration: 2, cookie });

    const bare = await run(`${origin}/api/bench/bare`);
    const floor = await run(`${origin}/api/bench/floor`);

    // The peer on the same agency.sqlite (read-only), alternating with the product.
    const missing = missingPeerDependencies();
    let peer: Peer | null = null;
    if (missing.includes('server.mjs')) {
      console.log(`The peer comparison is skipped: there is no peer at ${PEER_DIR} (set BENCH_PEER_DIR to the express-sqlite peer's folder).\n`);
    } else if (missing.length > 0) {
      console.log(`The peer comparison is skipped: ${missing.join(', ')} cannot be found from ${PEER_DIR}.`);
      console.log(`Install its dependencies once with:  cd ${PEER_DIR} && npm install\n`);
    } else {
      try {
        peer = await startPeer(path.join(dataDir, 'agency.sqlite'), email, peerDir);
        const answer = await fetch(`${peer.url}/api/applications`, { headers: { cookie: peer.cookie } });
        const peerListed = (await answer.json()) as unknown[];
        if (answer.status !== 200 || peerListed.length !== listed.length) throw new Error(`its GET /api/applications answered ${answer.status} with ${peerListed.length} items`);
        await load(`${peer.url}/api/applications`, { connections: 10, duration: 2, cookie: peer.cookie });
      } catch (error) {
        await peer?.stop();
        peer = null;
        console.log(`The peer comparison is skipped: the peer in ${PEER_DIR} did not serve (${error instanceof Error ? error.message : String(error)}).\n`);
      }
    }
    const products: Measured[] = [];
    const peers: Measured[] = [];
    try {
      for (let round = 0; round < (peer ? ROUNDS : 1); round += 1) {
        products.push(await run(`${origin}/api/applications`));
        if (peer) peers.push(await load(`${peer.url}/api/applications`, { connections: CONNECTIONS, duration: DURATION, cookie: peer.cookie, cpu: peer.cpu ?? undefined }));
      }
    } finally {
      await peer?.stop();
    }
    const fixed = await run(`${origin}/api/applications`, { connections: 20, rate: FIXED_RATE });

    const row = (name: string, r: Measured, cpuKnown = true) =>
      `${name.padEnd(46)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ${cpuKnown ? r.cpuMicrosPerRequest.toFixed(0).padStart(4) : ' n/a'} µs CPU/req  errors ${r.errors + r.timeouts}  non-2xx ${r.non2xx}`;
    // The authenticated figure is the median round (the only round without the peer).
    const authed = [...products].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(products.length / 2)]!;
    console.log(row('GET /api/bench/bare (bare Hono JSON)', bare));
    console.log(row('GET /api/bench/floor (behind the middleware)', floor));
    console.log(row(`GET /api/applications (signed in${products.length > 1 ? ', median round' : ''})`, authed));
    const ratio = authed.requests.average / bare.requests.average;
    console.log(`\nratio authenticated / bare: ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
    console.log(`ratio authenticated / floor: ${(authed.requests.average / floor.requests.average).toFixed(2)} (what the session, user and applications reads cost)`);
    console.log(
      `CPU per request, bare / authenticated: ${(bare.cpuMicrosPerRequest / authed.cpuMicrosPerRequest).toFixed(2)} (the same ratio, measured in server CPU time: steadier on a shared machine)`,
    );

    if (peer) {
      const cpuKnown = peer.cpu !== null;
      console.log(`\nsigned-in GET /api/applications, product vs peer (Express 4 + express-session + SQLite store), ${peers.length} rounds each, alternating:`);
      for (let i = 0; i < peers.length; i += 1) {
        console.log(row(`  round ${i + 1} product`, products[i]!));
        console.log(row(`  round ${i + 1} peer`, peers[i]!, cpuKnown));
      }
      const productRps = median(products.map((r) => r.requests.average));
      const peerRps = median(peers.map((r) => r.requests.average));
      const productCpu = median(products.map((r) => r.cpuMicrosPerRequest));
      const peerCpu = median(peers.map((r) => r.cpuMicrosPerRequest));
      console.log(
        `medians: product ${productRps.toFixed(0)} req/s, ${productCpu.toFixed(0)} µs CPU/req; peer ${peerRps.toFixed(0)} req/s, ${cpuKnown ? `${peerCpu.toFixed(0)} µs CPU/req` : 'CPU n/a'}`,
      );
      const peerRatio = productRps / peerRps;
      console.log(`ratio product / peer req/s: ${peerRatio.toFixed(2)}× (target ≥ ${PEER_TARGET}×) ${peerRatio >= PEER_TARGET ? 'OK' : 'BELOW TARGET'}`);
      if (cpuKnown) console.log(`CPU per request, peer / product: ${(peerCpu / productCpu).toFixed(2)}× (the same comparison in server CPU time)`);
      if (peers.some((r) => r.non2xx > 0)) console.log('WARNING: some peer requests did not answer 2xx');
    }

    console.log('');
    console.log(row(`GET /api/applications @ ${FIXED_RATE} req/s`, fixed));
    console.log(`p99 at ${FIXED_RATE} req/s: ${fixed.latency.p99} ms (target ≤ 20 ms) ${fixed.latency.p99 <= 20 ? 'OK' : 'ABOVE TARGET'}`);
    if (products.some((r) => r.non2xx > 0) || fixed.non2xx > 0) console.log('WARNING: some authenticated requests did not answer 2xx');

    // 4. The other calls people make most, against the bare route measured just before each.
    const calls = [
      { name: 'GET /api/applications/{id} (applicant)', url: `${origin}/api/applications/${tracked.id}`, cookie },
      { name: 'GET /api/track/application (tracker)', url: `${origin}/api/track/application`, cookie: trackCookie },
      { name: 'GET /api/admin/applications page 1 (staff)', url: adminList, cookie: adminCookie },
    ];
    console.log(`\nthe other calls people make most, each against the bare route measured just before it (target ≥ 0.50):`);
    let warned = false;
    for (const call of calls) {
      await load(call.url, { connections: 10, duration: 2, cookie: call.cookie });
      const bareNow = await run(`${origin}/api/bench/bare`);
      const measured = await load(call.url, { connections: CONNECTIONS, duration: DURATION, cookie: call.cookie });
      console.log(row(call.name, measured));
      const callRatio = measured.requests.average / bareNow.requests.average;
      console.log(
        `  ratio / bare (${bareNow.requests.average.toFixed(0)} req/s): ${callRatio.toFixed(2)} (target ≥ 0.50) ${callRatio >= 0.5 ? 'OK' : 'BELOW TARGET'}; CPU per request bare / this: ${(bareNow.cpuMicrosPerRequest / measured.cpuMicrosPerRequest).toFixed(2)}`,
      );
      warned ||= measured.non2xx > 0 || measured.errors > 0;
    }
    if (warned) console.log('WARNING: some of these calls did not answer 2xx');
  } finally {
    await server.stop(2000);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(peerDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
