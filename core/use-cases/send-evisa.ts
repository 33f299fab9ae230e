import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { auditEntry } from './audit.js';
import { loadVisible, requirePermission, requireUser } from './shared.js';
import { evisaMessages, latestVisa } from './evisa-mail.js';
import type { Actor } from './types.js';

export const EVISA_SENT_MESSAGE = "E-visa document sent successfully to user's email";

/**
 * Staff's 'Send E-Visa Email': emails the attached visa document, with the border pack, to the
 * applicant again; only once the final payment is recorded. The first mail goes on its own
 * (evisa-mail.ts); this one is a resend and leaves that mark alone. An applicant who asked for texts
 * is also texted, in the same transaction as the mail (each sending is texted once: sending it again
 * texts again, as it mails again).
 */
export function makeSendEvisa(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'users' | 'outbox' | 'clock' | 'audit' | 'phoneNumbers' | 'settings' | 'textWriter'>) {
  return async function sendEvisa(actor: Actor, applicationId: number): Promise<{ message: string }> {
    requirePermission(actor, 'visa.send');
    const application = await loadVisible(ports, actor, applicationId);
    if (!application.finalPaymentId) {
      throw errors.conflict('The e-visa can be sent only once the final payment has been received.');
    }
    const visa = await latestVisa(ports, applicationId);
    if (!visa) throw errors.conflict('Please upload the visa document before sending the e-visa.');
    if (!(await ports.files.exists(visa.storageKey))) {
      throw errors.conflict('The visa document file is missing. Please upload it again.');
    }
    const user = await requireUser(ports, application.userId);
    const { mail, texts } = evisaMessages(ports, application, user, visa);
    const audit = auditEntry(ports, actor, {
      action: 'application.evisa_sent',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
      detail: { to: user.email, document: { id: visa.id, fileName: visa.fileName } },
    });
    await ports.outbox.enqueue(mail, ports.clock.now(), { texts, audit: [audit] });
    return { message: EVISA_SENT_MESSAGE };
  };
}
