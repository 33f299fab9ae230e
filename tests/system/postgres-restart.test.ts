import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.js';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../support/server-process.js';

/**
 * PostgreSQL restarted while clients write (issue 38, "Faults survived"): a server node on a
 * PostgreSQL cluster of the test's own (tests/support/private-postgres.ts: the shared server is
 * never touched) serves six clients creating applications and reading them back; the cluster is
 * stopped (a fast shutdown: every connection ended, 57P01), left down until the clients have been
 * answered during the outage, and started again; then restarted at once (pg_ctl restart). Every
 * request in those windows answers 503
 * `{ message }` with Retry-After — never a 500 — the same node serves again without a restart,
 * and every application answered 201 is in the database afterwards.
 */
const PUBLIC_URL = 'http://agency.test';
const CLIENTS = 6;
/** What visitors are told while the database is down (apps/http/error-map.ts). */
const DATABASE_DOWN = 'The service is temporarily unavailable. Please try again in a moment.';

const binaries = postgresBinDir();
if (!binaries && process.env.CI) throw new Error('CI: the PostgreSQL server binaries (/usr/lib/postgresql/*/bin) are needed for the restart test (.ci/run installs them).');

interface Answer {
  client: number;
  call: string;
  status: number;
  body: string;
  retryAfter: string | null;
  /** When it was answered: before the stop, during the outage, or after the start. */
  phase: Phase;
}
type Phase = 'before' | 'down' | 'after';

/** The answers' statuses and the first of each kind's body, for a failure's message. */
function summary(answers: readonly Answer[]): string {
  const seen = new Map<string, string>();
  for (const a of answers) if (!seen.has(`${a.status} ${a.call}`)) seen.set(`${a.status} ${a.call}`, a.body.slice(0, 200));
  return `${answers.length} answers: ${JSON.stringify(Object.fromEntries(seen))}`;
}

