/**
 * `npm run bench:api` — the API's speed on this machine, in one run:
 *  1. saturation (autocannon, 50 connections): a bare Hono JSON route, the same route behind every
 *     API middleware (the floor), and an authenticated GET /api/applications (session + user + the
 *     applicant's applications from SQLite) on the same server process; prints req/s, p99 and the
 *     ratio to the bare route (target ≥ 0.5);
 *  2. a fixed 1,000 req/s on GET /api/applications; prints p99 (target ≤ 20 ms).
 * The server runs in this process on loopback (SQLite in a temp DATA_DIR); autocannon runs in a child
 * process, and the server's CPU time per request is printed beside req/s.
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../apps/http/server.js';

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

/**
 * Runs autocannon in a child process (so the load generator shares no event loop or CPU accounting
 * with the server) and measures this process's CPU time per request meanwhile: on a shared machine
 * req/s swings with the neighbours' load, CPU per request much less.
 */
function load(url: string, options: { connections: number; duration: number; cookie?: string; rate?: number }): Promise<Measured> {
  const args = [AUTOCANNON, '-j', '-c', String(options.connections), '-d', String(options.duration)];
  if (options.cookie) args.push('-H', `cookie=${options.cookie}`);
  if (options.rate) args.push('-R', String(options.rate));
  args.push(url);
  const before = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      const cpu = process.cpuUsage(before);
      if (error) return reject(error);
      const result = JSON.parse(stdout) as AutocannonResult;
      resolve({ ...result, cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total) });
    });
  });
}

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 1000);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-bench-'));
  const server = await startServer({
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', STORAGE_URL: '', MAIL_URL: '' },
    app: { benchRoutes: true },
    log: () => undefined,
  });
  try {
    // Seed: one applicant with three applications, signed in.
    const origin = server.url;
    const register = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', fullName: 'Bench Applicant', phoneNumber: '+447700900123' }),
    });
    if (register.status !== 201) throw new Error(`register failed: ${register.status} ${await register.text()}`);
    const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${origin}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({
          givenName: `Bench${i}`,
          surname: 'Applicant',
          gender: 'female',
          dateOfBirth: '1990-01-01',
          nationality: 'United Kingdom',
          countryOfBirth: 'United Kingdom',
          maritalStatus: 'single',
          profession: 'Tester',
          purposeOfVisit: 'tourism',
          entry: 'Single',
          expectedArrivalDate: day(10),
          expectedDepartureDate: day(17),
          passportNumber: `P${100000 + i}`,
          passportExpiry: day(900),
          privacyPolicyAccepted: true,
        }),
      });
      if (res.status !== 201) throw new Error(`create application failed: ${res.status} ${await res.text()}`);
    }
    const check = await fetch(`${origin}/api/applications`, { headers: { cookie } });
    const listed = (await check.json()) as unknown[];
    if (check.status !== 200 || listed.length !== 3) throw new Error(`GET /api/applications answered ${check.status} with ${listed.length} items`);

    const run = (url: string, extra: { connections?: number; rate?: number } = {}) =>
      load(url, { connections: CONNECTIONS, duration: DURATION, cookie, ...extra });

    console.log(`API benchmark: ${CONNECTIONS} connections, ${DURATION}s per run, autocannon in a child process`);
    console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (figures are only meaningful on an idle machine)\n`);
    // Warm both routes (JIT, SQLite page cache) before measuring.
    await load(`${origin}/api/bench/bare`, { connections: 10, duration: 2 });
    await load(`${origin}/api/applications`, { connections: 10, duration: 2, cookie });

    const bare = await run(`${origin}/api/bench/bare`);
    const floor = await run(`${origin}/api/bench/floor`);
    const authed = await run(`${origin}/api/applications`);
    const fixed = await run(`${origin}/api/applications`, { connections: 20, rate: FIXED_RATE });

    const row = (name: string, r: Measured) =>
      `${name.padEnd(46)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ${r.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs CPU/req  errors ${r.errors + r.timeouts}  non-2xx ${r.non2xx}`;
    console.log(row('GET /api/bench/bare (bare Hono JSON)', bare));
    console.log(row('GET /api/bench/floor (behind the middleware)', floor));
    console.log(row('GET /api/applications (signed in)', authed));
    const ratio = authed.requests.average / bare.requests.average;
    console.log(`\nratio authenticated / bare: ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
    console.log(`ratio authenticated / floor: ${(authed.requests.average / floor.requests.average).toFixed(2)} (what the session, user and applications reads cost)`);
    console.log(
      `CPU per request, bare / authenticated: ${(bare.cpuMicrosPerRequest / authed.cpuMicrosPerRequest).toFixed(2)} (the same ratio, measured in server CPU time: steadier on a shared machine)`,
    );
    console.log(row(`GET /api/applications @ ${FIXED_RATE} req/s`, fixed));
    console.log(`p99 at ${FIXED_RATE} req/s: ${fixed.latency.p99} ms (target ≤ 20 ms) ${fixed.latency.p99 <= 20 ? 'OK' : 'ABOVE TARGET'}`);
    if (authed.non2xx > 0 || fixed.non2xx > 0) console.log('WARNING: some authenticated requests did not answer 2xx');
  } finally {
    await server.stop(2000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
