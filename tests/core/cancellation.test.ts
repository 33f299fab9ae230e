import { describe, expect, it } from 'vitest';
import { CANCELLATION_MESSAGES, cancellationState, decideCancellation, decideCancellationRequest } from '../../core/domain/cancellation.js';
import type { Application } from '../../core/domain/application.js';
import { APPLICATION_STATUSES } from '../../core/domain/status.js';
import { storedApplication } from './helpers.js';

const PAID_AT = new Date('2026-11-02T09:00:00.000Z');
const DAY = 86_400_000;

function paid(overrides: Partial<Application> = {}): Application {
  return storedApplication({
    status: 'application_created',
    initialPaymentId: 'pi_1',
    initialPaymentAt: PAID_AT,
    serviceStartRequestedAt: new Date(PAID_AT.getTime() - 60_000),
    ...overrides,
  });
}
const at = (days: number) => new Date(PAID_AT.getTime() + days * DAY);

describe('decideCancellation', () => {
  it('cancels at once with the £10 up to exactly 14 days after the payment, before staff started', () => {
    for (const days of [0, 13.9, 14]) {
      const result = decideCancellation(paid(), { reason: null, now: at(days), staffStarted: false });
      expect(result).toMatchObject({ ok: true, value: { kind: 'cancelled', refund: 1000, application: { status: 'rejected', cancelledAt: at(days) } } });
    }
  });

  it('asks staff one minute after the 14 days, once staff started, or once the application moved on', () => {
    const cases: [Application, Date, boolean][] = [
      [paid(), new Date(at(14).getTime() + 60_000), false],
      [paid(), at(1), true],
      [paid({ status: 'under_process' }), at(1), false],
      [paid({ status: 'additional_info_required' }), at(1), false],
    ];
    for (const [application, now, staffStarted] of cases) {
      const result = decideCancellation(application, { reason: 'Plans changed', now, staffStarted });
      expect(result).toMatchObject({ ok: true, value: { kind: 'requested', application: { cancellationRequestedAt: now, cancellationReason: 'Plans changed', cancelledAt: null } } });
    }
  });

  it('without the express request, refunds at once inside the 14 days whatever staff did', () => {
    const result = decideCancellation(paid({ status: 'under_process', serviceStartRequestedAt: null }), { reason: null, now: at(5), staffStarted: true });
    expect(result).toMatchObject({ ok: true, value: { kind: 'cancelled', refund: 1000 } });
  });

  it('refunds only what is left of the £10, and nothing for an unpaid application', () => {
    expect(decideCancellation(paid({ refundedAmount: 400 }), { reason: null, now: at(1), staffStarted: false })).toMatchObject({ value: { refund: 600 } });
    const unpaid = storedApplication({ status: 'online_entry', initialPaymentId: null, initialPaymentAt: null });
    expect(decideCancellation(unpaid, { reason: null, now: at(30), staffStarted: true })).toMatchObject({ value: { kind: 'cancelled', refund: 0 } });
  });

  it('is refused from verified on, for a rejected application, and a second time', () => {
    for (const status of APPLICATION_STATUSES.filter((s) => ['verified', 'approved', 'final_payment_received'].includes(s))) {
      const result = decideCancellation(paid({ status }), { reason: null, now: at(1), staffStarted: true });
      expect(result).toMatchObject({ ok: false, error: { data: { type: 'Conflict', message: CANCELLATION_MESSAGES.tooLate } } });
    }
    expect(decideCancellation(paid({ status: 'rejected' }), { reason: null, now: at(1), staffStarted: true })).toMatchObject({
      ok: false,
      error: { data: { message: CANCELLATION_MESSAGES.rejected } },
    });
    expect(decideCancellation(paid({ cancellationRequestedAt: at(1) }), { reason: null, now: at(2), staffStarted: true })).toMatchObject({
      ok: false,
      error: { data: { message: CANCELLATION_MESSAGES.alreadyRequested } },
    });
    expect(decideCancellation(paid({ cancelledAt: at(1), status: 'rejected' }), { reason: null, now: at(2), staffStarted: true })).toMatchObject({
      ok: false,
      error: { data: { message: CANCELLATION_MESSAGES.alreadyCancelled } },
    });
  });
});

describe('decideCancellationRequest', () => {
  const requested = () => paid({ status: 'under_process', cancellationRequestedAt: at(3) });

  it('accepts with at most what is left of the initial fee', () => {
    expect(decideCancellationRequest(requested(), { decision: 'accept', refundPence: 1000, message: null }, at(4))).toMatchObject({
      ok: true,
      value: { refund: 1000, application: { status: 'rejected', cancelledAt: at(4) } },
    });
    expect(decideCancellationRequest(requested(), { decision: 'accept', refundPence: 0, message: 'All work was done.' }, at(4))).toMatchObject({ ok: true, value: { refund: 0 } });
    expect(
      decideCancellationRequest(paid({ status: 'under_process', cancellationRequestedAt: at(3), refundedAmount: 300 }), { decision: 'accept', refundPence: 701, message: null }, at(4)),
    ).toMatchObject({
      ok: false,
      error: { data: { type: 'Validation' } },
    });
  });

  it('declines with the message; the application goes on', () => {
    const result = decideCancellationRequest(requested(), { decision: 'decline', message: 'Already submitted.' }, at(4));
    expect(result).toMatchObject({
      ok: true,
      value: { refund: 0, application: { status: 'under_process', cancellationDeclinedAt: at(4), cancellationResponse: 'Already submitted.', cancelledAt: null } },
    });
    if (result.ok) expect(cancellationState(result.value.application)).toBe('declined');
  });

  it('needs a request waiting', () => {
    expect(decideCancellationRequest(paid(), { decision: 'decline', message: 'x' }, at(4))).toMatchObject({ ok: false, error: { data: { type: 'Conflict' } } });
  });
});
