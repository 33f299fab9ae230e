import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.js';
import { PageSpinner } from './components/ui/spinner.js';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders prefetch into TanStack Query, which owns freshness: the router never caches on its own.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    defaultPendingComponent: () => <PageSpinner />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
