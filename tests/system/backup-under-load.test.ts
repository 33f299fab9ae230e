import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Agency } from '../../apps/shared/agency.js';
import { createAgency } from '../../apps/shared/composition-root.js';
import { runCli } from '../cli/helpers/cli.js';
import { applicationForm, FILES, makeSqliteApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';
import { startTestPostgres, testPostgresSource, type TestPostgres } from '../support/postgres.js';

/**
 * The backup taken while the agency serves (decision 0027; issue 38's "Done when"): 20 applicants
 * create applications, upload their passport copies and pay through the HTTP app, and a member of
 * staff refunds part of some fees (each refund an audited action), while `evisa backup` runs as its
 * own process. The archive is restored into a fresh place (a new DATA_DIR; a new PostgreSQL
 * database), and everything that was answered 2xx before the backup began is found there — the
 * application, its passport copy byte for byte, its payment, its receipt, its refund and the refund's
 * audit entry — with the audit chain intact.
 */

const CLIENTS = 20;
/** Paid applications and refunds answered before the backup starts. */
const PAID_BEFORE = 30;
const REFUNDS_BEFORE = 3;

/**
 * Answers are ordered by a counter, not the clock: an answer recorded in the same millisecond as the
 * backup's start is still before it (with `Date.now()`, one such tie made 29 of 30 "before").
 */
let moments = 0;
const moment = () => ++moments;

interface Answered<T> {
  /** When it was answered, as a {@link moment}. */
  at: number;
  value: T;
}

interface Record_ {
  applications: Answered<{ id: number; applicationNumber: string; userId: number }>[];
  documents: Answered<{ applicationId: number; documentId: number; bytes: Buffer }>[];
  payments: Answered<{ applicationId: number; paymentIntentId: string }>[];
  receipts: Answered<{ applicationId: number; numbers: string[] }>[];
  refunds: Answered<{ applicationId: number; refundId: number }>[];
}

const dirs: string[] = [];
const databases: TestPostgres[] = [];
afterAll(async () => {
  for (const db of databases) await db.stop().catch(() => undefined);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `evisa-backup-load-${name}-`));
  dirs.push(dir);
  return dir;
}

/** A passport copy of its own: a PNG signature, then random bytes (stored as uploaded). */
function passportBytes(): Buffer {
  return Buffer.concat([Buffer.from(FILES.png), randomBytes(2048 + Math.floor(Math.random() * 4096))]);
}

async function json<T>(res: Response, status: number): Promise<T | null> {
  if (res.status !== status) return null;
  return (await res.json()) as T;
}

/** One applicant, applying and paying again and again until told to stop; answers its record of 2xx answers. */
async function applicant(t: TestAgency, index: number, record: Record_, stopping: () => boolean, errors: string[]): Promise<void> {
  const { browser, user } = await signUp(t.app, { ip: `198.51.100.${index + 1}` });
  while (!stopping()) {
    const created = await json<{ id: number; applicationNumber: string }>(await browser.post('/api/applications', applicationForm(t.clock, { givenName: `Ada${index}` })), 201);
    if (!created) {
      errors.push('create application');
      continue;
    }
    record.applications.push({ at: moment(), value: { id: created.id, applicationNumber: created.applicationNumber, userId: user.id } });
    const bytes = passportBytes();
    const uploaded = await json<{ id: number }>(
      await browser.upload(`/api/applications/${created.id}/documents`, { file: { content: bytes, name: `passport-${index}.png`, type: 'image/png' }, type: 'passport' }),
      201,
    );
    if (uploaded) record.documents.push({ at: moment(), value: { applicationId: created.id, documentId: uploaded.id, bytes } });
    else errors.push('upload');
    const started = await json<{ paymentIntentId: string }>(await browser.post(`/api/payments/initial/${created.id}`, { startNow: true }), 200);
    if (!started) {
      errors.push('start payment');
      continue;
    }
    const charged = await browser.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { cardNumber: '4242 4242 4242 4242' });
    if (charged.status !== 200) {
      errors.push(`charge ${charged.status}`);
      continue;
    }
    const confirmed = await browser.post(`/api/payments/initial/confirm/${created.id}`, { paymentIntentId: started.paymentIntentId });
    if (confirmed.status !== 200) {
      errors.push(`confirm ${confirmed.status}`);
      continue;
    }
    record.payments.push({ at: moment(), value: { applicationId: created.id, paymentIntentId: started.paymentIntentId } });
    const receipts = await json<{ number: string }[]>(await browser.get(`/api/applications/${created.id}/receipts`), 200);
    if (receipts) record.receipts.push({ at: moment(), value: { applicationId: created.id, numbers: receipts.map((r) => r.number) } });
  }
}

