import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { DEFAULT_LOCALE } from '../../core/domain/locale.js';
import { startI18n } from '../../apps/web/src/lib/i18n.js';

// --- web: unmount what a test rendered (vitest globals are off, so RTL cannot do it itself) ---
afterEach(() => cleanup());

// --- web: what jsdom lacks and the radix primitives (Select, Checkbox, Toast) call ---------------
if (typeof window !== 'undefined') {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  // The router scrolls to the top on navigation; jsdom only logs "Not implemented" for it.
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
}

// --- web: the SPA's words as an English page has them (apps/web/src/lib/i18n.ts): the instance
// react-i18next's useTranslation falls back to when no provider wraps a rendered component ---
await startI18n(DEFAULT_LOCALE);
