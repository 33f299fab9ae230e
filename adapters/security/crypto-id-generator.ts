import { randomBytes, randomInt } from 'node:crypto';
import type { IdGenerator } from '../../core/ports/id-generator.js';

/** Crockford's base32 alphabet: no I, L, O or U, so numbers read aloud or retyped stay unambiguous. */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Ids from node:crypto's CSPRNG.
 * - applicationNumber: 'EV-' + the year's last two digits and the month (UTC) + '-' + 6 random
 *   Crockford base32 characters (30 bits), e.g. 'EV-2611-7K3QX9'; the repository's unique index
 *   catches the rare collision and the use case retries.
 * - storageKey: 32 random hex characters (128 bits).
 * - secret: `bytes` random bytes (default 32), base64url.
 */
export class CryptoIdGenerator implements IdGenerator {
  applicationNumber(now: Date): string {
    const yy = String(now.getUTCFullYear() % 100).padStart(2, '0');
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    let random = '';
    for (let i = 0; i < 6; i += 1) random += CROCKFORD_BASE32[randomInt(32)];
    return `EV-${yy}${mm}-${random}`;
  }

  storageKey(): string {
    return randomBytes(16).toString('hex');
  }

  secret(bytes = 32): string {
    if (!Number.isInteger(bytes) || bytes < 16) throw new RangeError('A secret needs at least 16 random bytes (128 bits).');
    return randomBytes(bytes).toString('base64url');
  }
}
