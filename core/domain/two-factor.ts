/**
 * Two-factor sign-in (docs/product.md §6.4, docs/decisions/0009-two-factor-sign-in.md): a time-based
 * one-time code (RFC 6238, 30-second steps, 6 digits) from an authenticator app after the password,
 * with recovery codes for a lost phone.
 */
import { msg } from '../i18n/index.js';

/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the second step waits for its code after the password was accepted. */
export const SIGN_IN_CHALLENGE_MS = 5 * 60 * 1000;

/** Wrong codes one account may give in `WRONG_CODE_WINDOW_MS` before it must wait. */
export const WRONG_CODE_LIMIT = 5;
export const WRONG_CODE_WINDOW_MS = 15 * 60 * 1000;

/** STAFF_TWO_FACTOR: whether staff must use two-factor sign-in before they may use the admin. */
export const STAFF_TWO_FACTOR_POLICIES = ['required', 'optional'] as const;
export type StaffTwoFactorPolicy = (typeof STAFF_TWO_FACTOR_POLICIES)[number];

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right, or it has expired. Enter the code your app shows now.',
  reusedCode: 'That code has already been used. Wait for your app to show the next one.',
  wrongRecoveryCode: 'That recovery code is not right, or it has already been used.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Start setting up two-factor sign-in first.',
  notOn: 'Two-factor sign-in is not on.',
  wrongPassword: 'Your password is not right.',
  expiredSignIn: 'Your sign-in has expired. Please enter your email and password again.',
  tooManyCodes: 'Too many wrong codes. Please wait a few minutes and try again.',
  enrolFirst: msg('Set up two-factor sign-in on your profile before using the admin.'),
} as const;

/** Under `required`, staff without two-factor sign-in may only enrol (docs/product.md §6.4). */
export function mustEnrolBeforeAdmin(user: { isAdmin: boolean; twoFactorEnabled: boolean }, policy: StaffTwoFactorPolicy): boolean {
  return policy === 'required' && user.isAdmin && !user.twoFactorEnabled;
}
