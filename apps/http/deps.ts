import type { Agency } from '../shared/agency.js';
import type { SlidingWindowLimiter } from './rate-limit.js';
import type { SessionManager } from './sessions.js';

/** What every route module is built from. */
export interface RouteDeps {
  agency: Agency;
  sessions: SessionManager;
  limits: {
    /** Failed logins, per account and per client address. */
    login: SlidingWindowLimiter;
    /** Contact-form submissions (each may create an account and send mail), per client address. */
    contact: SlidingWindowLimiter;
    /** Password-reset requests (each may send a mail), per client address and per account. */
    passwordReset: SlidingWindowLimiter;
    /** Analytics events, per client address. */
    events: SlidingWindowLimiter;
  };
  /** Trust X-Forwarded-For for the client address (only behind a proxy that sets it). */
  trustProxy: boolean;
}
