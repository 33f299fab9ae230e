/**
 * /auth's address: `?tab=signup` opens the Sign Up tab (the header's 'Register'); anything else the
 * Sign In tab. Apart from the page: the route's search check is in the first bundle every page loads.
 */
export type AuthTab = 'signin' | 'signup';

export function parseAuthSearch(search: Record<string, unknown>): { tab?: 'signup' } {
  return search.tab === 'signup' ? { tab: 'signup' } : {};
}
