import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { T0, type MakePersistence } from './persistence-fixtures.js';

const MINUTE = 60_000;
const after = (ms: number) => new Date(T0.getTime() + ms);

export function describeAttemptCounterContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: AttemptCounter`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('counts attempts per key in a window that opens at the first one, then starts again at 1', async () => {
      expect(await p.attempts.hit('login:a', T0, 15 * MINUTE)).toEqual({ count: 1, resetAt: after(15 * MINUTE) });
      expect(await p.attempts.hit('login:a', after(MINUTE), 15 * MINUTE)).toEqual({ count: 2, resetAt: after(15 * MINUTE) });
      expect(await p.attempts.hit('login:b', after(MINUTE), 15 * MINUTE)).toEqual({ count: 1, resetAt: after(16 * MINUTE) });
      expect(await p.attempts.peek('login:a', after(2 * MINUTE))).toEqual({ count: 2, resetAt: after(15 * MINUTE) });
      // The window has ended: nothing live, and the next attempt opens a new window.
      expect(await p.attempts.peek('login:a', after(15 * MINUTE))).toBeNull();
      expect(await p.attempts.hit('login:a', after(20 * MINUTE), 15 * MINUTE)).toEqual({ count: 1, resetAt: after(35 * MINUTE) });
    });

    it('take counts up to the limit and refuses the next without counting it', async () => {
      for (let i = 1; i <= 3; i += 1) {
        expect(await p.attempts.take('contact:x', T0, MINUTE, 3)).toEqual({ count: i, resetAt: after(MINUTE), counted: true });
      }
      expect(await p.attempts.take('contact:x', after(1000), MINUTE, 3)).toEqual({ count: 3, resetAt: after(MINUTE), counted: false });
      expect((await p.attempts.peek('contact:x', after(1000)))?.count).toBe(3);
      expect(await p.attempts.take('contact:x', after(MINUTE), MINUTE, 3)).toEqual({ count: 1, resetAt: after(2 * MINUTE), counted: true });
    });

    it('never lets concurrent takes past the limit', async () => {
      const results = await Promise.all(Array.from({ length: 12 }, () => p.attempts.take('events:y', T0, MINUTE, 5)));
      expect(results.filter((r) => r.counted)).toHaveLength(5);
      expect((await p.attempts.peek('events:y', T0))?.count).toBe(5);
    });

    it('reset forgets one key; prune deletes only ended windows', async () => {
      // A day later than the other tests (a database may be shared by a file's tests): clear theirs first.
      const day = 24 * 60 * MINUTE;
      await p.attempts.prune(after(day));
      await p.attempts.hit('a', after(day), MINUTE);
      await p.attempts.hit('b', after(day), 10 * MINUTE);
      await p.attempts.hit('c', after(day), 10 * MINUTE);
      await p.attempts.reset('b');
      expect(await p.attempts.peek('b', after(day))).toBeNull();
      expect(await p.attempts.prune(after(day + MINUTE))).toBe(1);
      expect(await p.attempts.peek('a', after(day))).toBeNull();
      expect(await p.attempts.peek('c', after(day + MINUTE))).toEqual({ count: 1, resetAt: after(day + 10 * MINUTE) });
      expect(await p.attempts.prune(after(day + MINUTE))).toBe(0);
    });
  });
}
