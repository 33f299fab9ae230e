import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSqlitePersistence } from '../../adapters/persistence/sqlite/index.js';
import { EncryptedFileStorage, loadOrCreateFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { makeSweepOrphanFiles, ORPHAN_GRACE_HOURS } from '../../core/use-cases/sweep-orphan-files.js';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { startS3Server, type LocalS3Server } from '../support/s3-server.js';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../support/server-process.js';

/**
 * The file store goes away while applicants upload (issue 38, "Faults survived"): a server node
 * stores passport copies in an S3 bucket (the local S3 server, as MinIO would); the store stops
 * listening and cuts every connection — uploads under way too — and comes back a while later.
 * Uploads in the window answer 503 `{ message }` with Retry-After; nothing is half-written (every
 * document row has its object, whole; an object without a row is only what an upload cut as the
 * store went away left there, and the orphan sweep removes it); an application whose upload was
 * refused is unchanged; the same node stores uploads again once the store is back.
 */
const PUBLIC_URL = 'http://agency.test';
const CLIENTS = 4;
const BUCKET = 'agency-uploads';
const STORAGE_DOWN = 'File storage is unavailable. Please try again later.';
/** A passport "photo" of 1.5 MB (a JPEG by its first bytes): an upload that takes a moment. */
const photo = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]), randomBytes(1_500_000)]);

type Phase = 'before' | 'down' | 'after';
interface Upload {
  client: number;
  applicationId: number;
  status: number;
  body: string;
  retryAfter: string | null;
  phase: Phase;
}

