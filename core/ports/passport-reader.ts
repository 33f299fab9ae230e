import type { MrzReading, PassportImageType } from '../domain/passport-scan.js';

/** A photo or scan of a passport's photo page; its type decided from its bytes. */
export interface PassportImage {
  body: Buffer;
  contentType: PassportImageType;
}

/** Reads the machine-readable zone of a passport's photo page (on this server, offline). */
export interface PassportReader {
  /**
   * The zone's reading, or null when no passport MRZ can be read from the image (none in it, too
   * blurred, or a file that cannot be decoded). Throws DomainError Unavailable('passport-scanner')
   * when too many scans are already waiting.
   */
  read(image: PassportImage): Promise<MrzReading | null>;
}
