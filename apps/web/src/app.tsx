import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { createAppRouter } from './router.js';

/**
 * The whole app around a router: what the browser renders (main.tsx) and what the build
 * pre-renders (entry-prerender.tsx) is this one tree, so the pre-rendered HTML hydrates as is.
 */
export function App({ router, queryClient, i18n }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient; i18n: i18n }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