describe('the file store unreachable while applicants upload', () => {
  let s3: LocalS3Server;
  let node: ServerProcess;

  beforeAll(async () => {
    s3 = await startS3Server();
    node = await startServerProcess('store-outage', {
      DATABASE_URL: '',
      STORAGE_URL: s3.storageUrl(BUCKET),
      MAIL_URL: '',
      PUBLIC_URL,
      REMINDER_SCHEDULE: 'off',
      RETENTION_SCHEDULE: 'off',
      PASSPORT_SCAN_WORKERS: '1',
    });
  }, 120_000);

  afterAll(async () => {
    if (node) await stopServerProcesses([node]);
    if (node) rmSync(node.dataDir, { recursive: true, force: true });
    await s3?.stop();
  }, 60_000);

  it('answers 503 { message } in the window, half-writes nothing, leaves the application as it was, and stores again once the store is back', async () => {
    const clock = new FixedClock(new Date());
    const uploads: Upload[] = [];
    const unexpected: string[] = [];
    const refused: { client: number; cookie: string; applicationId: number }[] = [];
    let phase: Phase = 'before';
    let running = true;

    async function call(cookie: string, method: string, url: string, body?: unknown): Promise<Response> {
      return fetch(`${node.url}${url}`, {
        method,
        headers: { origin: PUBLIC_URL, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    }

    /** What an upload must not change: the stored application as its owner reads it. */
    async function state(cookie: string, id: number) {
      const application = (await (await call(cookie, 'GET', `/api/applications/${id}`)).json()) as Record<string, unknown>;
      const documents = (await (await call(cookie, 'GET', `/api/applications/${id}/documents`)).json()) as unknown[];
      return {
        version: application.version,
        updatedAt: application.updatedAt,
        status: application.status,
        passportScan: application.passportScan,
        passportCheck: application.passportCheck,
        documents,
      };
    }

    async function upload(client: number, cookie: string, applicationId: number): Promise<number> {
      const at = phase;
      const form = new FormData();
      form.append('file', new Blob([photo()], { type: 'image/jpeg' }), 'passport.jpg');
      form.append('type', 'passport');
      let res: Response;
      try {
        res = await fetch(`${node.url}/api/applications/${applicationId}/documents`, { method: 'POST', headers: { origin: PUBLIC_URL, cookie }, body: form, signal: AbortSignal.timeout(30_000) });
      } catch (error) {
        unexpected.push(`client ${client}: the server dropped an upload: ${String(error)}`);
        return 0;
      }
      uploads.push({ client, applicationId, status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after'), phase: at === phase ? at : 'down' });
      return res.status;
    }

    async function work(client: number, cookie: string): Promise<void> {
      while (running) {
        const created = await call(cookie, 'POST', '/api/applications', applicationForm(clock, { givenName: `Client${client}` }));
        if (created.status !== 201) {
          unexpected.push(`client ${client}: create answered ${created.status} ${await created.text()}`);
          continue;
        }
        const { id } = (await created.json()) as { id: number };
        const before = await state(cookie, id);
        const status = await upload(client, cookie, id);
        if (status === 503) {
          // Refused: the application is as it was, with no document.
          expect(await state(cookie, id)).toEqual(before);
          refused.push({ client, cookie, applicationId: id });
        } else if (status !== 201) {
          unexpected.push(`client ${client}: upload answered ${status} ${uploads.at(-1)?.body ?? ''}`);
        }
      }
    }

    const cookies: string[] = [];
    for (let client = 1; client <= CLIENTS; client += 1) {
      const res = await call('', 'POST', '/api/register', { email: `uploader${client}@example.com`, password: 'secret-123', fullName: `Uploader ${client}`, phoneNumber: '+447700900123' });
      expect(res.status).toBe(201);
      cookies.push(res.headers.getSetCookie()[0]!.split(';')[0]!);
    }
    const workers = cookies.map((cookie, i) => work(i + 1, cookie));
    const stored = (p: Phase, client?: number) => uploads.filter((u) => u.phase === p && u.status === 201 && (client === undefined || u.client === client)).length;

    await vi.waitFor(() => expect(stored('before')).toBeGreaterThanOrEqual(CLIENTS * 2), { timeout: 60_000, interval: 50 });
    // The store goes away, uploads under way cut off.
    phase = 'down';
    await s3.halt();
    await vi.waitFor(() => expect(uploads.filter((u) => u.phase === 'down' && u.status === 503).length).toBeGreaterThanOrEqual(CLIENTS * 2), { timeout: 60_000, interval: 50 });
    await s3.resume();
    phase = 'after';
    await vi.waitFor(
      () => {
        for (let client = 1; client <= CLIENTS; client += 1) expect(stored('after', client)).toBeGreaterThanOrEqual(2);
      },
      { timeout: 60_000, interval: 100 },
    );
    running = false;
    await Promise.all(workers);

    expect(unexpected, node.output().slice(-3000)).toEqual([]);
    const outages = uploads.filter((u) => u.status === 503);
    expect(outages.length).toBeGreaterThanOrEqual(CLIENTS * 2);
    for (const outage of outages) {
      expect(JSON.parse(outage.body)).toEqual({ message: STORAGE_DOWN });
      expect(Number(outage.retryAfter)).toBeGreaterThan(0);
    }
    expect(outages.filter((u) => u.phase !== 'down')).toEqual([]);
    expect(node.child.exitCode).toBeNull();

    // A refused upload sent again once the store is back is stored.
    for (const { client, cookie, applicationId } of refused) expect(await upload(client, cookie, applicationId), `client ${client}`).toBe(201);

    // Nothing half-written: each document row has its object, whole, and was answered 201.
    const db = new Database(path.join(node.dataDir, 'agency.sqlite'), { readonly: true, fileMustExist: true });
    const rows = db.prepare('select application_id as applicationId, storage_key as storageKey, size from documents').all() as { applicationId: number; storageKey: string; size: number }[];
    db.close();
    const answered = uploads.filter((u) => u.status === 201).map((u) => u.applicationId);
    expect(rows.map((r) => r.applicationId).sort((a, b) => a - b)).toEqual(answered.sort((a, b) => a - b));
    const bucket = new MinioFileStorage(s3.storageUrl(BUCKET));
    // Read as the node reads them: decrypted under the key it made in its DATA_DIR (sizes are plain sizes).
    const documents = new EncryptedFileStorage(bucket, loadOrCreateFileKeyring(path.join(node.dataDir, 'file-encryption.key')));
    for (const row of rows) {
      const object = await documents.get(row.storageKey);
      expect(object?.info.size, row.storageKey).toBe(row.size);
      object?.body.destroy();
    }
    // An object without a row can only be an upload cut as the store went away (the store kept
    // part or all of it, and was gone when the node asked it to remove it again): no more of them
    // than uploads refused then. The operator's orphan sweep, a day later, removes them; after it
    // the bucket holds exactly the rows' objects.
    const objects = async () => {
      const keys: string[] = [];
      for await (const { key } of bucket.list()) keys.push(key);
      return keys.sort();
    };
    const keys = rows.map((r) => r.storageKey).sort();
    const orphans = (await objects()).filter((key) => !keys.includes(key));
    expect(orphans.length).toBeLessThanOrEqual(outages.length);
    const persistence = createSqlitePersistence(path.join(node.dataDir, 'agency.sqlite'));
    try {
      const dayLater = new FixedClock(new Date(Date.now() + (ORPHAN_GRACE_HOURS + 1) * 3_600_000));
      const sweep = makeSweepOrphanFiles({ files: bucket, documents: persistence.documents, portal: persistence.portal, clock: dayLater });
      expect(await sweep({ dryRun: false })).toMatchObject({ orphans: orphans.length, deleted: orphans.length });
    } finally {
      await persistence.close();
    }
    expect(await objects()).toEqual(keys);
  }, 240_000);
});
