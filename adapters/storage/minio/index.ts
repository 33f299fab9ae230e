import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as Minio from 'minio';
import type { FileStorage, StoredFileInfo } from '../../../core/ports/file-storage.js';
import { guard } from '../../shared/guard.js';
import { assertSafeKey, DEFAULT_CONTENT_TYPE } from '../keys.js';
import { s3Unavailable } from '../unavailable.js';

export interface MinioStorageOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /** Multipart chunk size (minio's default is 64 MiB; at least 5 MiB). */
  partSize?: number;
}

/** s3://KEY:SECRET@host:port/bucket?ssl=false&region=us-east-1 → client options. */
export function parseStorageUrl(storageUrl: string): MinioStorageOptions {
  const url = new URL(storageUrl);
  if (url.protocol !== 's3:') throw new Error(`STORAGE_URL must start with s3:// (got ${url.protocol}//)`);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (bucket.length < 3 || bucket.includes('/')) throw new Error('STORAGE_URL must name one bucket of at least 3 characters');
  const sslParam = url.searchParams.get('ssl');
  const useSSL = sslParam === null ? true : !['false', '0', 'no'].includes(sslParam.toLowerCase());
  return {
    endPoint: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: decodeURIComponent(url.username),
    secretKey: decodeURIComponent(url.password),
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
  };
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
}

/** Object metadata header for the uploader's file name (headers are ASCII: percent-encoded). */
const FILE_NAME_META = 'X-Amz-Meta-File-Name';

/**
 * Files in an S3-compatible bucket (MinIO, AWS S3) via the `minio` client. Bodies stream in and
 * out; the original file name is object metadata. A store that cannot be reached throws the
 * domain's Unavailable('storage') (s3Unavailable).
 */
export class MinioFileStorage implements FileStorage {
  readonly client: Minio.Client;
  readonly bucket: string;
  private readonly region: string;
  private bucketReady: Promise<void> | null = null;

  constructor(options: MinioStorageOptions | string) {
    const o = typeof options === 'string' ? parseStorageUrl(options) : options;
    this.bucket = o.bucket;
    this.region = o.region ?? 'us-east-1';
    this.client = new Minio.Client({
      endPoint: o.endPoint,
      port: o.port,
      useSSL: o.useSSL,
      accessKey: o.accessKey,
      secretKey: o.secretKey,
      region: this.region,
      pathStyle: true,
      ...(o.partSize ? { partSize: o.partSize } : {}),
    });
    return guard(this, s3Unavailable);
  }

  /** Creates the bucket if it is missing (once per process; retried after a failure). */
  ensureBucket(): Promise<void> {
    if (!this.bucketReady) {
      this.bucketReady = (async () => {
        if (await this.client.bucketExists(this.bucket)) return;
        try {
          await this.client.makeBucket(this.bucket, this.region);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
        }
      })().catch((error: unknown) => {
        this.bucketReady = null;
        throw error;
      });
    }
    return this.bucketReady;
  }

  async put(key: string, body: Readable | Buffer, meta: { contentType: string; fileName: string; size?: number }): Promise<StoredFileInfo> {
    assertSafeKey(key);
    await this.ensureBucket();
    const contentType = meta.contentType || DEFAULT_CONTENT_TYPE;
    const headers = { 'Content-Type': contentType, [FILE_NAME_META]: encodeURIComponent(meta.fileName) };
    // A replacement (encrypt-files, rotate-file-key) whose answer is lost must not end with no file at
    // all: only a key that was new is removed after a failed put.
    const replacing = await this.exists(key);
    try {
      await this.upload(key, body, meta.size, headers);
      const stat = await this.client.statObject(this.bucket, key);
      return { key, size: stat.size, contentType, fileName: meta.fileName };
    } catch (error) {
      // The store may have taken the object although its answer (or the stat after it) was lost:
      // the caller writes no row for a failed put, so the object would be an orphan. Removed here
      // when the store still answers; otherwise the orphan sweep removes it later (decision 0030).
      if (!replacing) await this.removeQuietly(key);
      throw error;
    }
  }

  /** Best effort, bounded: a store that does not answer within 5 s is left to the orphan sweep. */
  private async removeQuietly(key: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
    try {
      await Promise.race([this.client.removeObject(this.bucket, key).catch(() => undefined), gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async upload(key: string, body: Readable | Buffer, size: number | undefined, headers: Record<string, string>): Promise<void> {
    if (Buffer.isBuffer(body)) {
      await this.client.putObject(this.bucket, key, body, body.length, headers);
    } else {
      // The minio client never settles when its source stream errors (a client that disconnects
      // half-way through an upload): feed it through a PassThrough and fail as soon as the source does.
      const pass = new PassThrough();
      const feeding = pipeline(body, pass);
      const uploading = this.client.putObject(this.bucket, key, pass, size, headers);
      try {
        await Promise.all([feeding, uploading]);
      } catch (error) {
        pass.destroy();
        body.destroy();
        feeding.catch(() => undefined);
        uploading.catch(() => undefined);
        throw error;
      }
    }
  }

  async copy(from: string, key: string): Promise<boolean> {
    const found = await this.get(from);
    if (!found) return false;
    await this.put(key, found.body, { contentType: found.info.contentType, fileName: found.info.fileName, size: found.info.size });
    return true;
  }

  async get(key: string): Promise<{ body: Readable; info: StoredFileInfo } | null> {
    assertSafeKey(key);
    await this.ensureBucket();
    const info = await this.stat(key);
    if (!info) return null;
    try {
      const body = await this.client.getObject(this.bucket, key);
      return { body, info };
    } catch (error) {
      if (isNotFound(error)) return null; // deleted between stat and get
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.ensureBucket();
    await this.client.removeObject(this.bucket, key);
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    await this.ensureBucket();
    return (await this.stat(key)) !== null;
  }

  async ping(): Promise<boolean> {
    try {
      await this.ensureBucket();
      // Asked every time: ensureBucket remembers its first success.
      return await this.client.bucketExists(this.bucket);
    } catch {
      return false;
    }
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    await this.ensureBucket();
    const objects = this.client.listObjectsV2(this.bucket, '', true);
    for await (const object of objects as AsyncIterable<{ name?: string; lastModified?: Date }>) {
      if (object.name) yield { key: object.name, modifiedAt: object.lastModified ?? new Date(0) };
    }
  }

  private async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const metaData = Object.fromEntries(Object.entries(stat.metaData ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
      const rawName = metaData['file-name'];
      let fileName = key.split('/').pop() ?? key;
      if (rawName) {
        try {
          fileName = decodeURIComponent(rawName);
        } catch {
          fileName = rawName;
        }
      }
      return { key, size: stat.size, contentType: metaData['content-type'] || DEFAULT_CONTENT_TYPE, fileName };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}
