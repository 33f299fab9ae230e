import type { PaymentType } from './fees.js';
import { formatPence } from './money.js';
import { feeName } from './wording.js';
import type { ApplicationStatus } from './status.js';
import { msg } from '../i18n/index.js';

/** What happened to an application, as its applicant reads it (docs/product.md, "Where an application stands"). */
export const TIMELINE_KINDS = ['status', 'payment', 'refund', 'upload', 'reply'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One step of an application's timeline: when, what kind, the status it reached (status steps) and
 * the words meant for the applicant (an information request, a rejection reason, a payment's fee).
 * Never a staff member's name or an internal note.
 */
export interface TimelineEntry {
  at: Date;
  kind: TimelineKind;
  status?: ApplicationStatus;
  message?: string;
  /** A payment's or refund's facts, for an edge that words the step in another language. */
  fee?: PaymentType;
  amount?: number;
  waived?: boolean;
}

/** Oldest first; steps at the same instant keep the order they were given in. */
export function sortTimeline(entries: TimelineEntry[]): TimelineEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * What the stores know of an application's past, read for its timeline in one batch (the status
 * history, the recorded fees, the refunds given back, the passport copies): raw facts, worded by
 * timelineOf. Only what the applicant may read is fetched — no staff name, no internal note.
 */
export type TimelineFact =
  | { applicationId: number; kind: 'status'; at: Date; status: ApplicationStatus; message: string | null }
  | { applicationId: number; kind: 'payment'; at: Date; paymentType: PaymentType; amount: number; waived: boolean }
  | { applicationId: number; kind: 'refund'; at: Date; paymentType: PaymentType; amount: number }
  | { applicationId: number; kind: 'upload'; at: Date; documentType: 'passport' }
  /** A reply to an information request: when only, never its words (the track page shows the timeline too). */
  | { applicationId: number; kind: 'reply'; at: Date };

/** The timeline's step for a reply the applicant sent from the dashboard (docs/product.md §16.7). */
export const REPLY_STEP_MESSAGE = msg('You replied to our request');
export const PASSPORT_UPLOADED_MESSAGE = msg('Passport uploaded');
export const PASSPORT_REUPLOADED_MESSAGE = msg('Passport re-uploaded');

/**
 * One application's facts as its timeline (docs/product.md §16.2), oldest first: each status with
 * the words staff wrote for the applicant, each fee paid (or waived), each refund given back, each
 * passport copy (the first one uploaded, later ones re-uploaded), each reply to an information
 * request (when, not what it said). The visa being sent is its status
 * step; the visa file itself is no upload of the applicant's.
 */
export function timelineOf(facts: readonly TimelineFact[]): TimelineEntry[] {
  let passports = 0;
  // A fee's payment writes its status change in the same instant, with the system's words for it
  // ('Initial fee paid'): the fee's own step already says so, and saying it twice read as two payments.
  const feeInstants = new Set(facts.filter((f) => f.kind === 'payment').map((f) => f.at.getTime()));
  const entries = sortFacts(facts).map((fact): TimelineEntry => {
    switch (fact.kind) {
      case 'status': {
        const said = fact.message && !feeInstants.has(fact.at.getTime()) ? { message: fact.message } : {};
        return { at: fact.at, kind: 'status', status: fact.status, ...said };
      }
      case 'payment':
        return {
          at: fact.at,
          kind: 'payment',
          fee: fact.paymentType,
          amount: fact.amount,
          waived: fact.waived,
          message: fact.waived
            ? `${feeName(fact.paymentType, { capital: true })} waived under the 5-working-day guarantee`
            : `${feeName(fact.paymentType, { capital: true })} paid: ${formatPence(fact.amount)}`,
        };
      case 'refund':
        return { at: fact.at, kind: 'refund', fee: fact.paymentType, amount: fact.amount, message: `Refunded ${formatPence(fact.amount)} of the ${feeName(fact.paymentType)} to your card` };
      case 'upload':
        passports += 1;
        return { at: fact.at, kind: 'upload', message: passports === 1 ? PASSPORT_UPLOADED_MESSAGE : PASSPORT_REUPLOADED_MESSAGE };
      case 'reply':
        return { at: fact.at, kind: 'reply', message: REPLY_STEP_MESSAGE };
    }
  });
  return sortTimeline(entries);
}

/** At the same instant the cause comes first: the upload or reply, then the fee, then the status it moved. */
const SAME_INSTANT_ORDER: Record<TimelineFact['kind'], number> = { upload: 0, reply: 0, payment: 1, refund: 2, status: 3 };

function sortFacts(facts: readonly TimelineFact[]): TimelineFact[] {
  return facts
    .map((fact, index) => ({ fact, index }))
    .sort((a, b) => a.fact.at.getTime() - b.fact.at.getTime() || SAME_INSTANT_ORDER[a.fact.kind] - SAME_INSTANT_ORDER[b.fact.kind] || a.index - b.index)
    .map(({ fact }) => fact);
}
