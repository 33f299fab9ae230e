import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
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
  private readonly shell: HtmlPage;
  readonly robots: string;
  readonly sitemap: string;

  constructor(staticRoot: string, publicUrl: string, officialRoute: OfficialRoute) {
    const base = publicUrl.replace(/\/+$/, '');
    const official = officialRouteValues(officialRoute);
    const read = (file: string) => {
      let html = readFileSync(path.join(staticRoot, file), 'utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, base);
      for (const [placeholder, value] of official) html = html.replaceAll(placeholder, value);
      return Buffer.from(html);
    };
    this.shell = new HtmlPage(read('index.html'));
    const manifestFile = path.join(staticRoot, 'prerendered.json');
    const manifest: PrerenderManifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest) : { pages: [] };
    for (const page of manifest.pages) this.pages.set(page.path, new HtmlPage(read(page.file)));
    this.robots = ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
    const urls = manifest.pages
      .filter((p) => p.inSitemap)
      .map((p) => `  <url><loc>${escapeXml(`${base}${p.path}`)}</loc></url>`)
      .join('\n');
    this.sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  /** Whether the path is a pre-rendered page (or / and /index.html, the shell). */
  has(pathname: string): boolean {
    const key = normalise(pathname);
    return this.pages.has(key) || key === '/' || key === '/index.html' || key.startsWith('/prerendered');
  }

  /** The page for a path: its pre-rendered HTML (trailing slash ignored), else the SPA shell. */
  respond(c: Context): Response {
    const page = this.pages.get(normalise(c.req.path)) ?? this.shell;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const body = page.get(encoding);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
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
function officialRouteValues(route: OfficialRoute): [string, string][] {
  const p = OFFICIAL_ROUTE_PLACEHOLDERS;
  const text = officialRouteText(route);
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

/** "/faq-page/" → "/faq-page"; "/" stays. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
