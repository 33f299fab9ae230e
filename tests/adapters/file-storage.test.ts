import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import { FilesystemFileStorage, MinioFileStorage, fileStorageName, openFileStorage, parseStorageUrl } from '../../adapters/storage/index.js';
import { startS3Server, type LocalS3Server } from '../support/s3-server.js';

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function expectUnavailable(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDomainError(error, 'Unavailable')).toBe(true);
  expect((error as Error).message).toBe('File storage is unavailable. Please try again later.');
  expect((error as { data: { service: string } }).data.service).toBe('storage');
}

describe('FilesystemFileStorage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'fs-storage-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps the file at its key under the root with a JSON sidecar of name, type and size', async () => {
    const storage = new FilesystemFileStorage(path.join(root, 'uploads'));
    await storage.put('passports/abc123.pdf', Buffer.from('%PDF-1.4 hello'), { contentType: 'application/pdf', fileName: 'My Passport.pdf' });
    const file = path.join(root, 'uploads', 'passports', 'abc123.pdf');
    expect(await readFile(file, 'utf8')).toBe('%PDF-1.4 hello');
    expect(JSON.parse(await readFile(`${file}.meta.json`, 'utf8'))).toEqual({ fileName: 'My Passport.pdf', contentType: 'application/pdf', size: 14 });
    // no temporary files left behind
    expect((await readdir(path.dirname(file))).sort()).toEqual(['abc123.pdf', 'abc123.pdf.meta.json']);
  });

  it('answers ping with false when its folder cannot be written (a file in the way)', async () => {
    const blocker = path.join(root, 'not-a-folder');
    await writeFile(blocker, 'x');
    expect(await new FilesystemFileStorage(blocker).ping()).toBe(false);
    expect(await new FilesystemFileStorage(path.join(root, 'fresh')).ping()).toBe(true);
  });

  it('lists the temporary files of an upload a crash cut short, never the sidecars', async () => {
    const dir = path.join(root, 'crashed');
    const storage = new FilesystemFileStorage(dir);
    await storage.put('done.pdf', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'done.pdf' });
    await writeFile(path.join(dir, 'half.pdf.4242-0123456789ab.tmp'), 'partial');
    const keys: string[] = [];
    for await (const entry of storage.list()) keys.push(entry.key);
    expect(keys.sort()).toEqual(['done.pdf', 'half.pdf.4242-0123456789ab.tmp']);
    await storage.delete('half.pdf.4242-0123456789ab.tmp');
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining(['half.pdf.4242-0123456789ab.tmp']));
  });

  it('never writes outside its root for a traversal key', async () => {
    const storage = new FilesystemFileStorage(path.join(root, 'jail'));
    await expect(storage.put('../outside.pdf', Buffer.from('x'), { contentType: 'application/pdf', fileName: 'x' })).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put('a/../../outside2.pdf', Buffer.from('x'), { contentType: 'application/pdf', fileName: 'x' })).rejects.toThrow(/Unsafe storage key/);
    expect(existsSync(path.join(root, 'outside.pdf'))).toBe(false);
    expect(existsSync(path.join(root, 'outside2.pdf'))).toBe(false);
  });

  it('reads a file whose sidecar is missing, falling back to the key name and a generic type', async () => {
    const storage = new FilesystemFileStorage(path.join(root, 'legacy'));
    await storage.put('old/file.png', Buffer.from('png'), { contentType: 'image/png', fileName: 'f.png' });
    await rm(path.join(root, 'legacy', 'old', 'file.png.meta.json'));
    const got = await storage.get('old/file.png');
    expect(got!.info).toEqual({ key: 'old/file.png', size: 3, contentType: 'application/octet-stream', fileName: 'file.png' });
    expect((await read(got!.body)).toString()).toBe('png');
  });

  it('throws Unavailable(storage) when its folder cannot be created (a file is in the way)', async () => {
    const blocker = path.join(root, 'blocker');
    await writeFile(blocker, 'not a folder');
    const storage = new FilesystemFileStorage(path.join(blocker, 'uploads'));
    await expectUnavailable(storage.put('k/file.pdf', Buffer.from('x'), { contentType: 'application/pdf', fileName: 'x.pdf' }));
    expect(await storage.exists('k/file.pdf')).toBe(false);
  });
});

