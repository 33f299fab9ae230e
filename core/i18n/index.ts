/**
 * The product's words in every language (docs/product.md, "Languages"; docs/decisions/0037). English
 * is the source: a message's key IS its English text, an ICU message ('Pay {amount}',
 * '{count, plural, one {# day} other {# days}}'), so the verbatim texts of docs/product.md stay as
 * they are and a missing translation falls back to the English words, never to a key.
 *
 * Catalogs: core/i18n/catalogs/<locale>/<namespace>.json. en-GB's are written by
 * `npm run i18n:extract` from the code (every `t('…')`, `msg('…')` and `i18nKey="…"`); the others
 * map the same keys to their translation (tests/core/i18n-catalogs.test.ts holds them to that).
 */
import type { Locale } from '../domain/locale.js';

/**
 * Who reads each catalog: `web` the SPA, `core` the words the core hands to every edge (status
 * names, dates, fee names, validation messages), `mail` and `text` the server's mails and text
 * messages, `pdf` receipts, credit notes and the border pack.
 */
export const NAMESPACES = ['core', 'web', 'mail', 'text', 'pdf'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalog = Record<string, string>;

/** Values put into a message's `{placeholders}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** Translates one message of a namespace in one locale. */
export type Translate = (key: string, values?: MessageValues) => string;

/**
 * Marks a string in the core as a message to translate, for the extractor; returns it as it is (the
 * edge that shows it translates it with the `core` namespace).
 */
export function msg<T extends string>(text: T): T {
  return text;
}

/** The pseudo-locale a test reads every page in (Mozilla's pseudo-localisation): not offered to people. */
export const PSEUDO_LOCALE = 'en-XA';
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];

/**
 * A message as the pseudo-locale shows it, after its values are put in: letters accented, 40 %
 * longer, in brackets — so a string left out of the catalogs shows as plain English beside them, and
 * a layout that cannot take German's length clips.
 */
export function pseudoLocalise(text: string): string {
  let letters = 0;
  // Markup a message carries (<b>…</b>, a sentence's named parts) is kept as it is.
  const accented = text.replace(/<\/?[\w-]+>|[A-Za-z]/g, (ch) => {
    if (ch.length > 1) return ch;
    letters++;
    return ACCENTED[PLAIN.indexOf(ch)] ?? ch;
  });
  return letters === 0 ? text : `[${accented} ${'~'.repeat(Math.ceil(letters * 0.4))}]`;
}
