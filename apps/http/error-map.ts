import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainErrorData, DomainErrorType, UnavailableService } from '../../core/domain/errors.js';

/**
 * The ONE table from domain errors to HTTP answers. Every error answer is JSON `{ message }`
 * (plus `errors` for validation); nothing else of the error (stack, entity, internals) is sent.
 *
 * PaymentNotSucceeded answers 402 Payment Required: the request was well-formed and allowed, but
 * the payment provider has not (or not yet) taken the money — the same status Stripe's API uses for
 * a declined card, and distinct from 409 "nothing is due". Unreadable answers 422: the file arrived
 * and is of an accepted type, but what it should show (a passport's MRZ) cannot be read from it.
 */
export const HTTP_STATUS_OF: Record<DomainErrorType, ContentfulStatusCode> = {
  Validation: 400,
  InvalidCredentials: 401,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  InvalidTransition: 409,
  PaymentNotDue: 409,
  PaymentNotSucceeded: 402,
  RateLimited: 429,
  Unreadable: 422,
  Unavailable: 503,
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
};

export function answerForDomainError(error: DomainErrorData): ErrorAnswer {
  const status = HTTP_STATUS_OF[error.type];
  const headers: Record<string, string> = {};
  if (error.type === 'RateLimited') headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (error.type === 'Unavailable') {
    headers['Retry-After'] = '30';
    return { status, body: { message: UNAVAILABLE_MESSAGE_OF[error.service] }, headers };
  }
  if (error.type === 'Validation') return { status, body: { message: error.message, errors: error.errors }, headers };
  return { status, body: { message: error.message }, headers };
}

/** What any unexpected failure answers: no stack, no internals. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again or contact support.';
