import { DEFAULT_LOCALE, type Locale } from './locale.js';
import { formatShortDay } from './wording.js';
/**
 * The official route (docs/product.md §1.5): Egypt's own e-visa portal and its fee, which every
 * call to action and payment screen names beside the agency's own fees. The values come from the
 * configuration (OFFICIAL_VISA_URL, OFFICIAL_VISA_FEE, OFFICIAL_VISA_FEE_EFFECTIVE); these are the
 * defaults.
 */
export interface OfficialRoute {
  /** The official portal, http(s). */
  url: string;
  /** The official fee as the portal states it, e.g. 'US$25 single entry'. */
  fee: string;
  /** The date (YYYY-MM-DD) from which that fee applies, as last checked by the operator. */
  effective: string;
}

export const DEFAULT_OFFICIAL_ROUTE: OfficialRoute = {
  url: 'https://visa2egypt.gov.eg',
  fee: 'US$25 single entry',
  effective: '2026-01-01',
};

/** The portal as people type it: 'https://visa2egypt.gov.eg/' → 'visa2egypt.gov.eg'. */
export function officialSite(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '')}`;
}

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-01-01' → '1 January 2026' (no Intl: the server and every browser write the same). */
export function formatIsoDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** The route as the statement shows it: the site without https://, the date in words. */
export interface OfficialRouteText {
  url: string;
  site: string;
  fee: string;
  effective: string;
  effectiveText: string;
}

/** In a page's language: the date in its words ('1. Januar 2026'); English's own words by default. */
export function officialRouteText(route: OfficialRoute, locale: Locale = DEFAULT_LOCALE): OfficialRouteText {
  const effectiveText = locale === DEFAULT_LOCALE ? formatIsoDate(route.effective) : formatShortDay(route.effective, locale);
  return { url: route.url, site: officialSite(route.url), fee: route.fee, effective: route.effective, effectiveText };
}

/**
 * officialRouteText(DEFAULT_OFFICIAL_ROUTE), written out: the SPA's fallback without the formatting
 * code (the landing page's JavaScript has a budget; tests/http/official-route-config.test.ts checks
 * the two agree).
 */
export const DEFAULT_OFFICIAL_ROUTE_TEXT: OfficialRouteText = {
  url: 'https://visa2egypt.gov.eg',
  site: 'visa2egypt.gov.eg',
  fee: 'US$25 single entry',
  effective: '2026-01-01',
  effectiveText: '1 January 2026',
};

/**
 * Stand for the configured values in the pre-rendered pages: the server puts them in (and the
 * route's text, as JSON, in the `evisa-official-route` meta tag the SPA reads before it hydrates).
 */
export const OFFICIAL_ROUTE_META_PLACEHOLDER = '__EVISA_OFFICIAL_ROUTE__';
export const OFFICIAL_ROUTE_PLACEHOLDERS: OfficialRouteText = {
  url: '__EVISA_OFFICIAL_URL__',
  site: '__EVISA_OFFICIAL_SITE__',
  fee: '__EVISA_OFFICIAL_FEE__',
  effective: '__EVISA_OFFICIAL_EFFECTIVE__',
  effectiveText: '__EVISA_OFFICIAL_EFFECTIVE_TEXT__',
};
