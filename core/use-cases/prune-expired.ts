import { SESSION_LIFETIME } from '../domain/session.js';
import type { Ports } from '../ports/index.js';

/**
 * Deletes the sessions that have ended (idle or too old), the rate-limit windows that have closed and
 * the second steps of sign-ins that expired unanswered and the tracking codes past their 15 minutes (neither
 * counted in the answer: they are minutes old).
 */
export function makePruneExpired(ports: Pick<Ports, 'sessions' | 'attempts' | 'twoFactor' | 'trackingCodes' | 'clock'>) {
  return async function pruneExpired(): Promise<{ sessions: number; windows: number }> {
    const now = ports.clock.now().getTime();
    const sessions = await ports.sessions.deleteExpired(new Date(now - SESSION_LIFETIME.idleMs), new Date(now - SESSION_LIFETIME.absoluteMs));
    const windows = await ports.attempts.prune(new Date(now));
    await ports.twoFactor.deleteExpiredChallenges(new Date(now));
    await ports.trackingCodes.deleteExpired(new Date(now));
    return { sessions, windows };
  };
}
