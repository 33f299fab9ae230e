import { describe, expect, it } from 'vitest';
import { decideStatusChange } from '../../core/domain/application.js';
import { guaranteeDeadline, guaranteeStatus, pauseGuarantee } from '../../core/domain/guarantee.js';
import { applicantGuaranteeText, staffGuaranteeText } from '../../core/domain/guarantee-text.js';
import { continuesOutage, outageNoticeDue, pauseForPortal, portalStatusOf, resumeAfterPortal, waitsForPortal, type PortalOutage } from '../../core/domain/portal-outage.js';
import { storedApplication } from './helpers.js';

/** The portal-outage rules of core/domain/portal-outage.ts (decision 0032), on their own. */
const paidAt = new Date('2026-11-23T10:00:00.000Z'); // Monday
const paid = (overrides: Parameters<typeof storedApplication>[0] = {}) =>
  storedApplication({ status: 'under_process', initialPaymentId: 'pi_1', initialPaymentAt: paidAt, guaranteeDeadline: guaranteeDeadline(paidAt), expectedArrivalDate: '2026-11-30', ...overrides });
const outage = (overrides: Partial<PortalOutage> = {}): PortalOutage => ({
  id: 3,
  message: 'Down.',
  startedAt: paidAt,
  startedBy: null,
  endedAt: null,
  endedBy: null,
  updatedAt: paidAt,
  ...overrides,
});

describe('the portal-outage rules', () => {
  it('an application waits for the portal when paid, undecided, not cancelled and not yet submitted', () => {
    expect(waitsForPortal(paid(), null)).toBe(true);
    expect(waitsForPortal(paid(), 'to_submit')).toBe(true);
    expect(waitsForPortal(paid(), 'gov_payment_failed')).toBe(true);
    expect(waitsForPortal(paid({ status: 'additional_info_required' }), null)).toBe(true);
    expect(waitsForPortal(paid(), 'submitted')).toBe(false);
    expect(waitsForPortal(paid(), 'granted')).toBe(false);
    expect(waitsForPortal(paid({ status: 'approved' }), null)).toBe(false);
    expect(waitsForPortal(paid({ initialPaymentId: null }), null)).toBe(false);
    expect(waitsForPortal(paid({ cancelledAt: paidAt }), null)).toBe(false);
  });

  it('mails arrivals from today to today + N days (London dates), once per outage', () => {
    const now = new Date('2026-11-23T23:30:00.000Z'); // still the 23rd in London (GMT)
    expect(outageNoticeDue(paid({ expectedArrivalDate: '2026-11-23' }), 3, now, 7)).toBe(true);
    expect(outageNoticeDue(paid({ expectedArrivalDate: '2026-11-30' }), 3, now, 7)).toBe(true);
    expect(outageNoticeDue(paid({ expectedArrivalDate: '2026-12-01' }), 3, now, 7)).toBe(false);
    expect(outageNoticeDue(paid({ expectedArrivalDate: '2026-11-22' }), 3, now, 7)).toBe(false);
    expect(outageNoticeDue(paid({ outageNoticeId: 3 }), 3, now, 7)).toBe(false);
    expect(outageNoticeDue(paid({ outageNoticeId: 2 }), 3, now, 7)).toBe(true);
  });

  it('a switch down within 24 hours of the last switch up continues that outage', () => {
    const ended = outage({ endedAt: new Date('2026-11-24T10:00:00.000Z') });
    expect(continuesOutage(ended, new Date('2026-11-25T10:00:00.000Z'))).toBe(true);
    expect(continuesOutage(ended, new Date('2026-11-25T10:00:01.000Z'))).toBe(false);
    expect(continuesOutage(outage(), paidAt)).toBe(false);
    expect(continuesOutage(null, paidAt)).toBe(false);
    expect(portalStatusOf(null)).toEqual({ state: 'up', message: null, since: null });
    expect(portalStatusOf(outage())).toEqual({ state: 'down', message: 'Down.', since: paidAt });
  });

  it("the portal's pause is marked, reads as the portal's, resumes on up and never takes over the applicant's", () => {
    const at = new Date('2026-11-24T09:00:00.000Z');
    const paused = pauseForPortal(paid(), at);
    expect(paused).toMatchObject({ guaranteePausedAt: at, guaranteePausedFor: 'portal' });
    const view = guaranteeStatus(paused, new Date('2026-11-25T09:00:00.000Z'));
    expect(view).toMatchObject({ paused: true, pausedFor: 'portal' });
    expect(applicantGuaranteeText(view, 'under_process')).toMatch(/^Paused — Egypt's official portal is down/);
    expect(staffGuaranteeText(view, 'under_process')).toMatch(/^Paused — the official portal is down/);

    // Up two working days later: the deadline moves by the two days (Tuesday and Wednesday).
    const resumed = resumeAfterPortal(paused, new Date('2026-11-26T09:00:00.000Z'));
    expect(resumed).toMatchObject({ guaranteePausedAt: null, guaranteePausedFor: null });
    expect(resumed.guaranteeDeadline!.toISOString()).toBe('2026-12-02T23:59:59.999Z');

    const waitingOnApplicant = pauseGuarantee(paid({ status: 'additional_info_required' }), at);
    expect(pauseForPortal(waitingOnApplicant, at)).toBe(waitingOnApplicant);
    expect(resumeAfterPortal(waitingOnApplicant, at)).toBe(waitingOnApplicant);
  });

  it("staff moving the application between the waiting statuses keep the portal's pause; a decision or an information request ends it", () => {
    const at = new Date('2026-11-24T09:00:00.000Z');
    const paused = pauseForPortal(paid(), at);
    const verified = decideStatusChange(paused, { status: 'verified' }, at);
    expect(verified.ok && verified.value.application).toMatchObject({ status: 'verified', guaranteePausedAt: at, guaranteePausedFor: 'portal' });
    const asked = decideStatusChange(paused, { status: 'additional_info_required', additionalInfoMessage: 'A clearer photo, please.' }, at);
    expect(asked.ok && asked.value.application).toMatchObject({ guaranteePausedAt: at, guaranteePausedFor: 'applicant' });
    const approved = decideStatusChange(pauseForPortal(paid({ status: 'verified' }), at), { status: 'approved' }, at);
    expect(approved.ok && approved.value.application).toMatchObject({ guaranteePausedAt: null, guaranteePausedFor: null });
  });
});
