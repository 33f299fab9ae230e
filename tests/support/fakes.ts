import { createHash } from 'node:crypto';
import type { Clock } from '../../core/ports/clock.js';
import type { IdGenerator } from '../../core/ports/id-generator.js';
import { errors } from '../../core/domain/errors.js';
import type { MrzReading } from '../../core/domain/passport-scan.js';
import type { PassportImage, PassportReader } from '../../core/ports/passport-reader.js';
import type { PasswordHasher } from '../../core/ports/password-hasher.js';

/** A clock tests move by hand. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(start: Date | string = '2026-11-23T10:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(to: Date | string): void {
    this.current = new Date(to);
  }

  /** Moves forward by milliseconds, or by a unit: advance({ hours: 72 }). */
  advance(by: number | { days?: number; hours?: number; minutes?: number; seconds?: number; ms?: number }): void {
    const ms = typeof by === 'number' ? by : (by.days ?? 0) * 86_400_000 + (by.hours ?? 0) * 3_600_000 + (by.minutes ?? 0) * 60_000 + (by.seconds ?? 0) * 1000 + (by.ms ?? 0);
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Predictable ids: EV-YYMM-000001, key-000001, secret-000001… `repeatApplicationNumbers` forces collisions. */
export class SequentialIdGenerator implements IdGenerator {
  private applications = 0;
  private keys = 0;
  private secrets = 0;
  /** Application numbers handed out before counting resumes (to test the retry on a taken number). */
  readonly queuedApplicationNumbers: string[] = [];

  applicationNumber(now: Date): string {
    const queued = this.queuedApplicationNumbers.shift();
    if (queued) return queued;
    this.applications += 1;
    const yy = String(now.getUTCFullYear() % 100).padStart(2, '0');
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    return `EV-${yy}${mm}-${String(this.applications).padStart(6, '0')}`;
  }

  storageKey(): string {
    this.keys += 1;
    return `key-${String(this.keys).padStart(6, '0')}`;
  }

  secret(): string {
    this.secrets += 1;
    return `secret-${String(this.secrets).padStart(6, '0')}`;
  }
}

/** A fast, deterministic stand-in for argon2 in tests (never use outside tests). */
export class FastFakeHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `fake$${createHash('sha256').update(password).digest('hex')}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return hash === (await this.hash(password));
  }
}

/**
 * A passport reader for tests where OCR is not the point: it answers the reading it is given
 * (build one with the adapter's readTd3), null (no MRZ), or that it is busy.
 */
export class FakePassportReader implements PassportReader {
  private answer: MrzReading | null | 'busy' = null;
  /** The images it was asked to read (to check what the route passed on). */
  readonly images: PassportImage[] = [];

  /** Answers this reading from now on (null: no MRZ in the image; 'busy': the scanner is full). */
  answers(reading: MrzReading | null | 'busy'): this {
    this.answer = reading;
    return this;
  }

  async read(image: PassportImage): Promise<MrzReading | null> {
    this.images.push(image);
    if (this.answer === 'busy') throw errors.unavailable('passport-scanner', 'The passport scanner is busy. Please try again in a minute.', { busy: true });
    return this.answer;
  }

  /** What convertHeic and makePortalCopy answer (null: the file cannot be decoded). */
  jpeg: Buffer | null = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
  /** The files it was asked to convert. */
  readonly conversions: { kind: 'heic' | 'portal'; body: Buffer }[] = [];

  async convertHeic(body: Buffer): Promise<Buffer | null> {
    this.conversions.push({ kind: 'heic', body });
    return this.jpeg;
  }

  async makePortalCopy(image: PassportImage): Promise<Buffer | null> {
    this.conversions.push({ kind: 'portal', body: image.body });
    return this.jpeg;
  }
}
