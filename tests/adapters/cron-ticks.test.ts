import { afterEach, describe, expect, it, vi } from 'vitest';
import { cronTicks } from '../../adapters/jobs/cron-ticks.js';
import type { QueueName } from '../../core/domain/jobs.js';

/**
 * The SQLite and memory stores' cron (pg-boss keeps its own, given the same time zone): a schedule
 * naming a time zone ticks at that zone's wall-clock time — the backup's 02:00 London is 01:00 UTC
 * in summer and 02:00 UTC in winter — while a schedule without one stays UTC.
 */
describe('cron ticks in a time zone', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function ticksBetween(from: string, to: string, schedules: { name: QueueName; cron: string; timezone?: string }[]): Promise<string[]> {
    vi.useFakeTimers({ now: new Date(from) });
    const ticks: string[] = [];
    const cron = cronTicks(
      async (name, tick) => void ticks.push(`${name}@${tick.toISOString()}`),
      () => undefined,
    );
    cron.set(schedules);
    await vi.advanceTimersByTimeAsync(new Date(to).getTime() - new Date(from).getTime());
    cron.stop();
    return ticks;
  }

  it('ticks at 02:00 London time through summer and winter; a UTC schedule stays at 02:00 UTC', async () => {
    const summer = await ticksBetween('2026-07-01T00:00:00Z', '2026-07-02T03:00:00Z', [
      { name: 'backup', cron: '0 2 * * *', timezone: 'Europe/London' },
      { name: 'retention', cron: '0 2 * * *' },
    ]);
    expect(summer).toEqual(['backup@2026-07-01T01:00:00.000Z', 'retention@2026-07-01T02:00:00.000Z', 'backup@2026-07-02T01:00:00.000Z', 'retention@2026-07-02T02:00:00.000Z']);

    const winter = await ticksBetween('2026-12-01T00:00:00Z', '2026-12-01T03:00:00Z', [{ name: 'backup', cron: '0 2 * * *', timezone: 'Europe/London' }]);
    expect(winter).toEqual(['backup@2026-12-01T02:00:00.000Z']);
  });

  it('ticks once on the nights the clocks change', async () => {
    // 2026-03-29: 01:00 GMT becomes 02:00 BST; 2026-10-25: 02:00 BST becomes 01:00 GMT.
    const spring = await ticksBetween('2026-03-28T23:00:00Z', '2026-03-29T04:00:00Z', [{ name: 'backup', cron: '0 2 * * *', timezone: 'Europe/London' }]);
    expect(spring).toEqual(['backup@2026-03-29T01:00:00.000Z']);
    const autumn = await ticksBetween('2026-10-24T23:00:00Z', '2026-10-25T04:00:00Z', [{ name: 'backup', cron: '0 2 * * *', timezone: 'Europe/London' }]);
    expect(autumn).toEqual(['backup@2026-10-25T02:00:00.000Z']);
  });
});
