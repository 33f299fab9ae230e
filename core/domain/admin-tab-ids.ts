/**
 * The admin tabs' ids (docs/product.md §3.2), apart from the tabs themselves (admin-tabs.ts): the
 * SPA's /admin route checks its address with these, and what a route checks is in the landing
 * page's bundle (its size budget), while the tabs' statuses and the transition table are not.
 */
export const ADMIN_TAB_IDS = ['online-entries', 'initial-payment', 'submitted-portal', 'approved', 'completed', 'rejected'] as const;
export type AdminTabId = (typeof ADMIN_TAB_IDS)[number];

export function isAdminTabId(value: string): value is AdminTabId {
  return (ADMIN_TAB_IDS as readonly string[]).includes(value);
}
