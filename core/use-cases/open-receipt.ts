import { errors } from '../domain/errors.js';
import type { Receipt } from '../domain/receipt.js';
import type { Ports } from '../ports/index.js';
import { receiptIssuer } from './receipts.js';
import { applicantLocale, loadVisible } from './shared.js';
import type { Actor } from './types.js';

/**
 * One receipt or credit note of an application as a PDF, drawn now from what was issued, for the
 * application's owner or staff. A number not listed under that application (another's, or none)
 * is NotFound, as is an application the actor may not see. It is written in the applicant's language
 * (their account's), for staff too: the document is theirs.
 */
export function makeOpenReceipt(ports: Pick<Ports, 'applications' | 'receipts' | 'receiptRenderer' | 'settings' | 'users'>) {
  return async function openReceipt(actor: Actor, applicationId: number, number: string): Promise<{ receipt: Receipt; pdf: Uint8Array }> {
    const application = await loadVisible(ports, actor, applicationId);
    // Only a receipt listed under this application (its own, or its family's payment) is served.
    const receipt = (await ports.receipts.listForApplication(application)).find((r) => r.number === number);
    if (!receipt) throw errors.notFound('Receipt');
    return { receipt, pdf: await ports.receiptRenderer.render(receipt, receiptIssuer(ports.settings), await applicantLocale(ports, application.userId)) };
  };
}
