/** How an application's status reads and looks to people (docs/product.md §3.1). */
import { msg } from '../i18n/index.js';

/** Every label statusLabel writes, marked for the catalogs: an edge shows a label through its `core` translation. */
export const STATUS_LABELS = [
  msg('Online entry'),
  msg('Application created'),
  msg('Under process'),
  msg('Additional info required'),
  msg('Verified'),
  msg('Approved'),
  msg('Rejected'),
  msg('Final payment received'),
  msg('User registered'),
] as const;

/** Underscores to spaces, first letter capitalised: 'under_process' → 'Under process'. */
export function statusLabel(status: string): string {
  const spaced = status.toLowerCase().replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The applicant dashboard shows a completed application as 'Approved'. */
export function applicantStatusLabel(status: string): string {
  return status.toLowerCase() === 'final_payment_received' ? 'Approved' : statusLabel(status);
}

export type BadgeTone = 'yellow' | 'green' | 'red' | 'orange' | 'grey';

/** Dashboard badge colours (docs/product.md §3.1). */
export function statusBadgeTone(status: string): BadgeTone {
  switch (status.toLowerCase()) {
    case 'under_process':
      return 'yellow';
    case 'approved':
    case 'final_payment_received':
      return 'green';
    case 'rejected':
      return 'red';
    case 'additional_info_required':
      return 'orange';
    default:
      return 'grey';
  }
}
