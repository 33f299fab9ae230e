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
