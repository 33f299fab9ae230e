import { QUEUES, retryDelaySeconds, type QueueName } from '../../core/domain/jobs.js';

/**
 * The lifecycle of a job in the stores this project keeps itself (SQLite, memory), the same as
 * pg-boss's: created → active → completed; a failed attempt → retry (after the queue's delay, with
 * backoff) → active …, or failed once the queue's retries are spent; an active job whose hold
 * expired (its worker died) counts as a failed attempt. A waiting job's key is unique in its queue,
 * and no two jobs with one key run at once.
 */
export type JobState = 'created' | 'retry' | 'active' | 'failed';

/** Milliseconds a worker holds a job of `name`. */
export function holdMs(name: QueueName): number {
  return QUEUES[name].expireSeconds * 1000;
}

/** What a failed attempt leads to: a retry at `startAfter`, or failed for good. */
export function afterFailure(name: QueueName, job: { retryCount: number; retryLimit: number }, now: number): { state: 'retry'; retryCount: number; startAfter: number } | { state: 'failed' } {
  const { retryCount, retryLimit } = job;
  const policy = QUEUES[name];
  if (retryCount >= retryLimit) return { state: 'failed' };
  return { state: 'retry', retryCount: retryCount + 1, startAfter: now + retryDelaySeconds(policy, retryCount + 1) * 1000 };
}

export const EXPIRED_MESSAGE = (name: QueueName) => `The job ran longer than ${QUEUES[name].expireSeconds} s: its worker stopped or hung.`;
