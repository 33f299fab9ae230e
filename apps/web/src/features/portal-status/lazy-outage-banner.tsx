import { lazy, Suspense } from 'react';
import { usePortalStatus } from '../../api/portal-status.js';

const OutageBanner = lazy(() => import('./outage-banner.js').then((m) => ({ default: m.OutageBanner })));

/**
 * The outage banner, its words and layout loaded only while the official portal is down: every
 * public page asks the status, few ever show the banner (it keeps the landing route's initial
 * JavaScript within budget, like LazyToaster).
 */
export function LazyOutageBanner() {
  const status = usePortalStatus();
  if (status.data?.state !== 'down') return null;
  return (
    <Suspense fallback={null}>
      <OutageBanner message={status.data.message} />
    </Suspense>
  );
}
