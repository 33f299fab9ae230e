import type { AnalyticsPropertyKey } from '@core/ports/analytics.js';
import { sendEvent } from '../api/events.js';

export type EventProperties = Partial<Record<AnalyticsPropertyKey, string | number | boolean | null>>;

/** Sends one analytics event (sendEvent) without ever blocking navigation or surfacing an error. */
export function track(name: string, properties: EventProperties = {}, path?: string): void {
  if (typeof window === 'undefined') return;
  sendEvent({ name, path: path ?? window.location.pathname, properties });
}

export const trackPageView = (path?: string) => track('page_view', {}, path);

/** Sends a page view on every resolved route change (docs/product.md §13), never twice for the same address. */
export function trackPageViews(router: { subscribe: (event: 'onResolved', fn: (e: { toLocation: { href: string; pathname: string } }) => void) => () => void }): () => void {
  let lastHref = '';
  return router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.href === lastHref) return;
    lastHref = toLocation.href;
    trackPageView(toLocation.pathname);
  });
}
