/** How many attempts one key has made in its current window, and when that window ends. */
export interface AttemptWindow {
  count: number;
  resetAt: Date;
}

/**
 * Counted attempts (failed logins, submitted forms, scans…) per key, kept where every server
 * process sees them, so N processes count together. A key's window opens at its first attempt and
 * lasts `windowMs`; once it has ended the next attempt opens a new one, so nobody is locked out for
 * good. Each method is one atomic statement: two processes counting the same key at once never lose
 * an attempt and never let one through past the limit.
 */
export interface AttemptCounter {
  /** Counts one attempt; answers the window after it. */
  hit(key: string, now: Date, windowMs: number): Promise<AttemptWindow>;
  /**
   * Counts one attempt unless the key already has `limit` in its live window. `counted` says whether
   * it was; the window is the one after the attempt (or the full one that refused it).
   */
  take(key: string, now: Date, windowMs: number, limit: number): Promise<AttemptWindow & { counted: boolean }>;
  /** The key's live window, or null when it has none (never counted, or its window ended). */
  peek(key: string, now: Date): Promise<AttemptWindow | null>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
  /** Deletes windows that ended before `now`; answers how many. */
  prune(now: Date): Promise<number>;
}
