import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../core/i18n/index.js';

// Vitest runs from the repository's root (jsdom gives import.meta.url no file: scheme).
const CATALOGS = path.resolve('core/i18n/catalogs');

/** A locale's web and core catalogs, as the SPA loads them for a page. */
export function catalogsOf(locale: string): Record<string, Catalog> {
  const read = (ns: string) => JSON.parse(readFileSync(path.join(CATALOGS, locale, `${ns}.json`), 'utf8')) as Catalog;
  return { web: read('web'), core: read('core') };
}
