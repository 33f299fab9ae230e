import { errors } from '../domain/errors.js';
import { normaliseEmail } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { CLI_OPERATOR, recordAudit } from './audit.js';
import type { Actor } from './types.js';

/**
 * Operator task (CLI): the right to erasure. Stored files go first (passport copies, visas), then
 * the user with sessions, applications, document rows, history and enquiries; payment records are
 * kept for accounting with the user id removed, and receipts and credit notes with the payer's and
 * travellers' names, the email and the card removed (erasedReceipt; docs/product.md, "Receipts").
 */
export function makeEraseUser(ports: Pick<Ports, 'users' | 'applications' | 'documents' | 'portal' | 'payments' | 'receipts' | 'files' | 'clock' | 'audit'>) {
  return async function eraseUser(
    email: string,
    actor: Actor = CLI_OPERATOR,
  ): Promise<{ applications: number; documents: number; files: number; paymentsAnonymised: number; receiptsAnonymised: number }> {
    const user = await ports.users.findByEmail(normaliseEmail(email));
    if (!user) throw errors.notFound('User');
    const applications = await ports.applications.listByUser(user.id);
    let documents = 0;
    let files = 0;
    let paymentsAnonymised = 0;
    // A family's receipt is listed under each of its applications: counted once.
    const receipts = new Set<number>();
    for (const application of applications) {
      for (const document of await ports.documents.listByApplication(application.id)) {
        documents += 1;
        if (await ports.files.exists(document.storageKey)) {
          await ports.files.delete(document.storageKey);
          files += 1;
        }
      }
      // The portal's receipt names the traveller: it goes too (its ledger row goes with the application).
      const portalReceipt = (await ports.portal.find(application.id))?.receipt;
      if (portalReceipt && (await ports.files.exists(portalReceipt.storageKey))) {
        await ports.files.delete(portalReceipt.storageKey);
        files += 1;
      }
      paymentsAnonymised += (await ports.payments.listByApplication(application.id)).filter((p) => p.userId !== null).length;
      for (const receipt of await ports.receipts.listForApplication(application)) if (receipt.userId === user.id) receipts.add(receipt.id);
    }
    await ports.users.erase(user.id);
    const result = { applications: applications.length, documents, files, paymentsAnonymised, receiptsAnonymised: receipts.size };
    // By id only (see exportUserData).
    await recordAudit(ports, actor, { action: 'user.erased', target: { type: 'user', id: user.id }, detail: result });
    return result;
  };
}
