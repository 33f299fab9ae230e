import { FINAL_FEE, INITIAL_FEE, type PaymentType } from './fees.js';
import { guaranteeDeadline, GUARANTEE_WORKING_DAYS } from './guarantee.js';
import { formatPence } from './money.js';
import { formatDay } from './wording.js';

/**
 * What a traveller pays in all and when the answer comes, said before they pay (docs/product.md
 * §14.4), as iVisa and Atlys show one total and a delivery date. The agency pays Egypt's own
 * e-visa fee on the portal for each traveller (docs/product.md §2.16), so the two fees are the whole
 * price: nothing more is paid to anyone.
 */

/** The two fees of one traveller: £49.00. */
export const TOTAL_PER_TRAVELLER = INITIAL_FEE.amount + FINAL_FEE.amount;

/** Said wherever the total is: the official fee is part of it. */
export const OFFICIAL_FEE_INCLUDED = 'the official Egypt e-visa fee included';

/**
 * One sentence with the total, before a fee is paid:
 * - initial: '£49.00 in all: £10.00 now, £39.00 only if your visa is approved — the official Egypt e-visa fee included.'
 * - final: '£39.00 now, the last payment: £49.00 in all with the £10.00 initial fee you paid — the official Egypt e-visa fee included.'
 * - initial for a family of n: '£49.00 a traveller in all: £40.00 now for your 4 travellers (£10.00 each), £39.00 each only once their visa is approved — …'
 */
export function priceInAll(type: PaymentType, travellers = 1): string {
  const total = formatPence(TOTAL_PER_TRAVELLER);
  const initial = formatPence(INITIAL_FEE.amount);
  const final = formatPence(FINAL_FEE.amount);
  if (type === 'final') return `${final} now, the last payment: ${total} in all with the ${initial} initial fee you paid — ${OFFICIAL_FEE_INCLUDED}.`;
  if (travellers > 1) {
    return `${total} a traveller in all: ${formatPence(INITIAL_FEE.amount * travellers)} now for your ${travellers} travellers (${initial} each), ${final} each only once their visa is approved — ${OFFICIAL_FEE_INCLUDED}.`;
  }
  return `${total} in all: ${initial} now, ${final} only if your visa is approved — ${OFFICIAL_FEE_INCLUDED}.`;
}

/**
 * When the answer comes, for an initial fee paid at `now`: the guarantee's deadline and its waiver
 * (docs/product.md §4.3, §4.4). 'Guaranteed answer by Friday 4 December 2026 (5 working days after
 * you pay today), or you do not pay the £39.00 final fee.'
 */
export function answerByIfPaidNow(now: Date): string {
  return `Guaranteed answer by ${formatDay(guaranteeDeadline(now))} (${GUARANTEE_WORKING_DAYS} working days after you pay today), or you do not pay the ${formatPence(FINAL_FEE.amount)} final fee.`;
}

/**
 * The same promise while staff have marked Egypt's portal down (docs/product.md §16.8): an
 * application paid now waits for the portal with its clock paused, so no date can be promised —
 * the working days the outage takes are added to it.
 */
export function answerWhilePortalDown(): string {
  return `Egypt's e-visa portal is down now: your guaranteed answer comes ${GUARANTEE_WORKING_DAYS} working days after you pay, not counting the working days until the portal is back, or you do not pay the ${formatPence(FINAL_FEE.amount)} final fee.`;
}
