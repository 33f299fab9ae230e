import { describe, expect, it } from 'vitest';
import { CANCELLATION_PERIOD_DAYS } from '../../core/domain/cancellation.js';
import { FINAL_FEE, INITIAL_FEE } from '../../core/domain/fees.js';
import { GUARANTEE_WORKING_DAYS } from '../../core/domain/guarantee.js';
import { formatPence } from '../../core/domain/money.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '../../core/domain/price-terms.js';

describe('the price and the cancellation right, said once (docs/product.md §14.4)', () => {
  it('says the amounts and periods the rules enforce (the sentences are written out for the landing page’s budget)', () => {
    const total = formatPence(INITIAL_FEE.amount + FINAL_FEE.amount);
    expect(TOTAL_PRICE_TEXT).toContain(`In all you pay ${total} per traveller: the ${formatPence(INITIAL_FEE.amount)} initial fee`);
    expect(TOTAL_PRICE_TEXT).toContain(`the ${formatPence(FINAL_FEE.amount)} final fee`);
    expect(TOTAL_PRICE_TEXT).toContain(`our ${GUARANTEE_WORKING_DAYS}-working-day guarantee`);
    expect(CANCELLATION_RIGHT_TEXT).toContain(`within ${CANCELLATION_PERIOD_DAYS} days of paying the initial fee`);
    expect(CANCELLATION_RIGHT_TEXT).toContain(`refund the ${formatPence(INITIAL_FEE.amount)} initial fee in full`);
  });

  it('reads as product §14.4 words it, with the fees of §4.1', () => {
    expect(TOTAL_PRICE_TEXT).toBe(
      'In all you pay £49.00 per traveller: the £10.00 initial fee when you submit your application and the £39.00 final fee once your visa is approved (not charged if we miss our 5-working-day guarantee). The official Egypt e-visa fee is included: we pay it on the portal for you, and if Egypt raises it after you pay, we pay the difference: your price never changes.',
    );
    expect(CANCELLATION_RIGHT_TEXT).toBe(
      'You can cancel within 14 days of paying the initial fee, until we submit your application to the Egyptian portal, and we refund the £10.00 initial fee in full. If you asked us to start straight away and our team has already begun, we may keep part of it for the work done. Once your application is on the portal it can no longer be cancelled.',
    );
  });

  it('never calls a fee by another name, nor the initial fee non-refundable', () => {
    for (const text of [TOTAL_PRICE_TEXT, CANCELLATION_RIGHT_TEXT]) {
      expect(text).not.toMatch(/non-refundable|assessment|processing fee/i);
    }
  });
});
