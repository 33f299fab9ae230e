import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { startServerProcess, type ServerProcess, stopServerProcesses } from '../support/server-process.js';
import { parseMail, startSmtpServer, type LocalSmtpServer, type ParsedMail } from '../support/smtp-server.js';

/**
 * Two server PROCESSES (the real entry, apps/http/main.ts) on one PostgreSQL database and one SMTP
 * server, as N nodes behind a load balancer: what decides access, what limits attempts and what
 * sends mail is shared through the database, never a process's memory.
 */
const ROOT = path.resolve(__dirname, '../..');
const PUBLIC_URL = 'http://agency.test';
const PASSWORD = 'secret-123';

type Node = ServerProcess;

let postgres: TestPostgres;
let smtp: LocalSmtpServer;
let env: NodeJS.ProcessEnv;
const nodes: Node[] = [];
const dirs: string[] = [];

async function startNode(name: string, env: NodeJS.ProcessEnv): Promise<Node> {
  const node = await startServerProcess(name, env);
  dirs.push(node.dataDir);
  return node;
}

/** A browser that may talk to any node: the cookie goes wherever the load balancer sends it. */
class Browser {
  cookie = '';
  async call(node: Node, method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${node.url}${url}`, {
      method,
      headers: { origin: PUBLIC_URL, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie()[0];
    if (set) this.cookie = /max-age=0/i.test(set) ? '' : set.split(';')[0];
    return res;
  }
}

async function register(node: Node, email: string): Promise<Browser> {
  const browser = new Browser();
  const res = await browser.call(node, 'POST', '/api/register', { email, password: PASSWORD, fullName: `Person ${email}`, phoneNumber: '+447700900123' });
  expect(res.status, await res.clone().text()).toBe(201);
  return browser;
}

/** The outbox: mails sent and mails waiting. */
async function outboxCounts(): Promise<{ sent: number; pending: number }> {
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  try {
    const { rows } = await db.query<{ sent: string; pending: string }>(
      'select count(*) filter (where sent_at is not null) as sent, count(*) filter (where sent_at is null) as pending from mail_outbox',
    );
    return { sent: Number(rows[0].sent), pending: Number(rows[0].pending) };
  } finally {
    await db.end();
  }
}

/** Waits until every queued mail is marked sent and the mail server holds as many messages. */
async function allMailSent(): Promise<number> {
  return vi.waitFor(
    async () => {
      const { sent, pending } = await outboxCounts();
      expect(pending).toBe(0);
      expect(smtp.received.length).toBe(sent);
      return sent;
    },
    { timeout: 60_000, interval: 200 },
  );
}

/** `evisa <args>` as an operator runs it beside the nodes (its own DATA_DIR, the same database and mail server). */
function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-cli-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/cli/main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function receivedMails(): Promise<ParsedMail[]> {
  return Promise.all(smtp.received.map(async (m) => parseMail(m.raw)));
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  smtp = await startSmtpServer();
  env = {
    DATABASE_URL: postgres.url,
    MAIL_URL: smtp.url,
    PUBLIC_URL,
    APP_SECRET: 'two-nodes-shared-app-secret-0123456789abcdefghijklmnop',
    STORAGE_URL: '',
    TRUST_PROXY: '0',
    // Reminders are started by hand below; retention is scheduled (daily), so both nodes start
    // pg-boss — except over the in-process PGlite fallback, whose socket serves one connection at a
    // time while a transaction is open: two processes' pools plus two pg-boss pollers starve it
    // (tests/system/jobs.postgres.test.ts runs pg-boss on PGlite without the servers).
    REMINDER_SCHEDULE: '',
    RETENTION_SCHEDULE: postgres.source === 'pglite' ? 'off' : '',
    // One connection per node over PGlite: its socket interleaves concurrent connections' messages.
    DATABASE_POOL_SIZE: postgres.source === 'pglite' ? '1' : '',
  };
  // Both nodes start at once: the migration lock lets exactly one migrate.
  nodes.push(...(await Promise.all([startNode('a', env), startNode('b', env)])));
}, 120_000);

afterAll(async () => {
  await stopServerProcesses(nodes);
  await smtp?.stop();
  await postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two server processes on one PostgreSQL database', () => {
  it('both started against one empty database (one migrated, the other waited) and serve', async () => {
    const [a, b] = nodes;
    for (const node of [a, b]) expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
    expect(a.output()).toContain('database postgres');
    // Every migration was recorded once (without the lock the second node fails to start, or records twice).
    const journal = JSON.parse(readFileSync(path.join(ROOT, 'adapters/persistence/postgres/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(rows[0].n)).toBe(journal.entries.length);
    } finally {
      await db.end();
    }
    // Each node works the jobs through pg-boss on the shared database, without errors.
    for (const node of [a, b]) expect(node.output()).not.toContain('[jobs] pg-boss:');
  });

  it('each node keeps its session cache in step with the database over a LISTEN connection of its own', async () => {
    const [a, b] = nodes;
    const browser = await register(a, 'listener@example.com');
    // The first signed-in requests open each node's listener.
    for (const node of [a, b, a, b]) expect((await browser.call(node, 'GET', '/api/user')).status).toBe(200);
    if (postgres.source === 'pglite') return; // PGlite delivers no notification across connections: the caches stay off
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await db.query<{ n: string }>("select count(*) as n from pg_stat_activity where application_name = 'evisa-access-listener' and datname = current_database()");
        if (Number(rows[0].n) === 2) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the nodes did not both open their listener');
    } finally {
      await db.end();
    }
  });

  it('a session started on A works on B; logout on A is 401 on B at once', async () => {
    const [a, b] = nodes;
    const browser = await register(a, 'session@example.com');
    // B serves it from its cache after the first of these.
    for (let i = 0; i < 5; i += 1) expect((await browser.call(b, 'GET', '/api/user')).status).toBe(200);
    const stolen = browser.cookie;
    expect((await browser.call(a, 'POST', '/api/logout')).status).toBe(200);
    const after = new Browser();
    after.cookie = stolen;
    expect((await after.call(b, 'GET', '/api/user')).status).toBe(401);
    expect((await after.call(a, 'GET', '/api/user')).status).toBe(401);
  });

  it('a password changed on B ends the other sessions on A at once', async () => {
    const [a, b] = nodes;
    const first = await register(a, 'change@example.com');
    const second = new Browser();
    expect((await second.call(b, 'POST', '/api/login', { email: 'change@example.com', password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await second.call(a, 'GET', '/api/user')).status).toBe(200);
    expect((await first.call(b, 'PUT', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'another-secret' })).status).toBe(200);
    expect((await second.call(a, 'GET', '/api/user')).status).toBe(401);
    expect((await first.call(a, 'GET', '/api/user')).status).toBe(200);
  });

  it('a promotion, and a session ended, straight in the database (the CLI, by hand) apply on both nodes at once', async () => {
    const [a, b] = nodes;
    const browser = await register(a, 'by-hand@example.com');
    for (const node of [a, b, a, b]) expect((await browser.call(node, 'GET', '/api/admin/applications/counts')).status).toBe(403);
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      // Promoted with two-factor sign-in on, as staff must have it (STAFF_TWO_FACTOR=required).
      await db.query('update users set is_admin = true, two_factor_enabled_at = now() where lower(email) = $1', ['by-hand@example.com']);
      for (const node of [b, a]) expect((await browser.call(node, 'GET', '/api/admin/applications/counts')).status).toBe(200);
      await db.query('delete from sessions where user_id = (select id from users where lower(email) = $1)', ['by-hand@example.com']);
      const stolen = new Browser();
      stolen.cookie = browser.cookie;
      for (const node of [b, a]) expect((await stolen.call(node, 'GET', '/api/user')).status).toBe(401);
    } finally {
      await db.end();
    }
  });

  it('10 failed logins spread over A and B make the 11th 429 on either node', async () => {
    const [a, b] = nodes;
    await register(a, 'target@example.com');
    const attacker = new Browser();
    for (let i = 0; i < 10; i += 1) {
      const res = await attacker.call(i % 2 === 0 ? a : b, 'POST', '/api/login', { email: 'target@example.com', password: `wrong-${i}` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const node of [a, b]) {
      const refused = await attacker.call(node, 'POST', '/api/login', { email: 'target@example.com', password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  it('reminder runs started on A, on B and by `evisa send-reminders` at the same moment reach the mail server once each', async () => {
    const [a, b] = nodes;
    // Three applicants with an unpaid initial fee, three registered users with no application yet.
    const clock = new FixedClock(new Date());
    for (const i of [1, 2, 3]) {
      const applicant = await register(i % 2 ? a : b, `payer${i}@example.com`);
      expect((await applicant.call(i % 2 ? b : a, 'POST', '/api/applications', applicationForm(clock))).status).toBe(201);
      await register(i % 2 ? b : a, `idle${i}@example.com`);
    }
    const admin = await register(a, 'admin@example.com');
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      await db.query('update users set is_admin = true, two_factor_enabled_at = now() where lower(email) = $1', ['admin@example.com']);
    } finally {
      await db.end();
    }
    // The application mails go out first, so what follows is the reminders'.
    const before = await allMailSent();

    const [nodeRuns, operator] = await Promise.all([
      Promise.all([a, b].flatMap((node) => [admin.call(node, 'POST', '/api/admin/send-payment-reminders'), admin.call(node, 'POST', '/api/admin/send-application-reminders')])),
      cli(env, 'send-reminders'),
    ]);
    for (const run of nodeRuns) expect(run.status).toBe(200);
    expect(operator.code, operator.stderr).toBe(0);
    const sent = (await Promise.all(nodeRuns.map((r) => r.json() as Promise<{ sent: number }>))).map((r) => r.sent);
    const byOperator = (kind: string) => Number(new RegExp(`^Queued .*?(\\d+) ${kind} reminders? `, 'm').exec(operator.stdout)?.[1]);
    // Payment runs: A's + B's + the CLI's = 3; application runs: the three idle users, plus earlier tests' users with no application.
    expect(sent[0]! + sent[2]! + byOperator('payment')).toBe(3);
    const applicationReminders = sent[1]! + sent[3]! + byOperator('application');
    expect(applicationReminders).toBeGreaterThanOrEqual(3);

    expect(await allMailSent()).toBe(before + 3 + applicationReminders);
    const mails = await receivedMails();
    const reminders = mails.slice(before);
    const paymentTo = reminders
      .filter((m) => m.subject.startsWith('Reminder: payment due'))
      .map((m) => m.to)
      .sort();
    expect(paymentTo).toEqual(['payer1@example.com', 'payer2@example.com', 'payer3@example.com']);
    const applicationTo = reminders.filter((m) => m.subject.startsWith('Complete your Egypt e-visa application')).map((m) => m.to);
    for (const idle of ['idle1@example.com', 'idle2@example.com', 'idle3@example.com']) expect(applicationTo.filter((to) => to === idle)).toHaveLength(1);
    expect(applicationTo).toHaveLength(applicationReminders);

    // Every mail the two nodes and the CLI delivered (applications, reminders) arrived exactly once.
    const ids = mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);
});
