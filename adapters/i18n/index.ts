/**
 * The server's translations (docs/decisions/0037): one i18next instance with ICU messages, holding
 * every catalog of core/i18n/catalogs, read once at start. Mails, text messages and PDFs ask it for a
 * `Translate` of their namespace in the reader's locale; a message missing from a catalog is the
 * English text (the key), formatted.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import ICU from 'i18next-icu';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../core/domain/locale.js';
import { NAMESPACES, type Catalog, type MessageValues, type Namespace, type Translate } from '../../core/i18n/index.js';

/** The catalogs beside the core (copied beside it in dist/ by scripts/build.mjs). */
export const CATALOGS_FOLDER = fileURLToPath(new URL('../../core/i18n/catalogs', import.meta.url));

export function readCatalog(locale: Locale, namespace: Namespace): Catalog {
  const file = path.join(CATALOGS_FOLDER, locale, `${namespace}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalog) : {};
}

let instance: i18n | undefined;

function translations(): i18n {
  if (instance) return instance;
  const resources = Object.fromEntries(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((locale) => [locale, Object.fromEntries(NAMESPACES.map((ns) => [ns, readCatalog(locale, ns)]))]));
  const created = i18next.createInstance();
  void created.use(ICU).init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    defaultNS: 'core',
    // Keys are English sentences: '.' and ':' are words, not paths.
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    // English messages are fallbacks (a key is its English): compiled once, like the others.
    i18nFormat: { memoizeFallback: true },
  });
  instance = created;
  return created;
}

/** The messages of one namespace in one locale. */
export function translator(locale: Locale, namespace: Namespace): Translate {
  const t = translations().getFixedT(locale, namespace);
  return (key: string, values?: MessageValues) => t(key, values ?? {}) as string;
}
