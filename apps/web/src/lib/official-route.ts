import { DEFAULT_OFFICIAL_ROUTE_TEXT, OFFICIAL_ROUTE_PLACEHOLDERS, type OfficialRouteText } from '@core/domain/official-route.js';

/**
 * The configured official route, as the statement shows it (docs/product.md §1.5). The server
 * writes it into the `evisa-official-route` meta tag of every page it serves
 * (apps/http/web-pages.ts), so the SPA knows it before it hydrates and draws exactly what the server
 * put into the pre-rendered HTML. The pre-renderer (no document) draws the placeholders the server
 * fills in; without the tag (Vite's dev server, tests) the defaults stand.
 */
export function officialRouteText(): OfficialRouteText {
  if (typeof document === 'undefined') return OFFICIAL_ROUTE_PLACEHOLDERS;
  try {
    const text = JSON.parse(document.querySelector('meta[name="evisa-official-route"]')?.getAttribute('content') ?? '') as OfficialRouteText;
    if (Object.keys(DEFAULT_OFFICIAL_ROUTE_TEXT).every((key) => typeof text[key as keyof OfficialRouteText] === 'string')) return text;
  } catch {
    // No tag, or its placeholder (not JSON): the defaults.
  }
  return DEFAULT_OFFICIAL_ROUTE_TEXT;
}
