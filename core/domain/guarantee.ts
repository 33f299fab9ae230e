import { addCalendarDays, londonDateOf, londonMidnight, nthWorkingDayAfter } from './working-days.js';

/** "Visa returned within 5 working days, otherwise the outstanding balance need not be paid." */
export const GUARANTEE_WORKING_DAYS = 5;

/**
 * The clock starts when the initial payment is confirmed. The day of payment is not counted; the
 * deadline is the last instant (London time) of the 5th working day after it.
 */
export function guaranteeDeadline(initialPaymentAt: Date): Date {
  const lastDay = nthWorkingDayAfter(londonDateOf(initialPaymentAt), GUARANTEE_WORKING_DAYS);
  return new Date(londonMidnight(addCalendarDays(lastDay, 1)).getTime() - 1);
}

export function isGuaranteeBreached(deadline: Date | null, at: Date): boolean {
  return deadline !== null && at.getTime() > deadline.getTime();
}