describe('MinioFileStorage against a local S3 server', () => {
  let server: LocalS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('parses STORAGE_URL', () => {
    expect(parseStorageUrl('s3://AK%2B1:S%2Fecret@minio.internal:9000/agency-files?ssl=false')).toEqual({
      endPoint: 'minio.internal',
      port: 9000,
      useSSL: false,
      accessKey: 'AK+1',
      secretKey: 'S/ecret',
      bucket: 'agency-files',
      region: 'us-east-1',
    });
    expect(parseStorageUrl('s3://k:s@s3.example.com/bucket-x').useSSL).toBe(true);
    expect(parseStorageUrl('s3://k:s@s3.example.com/bucket-x').port).toBe(443);
    expect(() => parseStorageUrl('s3://k:s@host:9000/ab')).toThrow(/at least 3/);
  });

  it('creates a missing bucket on first use and keeps the original name as object metadata', async () => {
    const storage = new MinioFileStorage(server.storageUrl('fresh-bucket'));
    expect(await storage.client.bucketExists('fresh-bucket')).toBe(false);
    await storage.put('visas/v1.pdf', Buffer.from('%PDF-1.7'), { contentType: 'application/pdf', fileName: 'e-visa Ümit.pdf' });
    expect(await storage.client.bucketExists('fresh-bucket')).toBe(true);
    const stat = await storage.client.statObject('fresh-bucket', 'visas/v1.pdf');
    expect(decodeURIComponent(String(stat.metaData['file-name']))).toBe('e-visa Ümit.pdf');
    expect(stat.metaData['content-type']).toBe('application/pdf');
    // A second adapter on the same, now existing, bucket works too.
    const again = new MinioFileStorage(server.storageUrl('fresh-bucket'));
    expect(await again.exists('visas/v1.pdf')).toBe(true);
  });

  it('streams an upload larger than a part through a multipart upload (ListMultipartUploads answered by the test server)', async () => {
    const options = { ...parseStorageUrl(server.storageUrl('multipart-bucket')), partSize: 5 * 1024 * 1024 };
    const storage = new MinioFileStorage(options);
    const big = randomBytes(11 * 1024 * 1024);
    const chunks: Buffer[] = [];
    for (let i = 0; i < big.length; i += 256 * 1024) chunks.push(big.subarray(i, i + 256 * 1024));
    const before = server.requests.length;
    const info = await storage.put('big/scan.pdf', Readable.from(chunks), { contentType: 'application/pdf', fileName: 'scan.pdf' });
    expect(info.size).toBe(big.length);
    const seen = server.requests.slice(before);
    expect(seen.some((r) => /^POST \/multipart-bucket\/big\/scan\.pdf\?uploads/.test(r))).toBe(true);
    expect(seen.filter((r) => /^PUT \/multipart-bucket\/big\/scan\.pdf\?.*partNumber=/.test(r)).length).toBe(3);
    const got = await storage.get('big/scan.pdf');
    expect((await read(got!.body)).equals(big)).toBe(true);
  });

  it('leaves no object behind when the store took a put but its answer was lost', async () => {
    const storage = new MinioFileStorage(server.storageUrl('lost-answers'));
    await storage.put('k/first.pdf', Buffer.from('%PDF-1'), { contentType: 'application/pdf', fileName: 'first.pdf' });
    server.dropPutAnswers(1);
    await expectUnavailable(storage.put('k/lost.pdf', Buffer.from('%PDF-lost'), { contentType: 'application/pdf', fileName: 'lost.pdf' }));
    // The caller writes no row for a failed put: the object it did store is removed again.
    expect(await storage.exists('k/lost.pdf')).toBe(false);
    server.dropPutAnswers(1);
    await expectUnavailable(storage.put('k/lost-stream.pdf', Readable.from([Buffer.from('%PDF-stream')]), { contentType: 'application/pdf', fileName: 's.pdf' }));
    expect(await storage.exists('k/lost-stream.pdf')).toBe(false);
    const keys: string[] = [];
    for await (const { key } of storage.list()) keys.push(key);
    expect(keys).toEqual(['k/first.pdf']);
  });

  it('throws Unavailable(storage) on every operation when the server is down, and recovers when it is back', async () => {
    const port = await freePort();
    const storage = new MinioFileStorage(`s3://S3RVER:S3RVER@127.0.0.1:${port}/down-bucket?ssl=false`);
    await expectUnavailable(storage.put('k/a.pdf', Buffer.from('x'), { contentType: 'application/pdf', fileName: 'a.pdf' }));
    await expectUnavailable(storage.put('k/b.pdf', Readable.from([Buffer.from('x')]), { contentType: 'application/pdf', fileName: 'b.pdf' }));
    await expectUnavailable(storage.get('k/a.pdf'));
    await expectUnavailable(storage.exists('k/a.pdf'));
    await expectUnavailable(storage.delete('k/a.pdf'));
    expect(await storage.ping()).toBe(false);

    // Stop a live server mid-life: the same adapter instance reports Unavailable, not a raw socket error.
    const live = await startS3Server();
    const liveStorage = new MinioFileStorage(live.storageUrl('live-bucket'));
    await liveStorage.put('k/ok.pdf', Buffer.from('ok'), { contentType: 'application/pdf', fileName: 'ok.pdf' });
    expect(await liveStorage.ping()).toBe(true);
    await live.stop();
    expect(await liveStorage.ping()).toBe(false);
    await expectUnavailable(liveStorage.get('k/ok.pdf'));
    await expectUnavailable(liveStorage.put('k/new.pdf', Buffer.from('x'), { contentType: 'application/pdf', fileName: 'n.pdf' }));
  });
});

describe('openFileStorage', () => {
  it('picks MinIO for an s3:// STORAGE_URL and the uploads folder otherwise', async () => {
    expect(await openFileStorage({ storageUrl: 's3://k:s@127.0.0.1:9000/agency?ssl=false', uploadsDir: '/tmp/x' })).toBeInstanceOf(MinioFileStorage);
    const fs = await openFileStorage({ storageUrl: null, uploadsDir: '/tmp/agency-uploads' });
    expect(fs).toBeInstanceOf(FilesystemFileStorage);
    expect((fs as FilesystemFileStorage).rootDir).toBe('/tmp/agency-uploads');
    expect(fileStorageName({ storageUrl: null })).toBe('filesystem');
    expect(fileStorageName({ storageUrl: 's3://k:s@h:1/bkt' })).toBe('minio');
  });
});
