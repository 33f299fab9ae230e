import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.js';
import { trackPageViews } from './lib/analytics.js';
import { createAppRouter } from './router.js';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// SPEC §1: a page view on every route change (sent without blocking navigation).
trackPageViews(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
