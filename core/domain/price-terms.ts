/**
 * What the traveller pays and when they may cancel, said once (docs/product.md §14.4) so the FAQ,
 * the terms, the landing page, the apply page, the payment pages, the mails and the receipt cannot
 * contradict each other. The agency pays the portal's government fee out of its fees (§2.16), so the
 * official fee is included, and a later rise of Egypt's fee is the agency's cost (the shield, decision 0033); the £10 is refunded on a cancellation within 14 days (§4.8), so it is
 * never called non-refundable.
 *
 * The landing page quotes these, and its JavaScript has a budget (120 KB gzip, with little to spare):
 * the sentences are written out whole rather than built from fees.ts, guarantee.ts and
 * cancellation.ts (which would bring the holiday calendar along). tests/core/price-terms.test.ts
 * checks every amount and period against those modules. Each is one message (msg), translated where shown.
 */
import { msg } from '../i18n/index.js';

/** What one traveller pays in all when the visa is approved on time: £10 + £39. */
export const TOTAL_PRICE_TEXT = msg(
  'In all you pay £49.00 per traveller: the £10.00 initial fee when you submit your application and the £39.00 final fee once your visa is approved (not charged if we miss our 5-working-day guarantee). The official Egypt e-visa fee is included: we pay it on the portal for you, and if Egypt raises it after you pay, we pay the difference: your price never changes.',
);

/** The right to cancel of §4.8. */
export const CANCELLATION_RIGHT_TEXT = msg(
  'You can cancel within 14 days of paying the initial fee, until we submit your application to the Egyptian portal, and we refund the £10.00 initial fee in full. If you asked us to start straight away and our team has already begun, we may keep part of it for the work done. Once your application is on the portal it can no longer be cancelled.',
);
