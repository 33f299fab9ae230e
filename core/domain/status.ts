/** Application statuses (docs/product.md §3.1), stored and sent in lower snake case. */
export const APPLICATION_STATUSES = ['online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified', 'approved', 'rejected', 'final_payment_received'] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The statuses that decide an application: approved, rejected, or final_payment_received (an
 * approval after the guarantee deadline is recorded as a move straight into it, the final fee
 * waived; a paid final fee is entered only after an approval, which came first). An application's
 * first entry into one is its decision (the reports' on-time figures, docs/product.md §17), and its
 * guarantee clock stops there (§16.3). The one list of them: the SQL that counts overdue candidates
 * (adapters/persistence/shared/derived-sql) is rendered from it.
 */
export const DECIDED_STATUSES = ['approved', 'rejected', 'final_payment_received'] as const satisfies readonly ApplicationStatus[];

export function isDecided(status: ApplicationStatus | null): boolean {
  return status !== null && (DECIDED_STATUSES as readonly ApplicationStatus[]).includes(status);
}

/** The statuses not decided yet (all but DECIDED_STATUSES): the guarantee clock runs, and the application is open. */
export const UNDECIDED_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter((s) => !isDecided(s));

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
