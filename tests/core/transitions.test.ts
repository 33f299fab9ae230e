import { describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../core/domain/admin-tabs.js';
import { applyConfirmedPayment, applyPassportReupload, applyVisaAttached, decideStatusChange, feeDue, type Application } from '../../core/domain/application.js';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../core/domain/status.js';
import { storedApplication } from './helpers.js';

const now = new Date('2026-11-24T12:00:00.000Z');

/** docs/product.md §3.2, written out by hand: the statuses an admin may choose per tab. */
const ALLOWED: Record<string, readonly ApplicationStatus[]> = {
  'online-entries': ['online_entry', 'application_created', 'under_process', 'additional_info_required'],
  'initial-payment': ['application_created', 'under_process', 'additional_info_required', 'verified'],
  'submitted-portal': ['verified', 'additional_info_required', 'approved', 'rejected'],
  approved: ['approved', 'rejected', 'final_payment_received'],
  completed: ['approved', 'rejected', 'final_payment_received'],
  rejected: ['approved', 'rejected', 'final_payment_received'],
};

/** An application in `status`, with the payments that status implies. */
function inStatus(status: ApplicationStatus): Application {
  const paidInitial = status !== 'online_entry';
  return storedApplication({
    status,
    initialPaymentId: paidInitial ? 'pi_initial' : null,
    initialPaymentAt: paidInitial ? new Date('2026-11-23T10:00:00.000Z') : null,
    guaranteeDeadline: paidInitial ? new Date('2026-11-30T23:59:59.999Z') : null,
    finalPaymentId: status === 'final_payment_received' ? 'pi_final' : null,
    approvedAt: status === 'approved' || status === 'final_payment_received' ? new Date('2026-11-24T09:00:00.000Z') : null,
  });
}

const cases = ADMIN_TABS.flatMap((tab) =>
  tab.statuses.filter((s): s is ApplicationStatus => s !== 'user_registered').flatMap((from) => APPLICATION_STATUSES.map((to) => ({ tab: tab.id, from, to, allowed: ALLOWED[tab.id].includes(to) }))),
);

describe('the transition table: every tab × every target status', () => {
  it('covers every application status as a source and every target', () => {
    expect(new Set(cases.map((c) => c.from))).toEqual(new Set(APPLICATION_STATUSES));
    expect(cases).toHaveLength(APPLICATION_STATUSES.length * APPLICATION_STATUSES.length);
  });

  it.each(cases)('$tab: $from → $to is allowed: $allowed', ({ from, to, allowed }) => {
    const app = inStatus(from);
    // final_payment_received as a manual target needs a recorded final payment (tested separately).
    const subject = to === 'final_payment_received' ? { ...app, finalPaymentId: app.finalPaymentId ?? 'pi_final' } : app;
    const result = decideStatusChange(subject, { status: to, additionalInfoMessage: 'Please send a clearer photo.' }, now);
    if (allowed) {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.application.status).toBe(to);
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.data).toMatchObject({ type: 'InvalidTransition', from, to });
      }
    }
  });
});

describe('status change rules', () => {
  it('needs a message or the re-upload flag for additional_info_required', () => {
    const result = decideStatusChange(inStatus('under_process'), { status: 'additional_info_required', additionalInfoMessage: '   ' }, now);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.data.type).toBe('Validation');
      expect(result.error.message).toBe('Please enter a message or require a passport re-upload.');
    }
  });

  it('accepts the re-upload flag alone, and clears an earlier re-upload date', () => {
    const app = { ...inStatus('under_process'), passportReuploadedAt: new Date('2026-11-20T10:00:00Z') };
    const result = decideStatusChange(app, { status: 'additional_info_required', requiresPassportReupload: true }, now);
    expect(result.ok && result.value.application).toMatchObject({
      status: 'additional_info_required',
      requiresPassportReupload: true,
      passportReuploadedAt: null,
      additionalInfoMessage: null,
    });
  });

  it('keeps the trimmed message and clears the flag when moving on', () => {
    const asked = decideStatusChange(inStatus('verified'), { status: 'additional_info_required', additionalInfoMessage: '  Need hotel booking  ', requiresPassportReupload: true }, now);
    expect(asked.ok && asked.value.application.additionalInfoMessage).toBe('Need hotel booking');
    if (!asked.ok) throw asked.error;
    const moved = decideStatusChange(asked.value.application, { status: 'verified' }, now);
    expect(moved.ok && moved.value.application.requiresPassportReupload).toBe(false);
  });

  it('allows re-setting the same status (to change the message)', () => {
    const app = { ...inStatus('additional_info_required'), additionalInfoMessage: 'old' };
    const result = decideStatusChange(app, { status: 'additional_info_required', additionalInfoMessage: 'new' }, now);
    expect(result.ok && result.value.application.additionalInfoMessage).toBe('new');
  });

  it('refuses final_payment_received without a recorded final payment', () => {
    const result = decideStatusChange(inStatus('approved'), { status: 'final_payment_received' }, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.data.type).toBe('Conflict');
  });

  it('stamps approvedAt on approval and does not waive before the deadline', () => {
    const result = decideStatusChange(inStatus('verified'), { status: 'approved' }, now);
    expect(result.ok && result.value).toMatchObject({ finalFeeWaived: false, application: { status: 'approved', approvedAt: now } });
  });

  it('waives the final fee when approval comes after the guarantee deadline', () => {
    const late = new Date('2026-12-01T00:00:00.000Z');
    const result = decideStatusChange(inStatus('verified'), { status: 'approved' }, late);
    expect(result.ok && result.value).toMatchObject({
      finalFeeWaived: true,
      application: { status: 'final_payment_received', finalPaymentId: 'waived_1', approvedAt: late },
    });
  });
});

