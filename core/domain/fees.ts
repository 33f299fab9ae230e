import { CURRENCY, type Money } from './money.js';

export const PAYMENT_TYPES = ['initial', 'final'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export function isPaymentType(value: string): value is PaymentType {
  return (PAYMENT_TYPES as readonly string[]).includes(value);
}

/** £10 initial fee, paid after submitting; refunded on a cancellation within 14 days (docs/product.md §4.8). */
export const INITIAL_FEE: Money = { amount: 1000, currency: CURRENCY };
/** £39 final fee, charged only after approval. */
export const FINAL_FEE: Money = { amount: 3900, currency: CURRENCY };
