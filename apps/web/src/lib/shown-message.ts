import type { PageWords } from './i18n.js';

/**
 * A message a form shows whose author may be the core (a validation message, the server's refusal:
 * the `core` catalog) or the SPA (a file check, a failed scan: `web`), in the page's language; a
 * message neither knows (the server's own words) is shown as it came.
 */
export function shownMessage({ t, tc }: Pick<PageWords, 't' | 'tc'>, text: string): string {
  const core = tc(text);
  return core !== text ? core : t(text);
}
