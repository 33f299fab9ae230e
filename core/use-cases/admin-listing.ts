import { ADMIN_TAB_IDS, adminTab, type AdminTabId } from '../domain/admin-tabs.js';
import type { User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';

/**
 * Pseudo-entries (docs/product.md §2.14/§3.2): registered users with no application, listed in the online-entries
 * tab with status user_registered. Admin accounts are not applicants and are left out. The admin's
 * paged listing and counts ask `users.pageWithoutApplication` instead of loading them all.
 */
export async function pseudoEntryUsers(ports: Pick<Ports, 'users'>): Promise<User[]> {
  return (await ports.users.listWithoutApplication()).filter((u) => !u.isAdmin);
}

/** Whether a listing of `tab` (all tabs when undefined) includes pseudo-entries. */
export function tabListsPseudoEntries(tab: AdminTabId | undefined): boolean {
  return tab === undefined || adminTab(tab).statuses.includes('user_registered');
}

export function emptyTabCounts(): Record<AdminTabId, number> {
  return Object.fromEntries(ADMIN_TAB_IDS.map((id) => [id, 0])) as Record<AdminTabId, number>;
}
