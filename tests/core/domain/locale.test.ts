import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeFromPath, localisedPath, negotiateLocale } from '../../../core/domain/locale.js';
import { formatPence } from '../../../core/domain/money.js';
import { formatDay, formatDayAndTime } from '../../../core/domain/wording.js';
import { pseudoLocalise } from '../../../core/i18n/index.js';

describe('locales', () => {
  it('guesses the language from Accept-Language: the best weight among ours, English otherwise', () => {
    expect(negotiateLocale('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('es-ES,fr;q=0.7,it;q=0.9')).toBe('it');
    expect(negotiateLocale('en-US,ar;q=0.9')).toBe('en-GB');
    expect(negotiateLocale('ar-EG')).toBe('ar');
    expect(negotiateLocale('fr;q=0,de;q=0.5')).toBe('de');
    expect(negotiateLocale('')).toBe('en-GB');
    expect(negotiateLocale(undefined)).toBe('en-GB');
    expect(negotiateLocale('%%%;q=abc,,;;@')).toBe('en-GB');
    expect(negotiateLocale('x'.repeat(10_000))).toBe('en-GB');
  });

  it('reads the locale off a path: ours, another language (sent to English), or none', () => {
    expect(localeFromPath('/ar/track')).toEqual({ kind: 'ours', locale: 'ar', rest: '/track' });
    expect(localeFromPath('/de')).toEqual({ kind: 'ours', locale: 'de', rest: '/' });
    expect(localeFromPath('/de/')).toEqual({ kind: 'ours', locale: 'de', rest: '/' });
    expect(localeFromPath('/es/faq-page')).toEqual({ kind: 'foreign', rest: '/faq-page' });
    expect(localeFromPath('/en-GB/track')).toEqual({ kind: 'foreign', rest: '/track' });
    expect(localeFromPath('/track')).toEqual({ kind: 'none' });
    expect(localeFromPath('/faq-page')).toEqual({ kind: 'none' });
    expect(localeFromPath('/')).toEqual({ kind: 'none' });
    expect(localeFromPath('/zh-Hant/track')).toEqual({ kind: 'foreign', rest: '/track' });
    expect(localisedPath('/', 'ar')).toBe('/ar/');
    expect(localisedPath('/track', 'fr')).toBe('/fr/track');
    expect(localisedPath('/track', 'en-GB')).toBe('/track');
  });

  it('never takes a route of ours for a language', () => {
    const routes = readdirSync(path.join(import.meta.dirname, '../../../apps/web/src/routes')).map((f) => f.replace(/\.tsx?$/, '').replace(/^_/, ''));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(localeFromPath(`/${route}`), route).toEqual({ kind: 'none' });
  });

  it('writes money in each language without changing the amount, and English as before', () => {
    expect(formatPence(4900)).toBe('£49.00');
    expect(formatPence(4900, 'fr').replace(/\s/g, ' ')).toBe('49,00 £');
    expect(formatPence(4900, 'de').replace(/\s/g, ' ')).toBe('49,00 £');
    expect(formatPence(1000, 'ar')).toContain('£');
    expect(formatPence(1000, 'ar')).not.toContain('UK');
  });

  it('writes dates in each language, English exactly as before', () => {
    expect(formatDay('2026-12-04')).toBe('Friday 4 December 2026');
    expect(formatDayAndTime('2026-12-04T14:05:00Z')).toBe('Friday 4 December 2026 at 14:05 (UK time)');
    expect(formatDay('2026-12-04', 'de')).toBe('Freitag, 4. Dezember 2026');
    expect(formatDay('2026-12-04', 'it')).toBe('venerdì 4 dicembre 2026');
    expect(formatDay('2026-12-04', 'ar')).toContain('ديسمبر');
  });

  it('pseudo-localises: every letter accented, 40 % longer, bracketed; digits and signs kept', () => {
    const out = pseudoLocalise('Pay £10.00 now');
    expect(out).toMatch(/^\[Þàý £10\.00 ñöŵ ~{3}\]$/);
    expect(pseudoLocalise('42')).toBe('42');
    expect(pseudoLocalise('Your <whole>e-visa</whole>')).toMatch(/^\[Ýöûŕ <whole>é-ṽîšà<\/whole> ~+\]$/);
  });
});
