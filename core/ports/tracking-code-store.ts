import type { OutboxMailInput } from './mail-outbox.js';

/** An application's tracking code as stored (docs/product.md §16.1): never the code, only its hash. */
export interface TrackingCode {
  applicationId: number;
  /** HMAC-SHA256 of the code under the server's secret (core/domain/tracking.ts). */
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  /** Wrong codes tried against it so far. */
  wrongTries: number;
  /** When the right code was used (a code works once). */
  usedAt: Date | null;
}

export type NewTrackingCode = Omit<TrackingCode, 'wrongTries' | 'usedAt'>;

/**
 * What trying a code did: 'accepted' (it was the live code, now used), 'wrong' (not the code; one
 * wrong try counted against the live code, if any) or 'dead' (no live code: none asked for, expired,
 * used, or out of tries).
 */
export type TrackingCodeAttempt = 'accepted' | 'wrong' | 'dead';

/** One live code per application at most: a new one replaces the last. */
export interface TrackingCodeStore {
  /** Stores `code` (replacing the application's earlier one) and queues its mail, in one operation. */
  issue(code: NewTrackingCode, mail: OutboxMailInput): Promise<void>;
  /**
   * Tries `codeHash` against the application's code at `now`, as one compare-and-set: a live code
   * (unused, unexpired, fewer than `maxWrongTries` wrong tries) with this hash is marked used, else
   * a live code counts one wrong try. Of two tries of the right code at once, only one is accepted.
   */
  attempt(applicationId: number, codeHash: string, now: Date, maxWrongTries: number): Promise<TrackingCodeAttempt>;
  find(applicationId: number): Promise<TrackingCode | null>;
  /** Removes codes that expired before `now`; answers how many. */
  deleteExpired(now: Date): Promise<number>;
}
