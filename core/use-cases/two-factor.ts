import type { Ports } from '../ports/index.js';
import { makeCompleteTwoFactorSignIn } from './complete-two-factor-sign-in.js';
import { makeDisableTwoFactor } from './disable-two-factor.js';
import { makeEnableTwoFactor } from './enable-two-factor.js';
import { makeResetStaffTwoFactor } from './reset-staff-two-factor.js';
import { makeSetUpTwoFactor } from './set-up-two-factor.js';
import { makeTwoFactorStatus } from './two-factor-status.js';

/**
 * Two-factor sign-in (docs/product.md §6.4): set up with an authenticator app, turn on with its
 * first code (which hands out the recovery codes), turn off with the password, the second step of
 * signing in, and staff resetting a colleague's (a lost phone). A code is accepted once: the last
 * time step used is stored and a code at or before it is refused.
 * The group's face: each verb is its own file.
 */
export function makeTwoFactor(ports: Pick<Ports, 'users' | 'twoFactor' | 'oneTimeCodes' | 'qrCodes' | 'hasher' | 'sessions' | 'clock' | 'settings' | 'audit'>) {
  return {
    setUpTwoFactor: makeSetUpTwoFactor(ports),
    enableTwoFactor: makeEnableTwoFactor(ports),
    disableTwoFactor: makeDisableTwoFactor(ports),
    resetStaffTwoFactor: makeResetStaffTwoFactor(ports),
    completeTwoFactorSignIn: makeCompleteTwoFactorSignIn(ports),
    twoFactorStatus: makeTwoFactorStatus(ports),
  };
}
