import { describe, expect, it } from 'vitest';
import { answerMayComeAfterArrival, guaranteeDeadline, guaranteedAnswerDay, isGuaranteeBreached } from '../../core/domain/guarantee.js';
import { guaranteeStatus } from '../../core/domain/application.js';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS, isWorkingDay, londonDateOf, londonMidnight, nthWorkingDayAfter } from '../../core/domain/working-days.js';
import { storedApplication } from './helpers.js';

describe('working days (Mon–Fri minus England & Wales bank holidays, London dates)', () => {
  it.each([
    ['2026-11-23', true], // Monday
    ['2026-11-27', true], // Friday
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-04-03', false], // Good Friday 2026
    ['2026-04-06', false], // Easter Monday 2026
    ['2026-12-28', false], // Boxing Day substitute 2026
    ['2027-12-27', false], // Christmas substitute 2027
    ['2025-08-25', false], // Summer bank holiday 2025
  ])('%s is a working day: %s', (date, expected) => {
    expect(isWorkingDay(date)).toBe(expected);
  });

  it('holds the eight bank holidays of each year 2025–2028', () => {
    for (const year of ['2025', '2026', '2027', '2028']) {
      expect(ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((d) => d.startsWith(year))).toHaveLength(8);
    }
  });

  it('reads instants as London dates across both clock changes', () => {
    expect(londonDateOf(new Date('2026-03-27T23:30:00Z'))).toBe('2026-03-27'); // GMT: 23:30 Friday
    expect(londonDateOf(new Date('2026-04-07T23:30:00Z'))).toBe('2026-04-08'); // BST: 00:30 Wednesday
    expect(londonDateOf(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25'); // BST: 00:30 Sunday
    expect(londonDateOf(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25'); // GMT again
    expect(londonMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('gives the date the clocks in London show, minute by minute over both clock changes and a calendar year', () => {
    const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
    const minutes = (from: string, to: string, step: number) => {
      const out: Date[] = [];
      for (let t = Date.parse(from); t <= Date.parse(to); t += step * 60_000) out.push(new Date(t));
      return out;
    };
    const instants = [
      ...minutes('2026-03-28T22:00:00Z', '2026-03-29T03:00:00Z', 1),
      ...minutes('2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z', 1),
      ...minutes('2026-12-31T22:00:00Z', '2027-01-01T02:00:00Z', 7),
      ...minutes('2025-01-01T00:00:00Z', '2027-12-31T23:00:00Z', 997),
    ];
    for (const instant of instants) expect(londonDateOf(instant), instant.toISOString()).toBe(london.format(instant));
  });

  it('does not count the start date itself', () => {
    expect(nthWorkingDayAfter('2026-11-23', 1)).toBe('2026-11-24');
    expect(nthWorkingDayAfter('2026-11-27', 1)).toBe('2026-11-30');
  });
});

describe('the 5-working-day guarantee deadline', () => {
  it.each([
    // paid (instant)               deadline (last instant of the 5th working day, London time)
    ['2026-11-23T10:00:00.000Z', '2026-11-30T23:59:59.999Z', 'Monday: one weekend inside'],
    ['2026-11-28T12:00:00.000Z', '2026-12-04T23:59:59.999Z', 'Saturday: counting starts Monday'],
    ['2026-11-29T12:00:00.000Z', '2026-12-04T23:59:59.999Z', 'Sunday: counting starts Monday'],
    ['2026-03-27T15:00:00.000Z', '2026-04-07T22:59:59.999Z', 'Friday before the clocks change and Easter 2026'],
    ['2026-03-27T23:30:00.000Z', '2026-04-07T22:59:59.999Z', 'late Friday evening GMT is still Friday'],
    ['2026-10-23T12:00:00.000Z', '2026-10-30T23:59:59.999Z', 'Friday before the clocks go back'],
    ['2026-12-23T12:00:00.000Z', '2027-01-04T23:59:59.999Z', 'Christmas, the Boxing Day substitute and New Year'],
    ['2026-05-01T12:00:00.000Z', '2026-05-11T22:59:59.999Z', 'Early May bank holiday'],
  ])('paid at %s → deadline %s (%s)', (paidAt, deadline) => {
    expect(guaranteeDeadline(new Date(paidAt)).toISOString()).toBe(deadline);
  });

  it('is breached only after the deadline instant', () => {
    const deadline = guaranteeDeadline(new Date('2026-03-27T15:00:00.000Z'));
    expect(isGuaranteeBreached(deadline, deadline)).toBe(false);
    expect(isGuaranteeBreached(deadline, new Date(deadline.getTime() + 1))).toBe(true);
    expect(isGuaranteeBreached(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('shows dashboards the deadline and whether it was breached; approval stops the clock', () => {
    const deadline = new Date('2026-11-30T23:59:59.999Z');
    const app = storedApplication({ status: 'under_process', guaranteeDeadline: deadline, initialPaymentId: 'pi' });
    expect(guaranteeStatus(app, new Date('2026-11-30T12:00:00Z'))).toMatchObject({ deadline, breached: false });
    expect(guaranteeStatus(app, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ deadline, breached: true });
    const approvedInTime = { ...app, status: 'approved' as const, approvedAt: new Date('2026-11-30T18:00:00Z') };
    expect(guaranteeStatus(approvedInTime, new Date('2026-12-15T00:00:00Z')).breached).toBe(false);
    const unpaid = storedApplication();
    expect(guaranteeStatus(unpaid, new Date('2027-01-01T00:00:00Z'))).toEqual({ deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false });
  });
});

describe('an arrival before the guaranteed answer (the apply page’s notice, docs/product.md §2.6)', () => {
  // Tuesday 1 December 2026, noon in London: the 5th working day after it is Tuesday 8 December.
  const now = new Date('2026-12-01T12:00:00Z');

  it('names the guaranteed day when the trip starts on or before it, and nothing after it', () => {
    expect(guaranteedAnswerDay(now)).toBe('2026-12-08');
    expect(answerMayComeAfterArrival('2026-12-04', now)).toBe('2026-12-08');
    expect(answerMayComeAfterArrival('2026-12-08', now)).toBe('2026-12-08');
    expect(answerMayComeAfterArrival('2026-12-09', now)).toBeNull();
  });

  it('counts working days, not calendar days: Christmas and the Boxing Day substitute move the answer', () => {
    const beforeChristmas = new Date('2026-12-22T09:00:00Z'); // Tuesday
    expect(guaranteedAnswerDay(beforeChristmas)).toBe('2026-12-31'); // 23, 24, 29, 30, 31
    expect(answerMayComeAfterArrival('2026-12-30', beforeChristmas)).toBe('2026-12-31');
    expect(answerMayComeAfterArrival('2027-01-01', beforeChristmas)).toBeNull();
  });

  it('reads the day in London: 23:30 in London on a Friday in summer is still Friday', () => {
    const fridayNight = new Date('2026-07-03T22:30:00Z'); // 23:30 BST, Friday 3 July
    expect(guaranteedAnswerDay(fridayNight)).toBe('2026-07-10');
  });

  it('says nothing while no arrival date is given', () => {
    expect(answerMayComeAfterArrival('', now)).toBeNull();
  });
});
