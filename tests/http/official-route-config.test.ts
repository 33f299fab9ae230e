import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../apps/shared/config.js';
import { DEFAULT_OFFICIAL_ROUTE, DEFAULT_OFFICIAL_ROUTE_TEXT, formatIsoDate, officialRouteText, officialSite } from '../../core/domain/official-route.js';

// docs/product.md §1.5: the official route named beside every call to action comes from the configuration.
describe('official route configuration', () => {
  it('defaults to the official portal, its fee and the date it applies from', () => {
    expect(loadConfig({}).officialRoute).toEqual(DEFAULT_OFFICIAL_ROUTE);
    expect(DEFAULT_OFFICIAL_ROUTE.url).toBe('https://visa2egypt.gov.eg');
    expect(DEFAULT_OFFICIAL_ROUTE.fee).toBe('US$25 single entry');
  });

  it('takes OFFICIAL_VISA_URL, OFFICIAL_VISA_FEE and OFFICIAL_VISA_FEE_EFFECTIVE', () => {
    const env = { OFFICIAL_VISA_URL: 'https://www.visa2egypt.gov.eg/eVisa/', OFFICIAL_VISA_FEE: 'US$30 single entry', OFFICIAL_VISA_FEE_EFFECTIVE: '2027-02-28' };
    expect(loadConfig(env).officialRoute).toEqual({ url: env.OFFICIAL_VISA_URL, fee: env.OFFICIAL_VISA_FEE, effective: '2027-02-28' });
  });

  it.each([
    [{ OFFICIAL_VISA_FEE_EFFECTIVE: '2026-02-30' }, 'Invalid configuration: OFFICIAL_VISA_FEE_EFFECTIVE must be a date written YYYY-MM-DD (got 2026-02-30)'],
    [{ OFFICIAL_VISA_FEE_EFFECTIVE: '1 March 2026' }, 'Invalid configuration: OFFICIAL_VISA_FEE_EFFECTIVE must be a date written YYYY-MM-DD (got 1 March 2026)'],
    [{ OFFICIAL_VISA_URL: 'visa2egypt.gov.eg' }, 'Invalid configuration: OFFICIAL_VISA_URL is not a valid URL: visa2egypt.gov.eg'],
    [{ OFFICIAL_VISA_URL: 'ftp://visa2egypt.gov.eg' }, 'Invalid configuration: OFFICIAL_VISA_URL must start with http:// or https:// (got ftp://)'],
    [{ OFFICIAL_VISA_FEE: 'x'.repeat(61) }, 'Invalid configuration: OFFICIAL_VISA_FEE must be one short line of at most 60 characters (got 61)'],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('shows the portal as people type it and the date in words', () => {
    expect(officialSite('https://visa2egypt.gov.eg')).toBe('visa2egypt.gov.eg');
    expect(officialSite('https://www.visa2egypt.gov.eg/eVisa/')).toBe('www.visa2egypt.gov.eg/eVisa');
    expect(formatIsoDate('2026-01-01')).toBe('1 January 2026');
    expect(formatIsoDate('2027-12-31')).toBe('31 December 2027');
    expect(officialRouteText(DEFAULT_OFFICIAL_ROUTE)).toEqual(DEFAULT_OFFICIAL_ROUTE_TEXT);
  });
});
