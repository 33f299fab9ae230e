import type { Context } from 'hono';
import type { Agency } from '../shared/agency.js';
import type { LoginThrottle } from './login-throttle.js';
import type { RateLimiter } from './rate-limit.js';
import type { SecondStep } from './second-step.js';
import type { SessionManager } from './sessions.js';

/** What every route module is built from. */
export interface RouteDeps {
  agency: Agency;
  sessions: SessionManager;
  /** The pending second step of signing in with two-factor sign-in (its cookie and stored token). */
  secondStep: SecondStep;
  limits: {
    /** Failed logins, per account and address, per address and per account (see LoginThrottle). */
    login: LoginThrottle;
    /** Registrations (each an account and a password hash), per client address. */
    register: RateLimiter;
    /** Contact-form submissions (each may create an account and send mail), per client address. */
    contact: RateLimiter;
    /** Password-reset requests (each may send a mail), per client address and per account. */
    passwordReset: RateLimiter;
    /** Passport scans (each seconds of OCR), per signed-in user. */
    passportScan: RateLimiter;
    /** Analytics events, per client address. */
    events: RateLimiter;
    /** Wrong two-factor codes, per account. */
    twoFactor: RateLimiter;
    /** Tracking requests and "forgot your application number?" (each may send a mail), per client address. */
    trackAddress: RateLimiter;
    /** The same, per application number and per email (whether or not they exist). */
    trackTarget: RateLimiter;
    /** Tracking codes tried, per client address and per application number. */
    trackVerify: RateLimiter;
  };
  /** The client's address, as the trusted proxies saw it (TRUST_PROXY hops), else the socket's. */
  clientAddress(c: Context): string;
}
