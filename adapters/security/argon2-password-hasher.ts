import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import type { PasswordHasher } from '../../core/ports/password-hasher.js';

/** argon2id (the `Algorithm.Argon2id` value; a const enum cannot be imported under isolatedModules). */
const ARGON2ID = 2 as Algorithm;

/**
 * Passwords hashed with argon2id (OWASP's minimum: 19 MiB, 2 passes, 1 lane). @node-rs/argon2 runs
 * hash and verify on libuv's thread pool, so hashing never blocks the event loop.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  private readonly options: Options;

  constructor(options: { memoryCost?: number; timeCost?: number; parallelism?: number } = {}) {
    this.options = {
      algorithm: ARGON2ID,
      memoryCost: options.memoryCost ?? 19_456,
      timeCost: options.timeCost ?? 2,
      parallelism: options.parallelism ?? 1,
    };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  /** False for a wrong password and for a stored value that is not an argon2 hash. */
  async verify(storedHash: string, password: string): Promise<boolean> {
    if (!storedHash.startsWith('$argon2')) return false;
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
}
