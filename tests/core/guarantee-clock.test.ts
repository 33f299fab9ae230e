import { describe, expect, it } from 'vitest';
import { applyPassportReupload, decideStatusChange, type Application } from '../../core/domain/application.js';
import { guaranteeDeadline, guaranteeStatus, pauseGuarantee, pausedWorkingDays, resumeGuarantee } from '../../core/domain/guarantee.js';
import { applicantGuaranteeText, staffGuaranteeText } from '../../core/domain/guarantee-text.js';
import { unwrap } from '../../core/domain/result.js';
import { storedApplication } from './helpers.js';

/** An application whose initial fee was confirmed at `paidAt`, being processed. */
function paidAt(paidAt: string, overrides: Partial<Application> = {}): Application {
  const at = new Date(paidAt);
  return storedApplication({ status: 'under_process', initialPaymentId: 'pi_1', initialPaymentAt: at, guaranteeDeadline: guaranteeDeadline(at), updatedAt: at, ...overrides });
}

const at = (iso: string) => new Date(iso);

describe('the guarantee clock across bank holidays (England and Wales, from the dated list)', () => {
  it('runs from Monday 24 August 2026 over the bank-holiday weekend to Tuesday 1 September', () => {
    expect(guaranteeDeadline(at('2026-08-24T10:00:00Z')).toISOString()).toBe('2026-09-01T22:59:59.999Z');
  });

  it('moves a Friday 21 August payment paused for a day to the Tuesday after the 31 August bank holiday', () => {
    const app = paidAt('2026-08-21T15:00:00Z'); // deadline Friday 28 August
    expect(app.guaranteeDeadline?.toISOString()).toBe('2026-08-28T22:59:59.999Z');
    const paused = pauseGuarantee(app, at('2026-08-26T09:00:00Z')); // Wednesday, working day 3
    const resumed = resumeGuarantee(paused, at('2026-08-27T09:00:00Z')); // Thursday: Wednesday did not count
    expect(resumed.guaranteeDeadline?.toISOString()).toBe('2026-09-01T22:59:59.999Z');
    expect(resumed.guaranteePausedAt).toBeNull();
  });

  it('skips Christmas 2026 and its Boxing Day substitute (Monday 28 December)', () => {
    // Paid Monday 21 December: 22, 23, 24, (25 and 28 holidays), 29, 30.
    expect(guaranteeDeadline(at('2026-12-21T10:00:00Z')).toISOString()).toBe('2026-12-30T23:59:59.999Z');
    const app = paidAt('2026-12-21T10:00:00Z');
    expect(guaranteeStatus(app, at('2026-12-24T12:00:00Z'))).toMatchObject({ workingDaysUsed: 3, paused: false, breached: false });
    expect(guaranteeStatus(app, at('2026-12-28T12:00:00Z'))).toMatchObject({ workingDaysUsed: 3 }); // a holiday uses nothing
    expect(guaranteeStatus(app, at('2026-12-29T12:00:00Z'))).toMatchObject({ workingDaysUsed: 4 });
    expect(guaranteeStatus(app, at('2026-12-31T00:00:00Z'))).toMatchObject({ workingDaysUsed: 5, breached: true });
  });
});

