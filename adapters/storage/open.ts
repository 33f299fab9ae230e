import type { FileStorage } from '../../core/ports/file-storage.js';
import { FilesystemFileStorage } from './filesystem/index.js';

/** MinIO/S3 when STORAGE_URL is set (the minio client loaded only then), else the local folder. */
export async function openFileStorage(options: { storageUrl: string | null; uploadsDir: string }): Promise<FileStorage> {
  if (options.storageUrl) {
    const { MinioFileStorage } = await import('./minio/index.js');
    return new MinioFileStorage(options.storageUrl);
  }
  return new FilesystemFileStorage(options.uploadsDir);
}

export function fileStorageName(options: { storageUrl: string | null }): 'minio' | 'filesystem' {
  return options.storageUrl ? 'minio' : 'filesystem';
}
