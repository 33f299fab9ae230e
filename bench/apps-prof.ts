import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../apps/http/server.js';
import { bufferedDestination, createLogger } from '../apps/shared/logger.js';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-prof-'));
const server = await startServer({
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', STORAGE_URL: '', MAIL_URL: '', FILE_ENCRYPTION_KEYS: 'p:' + Buffer.alloc(32, 1).toString('base64') },
  app: { benchRoutes: true },
  logger: createLogger({ level: (process.env.LVL as 'info') ?? 'info', destination: bufferedDestination('/dev/null') }),
});
const origin = server.url;
const register = await fetch(`${origin}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'b@example.com', password: 'bench-password', fullName: 'Bench Applicant', phoneNumber: '+447700900123' }) });
const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
for (let i = 0; i < 3; i += 1) {
  const res = await fetch(`${origin}/api/applications`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify({ givenName: `Bench${i}`, surname: 'Applicant', gender: 'female', dateOfBirth: '1990-01-01', nationality: 'United Kingdom', countryOfBirth: 'United Kingdom', maritalStatus: 'single', profession: 'Tester', purposeOfVisit: 'tourism', entry: 'Single', expectedArrivalDate: day(10), expectedDepartureDate: day(17), passportNumber: `P${100000 + i}`, passportExpiry: day(900), privacyPolicyAccepted: true }) });
  if (res.status !== 201) throw new Error(await res.text());
}
const run = (url: string, d: string) => new Promise<{ requests: { average: number; total: number }; non2xx: number }>((resolve, reject) => execFile(process.execPath, [AUTOCANNON, '-j', '-c', '50', '-d', d, '-H', `cookie=${cookie}`, url], { maxBuffer: 1 << 26 }, (e, so) => (e ? reject(e) : resolve(JSON.parse(so)))));
if (process.env.PARTS) {
  const a = (server as unknown as { agency: any }).agency;
  const time = async (name: string, f: () => unknown) => { for (let i = 0; i < 2000; i++) await f(); const n = 20000; const t = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(name, ((performance.now() - t) * 1000 / n).toFixed(1), 'µs'); };
  const apps = await a.ports.applications.listByUser(1);
  const actor = { userId: 1, isAdmin: false, role: null, permissions: new Set() };
  await time('listByUser', () => a.ports.applications.listByUser(1));
  await time('timelineFacts', () => a.ports.history.listTimelineFacts(apps.map((x: { id: number }) => x.id)));
  const view = await a.useCases.listOwnApplications(actor);
  await time('listOwnApplications', () => a.useCases.listOwnApplications(actor));
  await time('JSON.stringify', () => JSON.stringify(view));
  await time('users.findById', () => a.ports.users.findById(1));
  process.exit(0);
}
const route = process.argv[2] ?? 'applications';
const url = route === 'applications' ? `${origin}/api/applications` : `${origin}/api/bench/${route}`;
await run(url, '2');
if (process.env.SHOW) { const r = await fetch(url, { headers: { cookie } }); const t = await r.text(); console.log(t.length, 'bytes', [...r.headers].map(([k, v]) => k + ': ' + v.length).join(', ')); console.log(t.slice(0, 1500)); process.exit(0); }
const session = new Session();
if (process.env.PROF) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start'); }
for (let i = 0; i < Number(process.env.N ?? 1); i++) {
  const before = process.cpuUsage();
  const j = await run(url, process.env.D ?? '5');
  const u = process.cpuUsage(before);
  console.log(route, Math.round(j.requests.average), 'req/s', Math.round((u.user + u.system) / j.requests.total), 'µs CPU/req', 'non2xx', j.non2xx);
}
const c = (globalThis as any).__sqlCounts as Map<string, number>; if (process.env.COUNT) for (const [k, v] of [...c].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v, k);
if (process.env.PROF) { const { profile } = await session.post('Profiler.stop'); writeFileSync(process.env.PROF, JSON.stringify(profile)); }
process.exit(0);