describe('the guarantee clock pauses while the application waits on the applicant', () => {
  // Paid Monday 23 November 2026: working days 24, 25, 26, 27, 30 → deadline end of Monday 30 November.
  const paid = () => paidAt('2026-11-23T10:00:00Z');

  it('counts the working days used, the payment day not among them', () => {
    const app = paid();
    expect(guaranteeStatus(app, at('2026-11-23T18:00:00Z'))).toEqual({ deadline: app.guaranteeDeadline, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false });
    expect(guaranteeStatus(app, at('2026-11-25T12:00:00Z')).workingDaysUsed).toBe(2);
    expect(guaranteeStatus(app, at('2026-11-28T12:00:00Z')).workingDaysUsed).toBe(4); // Saturday
  });

  it('does not count paused days, is never breached while paused, and moves the deadline by the days paused', () => {
    const paused = pauseGuarantee(paid(), at('2026-11-26T11:00:00Z')); // Thursday, working day 3
    const weekLater = at('2026-12-07T08:00:00Z'); // Monday 7 December, long past the first deadline
    expect(guaranteeStatus(paused, weekLater)).toMatchObject({ paused: true, breached: false, workingDaysUsed: 2 });
    // Answering now: Thursday 26 November to Friday 4 December (7 working days) did not count.
    expect(guaranteeStatus(paused, weekLater).deadline?.toISOString()).toBe('2026-12-09T23:59:59.999Z');
    const resumed = resumeGuarantee(paused, weekLater);
    expect(resumed.guaranteeDeadline?.toISOString()).toBe('2026-12-09T23:59:59.999Z');
    expect(guaranteeStatus(resumed, at('2026-12-07T12:00:00Z'))).toMatchObject({ paused: false, breached: false, workingDaysUsed: 3 });
    expect(guaranteeStatus(resumed, at('2026-12-10T00:00:00Z'))).toMatchObject({ breached: true, workingDaysUsed: 5 });
  });

  it('takes nothing off for a pause answered the same day', () => {
    const app = paid();
    const resumed = resumeGuarantee(pauseGuarantee(app, at('2026-11-24T09:00:00Z')), at('2026-11-24T17:00:00Z'));
    expect(resumed.guaranteeDeadline).toEqual(app.guaranteeDeadline);
    expect(pausedWorkingDays(at('2026-11-27T09:00:00Z'), at('2026-11-30T09:00:00Z'), null)).toBe(1); // Friday only
  });

  it('never mends a guarantee already missed before the pause', () => {
    const paused = pauseGuarantee(paid(), at('2026-12-01T09:00:00Z')); // the day after the deadline
    expect(guaranteeStatus(paused, at('2026-12-02T09:00:00Z'))).toMatchObject({ paused: true, breached: true, workingDaysUsed: 5 });
    const resumed = resumeGuarantee(paused, at('2026-12-08T09:00:00Z'));
    expect(resumed.guaranteeDeadline).toEqual(paid().guaranteeDeadline);
    expect(guaranteeStatus(resumed, at('2026-12-08T09:00:00Z')).breached).toBe(true);
  });

  it('pauses on an information request and resumes when staff move the application on', () => {
    const request = unwrap(decideStatusChange(paid(), { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' }, at('2026-11-26T11:00:00Z')));
    expect(request.application.guaranteePausedAt?.toISOString()).toBe('2026-11-26T11:00:00.000Z');
    // Re-setting the request (a new message) keeps the pause's start.
    const again = unwrap(decideStatusChange(request.application, { status: 'additional_info_required', additionalInfoMessage: 'And your return flight.' }, at('2026-11-27T11:00:00Z')));
    expect(again.application.guaranteePausedAt?.toISOString()).toBe('2026-11-26T11:00:00.000Z');
    const moved = unwrap(decideStatusChange(again.application, { status: 'under_process' }, at('2026-12-07T08:00:00Z')));
    expect(moved.application).toMatchObject({ guaranteePausedAt: null, guaranteeDeadline: at('2026-12-09T23:59:59.999Z') });
  });

  it('resumes when the applicant sends the passport copy asked for', () => {
    const request = unwrap(decideStatusChange(paid(), { status: 'additional_info_required', requiresPassportReupload: true }, at('2026-11-26T11:00:00Z')));
    const answered = unwrap(applyPassportReupload(request.application, at('2026-11-30T10:00:00Z'))); // Monday
    // Thursday and Friday did not count: the deadline moves from Monday 30 November to Wednesday 2 December.
    expect(answered).toMatchObject({ status: 'additional_info_required', guaranteePausedAt: null, guaranteeDeadline: at('2026-12-02T23:59:59.999Z') });
  });

  it('waives the final fee by the moved deadline, not the first one', () => {
    const request = unwrap(decideStatusChange(paid(), { status: 'additional_info_required', additionalInfoMessage: 'Please call us.' }, at('2026-11-26T11:00:00Z')));
    const verified = unwrap(decideStatusChange(request.application, { status: 'under_process' }, at('2026-11-30T10:00:00Z'))).application;
    const inTime = unwrap(decideStatusChange({ ...verified, status: 'verified' }, { status: 'approved' }, at('2026-12-02T20:00:00Z')));
    expect(inTime).toMatchObject({ finalFeeWaived: false, application: { status: 'approved' } });
    const late = unwrap(decideStatusChange({ ...verified, status: 'verified' }, { status: 'approved' }, at('2026-12-03T00:00:00Z')));
    expect(late).toMatchObject({ finalFeeWaived: true, application: { status: 'final_payment_received' } });
  });
});

describe('the clock in words', () => {
  // Paid Friday 27 November 2026: the deadline is Friday 4 December 2026.
  const app = paidAt('2026-11-27T10:00:00Z');

  it('tells the applicant which working day it is and the day of the answer', () => {
    const view = guaranteeStatus(app, at('2026-12-02T12:00:00Z'));
    expect(applicantGuaranteeText(view, 'under_process')).toBe('Working day 3 of 5 — we answer by Friday 4 December 2026');
    expect(staffGuaranteeText(view, 'under_process')).toBe('Working day 3 of 5 — due Friday 4 December 2026');
    expect(applicantGuaranteeText(guaranteeStatus(app, at('2026-11-28T12:00:00Z')), 'under_process')).toBe('Your 5 working days start on the next working day — we answer by Friday 4 December 2026');
  });

  it('says plainly when the clock waits for the applicant, and says nothing once decided or missed', () => {
    const paused = guaranteeStatus(pauseGuarantee(app, at('2026-12-02T09:00:00Z')), at('2026-12-08T12:00:00Z'));
    expect(applicantGuaranteeText(paused, 'additional_info_required')).toBe('Paused — waiting for your answer (2 of 5 working days used)');
    expect(staffGuaranteeText(paused, 'additional_info_required')).toBe('Paused — waiting on the applicant (2 of 5 working days used)');
    expect(applicantGuaranteeText(guaranteeStatus(app, at('2026-12-02T12:00:00Z')), 'approved')).toBeNull();
    const missed = guaranteeStatus(app, at('2026-12-05T12:00:00Z'));
    expect(applicantGuaranteeText(missed, 'verified')).toBeNull();
    expect(staffGuaranteeText(missed, 'verified')).toBe('Guarantee missed (deadline Friday 4 December 2026)');
  });
});
