import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainErrorData, DomainErrorType, UnavailableService } from '../../core/domain/errors.js';

/**
 * The ONE table from domain errors to HTTP answers. Every error answer is JSON `{ message }`
 * (plus `errors` for validation); nothing else of the error (stack, entity, internals) is sent.
 *
 * `status`: PaymentNotSucceeded answers 402 Payment Required: the request was well-formed and
 * allowed, but the payment provider has not (or not yet) taken the money — the same status Stripe's
 * API uses for a declined card, and distinct from 409 "nothing is due". Unreadable answers 422: the
 * file arrived and is of an accepted type, but what it should show (a passport's MRZ) cannot be read
 * from it. Upload refusals answer 413 (too large), 415 (not multipart, or a refused file type) and
 * 400 (a body that cannot be parsed); a webhook's bad signature 400.
 *
 * `final`: sending the same request again cannot change the answer. A provider's webhook with a
 * final outcome is acknowledged (so the provider stops re-sending it); any other failure (an
 * outage, a limit, a concurrent change) is answered as an error and the provider re-delivers later.
 */
export const HTTP_ANSWER_OF: Record<DomainErrorType, { status: ContentfulStatusCode; final: boolean }> = {
  Validation: { status: 400, final: true },
  InvalidCredentials: { status: 401, final: true },
  Unauthenticated: { status: 401, final: true },
  Forbidden: { status: 403, final: true },
  NotFound: { status: 404, final: true },
  Conflict: { status: 409, final: false },
  InvalidTransition: { status: 409, final: true },
  PaymentNotDue: { status: 409, final: true },
  PaymentNotSucceeded: { status: 402, final: true },
  RateLimited: { status: 429, final: false },
  Unreadable: { status: 422, final: true },
  FileTooLarge: { status: 413, final: true },
  UnsupportedMediaType: { status: 415, final: true },
  MalformedUpload: { status: 400, final: true },
  InvalidSignature: { status: 400, final: true },
  // Only background jobs meet it (a text refused by the SMS provider); a request never does.
  Refused: { status: 502, final: true },
  Unavailable: { status: 503, final: false },
  // The server's keyring lacks a stored file's key: the operator's to fix (FILE_ENCRYPTION_KEYS), not the visitor's.
  Undecryptable: { status: 500, final: false },
};

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: { message: string; errors?: Record<string, string[]> };
  headers: Record<string, string>;
}

/**
 * What visitors are told when a service is down. The adapter's own message (which may name a host,
 * a port, a path or a driver error) goes to the server log only.
 */
export const UNAVAILABLE_MESSAGE_OF: Record<UnavailableService, string> = {
  database: 'The service is temporarily unavailable. Please try again in a moment.',
  storage: 'File storage is unavailable. Please try again later.',
  mail: 'Email is temporarily unavailable. Please try again later.',
  payments: 'The payment service is unavailable. Please try again later.',
  'passport-scanner': 'Passport scanning is busy right now. Please try again in a minute, or fill in the fields yourself.',
  sms: 'Text messages are temporarily unavailable. Please try again later.',
};

/**
 * A store with no room left (a full disk, a full MinIO) answers 507 Insufficient Storage: the
 * request was fine, and retrying helps only once room is made, so clients wait longer (Retry-After
 * 300) and an operator's alert on 507 points at the disk rather than at a service that is down.
 */
export const STORAGE_FULL_MESSAGE = 'There is no room to store the file right now. Please try again later.';

export function answerForDomainError(error: DomainErrorData): ErrorAnswer {
  const { status } = HTTP_ANSWER_OF[error.type];
  const headers: Record<string, string> = {};
  if (error.type === 'RateLimited') headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (error.type === 'Unavailable' && error.full) {
    headers['Retry-After'] = '300';
    return { status: 507, body: { message: STORAGE_FULL_MESSAGE }, headers };
  }
  if (error.type === 'Unavailable') {
    headers['Retry-After'] = '30';
    return { status, body: { message: UNAVAILABLE_MESSAGE_OF[error.service] }, headers };
  }
  if (error.type === 'Validation') return { status, body: { message: error.message, errors: error.errors }, headers };
  // The operator's message (the storage key, the keyring's source) goes to the server log only.
  if (error.type === 'Undecryptable') return { status, body: { message: undecryptableMessage(error.keyId) }, headers };
  return { status, body: { message: error.message }, headers };
}

/** What a visitor is told about a stored file whose encryption key the server does not hold. */
export function undecryptableMessage(keyId: string): string {
  return `This file cannot be opened: the server does not hold its encryption key "${keyId}". Please contact support.`;
}

/** The JSON response for a domain error, as the table says. */
export function domainErrorResponse(c: Context, error: { data: DomainErrorData }): Response {
  const answer = answerForDomainError(error.data);
  return c.json(answer.body, answer.status, answer.headers);
}

/** What any unexpected failure answers: no stack, no internals. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again or contact support.';
