import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Characters of a usable secret (at least 256 bits as base64url). */
export const MIN_SECRET_LENGTH = 43;

/**
 * The embedded default's server secret: read from `file`, or made (32 random bytes, base64url) and
 * written there, readable by this user only, on the first start. Several servers share one secret
 * through APP_SECRET instead.
 */
export function loadOrCreateSecret(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_SECRET_LENGTH) return existing;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  // 'wx': when two processes start at once, the one that loses the race reads the winner's secret.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
