import { Hono } from 'hono';
import { MAX_UPLOAD_BYTES } from '../../../core/domain/document.js';
import { adminListQuerySchema, statusChangeSchema } from '../../../core/schemas/admin.js';
import { assigneeChangeSchema } from '../../../core/schemas/assignment.js';
import { applicationIdSchema, documentIdSchema, messageIdSchema } from '../../../core/schemas/ids.js';
import { cancellationDecisionSchema } from '../../../core/schemas/cancellation.js';
import { internalNoteSchema } from '../../../core/schemas/internal-note.js';
import { paymentIntentIdSchema } from '../../../core/schemas/payment.js';
import { parseInput } from '../../../core/schemas/parse.js';
import { actorOf, adminOnly } from '../auth.js';
import { pathId, readBody, type AppEnv, type JsonBodyContext, type QueryContext, type UploadContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonArrayStream } from '../json-array-stream.js';
import { jsonBody, requires, upload } from '../route-facts.js';
import { applicationIdFirst, readUpload } from '../uploads.js';
import { attachmentDisposition, documentView, internalNoteView, messageView, paymentIssueView } from '../views.js';

const LIST_PARAMS = ['tab', 'q', 'page', 'pageSize', 'overdue', 'assignee'] as const;
const adminCountsQuerySchema = adminListQuerySchema.pick({ q: true, overdue: true });

/**
 * Staff only (401 for visitors, 403 for applicants); each route declares the permission it needs
 * (`requires(…)`: 403 for a role without it). Mounted at /api/admin.
 * - GET /applications: without parameters the full list (each application's fields with its `user`,
 *   then pseudo-entries for users with no application), streamed as a JSON array in constant memory; with ?tab=&q=&page=&pageSize=&overdue= one page
 *   filtered and searched on the server: { items, total, page, pageSize }.
 * - GET /applications/counts?q=&overdue=: the count per tab, and per tab the Mine and Unassigned counts.
 * - GET /applications/:id: one application as an entry of the list (the side panel after a change moved it out of the tab).
 * - POST /applications/:id/reveal-passport: { passportNumber, scanned } in full (passports.reveal), recorded in the
 *   audit log first; every other admin answer carries passport numbers masked (`•••••1276`, decision 0030).
 * - GET /work-queue: { tab, deadline }, the tab /admin opens on without one in its address (the earliest guarantee deadline).
 * - GET /assignees: the active staff an application can be assigned to [{ id, fullName, role }] (applications.assign).
 * - PUT /applications/:id/assignee { userId | null }: assigns (applications.assign); GET /applications/:id/assignments: the history.
 * - GET /payment-issues: payments taken in the last 30 days that no application records, each with
 *   whether it can be recorded now and why not; POST /payment-issues/:paymentIntentId/record records one.
 * - GET /documents/:id/portal-copy: a passport document as the official portal takes it (JPEG ≤ 500 KB).
 * - GET /applications/:id/messages: its delivery log, newest first; POST /messages/:id/resend
 *   ('email-12') queues a fresh copy to the account's address now: 201 with its entry.
 */
