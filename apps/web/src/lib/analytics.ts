import type { AnalyticsPropertyKey } from '../../../../core/ports/analytics.js';

export type EventProperties = Partial<Record<AnalyticsPropertyKey, string | number | boolean | null>>;

/**
 * Sends one analytics event to POST /api/events without ever blocking navigation or surfacing an
 * error: fetch with keepalive (it outlives the page), else navigator.sendBeacon.
 */
export function track(name: string, properties: EventProperties = {}, path?: string): void {
  if (typeof window === 'undefined') return;
  const body = JSON.stringify({ name, path: path ?? window.location.pathname, properties });
  try {
    if (typeof fetch === 'function') {
      void fetch('/api/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'include',
      }).catch(() => undefined);
      return;
    }
    navigator.sendBeacon?.('/api/events', new Blob([body], { type: 'application/json' }));
  } catch {
    // analytics must never break the page
  }
}

export const trackPageView = (path?: string) => track('page_view', {}, path);

/** Sends a page view on every resolved route change (SPEC §1), never twice for the same address. */
export function trackPageViews(router: {
  subscribe: (event: 'onResolved', fn: (e: { toLocation: { href: string; pathname: string } }) => void) => () => void;
}): () => void {
  let lastHref = '';
  return router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.href === lastHref) return;
    lastHref = toLocation.href;
    trackPageView(toLocation.pathname);
  });
}
