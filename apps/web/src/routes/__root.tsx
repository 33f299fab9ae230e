import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Footer } from '../components/layout/footer.js';
import { Header } from '../components/layout/header.js';
import { LazyToaster } from '../components/ui/lazy-toaster.js';
import { isStaffPath } from '../components/layout/page-width.js';
import { LazyOutageBanner } from '../features/portal-status/index.js';
import { LazyNotFoundPage } from '../features/static/index.js';
import { RouteError } from '../components/layout/route-error.js';
import { useAccountLocale } from '../components/layout/locale-switcher.js';
import { useDocumentTitle } from '../lib/page-title.js';
import { cn } from '../lib/format.js';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Loaded when needed: the first bundle every page loads (the landing page's budget) need not carry it.
  notFoundComponent: LazyNotFoundPage,
  errorComponent: RouteError,
});

function RootLayout() {
  useDocumentTitle();
  useAccountLocale();
  // After a client-side navigation, move focus to the new page so keyboard and screen-reader users
  // start at its content (not on the link they used, which may be gone).
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A signed-in page fills at least the screen: while its code and data load (a spinner, a
  // skeleton) the footer stays below the fold instead of showing and then being pushed down when
  // the page arrives (a layout shift of 0.34 on a phone's dashboard, /apply and /payment).
  const signedIn = useRouterState({ select: (s) => s.matches.some((m) => m.routeId.startsWith('/_authed')) });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className={cn('flex-1 focus:outline-none', signedIn && 'min-h-screen')} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* Staff read and switch the status on their own page; everyone else sees the banner while it is down. */}
      {isStaffPath(pathname) ? null : <LazyOutageBanner />}
      <LazyToaster />
    </div>
  );
}
