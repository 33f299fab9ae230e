import { lazyRouteComponent } from '@tanstack/react-router';

/** The 404 page, loaded when needed: the first bundle every page loads (the landing page's budget) need not carry it. */
export const LazyNotFoundPage = lazyRouteComponent(() => import('./not-found.js'), 'NotFoundPage');
