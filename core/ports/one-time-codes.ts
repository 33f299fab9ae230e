/** Time-based one-time codes (RFC 6238) as authenticator apps show them, and their recovery codes. */
export interface OneTimeCodes {
  /** A new random shared secret (Base32, as authenticator apps take it). */
  generateSecret(): string;
  /** The otpauth:// address an app reads from the QR code. */
  otpauthUrl(secret: string, issuer: string, label: string): string;
  /**
   * The time step `code` belongs to when it is right at `at`, allowing one step of clock drift either
   * way; null when it is not (wrong, or expired).
   */
  verify(secret: string, code: string, at: Date): Promise<number | null>;
  /** `count` new random recovery codes, each with at least 80 bits of randomness. */
  recoveryCodes(count: number): string[];
  /** What is stored of a recovery code: its SHA-256 (the code itself is random enough to need no slow hash). */
  hashRecoveryCode(code: string): string;
}
