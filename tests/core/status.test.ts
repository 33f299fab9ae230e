import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, applicantStatusLabel, parseListedStatus, parseStatus, statusBadgeTone, statusLabel } from '../../core/domain/status.js';
import { ADMIN_TABS, isAdminTabId, statusChoicesFor, tabOfStatus } from '../../core/domain/admin-tabs.js';

describe('statuses (docs/product.md §3.1)', () => {
  it('lists the eight application statuses in lower snake case', () => {
    expect(APPLICATION_STATUSES).toEqual(['online_entry', 'application_created', 'under_process', 'additional_info_required', 'verified', 'approved', 'rejected', 'final_payment_received']);
  });

  it.each([
    ['APPLICATION_CREATED', 'application_created'],
    ['UNDER_PROCESS', 'under_process'],
    ['ADDITIONAL_INFO_REQUIRED', 'additional_info_required'],
    ['APPROVED', 'approved'],
    ['FINAL_PAYMENT_RECEIVED', 'final_payment_received'],
    ['REJECTED', 'rejected'],
    ['online_entry', 'online_entry'],
    [' verified ', 'verified'],
  ])('parses %s as %s', (input, expected) => {
    expect(parseStatus(input)).toBe(expected);
  });

  it.each(['', 'user_registered', 'approve', 'APPROVED!', 'under process'])('refuses %j as an application status', (input) => {
    expect(parseStatus(input)).toBeNull();
  });

  it('accepts user_registered only as a listed (pseudo) status', () => {
    expect(parseListedStatus('USER_REGISTERED')).toBe('user_registered');
    expect(parseListedStatus('approved')).toBe('approved');
    expect(parseListedStatus('nope')).toBeNull();
  });

  it.each([
    ['under_process', 'Under process'],
    ['additional_info_required', 'Additional info required'],
    ['FINAL_PAYMENT_RECEIVED', 'Final payment received'],
    ['approved', 'Approved'],
  ])('labels %s as %j', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('labels final_payment_received "Approved" on the applicant dashboard only', () => {
    expect(applicantStatusLabel('final_payment_received')).toBe('Approved');
    expect(applicantStatusLabel('FINAL_PAYMENT_RECEIVED')).toBe('Approved');
    expect(applicantStatusLabel('under_process')).toBe('Under process');
    expect(statusLabel('final_payment_received')).toBe('Final payment received');
  });

  it.each([
    ['under_process', 'yellow'],
    ['approved', 'green'],
    ['final_payment_received', 'green'],
    ['rejected', 'red'],
    ['additional_info_required', 'orange'],
    ['online_entry', 'grey'],
    ['application_created', 'grey'],
    ['verified', 'grey'],
  ])('gives %s a %s badge', (status, tone) => {
    expect(statusBadgeTone(status)).toBe(tone);
  });
});

describe('admin tabs (docs/product.md §3.2 table)', () => {
  it('groups statuses into the six tabs', () => {
    expect(ADMIN_TABS.map((t) => [t.id, [...t.statuses]])).toEqual([
      ['online-entries', ['online_entry', 'user_registered']],
      ['initial-payment', ['application_created', 'under_process', 'additional_info_required']],
      ['submitted-portal', ['verified']],
      ['approved', ['approved']],
      ['completed', ['final_payment_received']],
      ['rejected', ['rejected']],
    ]);
  });

  it('lists every status in exactly one tab', () => {
    for (const status of [...APPLICATION_STATUSES, 'user_registered' as const]) {
      expect(ADMIN_TABS.filter((t) => t.statuses.includes(status))).toHaveLength(1);
      expect(tabOfStatus(status).statuses).toContain(status);
    }
  });

  it('offers the status choices of the application’s tab', () => {
    expect(statusChoicesFor('online_entry')).toEqual(['online_entry', 'application_created', 'under_process', 'additional_info_required']);
    expect(statusChoicesFor('under_process')).toEqual(['application_created', 'under_process', 'additional_info_required', 'verified']);
    expect(statusChoicesFor('verified')).toEqual(['verified', 'additional_info_required', 'approved', 'rejected']);
    for (const s of ['approved', 'rejected', 'final_payment_received'] as const) {
      expect(statusChoicesFor(s)).toEqual(['approved', 'rejected', 'final_payment_received']);
    }
  });

  it('recognises tab ids', () => {
    expect(isAdminTabId('submitted-portal')).toBe(true);
    expect(isAdminTabId('submitted_portal')).toBe(false);
  });
});
