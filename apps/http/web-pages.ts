import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, localeDirection, localeFromPath, localisedPath, negotiateLocale, type Locale } from '../../core/domain/locale.js';
import { PSEUDO_LOCALE } from '../../core/i18n/index.js';
import { OFFICIAL_ROUTE_META_PLACEHOLDER, OFFICIAL_ROUTE_PLACEHOLDERS, officialRouteText, type OfficialRoute } from '../../core/domain/official-route.js';

/** What apps/web's build writes beside the SPA (apps/web/prerender-plugin.ts). */
interface PrerenderManifest {
  pages: { path: string; file: string; inSitemap: boolean }[];
}

/** Stands for PUBLIC_URL in the pre-rendered HTML (apps/web/src/lib/seo.ts). */
export const PUBLIC_URL_PLACEHOLDER = '__EVISA_PUBLIC_URL__';

type Encoding = 'br' | 'gzip' | 'identity';

/** An HTML page, compressed once per encoding on first request and kept. */
class HtmlPage {
  private readonly encoded = new Map<Encoding, Buffer>();
  constructor(private readonly body: Buffer) {}

  get(encoding: Encoding): Buffer {
    let out = this.encoded.get(encoding);
    if (!out) {
      if (encoding === 'br') out = brotliCompressSync(this.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length } });
      else if (encoding === 'gzip') out = gzipSync(this.body, { level: 9 });
      else out = this.body;
      this.encoded.set(encoding, out);
    }
    return out;
  }
}

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The SPA's HTML: the pre-rendered public pages (with PUBLIC_URL put in their canonical and Open
 * Graph links), the SPA shell (index.html) for every other client route, robots.txt and the
 * sitemap. HTML is compressed for the client (brotli or gzip) and revalidated on every visit.
 */
export class WebPages {
  private readonly pages = new Map<string, HtmlPage>();
  /** The SPA's shell in each locale (its <html lang dir>), the pseudo-locale's included. */
  private readonly shells = new Map<string, HtmlPage>();
  readonly robots: string;
  readonly sitemap: string;

  constructor(staticRoot: string, publicUrl: string, officialRoute: OfficialRoute) {
    const base = publicUrl.replace(/\/+$/, '');
    // The official route in each page's language (its date in the language's words).
    const read = (file: string, locale: string) => {
      let html = readFileSync(path.join(staticRoot, file), 'utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, base);
      for (const [placeholder, value] of officialRouteValues(officialRoute, isLocale(locale) ? locale : DEFAULT_LOCALE)) html = html.replaceAll(placeholder, value);
      return Buffer.from(html);
    };
    for (const locale of [...LOCALES, PSEUDO_LOCALE]) {
      const dir = isLocale(locale) ? localeDirection(locale) : 'ltr';
      this.shells.set(locale, new HtmlPage(Buffer.from(read('index.html', locale).toString().replace('<html lang="en-GB">', `<html lang="${locale}" dir="${dir}">`))));
    }
    const manifestFile = path.join(staticRoot, 'prerendered.json');
    const manifest: PrerenderManifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest) : { pages: [] };
    for (const page of manifest.pages) this.pages.set(page.path, new HtmlPage(read(page.file, pageLocale(page.path))));
    this.robots = ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
    const urls = manifest.pages
      .filter((p) => p.inSitemap)
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map((p) => `  <url><loc>${escapeXml(`${base}${p.path}`)}</loc></url>`)
      .join('\n');
    this.sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  /** Whether the path is a pre-rendered page (or / and /index.html, the shell). */
  has(pathname: string): boolean {
    const key = normalise(pathname);
    return this.pages.has(key) || this.pages.has(`${key}/`) || key === '/' || key === '/index.html' || key.startsWith('/prerendered');
  }

  /**
   * Where a page's address sends a visitor in another language (docs/product.md, "Languages"), or
   * null to serve it: a language we do not have ('/es/track', '/en-GB/track') → the English page
   * (302); an English address asked by someone who chose another language (the locale cookie, set
   * by the switcher) or whose browser prefers one of ours (Accept-Language) → that language's page.
   */
  redirect(c: Context): string | null {
    const path = c.req.path;
    const query = new URL(c.req.url).search;
    if (path === `/${PSEUDO_LOCALE}` || path.startsWith(`/${PSEUDO_LOCALE}/`)) return null;
    const read = localeFromPath(path);
    if (read.kind === 'foreign') return read.rest + query;
    if (read.kind === 'ours' || !isPage(path)) return null;
    const chosen = getCookie(c, LOCALE_COOKIE);
    const wanted: Locale = isLocale(chosen) ? chosen : negotiateLocale(c.req.header('accept-language'));
    return wanted === DEFAULT_LOCALE ? null : localisedPath(normalise(path), wanted) + query;
  }

  /** The page for a path: its pre-rendered HTML (trailing slash ignored), else the SPA shell in the path's locale. */
  respond(c: Context): Response {
    const key = normalise(c.req.path);
    const page = this.pages.get(key) ?? this.pages.get(`${key}/`) ?? this.shells.get(pageLocale(key))!;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const body = page.get(encoding);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      // An English address may redirect by the locale cookie or Accept-Language (redirect()).
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
      'Content-Length': String(body.length),
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  }
}

/**
 * What stands in for the official route in the built HTML (docs/product.md §1.5), escaped for HTML
 * text and attributes alike: the meta tag the SPA reads before it hydrates, and the pre-rendered
 * statement itself, so both say the configured values and hydration sees the text it expects.
 * The longest placeholder first: none may eat the start of another.
 */
function officialRouteValues(route: OfficialRoute, locale: Locale): [string, string][] {
  const p = OFFICIAL_ROUTE_PLACEHOLDERS;
  const text = officialRouteText(route, locale);
  const values: [string, string][] = [
    [OFFICIAL_ROUTE_META_PLACEHOLDER, JSON.stringify(text)],
    [p.effectiveText, text.effectiveText],
    [p.effective, text.effective],
    [p.url, text.url],
    [p.site, text.site],
    [p.fee, text.fee],
  ];
  return values.map(([placeholder, value]) => [placeholder, escapeHtml(value)]);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Files (/favicon.svg, /assets/…) are not pages: their addresses never change language. */
function isPage(path: string): boolean {
  return !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path);
}

/** The locale an address is in: '/ar/track' → 'ar', '/en-XA/…' → the pseudo-locale, else English. */
function pageLocale(path: string): string {
  if (path === `/${PSEUDO_LOCALE}` || path.startsWith(`/${PSEUDO_LOCALE}/`)) return PSEUDO_LOCALE;
  const read = localeFromPath(path);
  return read.kind === 'ours' ? read.locale : DEFAULT_LOCALE;
}

/** "/faq-page/" → "/faq-page"; "/" stays. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
