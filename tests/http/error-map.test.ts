import { describe, expect, it } from 'vitest';
import { errors } from '../../core/domain/errors.js';
import { answerForDomainError, HTTP_ANSWER_OF } from '../../apps/http/error-map.js';

describe('the one domain-error table (apps/http/error-map.ts)', () => {
  it('answers upload refusals 413, 415 and 400 with only their message', () => {
    expect(answerForDomainError(errors.fileTooLarge('Please select a file smaller than 10MB.').data)).toEqual({
      status: 413,
      body: { message: 'Please select a file smaller than 10MB.' },
      headers: {},
    });
    expect(answerForDomainError(errors.unsupportedMediaType('Please upload the file as multipart/form-data.').data).status).toBe(415);
    expect(answerForDomainError(errors.malformedUpload('The upload could not be read. Please try again.').data)).toMatchObject({
      status: 400,
      body: { message: 'The upload could not be read. Please try again.' },
    });
    expect(answerForDomainError(errors.invalidSignature('Invalid webhook signature.').data)).toEqual({
      status: 400,
      body: { message: 'Invalid webhook signature.' },
      headers: {},
    });
  });

  it('marks as final what a provider must not re-send, and as retryable outages, limits and concurrent changes', () => {
    for (const type of ['NotFound', 'PaymentNotDue', 'PaymentNotSucceeded', 'InvalidTransition', 'Validation', 'InvalidSignature'] as const) {
      expect(HTTP_ANSWER_OF[type].final, type).toBe(true);
    }
    for (const type of ['Unavailable', 'Conflict', 'RateLimited'] as const) expect(HTTP_ANSWER_OF[type].final, type).toBe(false);
  });
});
