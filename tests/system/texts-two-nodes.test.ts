import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { startServerProcess, type ServerProcess, stopServerProcesses } from '../support/server-process.js';
import { startTwilioServer, TWILIO_ERRORS, type TwilioServer } from '../support/twilio-server.js';

/**
 * Text messages (docs/product.md §16.4) from two server PROCESSES on one PostgreSQL database,
 * through the real twilio SDK to a local Twilio-compatible server: each status change of an
 * applicant who asked for texts is texted exactly once, whichever node changed it and whichever
 * node's job engine takes the text; an outage is retried by the job engine; a number Twilio refuses
 * is failed with the reason, not retried.
 */
const PUBLIC_URL = 'http://agency.test';
const PASSWORD = 'secret-123';

let postgres: TestPostgres;
let twilio: TwilioServer;
const nodes: ServerProcess[] = [];

class Browser {
  cookie = '';
  async call(node: ServerProcess, method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${node.url}${url}`, {
      method,
      headers: { origin: PUBLIC_URL, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie()[0];
    if (set) this.cookie = /max-age=0/i.test(set) ? '' : set.split(';')[0]!;
    return res;
  }
}

async function register(node: ServerProcess, email: string, phoneNumber: string): Promise<Browser> {
  const browser = new Browser();
  const res = await browser.call(node, 'POST', '/api/register', { email, password: PASSWORD, fullName: `Person ${email}`, phoneNumber });
  expect(res.status, await res.clone().text()).toBe(201);
  return browser;
}

async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  try {
    return (await db.query<Row>(text, values)).rows;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  twilio = await startTwilioServer();
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: postgres.url,
    SMS_URL: twilio.smsUrl(),
    PUBLIC_URL,
    APP_SECRET: 'texts-two-nodes-shared-app-secret-0123456789abcdefghijkl',
    STORAGE_URL: '',
    MAIL_URL: '',
    TRUST_PROXY: '0',
    REMINDER_SCHEDULE: '',
    RETENTION_SCHEDULE: postgres.source === 'pglite' ? 'off' : '',
    DATABASE_POOL_SIZE: postgres.source === 'pglite' ? '1' : '',
  };
  nodes.push(...(await Promise.all([startServerProcess('texts-a', env), startServerProcess('texts-b', env)])));
}, 120_000);

afterAll(async () => {
  await stopServerProcesses(nodes);
  await twilio?.close();
  await postgres?.stop();
  for (const node of nodes) rmSync(node.dataDir, { recursive: true, force: true });
}, 60_000);

describe('text messages on two nodes', () => {
  it('texts each status change exactly once through Twilio, whichever node changes it; an outage is retried, a refused number fails once', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const clock = new FixedClock(new Date());

    // Asking for texts with a landline is refused (400), nothing is created.
    const landline = await register(a, 'landline@example.com', '020 7946 0000');
    const refusedOptIn = await landline.call(b, 'POST', '/api/applications', applicationForm(clock, { smsUpdates: true }));
    expect(refusedOptIn.status).toBe(400);
    expect(((await refusedOptIn.json()) as { message: string }).message).toMatch(/cannot send text messages/);

    const applicant = await register(a, 'texted@example.com', '07400 123456');
    const created = await applicant.call(b, 'POST', '/api/applications', applicationForm(clock, { givenName: 'Amelia', smsUpdates: true }));
    expect(created.status, await created.clone().text()).toBe(201);
    const application = (await created.json()) as { id: number; applicationNumber: string; smsUpdates: boolean };
    expect(application.smsUpdates).toBe(true);
    // Twilio refuses this one's number (unsubscribed).
    const unsubscribed = await register(b, 'stopped@example.com', '07400 654321');
    const other = (await (await unsubscribed.call(a, 'POST', '/api/applications', applicationForm(clock, { smsUpdates: true }))).json()) as { id: number };
    twilio.failFor('+447400654321', TWILIO_ERRORS.unsubscribed);

    const admin = await register(a, 'texts-admin@example.com', '07400 111222');
    await query('update users set is_admin = true, two_factor_enabled_at = now() where lower(email) = $1', ['texts-admin@example.com']);

    // Twilio is down for the first text: its job fails and pg-boss retries it (10 s later) on either node.
    twilio.failNext(1, TWILIO_ERRORS.outage);
    // Each change is sent to BOTH nodes at once: one commits it, the other finds nothing left to change.
    const changes = [
      { status: 'application_created' },
      { status: 'under_process' },
      { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' },
      { status: 'verified' },
      { status: 'approved' },
    ];
    for (const change of changes) {
      const answers = await Promise.all([a, b].map((node) => admin.call(node, 'PUT', `/api/admin/applications/${application.id}/status`, change)));
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
    }
    expect((await admin.call(b, 'PUT', `/api/admin/applications/${other.id}/status`, { status: 'application_created' })).status).toBe(200);

    // Every text is sent (or failed) by one node's job engine: Twilio received each status change once.
    const rows = await vi.waitFor(
      async () => {
        const found = await query<{
          application_id: number;
          template: string;
          to_number: string;
          body: string;
          sent_at: Date | null;
          failed_at: Date | null;
          attempts: number;
          last_error: string | null;
          provider_id: string | null;
        }>('select application_id, template, to_number, body, sent_at, failed_at, attempts, last_error, provider_id from text_outbox order by id');
        expect(found.length).toBe(changes.length + 1);
        expect(found.every((row) => row.sent_at !== null || row.failed_at !== null)).toBe(true);
        return found;
      },
      { timeout: 90_000, interval: 200 },
    );
    const mine = rows.filter((row) => row.application_id === application.id);
    expect(mine.map((row) => row.template)).toEqual(['status_changed', 'status_changed', 'info_requested', 'status_changed', 'approved']);
    expect(mine.every((row) => row.to_number === '+447400123456' && row.sent_at !== null)).toBe(true);
    // The outage cost one text a second attempt, nothing more; no text was given up.
    expect(twilio.refused.filter((r) => r.status === 503)).toHaveLength(1);
    expect(mine.map((row) => row.attempts).sort()).toEqual([1, 1, 1, 1, 2]);
    const received = twilio.received.filter((text) => text.to === '+447400123456');
    // The two engines send in parallel: the order may differ, never the count.
    expect(received.map((text) => text.body).sort()).toEqual(mine.map((row) => row.body).sort());
    expect(new Set(mine.map((row) => row.body)).size).toBe(changes.length);
    expect(received.map((text) => text.sid).sort()).toEqual(mine.map((row) => row.provider_id).sort());
    for (const text of received) expect(text.body).toContain(application.applicationNumber);

    const [stopped] = rows.filter((row) => row.application_id === other.id);
    expect(stopped).toMatchObject({ sent_at: null, attempts: 1, to_number: '+447400654321', last_error: 'Twilio refused the text (21610): the recipient has unsubscribed (replied STOP)' });
    expect(stopped!.failed_at).not.toBeNull();
    expect(twilio.refused.filter((r) => r.code === 21610)).toHaveLength(1);
  }, 120_000);
});
