import type { Readable } from 'node:stream';
import type { FileStorage, StoredFileInfo } from '../../../core/ports/file-storage.js';
import { assertSafeKey, bufferStream, DEFAULT_CONTENT_TYPE, toBuffer } from '../keys.js';

/** Files kept in the process's memory: tests and throwaway runs. */
export class MemoryFileStorage implements FileStorage {
  private readonly files = new Map<string, { content: Buffer; info: StoredFileInfo; modifiedAt: Date }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async put(key: string, body: Readable | Buffer, meta: { contentType: string; fileName: string; size?: number }): Promise<StoredFileInfo> {
    assertSafeKey(key);
    const content = await toBuffer(body);
    const info: StoredFileInfo = {
      key,
      size: content.length,
      contentType: meta.contentType || DEFAULT_CONTENT_TYPE,
      fileName: meta.fileName,
    };
    this.files.set(key, { content, info, modifiedAt: this.now() });
    return { ...info };
  }

  async copy(from: string, key: string): Promise<boolean> {
    assertSafeKey(from);
    assertSafeKey(key);
    const file = this.files.get(from);
    if (!file) return false;
    this.files.set(key, { content: file.content, info: { ...file.info, key }, modifiedAt: this.now() });
    return true;
  }

  async get(key: string): Promise<{ body: Readable; info: StoredFileInfo } | null> {
    assertSafeKey(key);
    const file = this.files.get(key);
    if (!file) return null;
    return { body: bufferStream(file.content), info: { ...file.info } };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    this.files.delete(key);
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    return this.files.has(key);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    for (const [key, file] of [...this.files]) yield { key, modifiedAt: file.modifiedAt };
  }

  /** Test helper: every stored key. */
  keys(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Test helper: the stored bytes of a key, or undefined. */
  contentOf(key: string): Buffer | undefined {
    return this.files.get(key)?.content;
  }
}
