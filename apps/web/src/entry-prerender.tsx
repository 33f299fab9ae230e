/**
 * Build-time only (apps/web/prerender-plugin.ts bundles and runs it in Node): renders a public
 * page with the same components and router as the browser, as a visitor who is not signed in.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { keys } from './api/keys.js';
import { createQueryClient } from './api/query-client.js';
import { App } from './app.js';
import { documentTitle, NOT_FOUND_TITLE } from './lib/page-title.js';
import { DEFAULT_AGENCY_NAME } from './lib/use-agency.js';
import { createAppRouter } from './router.js';

export { PUBLIC_PAGES, PUBLIC_URL_PLACEHOLDER } from './lib/seo.js';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title, as the browser sets it (lib/page-title.ts). */
  title: string;
  /** The route ids rendered, outermost first (to find their code chunks). */
  routeIds: string[];
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

export function renderPage(pathname: string): Promise<RenderedPage> {
  return withBrowserGlobals(() => render(pathname));
}

async function render(pathname: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(keys.user, null);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [pathname] }));
  await router.load();
  const notFound = router.state.matches.some((m) => m.status === 'notFound' || m._notFound);
  const ownTitle = notFound ? NOT_FOUND_TITLE : router.state.matches.findLast((m) => m.staticData.title)?.staticData.title;
  // No progressive chunks: React would move a large part of the page to the end of the document
  // and put it in place with an inline script, which the Content-Security-Policy refuses.
  const { prelude } = await prerender(<App router={router} queryClient={queryClient} />, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const html = await new Response(prelude).text();
  // Its queries' garbage-collection timers would keep the build's process alive for minutes.
  queryClient.clear();
  return { html, title: documentTitle(ownTitle, DEFAULT_AGENCY_NAME), routeIds: router.state.matches.map((m) => m.routeId) };
}
