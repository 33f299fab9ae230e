import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/domain/locale.js';
import { NAMESPACES, type Catalog } from '../../core/i18n/index.js';
// @ts-expect-error -- a plain ES module script (npm run i18n:extract), without types
import { extract } from '../../scripts/i18n-extract.mjs';

// Every catalog holds every message the code uses, with the same ICU arguments (docs/decisions/0037).
const catalogs = path.join(import.meta.dirname, '../../core/i18n/catalogs');
const read = (locale: string, namespace: string): Catalog => JSON.parse(readFileSync(path.join(catalogs, locale, `${namespace}.json`), 'utf8')) as Catalog;

/** A message's arguments and their kinds ('count:plural', 'name:argument'), and the tags it uses. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        found.add(`${element.value}:${element.type === TYPE.select ? 'select' : 'plural'}`);
        for (const option of Object.values(element.options)) visit(option.value);
      }
      if (element.type === TYPE.tag) {
        found.add(`<${element.value}>`);
        visit(element.children);
      }
    }
  };
  visit(parse(message, { ignoreTag: false }));
  return [...found].sort();
}

describe.each(NAMESPACES)('the %s catalogs', (namespace) => {
  const english = read('en-GB', namespace);

  it('English holds exactly the messages the code uses (npm run i18n:extract)', () => {
    expect(Object.keys(english)).toEqual(extract(namespace));
    for (const [key, value] of Object.entries(english)) expect(value).toBe(key);
  });

  it.each(LOCALES.filter((l) => l !== 'en-GB'))('%s translates every message, with the same arguments, and nothing else', (locale) => {
    const catalog = read(locale, namespace);
    const missing = Object.keys(english).filter((key) => typeof catalog[key] !== 'string' || catalog[key].trim() === '');
    const unused = Object.keys(catalog).filter((key) => !(key in english));
    expect(missing, `${locale}/${namespace}.json lacks these messages`).toEqual([]);
    expect(unused, `${locale}/${namespace}.json holds messages the code no longer uses`).toEqual([]);
    for (const [key, translation] of Object.entries(catalog)) expect(argumentsOf(translation), `${locale}: ${key}`).toEqual(argumentsOf(key));
  });
});
