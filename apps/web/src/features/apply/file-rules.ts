import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../../../core/domain/document.js';

export const PASSPORT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'];

export type FileCheck = { ok: true } | { ok: false; title: 'File Too Large' | 'Invalid File Type'; description: string };

/** SPEC §5: JPG, JPEG, PNG or PDF only; at most 10 MB (enforced on the application form). */
export function checkPassportFile(file: Pick<File, 'name' | 'size' | 'type'>, options: { enforceSize?: boolean } = {}): FileCheck {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type ? ALLOWED_TYPES.includes(file.type.toLowerCase()) : ALLOWED_EXTENSIONS.includes(extension);
  if (!typeOk || !ALLOWED_EXTENSIONS.includes(extension)) {
    return { ok: false, title: 'Invalid File Type', description: INVALID_FILE_TYPE_MESSAGE };
  }
  if ((options.enforceSize ?? true) && file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, title: 'File Too Large', description: FILE_TOO_LARGE_MESSAGE };
  }
  return { ok: true };
}
