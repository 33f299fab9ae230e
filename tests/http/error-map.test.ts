import { describe, expect, it } from 'vitest';
import { errors } from '../../core/domain/errors.js';
import { answerForDomainError, HTTP_ANSWER_OF } from '../../apps/http/error-map.js';
import { diskUnavailable, s3Unavailable } from '../../adapters/storage/unavailable.js';

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

  it("answers an outage 503 and a store with no room left 507, each in words with Retry-After, never the adapter's own message", () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write '/srv/data/uploads/ab/cd.tmp'"), { code: 'ENOSPC' });
    const full = diskUnavailable(enospc)!;
    expect(full.data).toMatchObject({ type: 'Unavailable', service: 'storage', full: true });
    expect(answerForDomainError(full.data)).toEqual({
      status: 507,
      body: { message: 'There is no room to store the file right now. Please try again later.' },
      headers: { 'Retry-After': '300' },
    });
    expect(diskUnavailable(Object.assign(new Error('quota'), { code: 'EDQUOT' }))?.data).toMatchObject({ full: true });
    expect(s3Unavailable(Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), { code: 'XMinioStorageFull' }))?.data).toMatchObject({ full: true });
    const readOnly = diskUnavailable(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))!;
    expect(readOnly.data).not.toHaveProperty('full');
    expect(answerForDomainError(readOnly.data)).toEqual({ status: 503, body: { message: 'File storage is unavailable. Please try again later.' }, headers: { 'Retry-After': '30' } });
    expect(answerForDomainError(errors.unavailable('database', 'Cannot reach the database at db:5432: connect ECONNREFUSED').data)).toEqual({
      status: 503,
      body: { message: 'The service is temporarily unavailable. Please try again in a moment.' },
      headers: { 'Retry-After': '30' },
    });
  });

  it('marks as final what a provider must not re-send, and as retryable outages, limits and concurrent changes', () => {
    for (const type of ['NotFound', 'PaymentNotDue', 'PaymentNotSucceeded', 'InvalidTransition', 'Validation', 'InvalidSignature'] as const) {
      expect(HTTP_ANSWER_OF[type].final, type).toBe(true);
    }
    for (const type of ['Unavailable', 'Conflict', 'RateLimited'] as const) expect(HTTP_ANSWER_OF[type].final, type).toBe(false);
  });
});
