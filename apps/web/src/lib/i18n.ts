/**
 * The SPA's words in the page's language (docs/decisions/0037). The locale is the path's first
 * segment (`/ar/…`; none for English), fixed for the life of the page: switching language loads the
 * page at the other address. Only that locale's catalogs are fetched (English needs none: a key is
 * its English text); the pseudo-locale en-XA (tests only) is English run through pseudoLocalise.
 */
import i18next, { type i18n, type ThirdPartyModule } from 'i18next';
import ICU from 'i18next-icu';
import { useContext } from 'react';
import { getI18n, I18nContext, initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, localeDirection, localeFromPath, LOCALES, type Locale } from '@core/domain/locale.js';
import { PSEUDO_LOCALE, pseudoLocalise, type Catalog, type MessageValues, type PageLocale } from '@core/i18n/index.js';

/** The catalogs the SPA reads: its own words and those the core hands it. */
const WEB_NAMESPACES = ['web', 'core'] as const;

/** Every language's catalogs but English's, which a page never loads (a key is its English text). */
const catalogFiles = import.meta.glob<Catalog>(['../../../../core/i18n/catalogs/*/{web,core}.json', '!../../../../core/i18n/catalogs/en-GB/*'], { import: 'default' });

/** The page's locale, read off an address ('/ar/track' → 'ar'; '/en-XA/…' → the pseudo-locale). */
export function localeOfPath(pathname: string): PageLocale {
  if (pathname === `/${PSEUDO_LOCALE}` || pathname.startsWith(`/${PSEUDO_LOCALE}/`)) return PSEUDO_LOCALE;
  const read = localeFromPath(pathname);
  return read.kind === 'ours' ? read.locale : DEFAULT_LOCALE;
}

/** The language of the page open now, for what is sent to the server (the account's language at sign-up). */
export function pageLanguage(): Locale {
  return typeof window === 'undefined' ? DEFAULT_LOCALE : intlLocale(localeOfPath(window.location.pathname));
}

/** The router's basepath for a locale: '' for English, '/ar' for Arabic. */
export function basepathOf(locale: PageLocale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** The language whose Intl conventions (dates, numbers, money) a page uses. */
export function intlLocale(locale: PageLocale): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

export function directionOf(locale: PageLocale): 'ltr' | 'rtl' {
  return localeDirection(intlLocale(locale));
}

async function catalogsOf(locale: PageLocale): Promise<Record<string, Catalog>> {
  if (locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE) return {};
  const entries = await Promise.all(WEB_NAMESPACES.map(async (ns) => [ns, (await catalogFiles[`../../../../core/i18n/catalogs/${locale}/${ns}.json`]?.()) ?? {}] as const));
  return Object.fromEntries(entries);
}

/**
 * Creates the page's i18next instance with its locale's catalogs (given by the pre-renderer, which
 * has them all; fetched in the browser) and makes it react-i18next's.
 */
export async function startI18n(locale: PageLocale, catalogs?: Record<string, Catalog>): Promise<i18n> {
  return createI18n(locale, catalogs ?? (await catalogsOf(locale)));
}

/** A message with no ICU syntax: no placeholder, plural, tag or quoting apostrophe — its own words. */
const PLAIN_MESSAGE = /^[^{}<'#]*$/;

/**
 * ICU messages, each compiled once for the page — English's too, which are fallbacks (a key is its
 * English), so memoizeFallback; and a plain sentence (most of them) is returned as it is, with no
 * formatter built for it: building one (its locale resolved through Intl) for every message drawn
 * cost the landing page ~300 ms of blocking time on a throttled phone.
 */
function icuFormat(): ThirdPartyModule {
  // i18next-icu's types leave out parse(), the i18nFormat module's one method.
  const icu = new ICU({ memoizeFallback: true }) as unknown as ThirdPartyModule & { parse: (res: unknown, ...rest: unknown[]) => unknown };
  const compiled = icu.parse.bind(icu);
  icu.parse = (res, ...rest) => (typeof res === 'string' && PLAIN_MESSAGE.test(res) ? res : compiled(res, ...rest));
  return icu;
}

/** An i18next instance for a locale whose catalogs are at hand (ready when returned: nothing loads). */
export function createI18n(locale: PageLocale, resources: Record<string, Catalog>): i18n {
  const instance = i18next.createInstance();
  instance.use(icuFormat()).use(initReactI18next);
  if (locale === PSEUDO_LOCALE) instance.use({ type: 'postProcessor', name: 'pseudo', process: (value: string) => pseudoLocalise(value) });
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES, PSEUDO_LOCALE],
    resources: { [locale]: resources },
    ns: [...WEB_NAMESPACES],
    defaultNS: 'web',
    // Keys are English sentences: '.' and ':' are words, not paths.
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    ...(locale === PSEUDO_LOCALE ? { postProcess: ['pseudo'] } : {}),
  });
  return instance;
}

export interface PageWords {
  /** A message of the SPA ('web'), its English text as the key. */
  t: (key: string, values?: MessageValues) => string;
  /** A message the core wrote (a status name, a validation message): given as the core gave it. */
  tc: (text: string, values?: MessageValues) => string;
  locale: PageLocale;
  /** The locale for Intl (dates, numbers, money). */
  intl: Locale;
  dir: 'ltr' | 'rtl';
}

/** Each instance's words, made once: a page's language never changes (a switch loads another page). */
const wordsOfInstance = new WeakMap<i18n, PageWords>();

function wordsOf(instance: i18n): PageWords {
  let words = wordsOfInstance.get(instance);
  if (!words) {
    const locale = (instance.language ?? DEFAULT_LOCALE) as PageLocale;
    const web = instance.getFixedT(locale, 'web');
    const core = instance.getFixedT(locale, 'core');
    words = {
      t: (key, values) => web(key, { ...values }) as string,
      tc: (text, values) => core(text, { ...values }) as string,
      locale,
      intl: intlLocale(locale),
      dir: directionOf(locale),
    };
    wordsOfInstance.set(instance, words);
  }
  return words;
}

/**
 * The page's words and language, for a component: the page's instance (I18nextProvider, app.tsx),
 * read from context rather than through useTranslation, which subscribes every component to
 * language and catalog events a page never has; English when there is none (a component rendered
 * on its own in a test).
 */
export function useT(): PageWords {
  return wordsOf(useContext(I18nContext)?.i18n ?? getI18n() ?? createI18n(DEFAULT_LOCALE, {}));
}
