import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { applicantWithApplication, FILES, makeMemoryApp, type TestAgency } from '../support/http.js';
import { startS3Server, type LocalS3Server } from '../support/s3-server.js';

/** The upload route with the REAL MinIO adapter: stored in the bucket while it is up, 503 and no row while it is down. */
describe('passport upload over HTTP with MinIO storage', () => {
  let s3: LocalS3Server;
  let t: TestAgency;
  let storage: MinioFileStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new MinioFileStorage(s3.storageUrl('agency-uploads'));
    t = await makeMemoryApp({ overrides: { files: storage } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop().catch(() => undefined);
  });

  it('stores the upload in the bucket under a random key with the original name as metadata', async () => {
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, {
      file: { content: FILES.pdf, name: 'My Passport.pdf', type: 'application/pdf' },
      type: 'passport',
    });
    expect(res.status).toBe(201);
    const [doc] = await t.ports.documents.listByApplication(owner.application.id);
    expect(doc!.storageKey).not.toContain('Passport');
    const got = await storage.get(doc!.storageKey);
    expect(got!.info).toMatchObject({ fileName: 'My Passport.pdf', contentType: 'application/pdf', size: FILES.pdf.length });
    const chunks: Buffer[] = [];
    for await (const c of got!.body as Readable) chunks.push(Buffer.from(c as Buffer));
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(FILES.pdf));
  });

  it('answers 503 with a clear message and writes no document row when the S3 server is down', async () => {
    const owner = await applicantWithApplication(t);
    await s3.stop();
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, {
      file: { content: FILES.pdf, name: 'p.pdf', type: 'application/pdf' },
      type: 'passport',
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'File storage is unavailable. Please try again later.' });
    expect(await t.ports.documents.listByApplication(owner.application.id)).toEqual([]);
    const app = await t.ports.applications.findById(owner.application.id);
    expect(app!.requiresPassportReupload).toBe(false);
  });
});
