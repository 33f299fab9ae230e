import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../domain/document.js';
import { errors } from '../domain/errors.js';
import { PASSPORT_IMAGE_TYPE_MESSAGE, PASSPORT_IMAGE_TYPES, PASSPORT_UNREADABLE_MESSAGE, passportScanFromMrz, type PassportScan } from '../domain/passport-scan.js';
import type { PassportImage, Ports } from '../ports/index.js';
import type { Actor } from './types.js';

type ScanPassport = (actor: Actor, image: PassportImage) => Promise<PassportScan>;

/**
 * A signed-in traveller's passport photo, read on this server: the fields it fills, whether every
 * check digit holds and the two MRZ lines. Nothing is stored: the file is read and dropped.
 */
export function makeScanPassport(ports: Pick<Ports, 'passportReader' | 'clock'>): ScanPassport {
  return async function scanPassport(_actor, image) {
    if (!PASSPORT_IMAGE_TYPES.includes(image.contentType)) {
      throw errors.validation(PASSPORT_IMAGE_TYPE_MESSAGE, { file: [PASSPORT_IMAGE_TYPE_MESSAGE] });
    }
    if (image.body.length > MAX_UPLOAD_BYTES) throw errors.validation(FILE_TOO_LARGE_MESSAGE, { file: [FILE_TOO_LARGE_MESSAGE] });
    if (image.body.length === 0) throw errors.validation('The file is empty.', { file: ['The file is empty.'] });
    const reading = await ports.passportReader.read(image);
    if (!reading) throw errors.unreadable(PASSPORT_UNREADABLE_MESSAGE);
    return passportScanFromMrz(reading, ports.clock.now());
  };
}
