import {
  DEFAULT_OFFICIAL_ROUTE,
  formatIsoDate,
  isIsoDate,
  OFFICIAL_ROUTE_PLACEHOLDERS,
  officialSite,
  type OfficialRoute,
} from '../../../../core/domain/official-route.js';

/** The official route as the statement shows it (docs/product.md §1.5). */
export interface OfficialRouteText {
  url: string;
  site: string;
  fee: string;
  effective: string;
  effectiveText: string;
}

/**
 * The configured official route. The server writes it into the `evisa-official-route` meta tag of
 * every page it serves (apps/http/web-pages.ts), so the SPA knows it before it hydrates and draws
 * exactly what the server put into the pre-rendered HTML. The pre-renderer (no document) draws the
 * placeholders the server fills in; without the tag (Vite's dev server, tests) the defaults stand.
 */
export function officialRouteText(): OfficialRouteText {
  if (typeof document === 'undefined') return { ...OFFICIAL_ROUTE_PLACEHOLDERS };
  const route = readMeta() ?? DEFAULT_OFFICIAL_ROUTE;
  return { url: route.url, site: officialSite(route.url), fee: route.fee, effective: route.effective, effectiveText: formatIsoDate(route.effective) };
}

function readMeta(): OfficialRoute | null {
  const content = document.querySelector('meta[name="evisa-official-route"]')?.getAttribute('content');
  if (!content || content === OFFICIAL_ROUTE_PLACEHOLDERS.meta) return null;
  try {
    const value = JSON.parse(content) as Partial<OfficialRoute>;
    if (typeof value.url !== 'string' || !/^https?:\/\//.test(value.url) || typeof value.fee !== 'string' || typeof value.effective !== 'string' || !isIsoDate(value.effective)) return null;
    return { url: value.url, fee: value.fee, effective: value.effective };
  } catch {
    return null;
  }
}
