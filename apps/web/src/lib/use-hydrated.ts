import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server or takes over pre-rendered HTML, true afterwards (and
 * from the start on pages the browser draws itself). What depends on the visitor (signed in or
 * not) shows only once true, so hydration sees exactly what the pre-renderer drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
