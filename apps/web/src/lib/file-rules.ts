import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from '@core/domain/document.js';
import { PASSPORT_IMAGE_TYPE_MESSAGE } from '@core/domain/passport-scan.js';

export const PASSPORT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
/** A passport copy may also be a phone's HEIC/HEIF photo (the server stores it as JPEG). */
export const PASSPORT_PHOTO_ACCEPT = `${PASSPORT_ACCEPT},.heic,.heif,image/heic,image/heif`;
const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'];
const HEIC_EXTENSIONS = ['heic', 'heif'];
const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

export type FileCheck = { ok: true } | { ok: false; title: 'File Too Large' | 'Invalid File Type'; description: string };

/**
 * docs/product.md §5.6: JPG, JPEG, PNG or PDF only; at most 10 MB (enforced on the application form). A
 * passport copy (`heic`) may also be a HEIC/HEIF photo.
 */
export function checkPassportFile(file: Pick<File, 'name' | 'size' | 'type'>, options: { enforceSize?: boolean; heic?: boolean } = {}): FileCheck {
  const extensions = options.heic ? [...ALLOWED_EXTENSIONS, ...HEIC_EXTENSIONS] : ALLOWED_EXTENSIONS;
  const types = options.heic ? [...ALLOWED_TYPES, ...HEIC_TYPES] : ALLOWED_TYPES;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type ? types.includes(file.type.toLowerCase()) : extensions.includes(extension);
  if (!typeOk || !extensions.includes(extension)) {
    return { ok: false, title: 'Invalid File Type', description: options.heic ? PASSPORT_IMAGE_TYPE_MESSAGE : INVALID_FILE_TYPE_MESSAGE };
  }
  if ((options.enforceSize ?? true) && file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, title: 'File Too Large', description: FILE_TOO_LARGE_MESSAGE };
  }
  return { ok: true };
}