describe('payments on the application', () => {
  it('charges the initial fee once, only without initialPaymentId', () => {
    const fresh = inStatus('online_entry');
    expect(feeDue(fresh, 'initial', now)).toEqual({ ok: true, value: { amount: 1000, currency: 'gbp' } });
    const paid = applyConfirmedPayment(fresh, 'initial', 'pi_1', now);
    expect(paid.ok && paid.value).toMatchObject({ initialPaymentId: 'pi_1', status: 'application_created', initialPaymentAt: now });
    if (!paid.ok) throw paid.error;
    const again = applyConfirmedPayment(paid.value, 'initial', 'pi_2', now);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.data).toMatchObject({ type: 'PaymentNotDue', paymentType: 'initial' });
  });

  it('leaves the status alone when staff already moved the application on', () => {
    const moved = { ...inStatus('online_entry'), status: 'under_process' as const };
    const paid = applyConfirmedPayment(moved, 'initial', 'pi_1', now);
    expect(paid.ok && paid.value.status).toBe('under_process');
  });

  it('refuses the initial fee of a rejected application', () => {
    const rejected = { ...inStatus('online_entry'), status: 'rejected' as const };
    expect(feeDue(rejected, 'initial', now).ok).toBe(false);
  });

  it.each(APPLICATION_STATUSES.filter((s) => s !== 'approved'))('refuses the final fee in %s', (status) => {
    const result = feeDue(inStatus(status), 'final', now);
    expect(result.ok).toBe(false);
  });

  it('charges the final fee once when approved, moving to final_payment_received', () => {
    const approved = inStatus('approved');
    expect(feeDue(approved, 'final', now)).toEqual({ ok: true, value: { amount: 3900, currency: 'gbp' } });
    const paid = applyConfirmedPayment(approved, 'final', 'pi_f', now);
    expect(paid.ok && paid.value).toMatchObject({ finalPaymentId: 'pi_f', status: 'final_payment_received' });
    if (!paid.ok) throw paid.error;
    expect(feeDue(paid.value, 'final', now).ok).toBe(false);
  });

  it('makes the final fee £0 when the application was approved after the deadline', () => {
    const approvedLate = { ...inStatus('approved'), approvedAt: new Date('2026-12-02T10:00:00.000Z') };
    expect(feeDue(approvedLate, 'final', now)).toEqual({ ok: true, value: { amount: 0, currency: 'gbp' } });
  });
});

describe('passport re-upload and visa document', () => {
  it('allows a re-upload only while requested, then clears the flag', () => {
    expect(applyPassportReupload(inStatus('additional_info_required'), now).ok).toBe(false);
    const requested = { ...inStatus('additional_info_required'), requiresPassportReupload: true };
    const done = applyPassportReupload(requested, now);
    expect(done.ok && done.value).toMatchObject({ requiresPassportReupload: false, passportReuploadedAt: now });
  });

  it.each(APPLICATION_STATUSES.map((s) => [s, s === 'approved' || s === 'final_payment_received'] as const))('attaching a visa in %s is allowed: %s', (status, allowed) => {
    const result = applyVisaAttached(inStatus(status), 'visa.pdf', now);
    expect(result.ok).toBe(allowed);
    if (result.ok) expect(result.value.visaDocument).toBe('visa.pdf');
  });
});
