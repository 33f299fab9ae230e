import { Hono } from 'hono';
import { MAX_UPLOAD_BYTES } from '../../../core/domain/document.js';
import type { PassportImage } from '../../../core/ports/passport-reader.js';
import { actorOf, signedIn } from '../auth.js';
import type { AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { countAttempt, rateLimited, upload } from '../route-facts.js';
import { PASSPORT_FILES, readUpload } from '../uploads.js';

export const SCANS_RATE_LIMITED_MESSAGE = 'You have scanned many passports in the last hour. Please wait a while, or fill in the fields yourself.';

/**
 * POST /api/passport-scan (signed in; multipart `file`: JPG, PNG, HEIC or a PDF's first page, at
 * most 10 MB): the passport's MRZ read on this server into the form's fields, `valid` when every
 * check digit holds and no field is `uncertain` (the fields to check by eye). 422 when no MRZ can be read. At most PASSPORT_SCANS_PER_HOUR scans per user
 * per hour (429); 503 when the scanner's queue is full. Nothing is stored.
 */
export function passportScanRoutes({ agency, limits }: RouteDeps) {
  return new Hono<AppEnv>().use(signedIn).post(
    '/',
    // Checked before a byte of the upload is read; only files that reach the scanner count.
    rateLimited(limits.passportScan, (c) => `user:${actorOf(c).userId}`, { message: SCANS_RATE_LIMITED_MESSAGE, count: 'by-handler' }),
    upload({ maxBytes: MAX_UPLOAD_BYTES }),
    async (c) => {
      const { file } = await readUpload(c, 'file', PASSPORT_FILES);
      const image: PassportImage = { body: file.body, contentType: file.contentType };
      await countAttempt(c);
      const scan = await agency.useCases.scanPassport(actorOf(c), image);
      return c.json({ fields: scan.fields, valid: scan.valid, uncertain: scan.uncertain, mrz: scan.mrz }, 200);
    },
  );
}
