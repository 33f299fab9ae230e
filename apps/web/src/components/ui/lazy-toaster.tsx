import { lazy, Suspense, useState } from 'react';
import { useCurrentToast } from '../../lib/toast-store.js';

const Toaster = lazy(() => import('./toaster.js').then((m) => ({ default: m.Toaster })));

/**
 * The radix toast code is loaded with the first toast, not with the landing page (it keeps the
 * landing route's initial JavaScript within budget). Once loaded it stays mounted.
 */
export function LazyToaster() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  if (!needed && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
