export { FilesystemFileStorage } from './filesystem/index.js';
export { MinioFileStorage, parseStorageUrl } from './minio/index.js';
export { fileStorageName, openFileStorage } from './open.js';
