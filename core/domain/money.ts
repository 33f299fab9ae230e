/** Money is integer minor units (pence) everywhere; display divides by 100 at the edge. */
export type Currency = 'gbp';
export const CURRENCY: Currency = 'gbp';

export interface Money {
  amount: number;
  currency: Currency;
}

/** 1000 → '£10.00' */
export function formatPence(amount: number): string {
  return `£${(amount / 100).toFixed(2)}`;
}
