import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../../core/domain/document.js';
import { applicationIdSchema } from '../../../core/schemas/ids.js';
import { portalLedgerSchema } from '../../../core/schemas/portal.js';
import { actorOf, adminOnly } from '../auth.js';
import { pathId, readBody, type AppEnv, type UploadContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, requires, upload } from '../route-facts.js';
import { applicationIdFirst, readUpload } from '../uploads.js';
import { attachmentDisposition } from '../views.js';

/**
 * The portal ledger (docs/product.md §2.16), mounted at /api/admin; staff only.
 * - GET /applications/:id/portal: the ledger (`to_submit` and nulls while nothing was recorded).
 * - PUT /applications/:id/portal `{ reference, state, governmentFeeCents, governmentFeeCurrency, paidAt }`
 *   (portal.manage): the whole ledger but its receipt → 200 the ledger; bad input 400 `{ message }`,
 *   nothing written; another write in between 409.
 * - POST /applications/:id/portal/receipt multipart `receipt` (portal.manage): the portal's receipt,
 *   PDF, JPEG or PNG by its bytes (else 415), at most 10 MB (413) → 201 the ledger.
 * - GET /applications/:id/portal/receipt: the receipt, as a download.
 * - GET /government-fees: the fee configuration, oldest first, and the entry in effect today.
 */
/** The PUT's body as the client sends it: paidAt is a date text the schema reads as an instant (so the input, not the output, is declared). */
type PortalBodyContext = Context<AppEnv, string, { in: { json: z.input<typeof portalLedgerSchema> } }>;

export function adminPortalRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(adminOnly)
    .get('/applications/:id/portal', requires('applications.read'), async (c) => {
      return c.json(await useCases.readPortal(actorOf(c), pathId(c, 'id', applicationIdSchema)), 200);
    })
    .put('/applications/:id/portal', requires('portal.manage'), jsonBody(), async (c: PortalBodyContext) => {
      const actor = actorOf(c);
      const id = pathId(c, 'id', applicationIdSchema);
      const input = await readBody(c, portalLedgerSchema);
      return c.json(await useCases.updatePortal(actor, id, input), 200);
    })
    .post('/applications/:id/portal/receipt', requires('portal.manage'), applicationIdFirst, upload({ maxBytes: MAX_UPLOAD_BYTES }), async (c: UploadContext<{ receipt: File }>) => {
      const actor = actorOf(c);
      const id = pathId(c, 'id', applicationIdSchema);
      const { file } = await readUpload(c, 'receipt');
      return c.json(await useCases.attachPortalReceipt(actor, id, file), 201);
    })
    .get('/applications/:id/portal/receipt', requires('applications.read'), async (c) => {
      const receipt = await useCases.openPortalReceipt(actorOf(c), pathId(c, 'id', applicationIdSchema));
      const stream = Readable.toWeb(receipt.body) as unknown as ReadableStream<Uint8Array>;
      return c.body(stream, 200, {
        'Content-Type': receipt.contentType,
        'Content-Disposition': attachmentDisposition(receipt.fileName),
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .get('/government-fees', requires('applications.read'), async (c) => {
      return c.json(await useCases.listGovernmentFees(actorOf(c)), 200);
    });
}
