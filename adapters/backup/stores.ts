import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as Minio from 'minio';

/** `evisa-backup-20261125T020000123Z.tar` (UTC, to the millisecond): archives sort by name as by time. */
const ARCHIVE_NAME = /^evisa-backup-(\d{8}T\d{6}(?:\d{3})?Z)\.tar$/;

export function archiveName(at: Date): string {
  return `evisa-backup-${at.toISOString().replace(/[-:.]/g, '')}.tar`;
}

export interface StoredArchive {
  name: string;
  size: number;
}

/** Where archives are kept: a folder, or a bucket (and prefix) of an S3-compatible store. */
export interface BackupStore {
  /** `/data/backups`, `s3://host:9000/backups/evisa/` (never a secret). */
  readonly label: string;
  /**
   * A writable for a new archive: nothing appears under `name` until commit() (a temporary file
   * renamed; an S3 upload completes); abort() leaves nothing.
   */
  create(name: string): Promise<{ stream: Writable; location: string; commit(): Promise<void>; abort(): Promise<void> }>;
  /** The evisa archives kept here, oldest first. */
  list(): Promise<StoredArchive[]>;
  /** Reads one archive. */
  read(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
}

export class DirectoryBackupStore implements BackupStore {
  readonly dir: string;
  readonly label: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
    this.label = this.dir;
  }

  async create(name: string) {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const final = path.join(this.dir, name);
    const temporary = `${final}.partial-${process.pid}`;
    const stream = createWriteStream(temporary, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 });
    return {
      stream,
      location: final,
      async commit() {
        await rename(temporary, final);
      },
      async abort() {
        stream.destroy();
        await rm(temporary, { force: true });
      },
    };
  }

  async list(): Promise<StoredArchive[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: StoredArchive[] = [];
    for (const name of names.filter((n) => ARCHIVE_NAME.test(n)).sort()) {
      found.push({ name, size: (await stat(path.join(this.dir, name))).size });
    }
    return found;
  }

  async read(name: string): Promise<Readable> {
    return createReadStream(path.join(this.dir, name));
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }
}

export interface S3Location {
  client: Minio.Client;
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
  /** The URL without its credentials. */
  label: string;
}

/**
 * `s3://KEY:SECRET@host:port/bucket[/prefix][?ssl=false&region=…]` (the form of STORAGE_URL, with
 * an optional folder), for BACKUP_DIR, `--to` and an archive to restore (`…/prefix/name.tar`).
 */
export function parseS3Url(url: string): S3Location & { key: string } {
  const u = new URL(url);
  if (u.protocol !== 's3:') throw new Error(`must start with s3:// (got ${u.protocol}//)`);
  if (!u.username || !u.password) throw new Error('must carry KEY:SECRET@ before the host');
  const [bucket = '', ...rest] = u.pathname.replace(/^\/+/, '').split('/');
  if (bucket.length < 3) throw new Error('must name a bucket of at least 3 characters');
  const key = rest.join('/');
  const sslParam = u.searchParams.get('ssl');
  const useSSL = sslParam === null ? true : !['false', '0', 'no'].includes(sslParam.toLowerCase());
  const region = u.searchParams.get('region') ?? 'us-east-1';
  const client = new Minio.Client({
    endPoint: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: decodeURIComponent(u.username),
    secretKey: decodeURIComponent(u.password),
    region,
    pathStyle: true,
  });
  const prefix = key && !key.endsWith('/') ? `${key}/` : key;
  return { client, bucket, prefix, key, label: `s3://${u.host}/${bucket}/${prefix}` };
}

export class S3BackupStore implements BackupStore {
  private readonly location: S3Location;
  readonly label: string;

  constructor(url: string) {
    this.location = parseS3Url(url);
    this.label = this.location.label;
  }

  private async ensureBucket(): Promise<void> {
    const { client, bucket } = this.location;
    if (await client.bucketExists(bucket)) return;
    try {
      await client.makeBucket(bucket);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    }
  }

  async create(name: string) {
    await this.ensureBucket();
    const { client, bucket, prefix } = this.location;
    const stream = new PassThrough({ highWaterMark: 1 << 20 });
    // A multipart upload: the object exists only once it completes.
    const uploading = client.putObject(bucket, prefix + name, stream, undefined, { 'Content-Type': 'application/x-tar' });
    uploading.catch(() => undefined);
    stream.on('finish', () => undefined);
    return {
      stream,
      location: `${this.label}${name}`,
      async commit() {
        await uploading;
      },
      async abort() {
        stream.destroy(new Error('aborted'));
        await uploading.catch(() => undefined);
        await client.removeObject(bucket, prefix + name).catch(() => undefined);
      },
    };
  }

  async list(): Promise<StoredArchive[]> {
    await this.ensureBucket();
    const { client, bucket, prefix } = this.location;
    const found: StoredArchive[] = [];
    for await (const object of client.listObjectsV2(bucket, prefix, false) as AsyncIterable<{ name?: string; size?: number }>) {
      const name = object.name?.slice(prefix.length);
      if (name && ARCHIVE_NAME.test(name)) found.push({ name, size: object.size ?? 0 });
    }
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }

  async read(name: string): Promise<Readable> {
    const { client, bucket, prefix } = this.location;
    return client.getObject(bucket, prefix + name);
  }

  async remove(name: string): Promise<void> {
    const { client, bucket, prefix } = this.location;
    await client.removeObject(bucket, prefix + name);
  }
}

/** A folder path or an s3:// URL. */
export function openBackupStore(where: string): BackupStore {
  return where.startsWith('s3://') ? new S3BackupStore(where) : new DirectoryBackupStore(where);
}

/** Copies an archive named by an s3:// URL to a local file (a restore reads it twice). */
export async function downloadS3Archive(url: string, file: string): Promise<void> {
  const { client, bucket, key } = parseS3Url(url);
  if (!key || key.endsWith('/')) throw new Error('must name an archive (…/bucket/folder/evisa-backup-….tar)');
  await pipeline(await client.getObject(bucket, key), createWriteStream(file, { mode: 0o600 }));
}

/** Removes the oldest archives beyond the newest `keep`; answers the names removed. */
export async function pruneArchives(store: BackupStore, keep: number): Promise<string[]> {
  const archives = await store.list();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const archive of old) await store.remove(archive.name);
  return old.map((a) => a.name);
}
