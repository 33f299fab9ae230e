import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generate as generateTotp } from 'otplib';
import { benchApplicationForm } from './application-form.js';

/**
 * The people bench:web signs in as, on the server it measures (seeded by `seed-demo` before the
 * server started): an applicant with applications in several states, a member of staff with
 * two-factor sign-in, and a visitor tracking an application with the code mailed to its owner.
 * Each is signed in through the real API; what a browser needs is the cookies it was given.
 */
export interface BenchCookie {
  name: string;
  value: string;
}

export interface WebPersonas {
  applicant: { email: string; cookies: BenchCookie[]; statuses: string[]; payable: number | null };
  staff: { email: string; cookies: BenchCookie[] };
  tracker: { applicationNumber: string; cookies: BenchCookie[] };
}

export const BENCH_WEB_PASSWORD = 'bench-web-2026';

function cookiesOf(res: Response): BenchCookie[] {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((c) => c.value !== '');
}

const header = (cookies: BenchCookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function post(base: string, route: string, body: object, cookies: BenchCookie[] = []): Promise<Response> {
  return fetch(new URL(route, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin, ...(cookies.length ? { cookie: header(cookies) } : {}) },
    body: JSON.stringify(body),
  });
}

async function expectOk(res: Response, what: string): Promise<Response> {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The seeded applicant with the most different statuses (and a final fee to pay, where one has it). */
function pickApplicant(database: string): { email: string; statuses: string[]; payable: number | null } {
  const db = new Database(database, { readonly: true });
  try {
    const users = db
      .prepare(
        `select u.email as email, group_concat(distinct a.status) as statuses, count(distinct a.status) as kinds,
                max(case when a.status = 'approved' then a.id end) as payable
           from users u join applications a on a.user_id = u.id
          where u.role is null group by u.id order by (payable is not null) desc, kinds desc limit 1`,
      )
      .get() as { email: string; statuses: string; payable: number | null } | undefined;
    if (!users) throw new Error('seed-demo left no applicant with an application');
    return { email: users.email, statuses: users.statuses.split(','), payable: users.payable };
  } finally {
    db.close();
  }
}

/** The 6-digit code of the newest tracking mail for `applicationNumber` in the .eml outbox (DATA_DIR/outbox). */
async function mailedTrackingCode(outbox: string, email: string, applicationNumber: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.eml'));
    for (const file of files
      .map((f) => f.name)
      .sort()
      .reverse()) {
      const text = readFileSync(path.join(outbox, file), 'utf8');
      // The subject says "Your code to track application {number}: {code}" (unfolded first).
      const code = new RegExp(`^Subject: .*${applicationNumber}: (\\d{6})\r?$`, 'm').exec(text.replace(/\r?\n[ \t]+/g, ' '));
      if (code) return code[1]!;
    }
    // The mail goes out through the outbox job: look again shortly.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no tracking code reached ${email} in ${outbox} within 30 s`);
}

/** Signs each persona in on `base`; `dataDir` is the server's (agency.sqlite, outbox/). */
export async function signInPersonas(base: string, dataDir: string, staffEmail: string): Promise<WebPersonas> {
  const picked = pickApplicant(path.join(dataDir, 'agency.sqlite'));
  const login = await expectOk(await post(base, '/api/login', { email: picked.email, password: BENCH_WEB_PASSWORD }), "the applicant's sign-in");
  const applicant = { ...picked, cookies: cookiesOf(login) };

  // Staff: the first sign-in sets up two-factor sign-in (as the admin's prompt asks), the second uses it.
  const step = Math.floor(Date.now() / 30_000);
  const first = await expectOk(await post(base, '/api/login', { email: staffEmail, password: BENCH_WEB_PASSWORD }), 'the staff sign-in');
  let firstCookies = cookiesOf(first);
  const setup = await expectOk(await post(base, '/api/user/two-factor/setup', {}, firstCookies), 'the two-factor set-up');
  const { secret } = (await setup.json()) as { secret: string };
  await expectOk(await post(base, '/api/user/two-factor/enable', { code: await generateTotp({ secret, epoch: step * 30 }) }, firstCookies), 'turning two-factor sign-in on');
  const again = await expectOk(await post(base, '/api/login', { email: staffEmail, password: BENCH_WEB_PASSWORD }), 'the staff sign-in with two-factor');
  if (!((await again.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) throw new Error('the staff sign-in did not ask for the second step');
  firstCookies = cookiesOf(again);
  const second = await expectOk(await post(base, '/api/login/two-factor', { code: await generateTotp({ secret, epoch: (step + 1) * 30 }) }, firstCookies), 'the second step');
  const staff = { email: staffEmail, cookies: cookiesOf(second) };

  // The tracker: an application the applicant has just made (seed-demo's numbers are marked as demo
  // ones, outside the tracking form's format), opened with the mailed code.
  const made = await expectOk(
    await post(base, '/api/applications', benchApplicationForm({ givenName: 'Amelia', surname: 'Tracked', passportNumber: 'P7654321' }), applicant.cookies),
    'the tracked application',
  );
  const tracked = { n: ((await made.json()) as { applicationNumber: string }).applicationNumber };
  await expectOk(await post(base, '/api/track/request', { applicationNumber: tracked.n, email: picked.email }), 'the tracking request');
  const code = await mailedTrackingCode(path.join(dataDir, 'outbox'), picked.email, tracked.n);
  const verified = await expectOk(await post(base, '/api/track/verify', { applicationNumber: tracked.n, email: picked.email, code }), 'the tracking code');
  return { applicant, staff, tracker: { applicationNumber: tracked.n, cookies: cookiesOf(verified) } };
}
