import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * A full garbage collection, for long streaming commands. V8 collects its old space lazily: an
 * export of 100k rows promotes short-lived row objects (alive across a page) and lets the heap grow
 * to ~140 MB before collecting, although only ~40 MB is live. Collecting every few thousand rows
 * keeps the peak RSS flat for ~20 ms each. No-op where V8 refuses to expose gc().
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
