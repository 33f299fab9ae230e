import { Hono, type Context } from 'hono';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../core/domain/document.js';
import { errors } from '../../../core/domain/errors.js';
import { PASSPORT_IMAGE_TYPE_MESSAGE, sniffPassportImageType } from '../../../core/domain/passport-scan.js';
import type { PassportImage } from '../../../core/ports/passport-reader.js';
import { actorOf, signedIn } from '../auth.js';
import type { AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { MULTIPART_ONLY_MESSAGE, NO_FILE_MESSAGE, UNREADABLE_UPLOAD_MESSAGE, UploadRejected, uploadBodyLimit } from '../uploads.js';

export const SCANS_RATE_LIMITED_MESSAGE = 'You have scanned many passports in the last hour. Please wait a while, or fill in the fields yourself.';

/**
 * The multipart `file`, its type decided from its first bytes as uploads do, HEIC included.
 * (readUpload in uploads.ts does the same for the upload routes, which do not take HEIC yet.)
 */
async function readPassportImage(c: Context): Promise<PassportImage> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw new UploadRejected(415, MULTIPART_ONLY_MESSAGE);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new UploadRejected(400, UNREADABLE_UPLOAD_MESSAGE);
  }
  const entry = form.get('file');
  if (entry === null || typeof entry === 'string') throw errors.validation(NO_FILE_MESSAGE, { file: [NO_FILE_MESSAGE] });
  if (entry.size > MAX_UPLOAD_BYTES) throw new UploadRejected(413, FILE_TOO_LARGE_MESSAGE);
  const body = Buffer.from(await entry.arrayBuffer());
  const contentType = sniffPassportImageType(body.subarray(0, 16));
  if (!contentType) throw new UploadRejected(415, PASSPORT_IMAGE_TYPE_MESSAGE);
  return { body, contentType };
}

/**
 * POST /api/passport-scan (signed in; multipart `file`: JPG, PNG, HEIC or a PDF's first page, at
 * most 10 MB): the passport's MRZ read on this server into the form's fields, `valid` when every
 * check digit holds. 422 when no MRZ can be read. At most PASSPORT_SCANS_PER_HOUR scans per user
 * per hour (429); 503 when the scanner's queue is full. Nothing is stored.
 */
export function passportScanRoutes({ agency, limits }: RouteDeps) {
  const refuseOverLimit = async (c: Context<AppEnv>, count: boolean) => {
    const key = `user:${actorOf(c).userId}`;
    const wait = count ? await limits.passportScan.take(key) : await limits.passportScan.retryAfterSeconds(key);
    if (wait > 0) throw errors.rateLimited(wait, SCANS_RATE_LIMITED_MESSAGE);
  };
  return new Hono<AppEnv>().use(signedIn).post(
    '/',
    async (c, next) => {
      await refuseOverLimit(c, false); // before a byte of the upload is read
      await next();
    },
    uploadBodyLimit(),
    async (c) => {
      const image = await readPassportImage(c);
      await refuseOverLimit(c, true); // only files that reach the scanner count
      const scan = await agency.useCases.scanPassport(actorOf(c), image);
      return c.json({ fields: scan.fields, valid: scan.valid, mrz: scan.mrz }, 200);
    },
  );
}
