import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher, CROCKFORD_BASE32, CryptoIdGenerator, SystemClock } from '../../adapters/security/index.js';
import { FastFakeHasher, FixedClock, SequentialIdGenerator } from '../support/fakes.js';

describe('Argon2PasswordHasher', () => {
  // Small costs keep the suite fast; the algorithm and the code path are the production ones.
  const hasher = new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1 });

  it('hashes with argon2id, salted, and verifies', async () => {
    const a = await hasher.hash('correct horse');
    const b = await hasher.hash('correct horse');
    expect(a.startsWith('$argon2id$')).toBe(true);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'correct horse')).toBe(true);
    expect(await hasher.verify(a, 'wrong horse')).toBe(false);
  });

  it('uses the OWASP minimum by default', async () => {
    expect(await new Argon2PasswordHasher().hash('pw')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers false for a stored value that is not an argon2 hash', async () => {
    expect(await hasher.verify('plaintext', 'plaintext')).toBe(false);
    expect(await hasher.verify('$argon2id$garbage', 'x')).toBe(false);
  });

  it('does not block the event loop while hashing', async () => {
    const slow = new Argon2PasswordHasher({ memoryCost: 19_456, timeCost: 4 });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    await Promise.all([slow.hash('a'), slow.hash('b')]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('CryptoIdGenerator', () => {
  const ids = new CryptoIdGenerator();

  it('makes application numbers like EV-2611-7K3QX9 from the date and Crockford base32', () => {
    const n = ids.applicationNumber(new Date('2026-11-05T12:00:00Z'));
    expect(n).toMatch(/^EV-2611-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(ids.applicationNumber(new Date('2030-01-01T00:00:00Z')).startsWith('EV-3001-')).toBe(true);
    expect(CROCKFORD_BASE32).toHaveLength(32);
    expect(CROCKFORD_BASE32).not.toMatch(/[ILOU]/);
    const many = new Set(Array.from({ length: 500 }, () => ids.applicationNumber(new Date())));
    expect(many.size).toBeGreaterThan(495);
  });

  it('makes 32-hex storage keys and base64url secrets', () => {
    expect(ids.storageKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(ids.storageKey()).not.toBe(ids.storageKey());
    expect(ids.secret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ids.secret(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(() => ids.secret(8)).toThrow(RangeError);
  });
});

describe('clocks and test fakes', () => {
  it('SystemClock reads the machine time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('FixedClock sets and advances; it hands out copies', () => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    clock.now().setFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance({ days: 1, hours: 2, minutes: 3, seconds: 4, ms: 5 });
    expect(clock.now().toISOString()).toBe('2026-01-02T02:03:04.005Z');
    clock.advance(1000);
    clock.set('2027-05-05T05:05:05Z');
    expect(clock.now().toISOString()).toBe('2027-05-05T05:05:05.000Z');
  });

  it('SequentialIdGenerator and FastFakeHasher are predictable', async () => {
    const ids = new SequentialIdGenerator();
    expect(ids.applicationNumber(new Date('2026-11-01T00:00:00Z'))).toBe('EV-2611-000001');
    expect([ids.storageKey(), ids.secret()]).toEqual(['key-000001', 'secret-000001']);
    const hasher = new FastFakeHasher();
    expect(await hasher.verify(await hasher.hash('x'), 'x')).toBe(true);
    expect(await hasher.verify(await hasher.hash('x'), 'y')).toBe(false);
  });
});
