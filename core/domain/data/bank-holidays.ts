/**
 * The bank holidays of England and Wales, one list per year, as dated data: the guarantee's working
 * days (docs/product.md §16.3) skip them.
 *
 * Source: the UK government's published list, https://www.gov.uk/bank-holidays (the "england-and-wales"
 * division of https://www.gov.uk/bank-holidays.json). Where a holiday falls on a weekend the list
 * holds the substitute day, as GOV.UK does. When GOV.UK publishes a new year, add its list here;
 * tests/core/bank-holidays.test.ts fails once the running year or the next is missing.
 */
export const BANK_HOLIDAYS_SOURCE = 'https://www.gov.uk/bank-holidays (England and Wales)';

export const ENGLAND_AND_WALES_BANK_HOLIDAYS_BY_YEAR: Readonly<Record<number, readonly string[]>> = {
  2025: ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26'],
  // Boxing Day falls on a Saturday: substitute day Monday 28 December.
  2026: ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'],
  // Christmas Day and Boxing Day fall on a weekend: substitute days 27 and 28 December.
  2027: ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28'],
  // New Year's Day falls on a Saturday: substitute day Monday 3 January.
  2028: ['2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26'],
};