/** A member of staff refunding £1 of paid applications' fees, one after another. */
async function refunder(t: TestAgency, record: Record_, stopping: () => boolean, errors: string[]): Promise<void> {
  const staff = await signInAdmin(t);
  let next = 0;
  while (!stopping()) {
    const paid = record.payments[next];
    if (!paid) {
      await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    next += 1;
    const res = await staff.browser.post(`/api/admin/applications/${paid.value.applicationId}/refunds`, { paymentType: 'initial', amountPence: 100, reason: 'Goodwill: backup drill' });
    const refund = await json<{ id: number; status: string }>(res, 201);
    if (refund?.status === 'succeeded') record.refunds.push({ at: moment(), value: { applicationId: paid.value.applicationId, refundId: refund.id } });
    else errors.push(`refund ${res.status}`);
  }
}

async function readAll(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const before = <T>(list: Answered<T>[], start: number) => list.filter((a) => a.at < start).map((a) => a.value);

const usePostgres = (await testPostgresSource()) !== 'pglite' || Boolean(process.env.CI);
const DATABASES = ['sqlite', ...(usePostgres ? ['postgres' as const] : [])] as const;

describe.each(DATABASES)('a backup taken while 20 clients apply and pay, restored on %s', { timeout: 300_000 }, (dialect) => {
  it('holds every record and file answered before it began, and the audit chain verifies', async () => {
    const dataDir = tempDir(`${dialect}-source`);
    const archives = tempDir(`${dialect}-archives`);
    // The operator's keyring, kept apart from the data: the restored place is given the same one.
    const keyring = `backup-load:${randomBytes(32).toString('base64')}`;
    const env: Record<string, string> = { DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: keyring };
    if (dialect === 'postgres') {
      const db = await startTestPostgres();
      databases.push(db);
      env.DATABASE_URL = db.url;
    }
    const t = await makeSqliteApp({ env: { ...env, RETENTION_SCHEDULE: 'off', BACKUP_SCHEDULE: 'off' } });
    const record: Record_ = { applications: [], documents: [], payments: [], receipts: [], refunds: [] };
    const errors: string[] = [];
    let stop = false;
    let backupStarted = Number.POSITIVE_INFINITY;
    let backupEnded = Number.POSITIVE_INFINITY;
    let backup: Awaited<ReturnType<typeof runCli>> | null = null;
    try {
      const clients = [...Array.from({ length: CLIENTS }, (_, i) => applicant(t, i, record, () => stop, errors)), refunder(t, record, () => stop, errors)];
      const settled = Promise.allSettled(clients);
      try {
        // Enough answered before the backup begins, polled (no fixed sleep).
        while (record.payments.length < PAID_BEFORE || record.refunds.length < REFUNDS_BEFORE) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect(
            errors.filter((e) => !e.startsWith('refund')),
            'clients failing before the backup',
          ).toEqual([]);
        }
        backupStarted = moment();
        backup = await runCli(['backup', '--to', archives], env);
        backupEnded = moment();
      } finally {
        stop = true;
        const results = await settled;
        for (const r of results) if (r.status === 'rejected') throw r.reason;
      }
    } finally {
      await t.close();
    }
    expect(backup?.code, `${backup?.stderr}${backup?.stdout}`).toBe(0);
    // The clients were served all along: payments answered while the backup ran.
    expect(record.payments.filter((p) => p.at >= backupStarted && p.at < backupEnded).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);

    const archive = path.join(
      archives,
      fs.readdirSync(archives).find((n) => n.endsWith('.tar'))!,
    );
    // The archive carries the stored (encrypted) bodies: no uploaded byte sequence is in it.
    const archiveBytes = fs.readFileSync(archive);
    for (const d of before(record.documents, backupStarted)) expect(archiveBytes.includes(d.bytes), `document ${d.documentId} in the clear`).toBe(false);
    const target: Record<string, string> = { DATA_DIR: tempDir(`${dialect}-target`), FILE_ENCRYPTION_KEYS: keyring };
    if (dialect === 'postgres') {
      const db = await startTestPostgres();
      databases.push(db);
      target.DATABASE_URL = db.url;
    }
    const restored = await runCli(['restore', archive], target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/audit chain intact/);

    // What must be found: everything answered before the backup began (at least the warm-up's).
    expect(before(record.payments, backupStarted).length).toBeGreaterThanOrEqual(PAID_BEFORE);
    expect(before(record.documents, backupStarted).length).toBeGreaterThanOrEqual(PAID_BEFORE);
    expect(before(record.receipts, backupStarted).length).toBeGreaterThan(0);

    const agency: Agency = await createAgency(target);
    try {
      const ports = agency.ports;
      for (const a of before(record.applications, backupStarted)) {
        expect(await ports.applications.findById(a.id), `application ${a.id}`).toMatchObject({ applicationNumber: a.applicationNumber, userId: a.userId });
        expect(await ports.users.findById(a.userId)).not.toBeNull();
      }
      for (const d of before(record.documents, backupStarted)) {
        const document = await ports.documents.findById(d.documentId);
        expect(document, `document ${d.documentId}`).toMatchObject({ applicationId: d.applicationId, type: 'passport' });
        const stored = await ports.files.get(document!.storageKey);
        expect(stored, `file of document ${d.documentId}`).not.toBeNull();
        expect((await readAll(stored!.body)).equals(d.bytes), `file of document ${d.documentId} byte-identical`).toBe(true);
      }
      for (const p of before(record.payments, backupStarted)) {
        expect(await ports.payments.findByProviderPaymentId(p.paymentIntentId), `payment ${p.paymentIntentId}`).toMatchObject({ applicationId: p.applicationId, status: 'succeeded', type: 'initial' });
        expect((await ports.applications.findById(p.applicationId))!.initialPaymentId).toBe(p.paymentIntentId);
      }
      for (const r of before(record.receipts, backupStarted)) {
        expect(r.numbers.length).toBeGreaterThan(0);
        for (const number of r.numbers) expect(await ports.receipts.findByNumber(number), `receipt ${number}`).toMatchObject({ number });
      }
      const refunds = before(record.refunds, backupStarted);
      expect(refunds.length).toBeGreaterThanOrEqual(REFUNDS_BEFORE);
      for (const r of refunds) {
        expect(await ports.refunds.findById(r.refundId), `refund ${r.refundId}`).toMatchObject({ applicationId: r.applicationId, status: 'succeeded', amount: 100 });
        const audited = await ports.audit.list({ applicationId: r.applicationId, action: 'refund.requested', limit: 10 });
        expect(
          audited.map((e) => e.targetId),
          `audit entry of refund ${r.refundId}`,
        ).toContain(String(r.refundId));
      }
      const verdict = await agency.useCases.verifyAuditLog();
      expect(verdict).toMatchObject({ ok: true });
      expect(verdict.ok && verdict.rows).toBeGreaterThanOrEqual(refunds.length);
    } finally {
      await agency.close();
    }
  });
});
