import type { ApplicationStatus } from './status.js';
import { formatDay } from './wording.js';

/**
 * The guarantee clock in words (docs/product.md §16.3), for the dashboard card, the track page and
 * the admin row. Kept apart from guarantee.ts so the SPA takes the words without the holiday data.
 */
export interface GuaranteeClockView {
  deadline: Date | string | null;
  breached: boolean;
  workingDaysUsed: number;
  workingDaysTotal: number;
  paused: boolean;
  /** Whom a pause waits on (absent: the applicant, as before outages were known). */
  pausedFor?: 'applicant' | 'portal' | null;
}

/** The clock stopped: decided, or the fee already settled. */
function finished(status: string): boolean {
  return status === 'approved' || status === 'final_payment_received' || status === 'rejected';
}

/**
 * The applicant's line: 'Working day 3 of 5 — we answer by Friday 4 December 2026' (the day written
 * as every other date, core/domain/wording.ts), 'Paused — waiting for your answer (2 of 5 working
 * days used)', or null (no clock yet, the visa decided, or the guarantee missed — the card says what
 * that means instead).
 */
export function applicantGuaranteeText(guarantee: GuaranteeClockView | null | undefined, status: ApplicationStatus | string): string | null {
  if (!guarantee?.deadline || guarantee.breached || finished(status)) return null;
  const total = guarantee.workingDaysTotal;
  if (guarantee.paused && guarantee.pausedFor === 'portal') return `Paused — Egypt's official portal is down (${guarantee.workingDaysUsed} of ${total} working days used)`;
  if (guarantee.paused) return `Paused — waiting for your answer (${guarantee.workingDaysUsed} of ${total} working days used)`;
  const by = formatDay(guarantee.deadline);
  if (guarantee.workingDaysUsed === 0) return `Your ${total} working days start on the next working day — we answer by ${by}`;
  return `Working day ${guarantee.workingDaysUsed} of ${total} — we answer by ${by}`;
}

/** The staff's line on the admin row: the same clock, said for the team. */
export function staffGuaranteeText(guarantee: GuaranteeClockView | null | undefined, status: ApplicationStatus | string): string | null {
  if (!guarantee?.deadline) return null;
  const total = guarantee.workingDaysTotal;
  const by = formatDay(guarantee.deadline);
  if (guarantee.breached) return `Guarantee missed (deadline ${by})`;
  if (finished(status)) return null;
  if (guarantee.paused && guarantee.pausedFor === 'portal') return `Paused — the official portal is down (${guarantee.workingDaysUsed} of ${total} working days used)`;
  if (guarantee.paused) return `Paused — waiting on the applicant (${guarantee.workingDaysUsed} of ${total} working days used)`;
  return `Working day ${guarantee.workingDaysUsed} of ${total} — due ${by}`;
}
