import { lazy } from 'react';

/** The landing page's live record, loaded after the page (the landing bundle's budget): render it inside Suspense. */
export const LazyLandingRecord = lazy(() => import('./landing-record.js').then((m) => ({ default: m.LandingRecord })));
