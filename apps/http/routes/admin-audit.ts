import { Hono } from 'hono';
import type { AuditEntry } from '../../../core/domain/audit.js';
import { auditQuerySchema } from '../../../core/schemas/audit.js';
import { applicationIdSchema } from '../../../core/schemas/ids.js';
import { parseInput } from '../../../core/schemas/parse.js';
import { actorOf, adminOnly } from '../auth.js';
import { pathId, type AppEnv, type QueryContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { requires } from '../route-facts.js';

/** An audit row as staff read it (docs/product.md §7.6): the chain's hashes stay in the database. */
export function auditEntryView(entry: AuditEntry) {
  return {
    seq: entry.seq,
    at: entry.at,
    actor: { id: entry.actorId, email: entry.actorEmail },
    clientAddress: entry.clientAddress,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    applicationId: entry.applicationId,
    detail: entry.detail,
  };
}

export type AuditEntryView = ReturnType<typeof auditEntryView>;

/**
 * The audit log (docs/product.md §6.5), mounted at /api/admin; staff only (401 visitors, 403 applicants).
 * - GET /audit?applicationId=&applicationNumber=&actorId=&action=&from=&to=&page= → { items (each
 *   with its application's `applicationNumber`), page, pageSize, hasMore }, newest first ('audit.read'); a bad id, number, action or date, from after
 *   to, or a number no application has → 400 { message }.
 * - GET /audit/verification → the hash chain walked now: { ok: true, rows, head } or { ok: false,
 *   problem, seq | after } ('audit.read'; the whole log is read, so only when asked).
 * - GET /applications/:id/audit → that application's trail, newest first ('applications.read').
 */
export function adminAuditRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(adminOnly)
    .get('/audit', requires('audit.read'), async (c: QueryContext<typeof auditQuerySchema>) => {
      const query = parseInput(auditQuerySchema, c.req.query());
      const page = await useCases.listAuditLog(actorOf(c), query);
      return c.json({ ...page, items: page.items.map((entry) => ({ ...auditEntryView(entry), applicationNumber: entry.applicationNumber })) }, 200);
    })
    .get('/audit/verification', requires('audit.read'), async (c) => c.json(await useCases.checkAuditLog(actorOf(c)), 200))
    .get('/applications/:id/audit', requires('applications.read'), async (c) => {
      const trail = await useCases.listApplicationAudit(actorOf(c), pathId(c, 'id', applicationIdSchema));
      return c.json(trail.map(auditEntryView), 200);
    });
}
