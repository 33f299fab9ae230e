import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRITISH_TRAVELLER, passportJpeg, td3Lines } from '../../bench/support/synthetic-passport.js';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { parseMail, startSmtpServer, type LocalSmtpServer } from '../support/smtp-server.js';

/**
 * A node dies (SIGKILL: no shutdown, no hand-back) while it holds mails and passport checks: the
 * other node finishes every one of them — the jobs the dead node held are taken back when their
 * hold expires — within 90 seconds, and none is done twice.
 */
const PUBLIC_URL = 'http://agency.test';
/** The mail server answers each message 2 s after its data: the node holds its mails meanwhile. */
const SMTP_ANSWER_MS = 2000;

type Node = ServerProcess;

let postgres: TestPostgres;
let smtp: LocalSmtpServer;
let db: pg.Client;
const nodes: Node[] = [];
const dirs: string[] = [];

async function startNode(name: string, env: NodeJS.ProcessEnv): Promise<Node> {
  const node = await startServerProcess(name, env);
  dirs.push(node.dataDir);
  nodes.push(node);
  return node;
}

async function call(node: Node, cookie: string, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${node.url}${url}`, {
    method,
    headers: { origin: PUBLIC_URL, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

async function register(node: Node, email: string): Promise<string> {
  const res = await call(node, '', 'POST', '/api/register', { email, password: 'secret-123', fullName: `Person ${email}`, phoneNumber: '+447700900123' });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function count(sql: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql);
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  smtp = await startSmtpServer({ acceptAfterMs: SMTP_ANSWER_MS });
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
}, 60_000);

afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
  await db?.end();
  await smtp?.stop();
  await postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('a node killed while it holds jobs', () => {
  it('the other node finishes its mails and passport checks within 90 s, none twice', async () => {
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: postgres.url,
      MAIL_URL: smtp.url,
      PUBLIC_URL,
      APP_SECRET: 'node-failure-shared-app-secret-0123456789abcdefghijklmno',
      STORAGE_URL: '',
      REMINDER_SCHEDULE: 'off',
      RETENTION_SCHEDULE: 'off',
      PASSPORT_SCAN_WORKERS: '1',
    };
    // Node A alone queues the work (and starts on it at once: it is told of its own jobs).
    const a = await startNode('a', env);
    const clock = new FixedClock(new Date());
    const passport = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, width: 1400 });
    for (const person of [1, 2, 3, 4]) {
      const cookie = await register(a, `person${person}@example.com`);
      for (let i = 0; i < 6; i += 1) {
        const created = await call(a, cookie, 'POST', '/api/applications', applicationForm(clock));
        expect(created.status).toBe(201);
        if (i > 0) continue;
        // One passport copy per person: a check-passport job each.
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(passport)], { type: 'image/jpeg' }), 'passport.jpg');
        form.append('type', 'passport');
        const id = ((await created.json()) as { id: number }).id;
        const upload = await fetch(`${a.url}/api/applications/${id}/documents`, { method: 'POST', headers: { origin: PUBLIC_URL, cookie }, body: form });
        expect(upload.status).toBe(201);
      }
    }
    const mails = await count('select count(*) as n from mail_outbox');
    expect(mails).toBe(24);
    await vi.waitFor(async () => expect(await count(`select count(*) as n from pgboss.job where state = 'active'`)).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });

    // A is killed while the mail server is answering nothing: every mail it handed over (250) is
    // marked sent first, so none is in the one window no mail protocol closes — accepted by the
    // server, not yet marked — in which a death sends a mail twice (docs/deployment.md).
    smtp.hold();
    await vi.waitFor(async () => expect(await count('select count(*) as n from mail_outbox where sent_at is not null')).toBe(smtp.received.length), { timeout: 30_000, interval: 50 });

    // A dies with what it holds.
    const held = await db.query<{ id: string; name: string }>(`select id, name from pgboss.job where state = 'active'`);
    expect(held.rows.length, 'jobs held when the node died').toBeGreaterThan(0);
    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    // The mail server answers again once every connection A had (A alone was connected, and it kept
    // opening new ones while its first waited) has dropped: what A was sending is not kept.
    await vi.waitFor(() => expect(smtp.openSessions()).toEqual([]), { timeout: 10_000, interval: 50 });
    smtp.release();
    // Node B comes up and takes over.
    const b = await startNode('b', env);

    await vi.waitFor(
      async () => {
        expect(await count('select count(*) as n from mail_outbox where sent_at is null')).toBe(0);
        expect(await count(`select count(*) as n from applications where passport_scan_status = 'pending'`)).toBe(0);
        expect(await count(`select count(*) as n from pgboss.job where name in ('deliver-mail', 'check-passport') and state in ('created', 'retry', 'active')`)).toBe(0);
      },
      { timeout: 90_000, interval: 500 },
    );
    const seconds = (Date.now() - killedAt) / 1000;
    expect(seconds).toBeLessThan(90);

    // Every mail reached the mail server exactly once (its Message-ID is stable per outbox mail).
    const received = await Promise.all(smtp.received.map((m) => parseMail(m.raw)));
    const ids = received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(mails);
    // Every passport check completed exactly once; nothing failed for good.
    const { rows: checks } = await db.query<{ key: string; completed: string }>(
      `select singleton_key as key, count(*) filter (where state = 'completed') as completed
         from (select singleton_key, state, name from pgboss.job union all select singleton_key, state, name from pgboss.archive) j
        where name = 'check-passport' group by singleton_key order by 1`,
    );
    expect(checks.map((c) => [c.key, Number(c.completed)])).toEqual([1, 2, 3, 4].map((_, i) => [expect.stringMatching(/^document-\d+$/), 1]));
    expect(await count(`select count(*) as n from pgboss.job where state = 'failed'`)).toBe(0);
    // The jobs the dead node held were taken back and retried (by B, the only node left).
    const retried = await db.query<{ id: string }>(`select id from pgboss.job where id = any($1) and retry_count >= 1 union select id from pgboss.archive where id = any($1) and retry_count >= 1`, [
      held.rows.map((r) => r.id),
    ]);
    expect(retried.rows.length, b.output()).toBeGreaterThan(0);
  }, 240_000);
});
