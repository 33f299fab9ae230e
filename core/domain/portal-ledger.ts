import { msg } from '../i18n/index.js';
import { errors } from './errors.js';
import { fail, ok, type Result } from './result.js';
import { londonDateOf, type LocalDate } from './working-days.js';

/**
 * The portal ledger (docs/product.md §2.16, decision 0015): per traveller, what the agency did on
 * Egypt's official e-visa portal — the portal's reference, where the submission stands, the
 * government fee paid for it (US dollars, as the portal charges) and the portal's receipt. An
 * application without a ledger row reads as `emptyPortalLedger`.
 */
export const PORTAL_STATES = ['to_submit', 'submitted', 'gov_payment_failed', 'granted'] as const;
export type PortalState = (typeof PORTAL_STATES)[number];

/** The portal charges in US dollars only. */
export const GOVERNMENT_FEE_CURRENCIES = ['USD'] as const;
export type GovernmentFeeCurrency = (typeof GOVERNMENT_FEE_CURRENCIES)[number];

export const PORTAL_STATE_LABELS: Readonly<Record<PortalState, string>> = {
  to_submit: msg('To submit'),
  submitted: msg('Submitted'),
  gov_payment_failed: msg('Government payment failed'),
  granted: msg('Granted'),
};

export const PORTAL_REFERENCE_MAX = 64;
/** Far above any government fee (US$10,000): a typo, not a fee. */
export const MAX_GOVERNMENT_FEE_CENTS = 1_000_000;
/** A paidAt this far ahead of the server's clock is still "now" (a browser's clock a little fast). */
export const PAID_AT_CLOCK_SKEW_MS = 5 * 60_000;

/** The portal's receipt as stored (the storage key never leaves the server). */
export interface PortalReceipt {
  storageKey: string;
  fileName: string;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  uploadedAt: Date;
}

/** What staff set with PUT …/portal (the receipt is uploaded on its own). */
export interface PortalLedgerInput {
  reference: string | null;
  state: PortalState;
  governmentFeeCents: number | null;
  governmentFeeCurrency: GovernmentFeeCurrency;
  paidAt: Date | null;
}

export interface PortalLedger extends PortalLedgerInput {
  applicationId: number;
  /** The GBP pence one such fee was booked at when it was written (null: no fee, or no fee configuration in effect on paidAt). */
  governmentFeePence: number | null;
  /**
   * The government fee shield (decision 0033), set with the fee: the fee in force on the day the
   * traveller paid the agency (US cents, and booked pence), and what a rise since then cost the
   * agency (0 when the fee did not rise; null: no fee recorded, or the traveller has not paid).
   */
  feeAtPaymentCents: number | null;
  feeAtPaymentPence: number | null;
  absorbedFeeCents: number | null;
  absorbedFeePence: number | null;
  receipt: PortalReceipt | null;
  updatedAt: Date | null;
  /** The member of staff who last wrote it (null: never written, or the account was erased). */
  updatedBy: number | null;
  /** 0 while there is no row; each write adds 1 (compare-and-set). */
  version: number;
}

export function emptyPortalLedger(applicationId: number): PortalLedger {
  return {
    applicationId,
    reference: null,
    state: 'to_submit',
    governmentFeeCents: null,
    governmentFeeCurrency: 'USD',
    governmentFeePence: null,
    feeAtPaymentCents: null,
    feeAtPaymentPence: null,
    absorbedFeeCents: null,
    absorbedFeePence: null,
    paidAt: null,
    receipt: null,
    updatedAt: null,
    updatedBy: null,
    version: 0,
  };
}

/** What staff read of a ledger (admin reads carry it as `portal`): the receipt without its storage key, no version. */
export interface PortalLedgerView {
  reference: string | null;
  state: PortalState;
  governmentFeeCents: number | null;
  governmentFeeCurrency: GovernmentFeeCurrency;
  governmentFeePence: number | null;
  feeAtPaymentCents: number | null;
  feeAtPaymentPence: number | null;
  absorbedFeeCents: number | null;
  absorbedFeePence: number | null;
  paidAt: Date | null;
  receipt: { fileName: string; contentType: PortalReceipt['contentType']; size: number; uploadedAt: Date } | null;
  updatedAt: Date | null;
  updatedBy: number | null;
}

export function portalView(ledger: PortalLedger): PortalLedgerView {
  const { receipt } = ledger;
  return {
    reference: ledger.reference,
    state: ledger.state,
    governmentFeeCents: ledger.governmentFeeCents,
    governmentFeeCurrency: ledger.governmentFeeCurrency,
    governmentFeePence: ledger.governmentFeePence,
    feeAtPaymentCents: ledger.feeAtPaymentCents,
    feeAtPaymentPence: ledger.feeAtPaymentPence,
    absorbedFeeCents: ledger.absorbedFeeCents,
    absorbedFeePence: ledger.absorbedFeePence,
    paidAt: ledger.paidAt,
    receipt: receipt ? { fileName: receipt.fileName, contentType: receipt.contentType, size: receipt.size, uploadedAt: receipt.uploadedAt } : null,
    updatedAt: ledger.updatedAt,
    updatedBy: ledger.updatedBy,
  };
}

export const PORTAL_MESSAGES = {
  state: `The portal state must be one of ${PORTAL_STATES.join(', ')}.`,
  reference: `The portal reference can be at most ${PORTAL_REFERENCE_MAX} characters.`,
  fee: 'The government fee must be a whole number of cents, 0 or more.',
  feeTooLarge: `The government fee can be at most ${MAX_GOVERNMENT_FEE_CENTS} cents.`,
  currency: 'The government fee is paid in USD only.',
  feeAndPaidAt: 'Give the government fee and the date it was paid together (or neither).',
  paidAtFuture: 'The government fee cannot be paid in the future.',
  grantedNeedsReference: "A granted application needs the portal's reference.",
} as const;

