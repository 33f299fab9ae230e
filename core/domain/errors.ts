import type { ApplicationStatus } from './status.js';
import type { PaymentType } from './fees.js';

/**
 * Expected failures, as data. Use cases throw them wrapped in DomainError; each app maps `type`
 * to its own answer in one table (apps/http/error-map.ts, apps/cli exit codes).
 */
export type DomainErrorData =
  | { type: 'Validation'; message: string; errors: Record<string, string[]> }
  | { type: 'InvalidCredentials'; message: string }
  | { type: 'Unauthenticated'; message: string }
  | { type: 'Forbidden'; message: string }
  | { type: 'NotFound'; entity: string; message: string }
  | { type: 'Conflict'; message: string }
  | { type: 'InvalidTransition'; from: ApplicationStatus; to: ApplicationStatus; message: string }
  | { type: 'PaymentNotDue'; paymentType: PaymentType; message: string }
  | { type: 'PaymentNotSucceeded'; message: string }
  | { type: 'RateLimited'; message: string; retryAfterSeconds: number }
  | { type: 'Unreadable'; message: string }
  /** An upload over the size limit, seen before it is read in full. */
  | { type: 'FileTooLarge'; message: string }
  /** An upload of a type that is not accepted (decided from its bytes), or not sent as a file upload at all. */
  | { type: 'UnsupportedMediaType'; message: string }
  /** An upload whose multipart body cannot be parsed. */
  | { type: 'MalformedUpload'; message: string }
  /** A provider's webhook whose signature is missing, malformed, stale or wrong. */
  | { type: 'InvalidSignature'; message: string }
  /** An outside service refused the request for good (an SMS provider: an invalid or unsubscribed number): retrying cannot help. */
  | { type: 'Refused'; service: 'sms'; message: string }
  /**
   * `busy`: the service works but is saturated (a locked database, a full scanner queue): retry, nothing to fix.
   * `full`: the store works but has no room left (a full disk or quota): retrying helps only once someone makes room.
   */
  | { type: 'Unavailable'; service: UnavailableService; message: string; busy?: true; full?: true }
  /**
   * A stored file encrypted under a key the server does not hold: its key id is not in the keyring
   * (FILE_ENCRYPTION_KEYS), or the keyring holds another key under that id. No byte of it is read.
   */
  | { type: 'Undecryptable'; keyId: string; message: string };

/** The outside services a use case may find unavailable (the passport scanner: too busy). */
export type UnavailableService = 'database' | 'storage' | 'mail' | 'payments' | 'passport-scanner' | 'sms';

export type DomainErrorType = DomainErrorData['type'];

export class DomainError extends Error {
  readonly data: DomainErrorData;
  constructor(data: DomainErrorData, options?: { cause?: unknown }) {
    super(data.message, options);
    this.name = 'DomainError';
    this.data = data;
  }
  get type(): DomainErrorType {
    return this.data.type;
  }
}

export function isDomainError(error: unknown, type?: DomainErrorType): error is DomainError {
  return error instanceof DomainError && (type === undefined || error.data.type === type);
}

export const errors = {
  validation: (message: string, fieldErrors: Record<string, string[]> = {}) => new DomainError({ type: 'Validation', message, errors: fieldErrors }),
  invalidCredentials: () => new DomainError({ type: 'InvalidCredentials', message: 'Invalid email or password.' }),
  unauthenticated: (message = 'Please sign in to continue.') => new DomainError({ type: 'Unauthenticated', message }),
  forbidden: (message = 'You are not allowed to do this.') => new DomainError({ type: 'Forbidden', message }),
  notFound: (entity: string, message = `${entity} not found.`) => new DomainError({ type: 'NotFound', entity, message }),
  conflict: (message: string) => new DomainError({ type: 'Conflict', message }),
  invalidTransition: (from: ApplicationStatus, to: ApplicationStatus) =>
    new DomainError({
      type: 'InvalidTransition',
      from,
      to,
      message: `An application in status ${from} cannot be moved to ${to}.`,
    }),
  paymentNotDue: (paymentType: PaymentType, message: string) => new DomainError({ type: 'PaymentNotDue', paymentType, message }),
  paymentNotSucceeded: (message: string) => new DomainError({ type: 'PaymentNotSucceeded', message }),
  rateLimited: (retryAfterSeconds: number, message = 'Too many failed attempts. Please wait a few minutes and try again.') => new DomainError({ type: 'RateLimited', retryAfterSeconds, message }),
  /** A file was received but what it should contain cannot be read from it (no passport MRZ). */
  unreadable: (message: string) => new DomainError({ type: 'Unreadable', message }),
  fileTooLarge: (message: string) => new DomainError({ type: 'FileTooLarge', message }),
  unsupportedMediaType: (message: string) => new DomainError({ type: 'UnsupportedMediaType', message }),
  malformedUpload: (message: string) => new DomainError({ type: 'MalformedUpload', message }),
  invalidSignature: (message: string) => new DomainError({ type: 'InvalidSignature', message }),
  refused: (service: 'sms', message: string) => new DomainError({ type: 'Refused', service, message }),
  undecryptable: (keyId: string, message: string) => new DomainError({ type: 'Undecryptable', keyId, message }),
  unavailable: (service: UnavailableService, message: string, options: { busy?: boolean; full?: boolean } = {}) =>
    new DomainError({ type: 'Unavailable', service, message, ...(options.busy ? { busy: true as const } : {}), ...(options.full ? { full: true as const } : {}) }),
};
