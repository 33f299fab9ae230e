import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';

/** What the server reads to serve the pre-rendered pages and list them in /sitemap.xml. */
export interface PrerenderManifest {
  pages: { path: string; file: string; inSitemap: boolean }[];
}

/** A public page in one locale, with the same page's address in every locale (hreflang). */
interface LocalisedPage {
  path: string;
  description: string;
  inSitemap: boolean;
  locale: string;
  alternates: [string, string][];
}

interface RenderResult {
  placeholder: string;
  pages: { page: LocalisedPage; rendered: { html: string; title: string; routeIds: string[]; lang: string; dir: string } }[];
}

/** Runs beside the Node bundle of src/entry-prerender.tsx: renders every public page, prints JSON. */
const RENDER_SCRIPT = `
const entry = await import('./entry.mjs');
const pages = [];
for (const locale of entry.LOCALES) {
  for (const page of entry.PUBLIC_PAGES) {
    const rendered = await entry.renderPage(entry.localisedPath(page.path, locale), page.description);
    pages.push({ page: { ...page, path: entry.localisedPath(page.path, locale), description: rendered.description, locale, alternates: entry.LOCALES.map((l) => [l, entry.localisedPath(page.path, l)]) }, rendered });
  }
}
process.stdout.write(JSON.stringify({ placeholder: entry.PUBLIC_URL_PLACEHOLDER, pages }), () => process.exit(0));
`;

interface ChunkInfo {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
}

/** Files worth compressing; HTML is compressed by the server (it puts PUBLIC_URL in first). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The file a page is written to under prerendered/: "/" → index.html, "/faq-page" → faq-page.html, "/ar/" → ar_index.html. */
const pageFile = (pagePath: string) => `prerendered/${pagePath.replace(/\/$/, '/index').slice(1).replace(/\//g, '_')}.html`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * After the browser build (issue 15):
 *  1. bundles src/entry-prerender.tsx for Node with the same plugins and the browser's package
 *     variants (so the router renders exactly what the browser will hydrate), renders every public
 *     page (src/lib/seo.ts) into the built index.html with its title, description, canonical link,
 *     Open Graph tags and a modulepreload of its route's code, and writes prerendered/*.html and
 *     prerendered.json;
 *  2. writes brotli (.br) and gzip (.gz) copies of every compressible asset, which the server
 *     sends by Accept-Encoding.
 * `routerPlugins` gives fresh instances of the plugins that transform the app's code.
 */
