import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.js';
import { PageSpinner } from './components/ui/spinner.js';

/**
 * `history`: the browser's by default; the build's pre-renderer passes a memory history.
 * `basepath`: the locale's prefix ('/ar'; '' for English), so every link stays in the page's language.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, basepath = '') {
  return createRouter({
    routeTree,
    ...(basepath ? { basepath } : {}),
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders prefetch into TanStack Query, which owns freshness: the router never caches on its own.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    defaultPendingComponent: () => <PageSpinner />,
    // Restoring scroll positions needs a browser (not the pre-renderer's memory history).
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
