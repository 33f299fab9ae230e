export { FilesystemFileStorage } from './filesystem/index.js';
export { MinioFileStorage, parseStorageUrl } from './minio/index.js';
export { MemoryFileStorage } from './memory/index.js';
export { assertSafeKey, UnsafeStorageKeyError } from './keys.js';
export { fileStorageName, openFileStorage } from './open.js';