/**
 * The rules of a ledger write (the shape is checked by core/schemas/portal.ts first): the fee and
 * the payment date go together, a payment is not in the future, `granted` carries the portal's
 * reference. The reference is trimmed (empty → null).
 */
export function checkPortalLedger(input: PortalLedgerInput, now: Date): Result<PortalLedgerInput> {
  const reference = input.reference?.trim() || null;
  const fieldErrors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);
  if (!(PORTAL_STATES as readonly string[]).includes(input.state)) add('state', PORTAL_MESSAGES.state);
  if (reference !== null && reference.length > PORTAL_REFERENCE_MAX) add('reference', PORTAL_MESSAGES.reference);
  if (input.governmentFeeCurrency !== 'USD') add('governmentFeeCurrency', PORTAL_MESSAGES.currency);
  const fee = input.governmentFeeCents;
  if (fee !== null && (!Number.isInteger(fee) || fee < 0)) add('governmentFeeCents', PORTAL_MESSAGES.fee);
  else if (fee !== null && fee > MAX_GOVERNMENT_FEE_CENTS) add('governmentFeeCents', PORTAL_MESSAGES.feeTooLarge);
  if ((fee === null) !== (input.paidAt === null)) add(fee === null ? 'governmentFeeCents' : 'paidAt', PORTAL_MESSAGES.feeAndPaidAt);
  if (input.paidAt !== null && input.paidAt.getTime() > now.getTime() + PAID_AT_CLOCK_SKEW_MS) add('paidAt', PORTAL_MESSAGES.paidAtFuture);
  if (input.state === 'granted' && reference === null) add('reference', PORTAL_MESSAGES.grantedNeedsReference);
  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) return fail(errors.validation(messages[0]!, fieldErrors));
  return ok({ ...input, reference });
}

/**
 * One entry of the government fee configuration: from `effectiveFrom` (a London calendar date) the
 * portal charges `amountCents` US cents for a visa, and the agency books one such fee at `pence`.
 */
export interface GovernmentFee {
  effectiveFrom: LocalDate;
  amountCents: number;
  pence: number;
  createdAt: Date;
  /** The member of staff who set it; null for the seeded entry or the CLI operator. */
  createdBy: number | null;
}

/**
 * The entry every database starts with (a migration seeds it; the memory store too): the tourist
 * single-entry visa's US$25, booked at £19.75.
 */
export const SEEDED_GOVERNMENT_FEE: GovernmentFee = { effectiveFrom: '2020-01-01', amountCents: 2500, pence: 1975, createdAt: new Date('2020-01-01T00:00:00Z'), createdBy: null };

/** The entry in effect on `date`: the latest whose effectiveFrom is on or before it, or null. */
export function governmentFeeOn(fees: readonly GovernmentFee[], date: LocalDate): GovernmentFee | null {
  let found: GovernmentFee | null = null;
  for (const fee of fees) {
    if (fee.effectiveFrom <= date && (found === null || fee.effectiveFrom > found.effectiveFrom)) found = fee;
  }
  return found;
}

/** What `cents` (USD) cost the agency in pence, at `fee`'s rate (null without an entry: "unpriced"). */
export function governmentFeePence(cents: number | null, fee: GovernmentFee | null): number | null {
  if (cents === null || fee === null) return null;
  return Math.round((cents * fee.pence) / fee.amountCents);
}

/** What the shield records beside a paid government fee (decision 0033). */
export interface FeeShield {
  feeAtPaymentCents: number | null;
  feeAtPaymentPence: number | null;
  absorbedFeeCents: number | null;
  absorbedFeePence: number | null;
}

export const NO_FEE_SHIELD: Readonly<FeeShield> = { feeAtPaymentCents: null, feeAtPaymentPence: null, absorbedFeeCents: null, absorbedFeePence: null };

/**
 * The government fee shield (docs/product.md §2.16, decision 0033): the traveller's price is what
 * they paid the agency, the official fee included. When the fee in force on the day staff paid the
 * portal (`paidAt`) is higher than the one in force on the day the traveller paid the agency
 * (`travellerPaidAt`, their initial fee), the agency pays the difference: the rise between the two
 * configured fees, booked at the rate of the day the portal was paid. Equal or lower: nothing
 * absorbed (0). Nothing is recorded without a fee, a traveller's payment or a configured fee on both days.
 */
export function feeShield(fees: readonly GovernmentFee[], travellerPaidAt: Date | null, paidAt: Date | null, paidCents: number | null): FeeShield {
  if (travellerPaidAt === null || paidAt === null || paidCents === null) return { ...NO_FEE_SHIELD };
  const before = governmentFeeOn(fees, londonDateOf(travellerPaidAt));
  const atSubmission = governmentFeeOn(fees, londonDateOf(paidAt));
  if (before === null || atSubmission === null) return { ...NO_FEE_SHIELD };
  const rise = Math.max(0, Math.min(paidCents, atSubmission.amountCents - before.amountCents));
  return {
    feeAtPaymentCents: before.amountCents,
    feeAtPaymentPence: before.pence,
    absorbedFeeCents: rise,
    absorbedFeePence: governmentFeePence(rise, atSubmission) ?? 0,
  };
}

/** 'US$25.00' — US cents as the portal shows them. */
export function formatUsdCents(cents: number): string {
  return `US$${(cents / 100).toFixed(2)}`;
}
