import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { recordAudit } from './audit.js';
import { loadVisible, requirePermission, requireUser } from './shared.js';
import { textTo } from './texts.js';
import type { Actor } from './use-cases.js';

export const EVISA_SENT_MESSAGE = "E-visa document sent successfully to user's email";

/**
 * Emails the attached visa document, with the border pack, to the applicant; only once the final
 * payment is recorded. An applicant who asked for texts is also texted, in the same transaction as
 * the mail (each sending is texted once: sending it again texts again, as it mails again).
 */
export function makeSendEvisa(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'users' | 'outbox' | 'clock' | 'audit' | 'phoneNumbers' | 'settings'>) {
  return async function sendEvisa(actor: Actor, applicationId: number): Promise<{ message: string }> {
    requirePermission(actor, 'visa.send');
    const application = await loadVisible(ports, actor, applicationId);
    if (!application.finalPaymentId) {
      throw errors.conflict('The e-visa can be sent only once the final payment has been received.');
    }
    const visas = (await ports.documents.listByApplication(applicationId)).filter((d) => d.type === 'visa');
    const visa = visas[visas.length - 1];
    if (!visa) throw errors.conflict('Please upload the visa document before sending the e-visa.');
    if (!(await ports.files.exists(visa.storageKey))) {
      throw errors.conflict('The visa document file is missing. Please upload it again.');
    }
    const user = await requireUser(ports, application.userId);
    await ports.outbox.enqueue(
      {
        to: user.email,
        template: 'evisa',
        data: {
          fullName: user.fullName,
          applicationNumber: application.applicationNumber,
          applicationId: application.id,
          givenName: application.givenName,
          surname: application.surname,
        },
        // The visa itself, and the border pack drawn from it when the mail is sent (docs/product.md §16.6).
        attachments: [{ storageKey: visa.storageKey, fileName: visa.fileName, contentType: visa.contentType }, { borderPackApplicationId: application.id }],
      },
      ports.clock.now(),
      application.smsUpdates
        ? [textTo(ports, user, application, { template: 'evisa_sent', data: { applicationNumber: application.applicationNumber, givenName: application.givenName } })]
        : [],
    );
    await recordAudit(ports, actor, {
      action: 'application.evisa_sent',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
      detail: { to: user.email, document: { id: visa.id, fileName: visa.fileName } },
    });
    return { message: EVISA_SENT_MESSAGE };
  };
}
