import type { AgencySettings } from '../ports/index.js';
import type { ReceiptIssuer } from '../ports/receipt-renderer.js';

/** The agency as it is printed on its receipts. */
export function receiptIssuer(settings: AgencySettings): ReceiptIssuer {
  return { agencyName: settings.agencyName, agencyAddress: settings.agencyAddress, agencyEmail: settings.agencyEmail, vatNumber: settings.vatNumber };
}
