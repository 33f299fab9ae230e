import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, isCountry, isSupportedNationality, UNSUPPORTED_NATIONALITIES, unsupportedNationalityMessage } from '../../core/domain/countries.js';

describe('countries (docs/product.md §5.5, §10.5)', () => {
  it('has about 195 unique countries, Egypt included', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);
    expect(COUNTRIES.length).toBeLessThanOrEqual(200);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toContain('Egypt');
  });

  it('keeps the unusual spellings of docs/product.md §5.5', () => {
    for (const name of ['Congo {Democratic Rep}', 'Ireland {Republic}', 'Myanmar, {Burma}', 'Korea North', 'Korea South']) {
      expect(isCountry(name)).toBe(true);
    }
    expect(isCountry('Ireland')).toBe(false);
    expect(isCountry('South Korea')).toBe(false);
  });

  it('defaults to United Kingdom', () => {
    expect(DEFAULT_COUNTRY).toBe('United Kingdom');
    expect(isCountry(DEFAULT_COUNTRY)).toBe(true);
  });

  it('has an unsupported list of about 120 countries, all from the list, without duplicates', () => {
    expect(UNSUPPORTED_NATIONALITIES.length).toBeGreaterThanOrEqual(110);
    expect(UNSUPPORTED_NATIONALITIES.length).toBeLessThanOrEqual(130);
    expect(new Set(UNSUPPORTED_NATIONALITIES).size).toBe(UNSUPPORTED_NATIONALITIES.length);
    for (const name of UNSUPPORTED_NATIONALITIES) expect(isCountry(name)).toBe(true);
  });

  it.each(['Afghanistan', 'Pakistan', 'Bangladesh', 'Nigeria', 'Iran', 'Iraq', 'Israel', 'Saudi Arabia', 'Syria', 'Yemen', 'Turkey', 'Andorra', 'Liechtenstein'])(
    'does not support %s (named in docs/product.md §5.5)',
    (name) => {
      expect(isSupportedNationality(name)).toBe(false);
    },
  );

  it.each(['United Kingdom', 'Ireland {Republic}', 'United States', 'Germany', 'France', 'Japan'])('supports %s', (name) => {
    expect(isSupportedNationality(name)).toBe(true);
  });

  it('does not support names outside the list', () => {
    expect(isSupportedNationality('Atlantis')).toBe(false);
    expect(isSupportedNationality('')).toBe(false);
  });

  it('puts the agency address into the message', () => {
    expect(unsupportedNationalityMessage('help@agency.test')).toBe('We currently do not process applications for your nationality. Please contact us at help@agency.test for further support.');
  });
});