describe.skipIf(!binaries)('PostgreSQL restarted while clients write', () => {
  let postgres: PrivatePostgres;
  let node: ServerProcess;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    node = await startServerProcess('pg-restart', {
      DATABASE_URL: postgres.url,
      PUBLIC_URL,
      APP_SECRET: 'postgres-restart-app-secret-0123456789abcdefghijklmnopqr',
      STORAGE_URL: '',
      MAIL_URL: '',
      REMINDER_SCHEDULE: 'off',
      RETENTION_SCHEDULE: 'off',
      STAFF_TWO_FACTOR: 'optional',
    });
  }, 120_000);

  afterAll(async () => {
    if (node) await stopServerProcesses([node]);
    if (node) rmSync(node.dataDir, { recursive: true, force: true });
    await postgres?.dispose();
  }, 60_000);

  it('answers 503 { message } with Retry-After in the window, recovers without a restart, and keeps every write answered 201', async () => {
    const clock = new FixedClock(new Date());
    const answers: Answer[] = [];
    const created = new Map<number, number>(); // application id → client
    const createdAfter: number[] = [];
    let phase: Phase = 'before';
    let running = true;

    async function request(client: number, cookie: string, method: string, url: string, body?: unknown): Promise<Response | null> {
      const at = phase;
      let res: Response;
      try {
        res = await fetch(`${node.url}${url}`, {
          method,
          headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        // The server itself must keep answering: a refused or dropped connection is a failure too.
        answers.push({ client, call: `${method} ${url}`, status: 0, body: String(error), retryAfter: null, phase: at });
        return null;
      }
      answers.push({ client, call: `${method} ${url}`, status: res.status, body: await res.clone().text(), retryAfter: res.headers.get('retry-after'), phase: at === phase ? at : 'down' });
      return res;
    }

    async function register(client: number): Promise<string> {
      const res = await request(client, '', 'POST', '/api/register', { email: `client${client}@example.com`, password: 'secret-123', fullName: `Client ${client}`, phoneNumber: '+447700900123' });
      expect(res?.status).toBe(201);
      return res!.headers.getSetCookie()[0]!.split(';')[0]!;
    }

    async function work(client: number, cookie: string): Promise<void> {
      while (running) {
        const res = await request(client, cookie, 'POST', '/api/applications', applicationForm(clock, { givenName: `Client${client}` }));
        if (res?.status === 201) {
          const { id } = (await res.json()) as { id: number };
          created.set(id, client);
          if (phase === 'after') createdAfter.push(id);
        }
        await request(client, cookie, 'GET', '/api/applications');
      }
    }

    const cookies = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => register(i + 1)));
    const workers = cookies.map((cookie, i) => work(i + 1, cookie));
    const created201 = (p: Phase) => answers.filter((a) => a.phase === p && a.status === 201);

    // Writing well before the fault.
    await vi.waitFor(() => expect(created201('before').length).toBeGreaterThanOrEqual(CLIENTS * 3), { timeout: 30_000, interval: 50 });

    // A fast shutdown ends every connection (57P01); the server is down until started again.
    phase = 'down';
    await postgres.stop();
    await vi.waitFor(
      () =>
        expect(answers.filter((a) => a.phase === 'down' && a.status === 503).length, `${summary(answers.filter((a) => a.phase === 'down'))}\n${node.output().slice(-3000)}`).toBeGreaterThanOrEqual(
          CLIENTS * 2,
        ),
      { timeout: 30_000, interval: 50 },
    );
    await postgres.start();
    phase = 'after';

    // The same node serves again: every client writes again, within 30 s of the start.
    await vi.waitFor(
      () => {
        for (let client = 1; client <= CLIENTS; client += 1) expect(answers.filter((a) => a.phase === 'after' && a.client === client && a.status === 201).length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 30_000, interval: 100 },
    );

    // Then a plain restart (down for a moment only) while they write: the node rides through it too.
    const beforeRestart = answers.length;
    phase = 'down';
    await postgres.restart();
    createdAfter.length = 0;
    phase = 'after';
    await vi.waitFor(
      () => {
        const since = answers.slice(beforeRestart);
        for (let client = 1; client <= CLIENTS; client += 1) expect(since.filter((a) => a.phase === 'after' && a.client === client && a.status === 201).length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 30_000, interval: 100 },
    );
    running = false;
    await Promise.all(workers);

    // Never a 500, never a dropped connection: only successes and 503s.
    const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
    expect(unexpected, node.output().slice(-3000)).toEqual([]);
    const outages = answers.filter((a) => a.status === 503);
    expect(outages.length).toBeGreaterThanOrEqual(CLIENTS * 2);
    for (const outage of outages) {
      expect(JSON.parse(outage.body)).toEqual({ message: DATABASE_DOWN });
      expect(Number(outage.retryAfter)).toBeGreaterThan(0);
    }
    // 503 only while the database was down (or as it came back), never before the fault.
    expect(outages.filter((a) => a.phase === 'before')).toEqual([]);
    // The node was not restarted.
    expect(node.child.exitCode).toBeNull();
    expect(node.child.signalCode).toBeNull();

    // Every write answered 201 is there, with its applicant; none is there twice.
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: number; email: string }>('select a.id, u.email from applications a join users u on u.id = a.user_id');
      const stored = new Map(rows.map((r) => [r.id, r.email]));
      const missing = [...created].filter(([id, client]) => stored.get(id) !== `client${client}@example.com`);
      expect(missing, 'applications answered 201 but not stored').toEqual([]);
      expect(created.size).toBe(answers.filter((a) => a.status === 201 && a.call === 'POST /api/applications').length);
      // The job engine came back too: the mails of applications made after the last restart are sent
      // (those whose jobs a restart caught are retried after their hold expires, a minute or more).
      expect(createdAfter.length).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          const { rows: unsent } = await db.query('select id from mail_outbox where application_id = any($1) and sent_at is null', [createdAfter]);
          expect(unsent).toEqual([]);
        },
        { timeout: 30_000, interval: 250 },
      );
    } finally {
      await db.end();
    }
  }, 180_000);
});
