import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  key: string;
  size: number;
  contentType: string;
  /** The uploader's original file name, kept as metadata. */
  fileName: string;
}

export interface FileStorage {
  /** Streams `body` to `key`. Throws DomainError Unavailable when the store cannot be reached. */
  put(key: string, body: Readable | Buffer, meta: { contentType: string; fileName: string; size?: number }): Promise<StoredFileInfo>;
  /**
   * Stores the file at `from` again at `key`, with the same content and metadata; false (and
   * nothing written) when there is no file at `from`. Where the store can share the content it does (a hard
   * link on disk), so copies cost no bytes: seed-demo stores a million demo scans this way.
   */
  copy(from: string, key: string): Promise<boolean>;
  /** Null when there is no such file. */
  get(key: string): Promise<{ body: Readable; info: StoredFileInfo } | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Whether the store can be reached and written to now (health checks); never throws. */
  ping(): Promise<boolean>;
  /** Every stored file, in no particular order, with when it was written (the orphan-file sweep). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
