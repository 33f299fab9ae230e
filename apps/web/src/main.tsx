import './lib/zod-jitless.js';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { keys } from './api/keys.js';
import { createQueryClient } from './api/query-client.js';
import { App } from './app.js';
import { afterNextPaint } from './lib/after-paint.js';
import { trackPageViews } from './lib/analytics.js';
import { basepathOf, directionOf, localeOfPath, startI18n } from './lib/i18n.js';
import { mayBeSignedIn } from './lib/seo.js';
import { createAppRouter } from './router.js';
import './styles.css';

const queryClient = createQueryClient();
// Without the signed-in hint nobody is signed in: the user is known (null) at once, so the public
// pages render as the pre-renderer drew them and never ask GET /api/user for its 401.
if (!mayBeSignedIn()) queryClient.setQueryData(keys.user, null);
const locale = localeOfPath(window.location.pathname);
document.documentElement.lang = locale;
document.documentElement.dir = directionOf(locale);
const router = createAppRouter(queryClient, undefined, basepathOf(locale));

// docs/product.md §13: a page view on every route change (sent without blocking navigation).
trackPageViews(router);

/**
 * A page the build pre-rendered (the public pages): it is drawn first, then its language's catalogs
 * are fetched (preloaded, they competed with the page itself on a slow phone: the German and Arabic
 * landing pages' text came ~0.5 s after the English one's), its route (code and guards) loads, and
 * React takes over the HTML that is already shown. Should the route have gone elsewhere (a
 * signed-in visitor on /auth is sent on), the page is drawn afresh instead.
 */
async function start(container: HTMLElement): Promise<void> {
  const prerendered = container.dataset.prerendered;
  if (prerendered !== undefined) await afterNextPaint();
  const i18n = await startI18n(locale);
  const app = <App router={router} queryClient={queryClient} i18n={i18n} />;
  if (prerendered === undefined) {
    createRoot(container).render(app);
    return;
  }
  await router.load();
  // The router's paths are inside the locale's basepath ('/faq-page' of '/ar/faq-page').
  if (basepathOf(locale) + router.state.location.pathname === prerendered && router.state.status === 'idle') {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start(document.getElementById('root')!);
