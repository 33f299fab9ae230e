import type { InferRequestType } from 'hono/client';
import { api, apiPath } from './client.js';

export type AnalyticsEvent = InferRequestType<typeof api.events.$post>['json'];

/**
 * POST /api/events without ever blocking navigation or surfacing an error: fetch with keepalive
 * (it outlives the page), else navigator.sendBeacon.
 */
export function sendEvent(event: AnalyticsEvent): void {
  try {
    if (typeof fetch === 'function') {
      void api.events.$post({ json: event }, { init: { keepalive: true } }).catch(() => undefined);
      return;
    }
    navigator.sendBeacon?.(apiPath(api.events.$path()), new Blob([JSON.stringify(event)], { type: 'application/json' }));
  } catch {
    // analytics must never break the page
  }
}
