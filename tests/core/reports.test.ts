import { describe, expect, it } from 'vitest';
import { onTimeRecordWeeks, rate, reportMonths, reportRangeProblem, reportWindow, roundHours, weekStartOf } from '../../core/domain/reports.js';
import { DECIDED_STATUSES, isDecided, UNDECIDED_STATUSES } from '../../core/domain/status.js';

const z = (iso: string) => new Date(`${iso}Z`);

describe('report ranges', () => {
  it('cover London days: midnight of from to the midnight after to, in GMT or BST', () => {
    expect(reportWindow({ from: '2026-01-10', to: '2026-01-10' })).toEqual({ start: z('2026-01-10T00:00:00'), end: z('2026-01-11T00:00:00') });
    // The clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(reportWindow({ from: '2026-03-29', to: '2026-03-29' })).toEqual({ start: z('2026-03-29T00:00:00'), end: z('2026-03-29T23:00:00') });
    expect(reportWindow({ from: '2026-10-25', to: '2026-10-25' })).toEqual({ start: z('2026-10-24T23:00:00'), end: z('2026-10-26T00:00:00') });
  });

  it('are refused reversed, or spanning 3 years or more (29 February counting as the day after 28 February)', () => {
    expect(reportRangeProblem({ from: '2026-01-02', to: '2026-01-01' })).toBe('to must not be before from');
    expect(reportRangeProblem({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(reportRangeProblem({ from: '2023-11-24', to: '2026-11-23' })).toBeNull();
    expect(reportRangeProblem({ from: '2023-11-23', to: '2026-11-23' })).toBe('A report may span at most 3 years');
    expect(reportRangeProblem({ from: '2024-02-29', to: '2027-02-28' })).toBeNull();
    expect(reportRangeProblem({ from: '2024-02-29', to: '2027-03-01' })).toBe('A report may span at most 3 years');
    expect(reportRangeProblem({ from: '2024-02-28', to: '2027-02-27' })).toBeNull();
    expect(reportRangeProblem({ from: '2024-02-28', to: '2027-02-28' })).toBe('A report may span at most 3 years');
  });
});

describe('report months', () => {
  it('are every London month the range touches, oldest first, clipped to the range, across a year end', () => {
    expect(reportMonths({ from: '2025-12-15', to: '2026-02-03' })).toEqual([
      { month: '2025-12', window: { start: z('2025-12-15T00:00:00'), end: z('2026-01-01T00:00:00') } },
      { month: '2026-01', window: { start: z('2026-01-01T00:00:00'), end: z('2026-02-01T00:00:00') } },
      { month: '2026-02', window: { start: z('2026-02-01T00:00:00'), end: z('2026-02-04T00:00:00') } },
    ]);
  });

  it('start and end on London midnights in summer time', () => {
    expect(reportMonths({ from: '2026-03-20', to: '2026-04-30' })).toEqual([
      { month: '2026-03', window: { start: z('2026-03-20T00:00:00'), end: z('2026-03-31T23:00:00') } },
      { month: '2026-04', window: { start: z('2026-03-31T23:00:00'), end: z('2026-04-30T23:00:00') } },
    ]);
    expect(reportMonths({ from: '2026-10-01', to: '2026-11-01' }).map((m) => m.window)).toEqual([
      { start: z('2026-09-30T23:00:00'), end: z('2026-11-01T00:00:00') },
      { start: z('2026-11-01T00:00:00'), end: z('2026-11-02T00:00:00') },
    ]);
    expect(reportMonths({ from: '2026-05-05', to: '2026-05-05' })).toHaveLength(1);
  });
});

describe('the on-time record weeks', () => {
  it('start on Mondays', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-22')).toBe('2026-11-16');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });

  it('are the 12 complete London weeks before the current one, oldest first, across the clocks going back', () => {
    // Monday 19 October 00:30 in BST is Sunday 23:30Z: that week has started, the last complete one is 12 October's.
    const weeks = onTimeRecordWeeks(z('2026-10-18T23:30:00'));
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.weekStart).toBe('2026-07-27');
    expect(weeks[11]!.weekStart).toBe('2026-10-12');
    // The week the clocks went back in is an hour longer.
    const after = onTimeRecordWeeks(z('2026-11-02T00:30:00'));
    expect(after[10]).toEqual({ weekStart: '2026-10-19', window: { start: z('2026-10-18T23:00:00'), end: z('2026-10-26T00:00:00') } });
    expect(after[11]).toEqual({ weekStart: '2026-10-26', window: { start: z('2026-10-26T00:00:00'), end: z('2026-11-02T00:00:00') } });
    const now = onTimeRecordWeeks(z('2026-11-23T10:00:00'));
    expect(now[11]!.window.end).toEqual(z('2026-11-23T00:00:00'));
    for (let i = 1; i < now.length; i++) expect(now[i]!.window.start).toEqual(now[i - 1]!.window.end);
  });
});

describe('figures', () => {
  it('rates are fractions to 4 decimals, null without a whole; hours to one decimal', () => {
    expect(rate(2, 3)).toBe(0.6667);
    expect(rate(1, 8)).toBe(0.125);
    expect(rate(0, 0)).toBeNull();
    expect(rate(5, 5)).toBe(1);
    expect(roundHours(157.98333)).toBe(158);
    expect(roundHours(47.25)).toBe(47.3);
    expect(roundHours(null)).toBeNull();
  });

  it('a decision is the first entry into approved, rejected or final_payment_received (a late approval goes straight there)', () => {
    expect(['approved', 'rejected', 'final_payment_received'].every((s) => isDecided(s as never))).toBe(true);
    expect(isDecided('verified')).toBe(false);
    expect(isDecided(null)).toBe(false);
    // The guarantee clock runs in every other status (the overdue counts' triggers are rendered from these).
    expect([...DECIDED_STATUSES].sort()).toEqual(['approved', 'final_payment_received', 'rejected']);
    expect(UNDECIDED_STATUSES).toEqual(['online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified']);
  });
});
