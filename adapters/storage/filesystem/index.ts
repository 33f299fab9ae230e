import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredFileInfo } from '../../../core/ports/file-storage.js';
import { guard } from '../../shared/guard.js';
import { assertSafeKey, DEFAULT_CONTENT_TYPE, UnsafeStorageKeyError } from '../keys.js';
import { diskUnavailable, storageUnavailable } from '../unavailable.js';

interface Sidecar {
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Files in a local folder (the embedded default: DATA_DIR/uploads). Each file sits at its key's
 * path with a `<file>.meta.json` sidecar holding the original name, content type and size. Writes
 * go to a temporary file first and are renamed into place, so a failed upload leaves nothing. A
 * disk that cannot take or give files throws the domain's Unavailable('storage') (diskUnavailable).
 */
export class FilesystemFileStorage implements FileStorage {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
    return guard(this, diskUnavailable);
  }

  async put(key: string, body: Readable | Buffer, meta: { contentType: string; fileName: string; size?: number }): Promise<StoredFileInfo> {
    const file = this.pathOf(key);
    const suffix = `.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    const tmpFile = file + suffix;
    const tmpMeta = this.sidecarOf(file) + suffix;
    try {
      try {
        await mkdir(path.dirname(file), { recursive: true });
      } catch {
        // The uploads folder cannot be created (a file in the way, a read-only or full disk).
        throw storageUnavailable();
      }
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(tmpFile, { flags: 'wx' }));
      const { size } = await stat(tmpFile);
      const sidecar: Sidecar = { fileName: meta.fileName, contentType: meta.contentType || DEFAULT_CONTENT_TYPE, size };
      await writeFile(tmpMeta, JSON.stringify(sidecar), { flag: 'wx' });
      await rename(tmpMeta, this.sidecarOf(file));
      await rename(tmpFile, file);
      return { key, ...sidecar };
    } catch (error) {
      await rm(tmpFile, { force: true }).catch(() => undefined);
      await rm(tmpMeta, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * A hard link of the file and its sidecar (no bytes written: deleting either copy leaves the
   * other whole), or a byte copy where the disk cannot link. A new key in an existing folder is two
   * links, sidecar first (a link appears whole, the file last, as put() renames); otherwise (a new
   * folder, a key that exists, a source without a sidecar) the way put() writes, through temporary
   * names.
   */
  async copy(from: string, key: string): Promise<boolean> {
    const source = this.pathOf(from);
    const file = this.pathOf(key);
    try {
      await linkOrCopy(this.sidecarOf(source), this.sidecarOf(file));
      try {
        await linkOrCopy(source, file);
        return true;
      } catch (error) {
        await rm(this.sidecarOf(file), { force: true });
        throw error;
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOENT') throw error;
    }
    const info = await this.info(from, source);
    if (!info) return false;
    const suffix = `.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    const tmpFile = file + suffix;
    const tmpMeta = this.sidecarOf(file) + suffix;
    try {
      try {
        await mkdir(path.dirname(file), { recursive: true });
      } catch {
        throw storageUnavailable();
      }
      try {
        await linkOrCopy(this.sidecarOf(source), tmpMeta);
      } catch (error) {
        if (!isMissing(error)) throw error;
        const sidecar: Sidecar = { fileName: info.fileName, contentType: info.contentType, size: info.size };
        await writeFile(tmpMeta, JSON.stringify(sidecar), { flag: 'wx' });
      }
      await linkOrCopy(source, tmpFile);
      await rename(tmpMeta, this.sidecarOf(file));
      await rename(tmpFile, file);
      return true;
    } catch (error) {
      await rm(tmpFile, { force: true }).catch(() => undefined);
      await rm(tmpMeta, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<{ body: Readable; info: StoredFileInfo } | null> {
    const file = this.pathOf(key);
    const info = await this.info(key, file);
    if (!info) return null;
    const body = createReadStream(file);
    // Surface "gone between stat and open" as the stream's error, like any read failure.
    return { body, info };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(this.sidecarOf(file), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async ping(): Promise<boolean> {
    try {
      await mkdir(this.rootDir, { recursive: true });
      await access(this.rootDir, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Every file but sidecars — including the temporary files of uploads a crash cut short. */
  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let entries;
    try {
      entries = await readdir(this.rootDir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.meta.json')) continue;
      const file = path.join(entry.parentPath, entry.name);
      try {
        const { mtime } = await stat(file);
        yield { key: path.relative(this.rootDir, file).split(path.sep).join('/'), modifiedAt: mtime };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  private async info(key: string, file: string): Promise<StoredFileInfo | null> {
    let size: number;
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      size = s.size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    let sidecar: Partial<Sidecar> = {};
    try {
      sidecar = JSON.parse(await readFile(this.sidecarOf(file), 'utf8')) as Partial<Sidecar>;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return {
      key,
      size,
      contentType: typeof sidecar.contentType === 'string' ? sidecar.contentType : DEFAULT_CONTENT_TYPE,
      fileName: typeof sidecar.fileName === 'string' ? sidecar.fileName : path.basename(file),
    };
  }

  /** The file's absolute path; refuses keys that are unsafe or would resolve outside rootDir. */
  private pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.rootDir, ...key.split('/'));
    if (!file.startsWith(this.rootDir + path.sep)) throw new UnsafeStorageKeyError(key);
    return file;
  }

  private sidecarOf(file: string): string {
    return `${file}.meta.json`;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A hard link, or a copy where the file system cannot link (another device, no link support). */
async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK' && code !== 'ENOSYS') throw error;
    await copyFile(source, target, constants.COPYFILE_EXCL);
  }
}
