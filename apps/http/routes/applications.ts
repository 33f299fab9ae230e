import { Hono } from 'hono';
import { MAX_UPLOAD_BYTES } from '../../../core/domain/document.js';
import { errors } from '../../../core/domain/errors.js';
import { borderPackFileName } from '../../../core/domain/border-pack.js';
import { receiptFileName } from '../../../core/domain/receipt.js';
import { REPLY_MAX_FILES, REPLY_TOO_MANY_FILES_MESSAGE } from '../../../core/domain/reply.js';
import { addressSchema } from '../../../core/schemas/address.js';
import { applicationFormSchema, type ApplicationFormSchema } from '../../../core/schemas/application.js';
import { applicationIdSchema } from '../../../core/schemas/ids.js';
import { cancelApplicationSchema } from '../../../core/schemas/cancellation.js';
import { actorOf, signedIn } from '../auth.js';
import { pathId, readBody, readJson, type AppEnv, type JsonBodyContext, type UploadContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, upload } from '../route-facts.js';
import { applicationIdFirst, PASSPORT_FILES, readUpload, readUploads } from '../uploads.js';
import { documentView, inlineDisposition, receiptView, replyView } from '../views.js';
import { parseInput } from '../../../core/schemas/parse.js';

export const PASSPORT_ONLY_MESSAGE = 'Only a passport copy can be uploaded here.';

/**
 * The applicant's applications (admins may read any): list, create, read, address details,
 * documents list and passport upload (JPG, PNG, PDF or HEIC; its MRZ read after the answer),
 * receipts list and each receipt as a PDF, the border pack PDF once the e-visa was sent (owner only),
 * the applicant's reply to an information request (text and documents, multipart) and the replies
 * (owner, staff). Mounted at /api/applications.
 */
export function applicationRoutes({ agency }: RouteDeps) {
  const { useCases, ports } = agency;
  return new Hono<AppEnv>()
    .use(signedIn)
    .get('/', async (c) => {
      const applications = await useCases.listOwnApplications(actorOf(c));
      return c.json(applications, 200);
    })
    .post('/', jsonBody(), async (c: JsonBodyContext<ApplicationFormSchema>) => {
      const actor = actorOf(c);
      const schema = applicationFormSchema({ today: ports.clock.now(), agencyEmail: ports.settings.agencyEmail, rules: await ports.egyptRules.list() });
      const body = await readJson(c);
      // Anything but a JSON object is an empty form: the answer names the first missing field.
      const form = parseInput(schema, body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {});
      const application = await useCases.createApplication(actor, form);
      return c.json(application, 201);
    })
    .get('/:id', async (c) => {
      const application = await useCases.getApplication(actorOf(c), pathId(c, 'id', applicationIdSchema));
      return c.json(application, 200);
    })
    .patch('/:id', jsonBody(), async (c: JsonBodyContext<typeof addressSchema>) => {
      const actor = actorOf(c);
      const id = pathId(c, 'id', applicationIdSchema);
      const details = await readBody(c, addressSchema);
      const application = await useCases.updateAddressDetails(actor, id, details);
      return c.json(application, 200);
    })
    .post('/:id/cancel', jsonBody(), async (c: JsonBodyContext<typeof cancelApplicationSchema>) => {
      const actor = actorOf(c);
      const id = pathId(c, 'id', applicationIdSchema);
      const { reason } = await readBody(c, cancelApplicationSchema);
      const result = await useCases.cancelApplication(actor, id, { reason });
      return c.json(result, 200);
    })
    .get('/:id/receipts', async (c) => {
      const id = pathId(c, 'id', applicationIdSchema);
      const receipts = await useCases.listReceipts(actorOf(c), id);
      return c.json(
        receipts.map((r) => receiptView(id, r)),
        200,
      );
    })
    .get('/:id/receipts/:number', async (c) => {
      const { receipt, pdf } = await useCases.openReceipt(actorOf(c), pathId(c, 'id', applicationIdSchema), c.req.param('number'));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': inlineDisposition(receiptFileName(receipt)),
        // A receipt names its payer: kept by no shared cache, nor stored by the browser.
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .get('/:id/border-pack', async (c) => {
      const { applicationNumber, pdf } = await useCases.openBorderPack(actorOf(c), pathId(c, 'id', applicationIdSchema));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': inlineDisposition(borderPackFileName(applicationNumber)),
        // It names the traveller and their passport: kept by no shared cache, nor stored by the browser.
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .get('/:id/documents', async (c) => {
      const documents = await useCases.listDocuments(actorOf(c), pathId(c, 'id', applicationIdSchema));
      return c.json(documents.map(documentView), 200);
    })
    .post('/:id/documents', applicationIdFirst, upload({ maxBytes: MAX_UPLOAD_BYTES }), async (c: UploadContext<{ file: File; type?: 'passport' }>) => {
      const actor = actorOf(c);
      const id = pathId(c, 'id', applicationIdSchema);
      // A phone's HEIC/HEIF photo is accepted too: the use case stores it as JPEG.
      const { file, fields } = await readUpload(c, 'file', PASSPORT_FILES);
      const type = (fields.type ?? 'passport').trim().toLowerCase();
      if (type !== 'passport') throw errors.validation(PASSPORT_ONLY_MESSAGE, { type: [PASSPORT_ONLY_MESSAGE] });
      const document = await useCases.attachPassport(actor, id, file);
      // Its MRZ is read by a check-passport job queued with it (seconds of OCR); reads say 'pending' meanwhile.
      return c.json(documentView(document), 201);
    })
    .get('/:id/replies', async (c) => {
      const replies = await useCases.listReplies(actorOf(c), pathId(c, 'id', applicationIdSchema));
      return c.json(replies.map(replyView), 200);
    })
    .post(
      '/:id/reply',
      applicationIdFirst,
      // Up to REPLY_MAX_FILES documents (the field `files`, repeated) of at most 10 MB each, and the words (`text`).
      upload({ maxBytes: MAX_UPLOAD_BYTES * REPLY_MAX_FILES }),
      async (c: UploadContext<{ text?: string; files?: File }>) => {
        const actor = actorOf(c);
        const id = pathId(c, 'id', applicationIdSchema);
        const { files, fields } = await readUploads(c, 'files', { maxFiles: REPLY_MAX_FILES, tooMany: REPLY_TOO_MANY_FILES_MESSAGE });
        const reply = await useCases.replyToRequest(actor, id, { text: fields.text ?? '', files });
        return c.json(replyView(reply), 201);
      },
    );
}
