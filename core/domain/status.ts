/** Application statuses (docs/product.md §3.1), stored and sent in lower snake case. */
export const APPLICATION_STATUSES = [
  'online_entry',
  'application_created',
  'under_process',
  'additional_info_required',
  'verified',
  'approved',
  'rejected',
  'final_payment_received',
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** user_registered is a pseudo-status: a registered user who has no application yet. */
export const USER_REGISTERED = 'user_registered' as const;
export type ListedStatus = ApplicationStatus | typeof USER_REGISTERED;

/** Accepts the stored lower-case spelling and the UPPER spelling of docs/product.md §3.1 (APPROVED, UNDER_PROCESS, …). */
export function parseStatus(value: string): ApplicationStatus | null {
  const normalised = value.trim().toLowerCase();
  return (APPLICATION_STATUSES as readonly string[]).includes(normalised) ? (normalised as ApplicationStatus) : null;
}

export function parseListedStatus(value: string): ListedStatus | null {
  const normalised = value.trim().toLowerCase();
  if (normalised === USER_REGISTERED) return USER_REGISTERED;
  return parseStatus(normalised);
}

// How statuses read and look (labels, badge tones) live in status-display.ts: the pages that show
// statuses import them from there, so a page that needs only the status list never loads them.
export { applicantStatusLabel, statusBadgeTone, statusLabel, type BadgeTone } from './status-display.js';
