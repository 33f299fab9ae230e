/**
 * Build-time only (apps/web/prerender-plugin.ts bundles and runs it in Node): renders a public
 * page with the same components and router as the browser, as a visitor who is not signed in.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import type { Catalog } from '@core/i18n/index.js';
import { prerender } from 'react-dom/static';
import { keys } from './api/keys.js';
import { createQueryClient } from './api/query-client.js';
import { App } from './app.js';
import { documentTitle, NOT_FOUND_TITLE } from './lib/page-title.js';
import { DEFAULT_AGENCY_NAME } from './lib/use-agency.js';
import { createAppRouter } from './router.js';
import { basepathOf, directionOf, localeOfPath, startI18n } from './lib/i18n.js';

export { PUBLIC_PAGES, PUBLIC_URL_PLACEHOLDER } from './lib/seo.js';
export { LOCALES, localisedPath } from '@core/domain/locale.js';

/** Every locale's catalogs, by locale and namespace: the pre-renderer renders each page in each. */
const catalogs: Record<string, Record<string, Catalog>> = {};
for (const [file, catalog] of Object.entries(import.meta.glob<Catalog>('../../../core/i18n/catalogs/*/{web,core}.json', { import: 'default', eager: true }))) {
  const [, locale, ns] = /catalogs\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (catalogs[locale!] ??= {})[ns!] = catalog;
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title, as the browser sets it (lib/page-title.ts). */
  title: string;
  /** The route ids rendered, outermost first (to find their code chunks). */
  routeIds: string[];
  /** The page's description, in its language. */
  description: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The router here is the browser's variant (so that what it renders hydrates as is), which, when
 * created, reads `window.origin` and registers itself on `self`. Node has neither: for as long as
 * the page renders they are stand-ins holding only that.
 */
async function withBrowserGlobals<T>(work: () => Promise<T>): Promise<T> {
  const global = globalThis as { window?: unknown; self?: unknown };
  const added = (['window', 'self'] as const).filter((name) => global[name] === undefined);
  for (const name of added) global[name] = name === 'window' ? { origin: 'null' } : {};
  try {
    return await work();
  } finally {
    for (const name of added) delete global[name];
  }
}

export function renderPage(pathname: string, description: string): Promise<RenderedPage> {
  return withBrowserGlobals(() => render(pathname, description));
}

async function render(pathname: string, description: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(keys.user, null);
  const locale = localeOfPath(pathname);
  const i18n = await startI18n(locale, catalogs[locale]);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [pathname] }), basepathOf(locale));
  await router.load();
  const notFound = router.state.matches.some((m) => m.status === 'notFound' || m._notFound);
  const ownTitle = notFound ? NOT_FOUND_TITLE : router.state.matches.findLast((m) => m.staticData.title)?.staticData.title;
  // No progressive chunks: React would move a large part of the page to the end of the document
  // and put it in place with an inline script, which the Content-Security-Policy refuses.
  const { prelude } = await prerender(<App router={router} queryClient={queryClient} i18n={i18n} />, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const html = await new Response(prelude).text();
  // Its queries' garbage-collection timers would keep the build's process alive for minutes.
  queryClient.clear();
  const t = (text: string | undefined) => (text === undefined ? undefined : i18n.t(text, { ns: 'web' }));
  return {
    html,
    title: documentTitle(t(ownTitle), DEFAULT_AGENCY_NAME),
    routeIds: router.state.matches.map((m) => m.routeId),
    description: t(description)!,
    lang: locale,
    dir: directionOf(locale),
  };
}
