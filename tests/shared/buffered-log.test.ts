import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bufferedDestination, createLogger, LOG_FLUSH_INTERVAL_MS } from '../../apps/shared/logger.js';

/** The server's buffered log (apps/shared/logger.ts, decision 0029): held, then written within a second or at once for a warning. */
describe('the buffered server log', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'evisa-log-'));
    // Only the flush interval is faked: the file writes stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  const lines = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: string; msg: string });
  async function until(check: () => boolean): Promise<void> {
    for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(check()).toBe(true);
  }

  it('holds an info line, then writes it when the interval comes round', async () => {
    const file = path.join(dir, 'log');
    const stream = bufferedDestination(file);
    const logger = createLogger({ destination: stream });
    await until(() => (stream as unknown as { fd: number }).fd >= 0);
    logger.info({ route: '/api/applications' }, 'request');
    expect(lines(file)).toEqual([]);
    vi.advanceTimersByTime(LOG_FLUSH_INTERVAL_MS);
    await until(() => lines(file).length === 1);
    expect(lines(file)[0]).toMatchObject({ level: 'info', msg: 'request' });
  });

  it('writes a warning at once, with the info lines held before it, in order', async () => {
    const file = path.join(dir, 'log');
    const stream = bufferedDestination(file);
    const logger = createLogger({ destination: stream });
    await until(() => (stream as unknown as { fd: number }).fd >= 0);
    logger.info('first');
    logger.warn('the portal did not answer');
    // No interval has come round (it is faked and never advanced): the warning brought both.
    await until(() => lines(file).length === 2);
    expect(lines(file).map((l) => [l.level, l.msg])).toEqual([
      ['info', 'first'],
      ['warn', 'the portal did not answer'],
    ]);
  });
});
