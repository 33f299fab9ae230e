/**
 * The languages the product speaks (docs/product.md, "Languages"): British English is the source and
 * the default; Arabic reads right to left. Public pages carry their locale as the first segment of
 * the path (`/ar/…`, `/de/…`); English has no prefix.
 */
export const LOCALES = ['en-GB', 'ar', 'de', 'fr', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

/** The cookie the language switcher sets: the visitor's chosen locale (the server sends English addresses to it). */
export const LOCALE_COOKIE = 'evisa_locale';

/** Each language in its own words, as the switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-GB': 'English', ar: 'العربية', de: 'Deutsch', fr: 'Français', it: 'Italiano' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'rtl' for Arabic, else 'ltr'. */
export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The path prefix of a locale's pages: '' for English, '/ar' for Arabic. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** A path in a locale: ('/faq-page', 'de') → '/de/faq-page'; ('/', 'ar') → '/ar/'. */
export function localisedPath(path: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

/** What a first path segment says: a locale of ours, another language's tag, or not a language at all. */
export type PathLocale = { kind: 'ours'; locale: Locale; rest: string } | { kind: 'foreign'; rest: string } | { kind: 'none' };

/**
 * A language-tag-shaped segment ('es', 'pt-BR', 'en-gb', 'zh-Hant', 'es-419'); no route of ours is
 * shaped so (tests/core/domain/locale.test.ts checks every top-level route).
 */
const TAG_SEGMENT = /^[a-zA-Z]{2,3}(?:-(?:[a-zA-Z]{2}|\d{3}|[A-Z][a-z]{3}))?$/;

/**
 * Reads the locale off a path. `/ar/track` → ours ('ar', '/track'); `/es/track` or `/en-GB/track` →
 * foreign (English is never prefixed), which the server answers with a redirect to `/track`.
 */
export function localeFromPath(pathname: string): PathLocale {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || !TAG_SEGMENT.test(match[1]!)) return { kind: 'none' };
  const rest = match[2] && match[2] !== '' ? match[2] : '/';
  const segment = match[1]!;
  const locale = LOCALES.find((l) => l !== DEFAULT_LOCALE && l === segment);
  return locale ? { kind: 'ours', locale, rest } : { kind: 'foreign', rest };
}

/**
 * The best of our locales for an Accept-Language header ('de-CH,de;q=0.9,en;q=0.8' → 'de'); English
 * when nothing matches or the header is garbage. Any English (en-US, en) is en-GB.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const ranges = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => /^[a-z]{2,3}$/.test(r.language) && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    if (range.language === 'en') return DEFAULT_LOCALE;
    const locale = LOCALES.find((l) => l === range.language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
