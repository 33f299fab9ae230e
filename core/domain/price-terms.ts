import { GUARANTEE_WORKING_DAYS } from './guarantee.js';
import { FINAL_FEE, INITIAL_FEE } from './fees.js';
import { formatPence } from './money.js';
import { CANCELLATION_PERIOD_DAYS } from './cancellation.js';

/**
 * What the traveller pays and when they may cancel, said once (docs/product.md §14.4) so the FAQ,
 * the terms, the landing page, the apply page, the payment pages, the mails and the receipt cannot
 * contradict each other. The agency pays the portal's government fee out of its fees (§2.16), so the
 * official fee is included; the £10 is refunded on a cancellation within 14 days (§4.8), so it is
 * never called non-refundable.
 */

/** £49.00: what one traveller pays in all when the visa is approved on time. */
export const TOTAL_PRICE_PENCE = INITIAL_FEE.amount + FINAL_FEE.amount;

export const TOTAL_PRICE_TEXT =
  `In all you pay ${formatPence(TOTAL_PRICE_PENCE)} per traveller: the ${formatPence(INITIAL_FEE.amount)} initial fee when you submit your application ` +
  `and the ${formatPence(FINAL_FEE.amount)} final fee once your visa is approved (not charged if we miss our ${GUARANTEE_WORKING_DAYS}-working-day guarantee). ` +
  'The official Egyptian visa fee is included: we pay it on the portal for you.';

export const CANCELLATION_RIGHT_TEXT =
  `You can cancel within ${CANCELLATION_PERIOD_DAYS} days of paying the initial fee, until we submit your application to the Egyptian portal, ` +
  `and we refund the ${formatPence(INITIAL_FEE.amount)} initial fee in full. If you asked us to start straight away and our team has already ` +
  'begun, we may keep part of it for the work done. Once your application is on the portal it can no longer be cancelled.';

/** The one processing-time claim: the guarantee's (§4.3). */
export const PROCESSING_TIME_TEXT = `A decision within ${GUARANTEE_WORKING_DAYS} working days of your initial payment`;
