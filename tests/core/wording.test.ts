import { describe, expect, it } from 'vitest';
import { feeName, formatDay, formatDayAndTime, formatShortDay, personName } from '../../core/domain/wording.js';

describe('wording (docs/product.md §14.4)', () => {
  it('writes a calendar date with its weekday, on its own day whatever the time zone', () => {
    expect(formatDay('2026-12-04')).toBe('Friday 4 December 2026');
    expect(formatShortDay('2031-08-21')).toBe('21 August 2031');
  });

  it('reads an instant in London, where the agency works', () => {
    // 23:30 UTC on 4 December is still the 4th in London (GMT); 23:30 UTC on 1 July is the 2nd (BST).
    expect(formatDay(new Date('2026-12-04T23:30:00Z'))).toBe('Friday 4 December 2026');
    expect(formatDay('2026-07-01T23:30:00Z')).toBe('Thursday 2 July 2026');
    expect(formatDayAndTime('2026-07-01T13:05:00Z')).toBe('Wednesday 1 July 2026 at 14:05 (UK time)');
  });

  it('gives back a value it cannot read rather than "Invalid Date", and a dash for a missing one', () => {
    expect(formatDay('not a date')).toBe('not a date');
    for (const missing of [null, undefined, '']) {
      expect(formatDay(missing)).toBe('—');
      expect(formatShortDay(missing)).toBe('—');
      expect(formatDayAndTime(missing)).toBe('—');
    }
  });

  it('writes passport capitals and all-lower-case names in title case, and keeps a mixed-case spelling', () => {
    expect(personName('MARIA OLIVIA')).toBe('Maria Olivia');
    expect(personName("O'NEILL-SMITH")).toBe("O'Neill-Smith");
    expect(personName('ÉLODIE  ÅSTRÖM')).toBe('Élodie Åström');
    expect(personName('maria')).toBe('Maria');
    expect(personName('van Dijk')).toBe('van Dijk');
    expect(personName('McDonald')).toBe('McDonald');
    expect(personName(null)).toBe('');
  });

  it('has one name for each fee', () => {
    expect(feeName('initial')).toBe('initial fee');
    expect(feeName('final', { capital: true })).toBe('Final fee');
  });
});
