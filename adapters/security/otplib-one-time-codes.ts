import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { OneTimeCodes } from '../../core/ports/one-time-codes.js';
import { CROCKFORD_BASE32 } from './crypto-id-generator.js';

/** One 30-second step of clock drift either way, as RFC 6238 §5.2 recommends at most. */
const DRIFT_SECONDS = 30;

/** TOTP with otplib's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
export class OtplibOneTimeCodes implements OneTimeCodes {
  generateSecret(): string {
    // 20 bytes (160 bits), RFC 4226's recommended length for SHA-1.
    return generateSecret({ length: 20 });
  }

  otpauthUrl(secret: string, issuer: string, label: string): string {
    return generateURI({ issuer, label, secret });
  }

  async verify(secret: string, code: string, at: Date): Promise<number | null> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({ secret, token, epoch: Math.floor(at.getTime() / 1000), epochTolerance: DRIFT_SECONDS });
    // TOTP's answer carries the matched time step (HOTP's, in the same union, does not).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  recoveryCodes(count: number): string[] {
    // 16 Crockford base32 characters: 80 random bits, shown as four groups of four.
    return Array.from({ length: count }, () => {
      const chars = Array.from(randomBytes(16), (byte) => CROCKFORD_BASE32[byte % 32]).join('');
      return chars.match(/.{4}/g)!.join('-');
    });
  }

  hashRecoveryCode(code: string): string {
    return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
  }
}

/** Dashes, spaces and case do not matter when a recovery code is typed back. */
function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}