export function adminRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return (
    new Hono<AppEnv>()
      .use(adminOnly)
      .get('/applications', requires('applications.read'), async (c: QueryContext<typeof adminListQuerySchema>) => {
        const actor = actorOf(c);
        const raw = c.req.query();
        if (!LIST_PARAMS.some((name) => raw[name] !== undefined)) {
          // The full list of docs/product.md §7.6, streamed as it is read from the database (see jsonArrayStream).
          return jsonArrayStream(c, await useCases.listAdminApplications(actor));
        }
        const query = parseInput(adminListQuerySchema, raw);
        const page = await useCases.searchAdminApplications(actor, query);
        return c.json(page, 200);
      })
      .get('/applications/counts', requires('applications.read'), async (c: QueryContext<typeof adminCountsQuerySchema>) => {
        const query = parseInput(adminCountsQuerySchema, c.req.query());
        return c.json(await useCases.countAdminTabs(actorOf(c), query), 200);
      })
      // After /applications/counts, which it would otherwise take for an id.
      .get('/applications/:id', requires('applications.read'), async (c) => {
        return c.json(await useCases.readAdminEntry(actorOf(c), pathId(c, 'id', applicationIdSchema)), 200);
      })
      // Decision 0030: every admin answer masks passport numbers; this one answers it in full, audited.
      .post('/applications/:id/reveal-passport', requires('passports.reveal'), jsonBody(), async (c) => {
        return c.json(await useCases.revealPassportNumber(actorOf(c), pathId(c, 'id', applicationIdSchema)), 200);
      })
      .get('/work-queue', requires('applications.read'), async (c) => c.json(await useCases.adminWorkQueue(actorOf(c)), 200))
      .get('/assignees', requires('applications.assign'), async (c) => c.json(await useCases.listAssignableStaff(actorOf(c)), 200))
      .put('/applications/:id/assignee', requires('applications.assign'), jsonBody(), async (c: JsonBodyContext<typeof assigneeChangeSchema>) => {
        const actor = actorOf(c);
        const id = pathId(c, 'id', applicationIdSchema);
        const { userId } = await readBody(c, assigneeChangeSchema);
        return c.json(await useCases.assignApplication(actor, id, userId), 200);
      })
      .get('/applications/:id/assignments', requires('applications.read'), async (c) => {
        const assignments = await useCases.listAssignments(actorOf(c), pathId(c, 'id', applicationIdSchema));
        return c.json(assignments, 200);
      })
      .get('/applications/:id/history', requires('applications.read'), async (c) => {
        const history = await useCases.statusHistory(actorOf(c), pathId(c, 'id', applicationIdSchema));
        return c.json(history, 200);
      })
      .put('/applications/:id/status', requires('applications.review'), jsonBody(), async (c: JsonBodyContext<typeof statusChangeSchema>) => {
        const actor = actorOf(c);
        const id = pathId(c, 'id', applicationIdSchema);
        const input = await readBody(c, statusChangeSchema);
        const application = await useCases.changeApplicationStatus(actor, id, input);
        return c.json(application, 200);
      })
      .post('/applications/:id/visa-upload', requires('visa.send'), applicationIdFirst, upload({ maxBytes: MAX_UPLOAD_BYTES }), async (c: UploadContext<{ visa: File }>) => {
        const actor = actorOf(c);
        const id = pathId(c, 'id', applicationIdSchema);
        const { file } = await readUpload(c, 'visa');
        const document = await useCases.attachVisa(actor, id, file);
        return c.json(documentView(document), 201);
      })
      .get('/applications/:id/notes', requires('applications.read'), async (c) => {
        const notes = await useCases.listInternalNotes(actorOf(c), pathId(c, 'id', applicationIdSchema));
        return c.json(notes.map(internalNoteView), 200);
      })
      .post('/applications/:id/notes', requires('notes.write'), jsonBody(), async (c: JsonBodyContext<typeof internalNoteSchema>) => {
        const actor = actorOf(c);
        const id = pathId(c, 'id', applicationIdSchema);
        const { text } = await readBody(c, internalNoteSchema);
        const note = await useCases.addInternalNote(actor, id, text);
        return c.json(internalNoteView(note), 201);
      })
      .get('/applications/:id/messages', requires('applications.read'), async (c) => {
        const messages = await useCases.listApplicationMessages(actorOf(c), pathId(c, 'id', applicationIdSchema));
        return c.json(messages.map(messageView), 200);
      })
      .post('/messages/:id/resend', requires('applicants.contact'), jsonBody(), async (c) => {
        const message = parseInput(messageIdSchema, c.req.param('id'));
        const copy = await useCases.resendMessage(actorOf(c), message);
        return c.json(messageView(copy), 201);
      })
      .post('/applications/:id/cancellation', requires('refunds.manage'), jsonBody(), async (c: JsonBodyContext<typeof cancellationDecisionSchema>) => {
        const actor = actorOf(c);
        const id = pathId(c, 'id', applicationIdSchema);
        const decision = await readBody(c, cancellationDecisionSchema);
        const result = await useCases.decideCancellationRequest(actor, id, decision);
        return c.json(result, 200);
      })
      .post('/applications/:id/send-evisa', requires('visa.send'), jsonBody(), async (c) => {
        const result = await useCases.sendEvisa(actorOf(c), pathId(c, 'id', applicationIdSchema));
        return c.json({ message: result.message }, 200);
      })
      .post('/send-payment-reminders', requires('applicants.contact'), jsonBody(), async (c) => {
        const result = await useCases.sendPaymentReminders(actorOf(c));
        return c.json({ message: result.message, sent: result.sent, skipped: result.skipped }, 200);
      })
      .post('/send-application-reminders', requires('applicants.contact'), jsonBody(), async (c) => {
        const result = await useCases.sendApplicationReminders(actorOf(c));
        return c.json({ message: result.message, sent: result.sent, skipped: result.skipped }, 200);
      })
      .get('/documents/:id/portal-copy', requires('applications.read'), async (c) => {
        const { fileName, body } = await useCases.portalCopy(actorOf(c), pathId(c, 'id', documentIdSchema));
        return c.body(new Uint8Array(body), 200, {
          'Content-Type': 'image/jpeg',
          'Content-Disposition': attachmentDisposition(fileName),
          'X-Content-Type-Options': 'nosniff',
        });
      })
      .get('/payment-issues', requires('payments.manage'), async (c) => {
        const { checked, issues } = await useCases.listPaymentIssues(actorOf(c));
        return c.json({ checked, issues: issues.map(paymentIssueView) }, 200);
      })
      .post('/payment-issues/:paymentIntentId/record', requires('payments.manage'), jsonBody(), async (c) => {
        const paymentIntentId = parseInput(paymentIntentIdSchema, c.req.param('paymentIntentId'));
        const { applicationId, paymentType } = await useCases.recordPaymentIssue(actorOf(c), paymentIntentId);
        return c.json({ message: `The ${paymentType} fee is now recorded on application ${applicationId}.` }, 200);
      })
  );
}
