import { describe, expect, it } from 'vitest';
import { OtplibOneTimeCodes } from '../../adapters/security/otplib-one-time-codes.js';
import { mustEnrolBeforeAdmin } from '../../core/domain/two-factor.js';

describe('two-factor sign-in rules', () => {
  it('under required, only staff without two-factor sign-in must enrol first; under optional, nobody', () => {
    expect(mustEnrolBeforeAdmin({ isAdmin: true, twoFactorEnabled: false }, 'required')).toBe(true);
    expect(mustEnrolBeforeAdmin({ isAdmin: true, twoFactorEnabled: true }, 'required')).toBe(false);
    expect(mustEnrolBeforeAdmin({ isAdmin: false, twoFactorEnabled: false }, 'required')).toBe(false);
    expect(mustEnrolBeforeAdmin({ isAdmin: true, twoFactorEnabled: false }, 'optional')).toBe(false);
  });
});

describe('OtplibOneTimeCodes', () => {
  const codes = new OtplibOneTimeCodes();
  // RFC 6238 appendix B, SHA-1: the secret "12345678901234567890" and at T = 59 s the code 94287082 (its last 6 digits).
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const seconds = (s: number) => new Date(s * 1000);

  it('answers the time step of a right code, allowing one step of drift either way', async () => {
    expect(await codes.verify(rfcSecret, '287082', seconds(59))).toBe(1);
    expect(await codes.verify(rfcSecret, '287 082', seconds(59 + 30))).toBe(1);
    expect(await codes.verify(rfcSecret, '287082', seconds(0))).toBe(1);
    expect(await codes.verify(rfcSecret, '287082', seconds(59 + 61))).toBeNull();
    expect(await codes.verify(rfcSecret, '287083', seconds(59))).toBeNull();
    expect(await codes.verify(rfcSecret, 'abcdef', seconds(59))).toBeNull();
  });

  it('makes Base32 secrets of 160 bits, otpauth addresses and distinct recovery codes hashed regardless of case and dashes', () => {
    expect(codes.generateSecret()).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(codes.otpauthUrl(rfcSecret, 'Egypt e-Visa Agency', 'ada@example.com'));
    expect(url.href.startsWith('otpauth://totp/')).toBe(true);
    expect(url.searchParams.get('issuer')).toBe('Egypt e-Visa Agency');
    const recovery = codes.recoveryCodes(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(codes.hashRecoveryCode(recovery[0]!)).toBe(codes.hashRecoveryCode(recovery[0]!.toLowerCase().replaceAll('-', ' ')));
    expect(codes.hashRecoveryCode(recovery[0]!)).not.toBe(codes.hashRecoveryCode(recovery[1]!));
  });
});
