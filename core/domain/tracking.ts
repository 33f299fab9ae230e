/**
 * Tracking an application without signing in (docs/product.md §16.1). The traveller gives the
 * application number and the account's email; when they match, a 6-digit code is mailed to that
 * address. The code is stored only as HMAC-SHA256(the server's secret, "track|applicationId|code"):
 * someone who reads the database cannot try the million codes offline without the secret, and a
 * code is bound to its application. The right code opens a read-only view of that one application
 * for a short while, held by a signed access token (`applicationId.expiry.signature`) in an
 * HttpOnly cookie — no session, nothing stored. See docs/decisions/0012-tracking-codes.md.
 */

import type { ApplicationStatus } from './status.js';
import type { TimelineEntry } from './timeline.js';
import { formatDay } from './wording.js';
import { msg } from '../i18n/index.js';

/** How long a mailed code works (and how the mail and the page say it). */
export const TRACKING_CODE_TTL_MS = 15 * 60 * 1000;
export const TRACKING_CODE_TTL_TEXT = msg('15 minutes');
/** Wrong codes a code survives: the fifth wrong try kills it, and a new one must be asked for. */
export const TRACKING_CODE_MAX_WRONG_TRIES = 5;
/** How long the right code's read-only access lasts. */
export const TRACKING_ACCESS_TTL_MS = 30 * 60 * 1000;
export const TRACKING_CODE_LENGTH = 6;

/** The answer to every tracking request: the same whether or not the number and email match. */
export const TRACKING_REQUESTED_MESSAGE = `If this application number belongs to an application of this email address, we have emailed a 6-digit code to it. The code works for ${TRACKING_CODE_TTL_TEXT}.`;
/** The answer to every "Forgot your application number?": the same whether or not the address is known. */
export const TRACKING_NUMBERS_SENT_MESSAGE = 'If this email address has applications with us, we have emailed their application numbers to it.';
/** One message for a wrong, expired, used or dead code, or a code for another application (no hint which). */
export const TRACKING_CODE_INVALID_MESSAGE = 'This code is not valid. It may be mistyped, expired or already used. Please check it, or ask for a new code.';
export const APPLICATION_NUMBER_MESSAGE = 'Please enter a valid application number, e.g. EV-2611-7K3QX9';
export const TRACKING_CODE_FORMAT_MESSAGE = 'Please enter the 6-digit code from the email';

/**
 * Application numbers as issued (adapters/security/crypto-id-generator.ts): 'EV-', the year's last
 * two digits and the month, '-', six Crockford base32 characters (no I, L, O or U).
 */
export const APPLICATION_NUMBER_PATTERN = /^EV-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/;

/** What people type between the parts of a number: spaces, hyphens, the dashes a copy brings, dots. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212_.]+/g;

/**
 * An application number as typed, as issued: upper case, the parts read whatever separates them
 * ('ev 2611 7k3qx9', 'EV–2611–7K3QX9', 'EV26117K3QX9' → 'EV-2611-7K3QX9'), and in the random part
 * the letters Crockford's alphabet reads as digits (O → 0, I and L → 1). Anything else comes back
 * upper-cased without its spaces, for the pattern to refuse.
 */
export function normaliseApplicationNumber(typed: string): string {
  const upper = typed.toUpperCase();
  const match = /^EV(\d{4})([0-9A-Z]{6})$/.exec(upper.replace(SEPARATORS, ''));
  return match ? `EV-${match[1]}-${match[2].replace(/O/g, '0').replace(/[IL]/g, '1')}` : upper.replace(/\s+/g, '');
}

/** What happens next, one sentence per status, as the track page and the dashboard say it. */
export const NEXT_STEPS: Record<ApplicationStatus, string> = {
  online_entry: msg('To start processing, sign in and pay the £10 initial fee from your dashboard.'),
  application_created: msg('We have your initial payment. Our team will start checking your application shortly; there is nothing you need to do.'),
  under_process: msg('Our team is checking your application. There is nothing you need to do; we will email you if we need anything.'),
  additional_info_required: msg('We need more information from you: sign in and answer our request from your dashboard so we can carry on.'),
  verified: msg('Your application has been checked and submitted to the official portal. We will email you as soon as the decision arrives.'),
  approved: msg('Your visa has been granted. Sign in and pay the final fee, and we will email you your e-visa.'),
  rejected: msg('Your application has been refused. The reason, when we have one, is in the timeline; contact us if you have any question.'),
  final_payment_received: msg('Your e-visa has been sent to your email. Print it and carry it with your passport when you travel.'),
};

/**
 * What happens next for this application: its status's sentence, except once the applicant has
 * answered an information request from the dashboard (docs/product.md §16.7), when it says the
 * answer arrived — and what is still missing, if a new passport copy was asked for too.
 */
export function nextStepFor(application: { status: ApplicationStatus; repliedAt: Date | null; requiresPassportReupload: boolean }): string {
  if (application.status === 'additional_info_required' && application.repliedAt) {
    const received = `We received your reply on ${formatDay(application.repliedAt)}`;
    if (application.requiresPassportReupload) return `${received}. We still need the new passport copy we asked for: sign in and upload it from your dashboard.`;
    return `${received}; we're carrying on. We will email you if we need anything else.`;
  }
  return NEXT_STEPS[application.status];
}

/**
 * What the track page shows of an application, and nothing more: no surname, passport, date of
 * birth, address, ids or staff names. `guarantee` is the applicant's guarantee as the dashboard
 * reads it (core/use-cases/shared.ts toView), passed through whole.
 */
export interface TrackedApplication<G = unknown> {
  applicationNumber: string;
  status: ApplicationStatus;
  givenName: string;
  timeline: TimelineEntry[];
  guarantee: G;
  nextStep: string;
}

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`tracking\u0000${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** A uniformly random 6-digit code ('000000'–'999999'), from the platform's CSPRNG. */
export function newTrackingCode(): string {
  // Rejection sampling: 32-bit values at or above the last whole multiple of 10^6 are drawn again,
  // so every code is equally likely.
  const range = 10 ** TRACKING_CODE_LENGTH;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return String(word[0]! % range).padStart(TRACKING_CODE_LENGTH, '0');
  }
}

/** The stored form of `code` for `applicationId`: HMAC-SHA256 under the server's secret, hex. */
export async function hashTrackingCode(secret: string, applicationId: number, code: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(`code|${applicationId}|${code}`)));
}

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const accessMessage = (applicationId: number, expiry: number) => encoder.encode(`access|${applicationId}|${expiry}`);

/** A read-only access token to one application, valid until `expiresAt` (whole seconds). */
export async function createTrackingAccess(secret: string, applicationId: number, expiresAt: Date): Promise<string> {
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), accessMessage(applicationId, expiry));
  return `${applicationId}.${expiry}.${toBase64Url(signature)}`;
}

/** The application a token grants, or null when it is malformed, forged or expired at `now`. */
export async function verifyTrackingAccess(secret: string, token: string, now: Date): Promise<number | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^\d{1,10}$/.test(parts[0]!) || !/^\d{1,12}$/.test(parts[1]!)) return null;
  const applicationId = Number(parts[0]);
  const expiry = Number(parts[1]);
  const signature = fromBase64Url(parts[2]!);
  if (!signature || expiry * 1000 <= now.getTime()) return null;
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, accessMessage(applicationId, expiry));
  return valid ? applicationId : null;
}