export function prerenderPages(options: { entry: string; routerPlugins: () => PluginOption[] }): Plugin {
  let config: ResolvedConfig;
  const chunks: ChunkInfo[] = [];
  const arabicFonts: string[] = [];
  let written = false;
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      chunks.length = 0;
      arabicFonts.length = 0;
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.push({ fileName: item.fileName, imports: item.imports, moduleIds: item.moduleIds, isEntry: item.isEntry });
        else if (ARABIC_FONT.test(item.fileName)) arabicFonts.push(item.fileName);
      }
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      // closeBundle also runs after a failed build: there is nothing to pre-render then.
      if (config.build.ssr || !written) return;
      written = false;
      const outDir = config.build.outDir;
      const ssrDir = mkdtempSync(path.join(tmpdir(), 'evisa-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          mode: 'production',
          plugins: options.routerPlugins(),
          resolve: { alias: config.resolve.alias },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true, target: 'node', resolve: { conditions: ['browser', 'module', 'import', 'default'], externalConditions: ['browser'] } },
          build: { ssr: options.entry, outDir: ssrDir, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: 'entry.mjs', codeSplitting: false } } },
        });
        // Rendered in a child process: the app's timers and the browser stand-ins stay out of this one.
        writeFileSync(path.join(ssrDir, 'render.mjs'), RENDER_SCRIPT);
        const child = spawnSync(process.execPath, [path.join(ssrDir, 'render.mjs')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
        if (child.status !== 0) throw new Error(`pre-rendering failed (exit ${child.status})`);
        const result = JSON.parse(child.stdout) as RenderResult;
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest: PrerenderManifest = { pages: [] };
        mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
        for (const { page, rendered } of result.pages) {
          const html = inlineStylesheets(pageHtml(template, page, rendered, result.placeholder, routePreloads(rendered.routeIds, chunks, template), page.locale === 'ar' ? arabicFonts : []), outDir);
          const file = pageFile(page.path);
          writeFileSync(path.join(outDir, file), html);
          manifest.pages.push({ path: page.path, file, inSitemap: page.inSitemap });
        }
        writeFileSync(path.join(outDir, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
        console.log(`\nprerendered ${manifest.pages.length} pages: ${manifest.pages.map((p) => p.path).join(' ')}`);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
      let compressed = 0;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (statSync(file).size < MIN_COMPRESS_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        compressed++;
      }
      console.log(`compressed ${compressed} assets (.br + .gz)`);
    },
  };
}

/**
 * The stylesheet goes into the pre-rendered page itself (a few KB compressed): the first paint then
 * waits for the HTML alone, not for a second request (style-src allows inline styles). A disabled
 * link to the same file stays beside it: browsers do not load a disabled stylesheet, and Vite's
 * preload helper, which knows a page's stylesheets by their links only, then does not load and apply
 * the whole stylesheet again when a lazy chunk (the landing's on-time line) arrives after the first
 * paint — a full restyle of the page, long on a phone.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_tag, file: string) => {
    const css = readFileSync(path.join(outDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

/** The Arabic pages' font files (styles.css). */
const ARABIC_FONT = /(^|\/)cairo-arabic-\d+-normal-[^/]*\.woff2$/;

/** The route chunks a page needs beyond what index.html already preloads. */
function routePreloads(routeIds: string[], chunks: ChunkInfo[], template: string): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    byName.get(name)?.imports.forEach(visit);
  };
  for (const routeId of routeIds) {
    if (routeId === '__root__') continue;
    const file = routeId === '/' ? 'index' : routeId.replace(/^\//, '');
    const pattern = new RegExp(`/routes/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.tsx\\?tsr-split`);
    const chunk = chunks.find((c) => c.moduleIds.some((id) => pattern.test(id)));
    if (chunk) visit(chunk.fileName);
  }
  return [...wanted].filter((name) => !template.includes(`/${name}"`));
}

function pageHtml(template: string, page: LocalisedPage, rendered: { html: string; title: string; lang: string; dir: string }, publicUrl: string, preloads: string[], fonts: string[]): string {
  const url = `${publicUrl}${page.path}`;
  const english = page.alternates.find(([locale]) => locale === 'en-GB')?.[1] ?? page.path;
  const head = [
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    // The same page in every language (Google's hreflang), English also for every other language.
    ...page.alternates.map(([locale, path]) => `<link rel="alternate" hreflang="${escapeAttr(locale)}" href="${escapeAttr(`${publicUrl}${path}`)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(`${publicUrl}${english}`)}" />`,
    `<meta property="og:locale" content="${escapeAttr(page.locale.replace('-', '_'))}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Egypt e-Visa Agency" />`,
    `<meta property="og:title" content="${escapeAttr(rendered.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(page.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:image" content="${escapeAttr(`${publicUrl}/images/giza-pyramids.svg`)}" />`,
    ...preloads.map((name) => `<link rel="modulepreload" crossorigin href="/${name}" />`),
    // Its text's font from the start, not once the page is laid out: drawn once, in it (styles.css).
    ...fonts.map((name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${name}" />`),
  ].join('\n    ');
  let html = template
    .replace('<html lang="en-GB">', () => `<html lang="${escapeAttr(rendered.lang)}" dir="${escapeAttr(rendered.dir)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(rendered.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeAttr(page.description)}" />`)
    .replace('</head>', () => `  ${head}\n  </head>`);
  // The page is already painted from its HTML: its code only makes it interactive, so none of it
  // may compete with the document (and fonts, images) for the first paint on a slow phone. Its
  // language's catalogs (~38 KB) are not preloaded at all: main.tsx fetches them once the page is drawn.
  html = html.replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to pre-render into');
  html = html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeAttr(page.path)}">${rendered.html}</div>`);
  return html;
}
