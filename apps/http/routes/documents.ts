import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { storedFileName } from '../../../core/domain/document.js';
import { documentIdSchema } from '../../../core/schemas/ids.js';
import { actorOf, signedIn } from '../auth.js';
import { pathId, type AppEnv } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { attachmentDisposition } from '../views.js';

/** GET /api/documents/:id/file: the stored file, to its owner or an admin only, as a download. */
export function documentRoutes({ agency }: RouteDeps) {
  return new Hono<AppEnv>().use(signedIn).get('/:id/file', async (c) => {
    const { document, body } = await agency.useCases.openDocument(actorOf(c), pathId(c, 'id', documentIdSchema));
    const stream = Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
    return c.body(stream, 200, {
      'Content-Type': document.contentType,
      // Rows stored before names were cleaned at upload get the same cleaning here.
      'Content-Disposition': attachmentDisposition(storedFileName(document.fileName, document.contentType, document.type)),
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
