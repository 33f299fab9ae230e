export interface IdGenerator {
  /** Human-readable, unique-enough application number, e.g. 'EV-2611-7K3QX9'. */
  applicationNumber(now: Date): string;
  /** A random key for a stored file (never derived from user input). */
  storageKey(): string;
  /** A random secret of at least 128 bits, URL-safe (session ids, temporary passwords). */
  secret(bytes?: number): string;
}
