/**
 * Password-reset tokens, stateless and single-use (the design of Django's
 * PasswordResetTokenGenerator): `userId.expiry.signature`, where the signature is
 * HMAC-SHA256(key = the server's secret + the user's current password hash, message =
 * "userId|expiry") in base64url and `expiry` is in Unix seconds. Nothing is stored: a token stops
 * working when it expires, and when it has been used, because using it changes the password hash
 * that keyed it (so does any other password change). The server's secret (never in the database)
 * means that reading the database is not enough to forge one. The signature is checked in
 * constant time by Web Crypto's verify.
 */

import { isStoredId } from './ids.js';

/** How long a reset link works (and how mails and pages say it). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_TEXT = '1 hour';

export const PASSWORD_RESET_INVALID_MESSAGE = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function hmacKey(secret: string, passwordHash: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`${secret}\u0000${passwordHash}`), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

const message = (userId: number, expiry: number) => encoder.encode(`${userId}|${expiry}`);

/** A token for `userId`, valid until `now + PASSWORD_RESET_TTL_MS` while the password is unchanged. */
export async function createPasswordResetToken(user: { id: number; passwordHash: string }, secret: string, now: Date): Promise<string> {
  const expiry = Math.floor((now.getTime() + PASSWORD_RESET_TTL_MS) / 1000);
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, user.passwordHash, 'sign'), message(user.id, expiry));
  return `${user.id}.${expiry}.${toBase64Url(new Uint8Array(signature))}`;
}

export interface ParsedResetToken {
  userId: number;
  /** Unix seconds. */
  expiry: number;
  signature: Uint8Array<ArrayBuffer>;
}

/** The token's parts, or null when it is not shaped like one (the user is looked up from userId). */
export function parsePasswordResetToken(token: string): ParsedResetToken | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !/^\d{1,10}$/.test(parts[0]) || !/^\d{1,15}$/.test(parts[1])) return null;
  const userId = Number(parts[0]);
  if (!isStoredId(userId)) return null;
  const signature = fromBase64Url(parts[2]);
  if (!signature || signature.length !== 32) return null;
  return { userId, expiry: Number(parts[1]), signature };
}

/** True when `token` was signed for this user's current password hash and has not expired at `now`. */
export async function verifyPasswordResetToken(token: ParsedResetToken, user: { id: number; passwordHash: string }, secret: string, now: Date): Promise<boolean> {
  if (token.userId !== user.id || token.expiry * 1000 <= now.getTime()) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret, user.passwordHash, 'verify'), token.signature, message(user.id, token.expiry));
}
