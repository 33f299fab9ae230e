import type { FileStorage } from '../../core/ports/file-storage.js';
import { FilesystemFileStorage } from './filesystem/index.js';
import { MinioFileStorage } from './minio/index.js';

export { FilesystemFileStorage } from './filesystem/index.js';
export { MinioFileStorage, parseStorageUrl } from './minio/index.js';
export { MemoryFileStorage } from './memory/index.js';
export { assertSafeKey, UnsafeStorageKeyError } from './keys.js';

/** STORAGE_URL s3://… selects MinIO/S3; otherwise files live in `uploadsDir` (DATA_DIR/uploads). */
export function openFileStorage(options: { storageUrl: string | null; uploadsDir: string }): FileStorage {
  if (options.storageUrl) return new MinioFileStorage(options.storageUrl);
  return new FilesystemFileStorage(options.uploadsDir);
}

/** The adapter openFileStorage picks, for /api/health and CLI messages. */
export function fileStorageName(options: { storageUrl: string | null }): 'minio' | 'filesystem' {
  return options.storageUrl ? 'minio' : 'filesystem';
}
