import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS_SOURCE, ENGLAND_AND_WALES_BANK_HOLIDAYS_BY_YEAR } from '../../core/domain/data/bank-holidays.js';
import { bankHolidayYears } from '../../core/domain/working-days.js';

describe('the bank-holiday data (England and Wales)', () => {
  it('says where it comes from and lists every year as ordered dates of that year', () => {
    expect(BANK_HOLIDAYS_SOURCE).toContain('gov.uk/bank-holidays');
    for (const [year, dates] of Object.entries(ENGLAND_AND_WALES_BANK_HOLIDAYS_BY_YEAR)) {
      expect(dates.length).toBeGreaterThanOrEqual(8);
      expect([...dates].sort()).toEqual(dates);
      for (const date of dates) expect(date).toMatch(new RegExp(`^${year}-\\d{2}-\\d{2}$`));
    }
  });

  // Deliberately read from the real calendar: when the next year is not listed, add GOV.UK's list
  // to core/domain/data/bank-holidays.ts (until then those days would count as working days).
  it('covers the running year and the next', () => {
    const year = new Date().getUTCFullYear();
    expect(bankHolidayYears()).toEqual(expect.arrayContaining([year, year + 1]));
  });
});
