import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../support/server-process.js';
import { parseMail, startSmtpServer, type LocalSmtpServer } from '../support/smtp-server.js';

/**
 * The mail server is down (issue 38, "Faults survived": nothing listens on its port): applicants
 * still register and apply (their answers do not wait on mail), every mail waits in the outbox with
 * its failed attempt recorded and its job waiting to retry — none given up — and once the mail
 * server is back on its port each mail goes, exactly once, without restarting the node.
 */
const PUBLIC_URL = 'http://agency.test';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface OutboxRow {
  id: number;
  to: string;
  template: string;
  attempts: number;
  sentAt: number | null;
  lastError: string | null;
}

describe('the mail server down', () => {
  let node: ServerProcess;
  let smtp: LocalSmtpServer | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    node = await startServerProcess('smtp-down', {
      DATABASE_URL: '',
      STORAGE_URL: '',
      MAIL_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL,
      REMINDER_SCHEDULE: 'off',
      RETENTION_SCHEDULE: 'off',
    });
  }, 120_000);

  afterAll(async () => {
    if (node) await stopServerProcesses([node]);
    if (node) rmSync(node.dataDir, { recursive: true, force: true });
    await smtp?.stop();
  }, 60_000);

  it('keeps every mail waiting while it is down and sends each once when it is back', async () => {
    const db = new Database(path.join(node.dataDir, 'agency.sqlite'), { readonly: true, fileMustExist: true });
    const outbox = () => db.prepare('select id, to_address as "to", template, attempts, sent_at as sentAt, last_error as lastError from mail_outbox order by id').all() as OutboxRow[];
    const jobStates = () => (db.prepare(`select state from jobs where name = 'deliver-mail'`).all() as { state: string }[]).map((r) => r.state);
    try {
      const clock = new FixedClock(new Date());
      const call = (cookie: string, url: string, body: unknown) =>
        fetch(`${node.url}${url}`, { method: 'POST', headers: { origin: PUBLIC_URL, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      for (const person of [1, 2]) {
        const registered = await call('', '/api/register', { email: `waiting${person}@example.com`, password: 'secret-123', fullName: `Waiting ${person}`, phoneNumber: '+447700900123' });
        expect(registered.status).toBe(201);
        const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
        // The applicant's answer does not wait on mail.
        expect((await call(cookie, '/api/applications', applicationForm(clock))).status).toBe(201);
      }

      // Each mail was tried, failed for want of a server, and waits to be tried again: none given up.
      await vi.waitFor(
        () => {
          const rows = outbox();
          expect(rows.length).toBeGreaterThanOrEqual(2);
          for (const row of rows) expect(row, JSON.stringify(row)).toMatchObject({ sentAt: null, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
          for (const row of rows) expect(row.attempts).toBeGreaterThanOrEqual(1);
        },
        { timeout: 30_000, interval: 100 },
      );
      const waiting = outbox();
      expect(jobStates().every((state) => state === 'retry' || state === 'created' || state === 'active')).toBe(true);
      expect(jobStates()).not.toContain('failed');

      // The mail server is back on its port: every mail goes, once, with no restart of the node.
      smtp = await startSmtpServer({ port });
      await vi.waitFor(() => expect(outbox().filter((row) => row.sentAt === null)).toEqual([]), { timeout: 90_000, interval: 250 });
      const received = await Promise.all(smtp.received.map((m) => parseMail(m.raw)));
      expect(received.map((m) => m.to).sort()).toEqual(waiting.map((row) => row.to).sort());
      const ids = received.map((m) => /^<outbox-(\d+)-/.exec(m.messageId)?.[1]);
      expect(ids.map(Number).sort((a, b) => a - b)).toEqual(waiting.map((row) => row.id));
      expect(node.child.exitCode).toBeNull();
      expect(jobStates()).not.toContain('failed');
    } finally {
      db.close();
    }
  }, 180_000);
});
