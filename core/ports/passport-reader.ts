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
  /**
   * A HEIC/HEIF photo as a JPEG (upright, no metadata), or null when the file cannot be decoded
   * (corrupt, truncated, too large). Throws Unavailable('passport-scanner') like read.
   */
  convertHeic(body: Buffer): Promise<Buffer | null>;
  /**
   * The passport copy the official portal takes: a JPEG of at most 500 KB, long side at least
   * 1000 px where the original is that large (a PDF's first page drawn), or null when the file
   * cannot be decoded. Throws Unavailable('passport-scanner') like read.
   */
  makePortalCopy(image: PassportImage): Promise<Buffer | null>;
}
