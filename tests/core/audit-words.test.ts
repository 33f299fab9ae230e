import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../core/domain/audit.js';
import { auditActorInWords, auditEntryInWords, auditTargetInWords } from '../../core/domain/audit-words.js';

/** Audit entries in words (docs/product.md §6.5): the details each use case records, as staff read them. */
describe('audit entries in words', () => {
  it('writes a status change as its labels, and an information request with its message', () => {
    expect(
      auditEntryInWords({
        action: 'application.status_changed',
        detail: {
          before: { status: 'under_process', additionalInfoMessage: null, requiresPassportReupload: false },
          after: { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.', requiresPassportReupload: true },
        },
      }),
    ).toEqual({
      title: 'Changed the status',
      lines: ['Status: Under process → Additional info required', 'Message to the applicant: none → Please send your hotel booking.', 'Passport re-upload required: No → Yes'],
    });
  });

  it("reads the lines in a fixed order, not the stored detail's (canonical JSON sorts its keys)", () => {
    const stored = {
      before: { additionalInfoMessage: 'Please send a clearer photo.', requiresPassportReupload: true, status: 'additional_info_required' },
      after: { additionalInfoMessage: null, requiresPassportReupload: false, status: 'verified' },
    };
    expect(auditEntryInWords({ action: 'application.status_changed', detail: stored }).lines).toEqual([
      'Status: Additional info required → Verified',
      'Message to the applicant: Please send a clearer photo. → none',
      'Passport re-upload required: Yes → No',
    ]);
  });

  it('writes money in pounds, fees by their names and refund states in words', () => {
    expect(auditEntryInWords({ action: 'refund.requested', detail: { after: { paymentType: 'initial', amount: 1000, reason: 'Goodwill', status: 'pending_approval' } } }).lines).toEqual([
      'Fee: Initial fee',
      'Amount: £10.00',
      'Status: Awaiting approval',
      'Reason: Goodwill',
    ]);
    expect(auditEntryInWords({ action: 'refund.approved', detail: { before: { status: 'pending_approval' }, after: { status: 'pending', paymentType: 'final', amount: 3900 } } }).lines).toEqual([
      'Fee: Final fee',
      'Amount: £39.00',
      'Status: Awaiting approval → Pending',
    ]);
    expect(auditEntryInWords({ action: 'application.payment_issue_recorded', detail: { paymentType: 'initial', amount: 1000, currency: 'gbp' } }).lines).toEqual([
      'Fee: Initial fee',
      'Amount: £10.00',
      'Currency: GBP',
    ]);
  });

  it('writes dates for people and files as their names, never as JSON', () => {
    const portal = auditEntryInWords({
      action: 'application.portal_updated',
      detail: {
        before: { state: 'to_submit', governmentFeeCents: null, governmentFeePence: null, paidAt: null },
        after: { state: 'submitted', governmentFeeCents: 2500, governmentFeePence: 1975, paidAt: '2026-11-02T00:00:00.000Z' },
      },
    });
    expect(portal.lines).toEqual(['Portal state: To submit → Submitted', 'Government fee: none → US$25.00', 'Booked at: none → £19.75', 'Paid on: none → Monday 2 November 2026']);
    // The shield's fields (decision 0033) read as words too.
    expect(
      auditEntryInWords({
        action: 'application.portal_updated',
        detail: { before: { feeAtPaymentCents: null, absorbedFeeCents: null, absorbedFeePence: null }, after: { feeAtPaymentCents: 2500, absorbedFeeCents: 2000, absorbedFeePence: 1580 } },
      }).lines,
    ).toEqual(['Fee when the traveller paid us: none → US$25.00', 'Fee rise paid by the agency: none → US$20.00', 'Fee rise paid by the agency, booked at: none → £15.80']);
    const visa = auditEntryInWords({
      action: 'application.visa_uploaded',
      detail: {
        before: { visaDocuments: [{ id: 3, fileName: 'old-visa.pdf' }] },
        after: { visaDocument: { id: 9, fileName: 'e-visa.pdf', size: 24_576, contentType: 'application/pdf' } },
      },
    });
    expect(visa.lines).toEqual(['Visa document: e-visa.pdf (PDF, 24 KB)', 'Earlier visa documents: old-visa.pdf (before)']);
    expect(auditEntryInWords({ action: 'government_fee.set', detail: { after: { effectiveFrom: '2026-01-01', amountCents: 2500, pence: 1975 } } }).lines).toEqual([
      'In effect from: Thursday 1 January 2026',
      'Government fee: US$25.00',
      'Booked at: £19.75',
    ]);
    for (const { lines } of [portal, visa]) for (const line of lines) expect(line).not.toMatch(/[{}[\]"]|\d{4}-\d{2}-\d{2}/);
  });

  it('writes a nested object it has no rule for as "field: value" lines', () => {
    expect(auditEntryInWords({ action: 'application.evisa_sent', detail: { to: 'maria@example.com', document: { id: 4, fileName: 'e-visa.pdf' } } }).lines).toEqual([
      'To: maria@example.com',
      'Document: e-visa.pdf',
    ]);
    expect(auditEntryInWords({ action: 'user.erased', detail: { applications: 2, extra: { nextReviewOn: '2027-01-04', keptRows: 3 } } }).lines).toEqual([
      'Applications: 2',
      'Extra, next review on: Monday 4 January 2027',
      'Extra, kept rows: 3',
    ]);
  });

  it('names staff roles, assignees, a cancellation decision, a note by its length and a resent message by its template', () => {
    expect(auditEntryInWords({ action: 'staff.role_changed', detail: { before: { role: 'reviewer' }, after: { role: 'support' } } }).lines).toEqual(['Role: Reviewer → Support']);
    expect(auditEntryInWords({ action: 'staff.deactivated', detail: { before: { active: true }, after: { active: false } } }).lines).toEqual(['Can sign in: Yes → No']);
    expect(auditEntryInWords({ action: 'application.assigned', detail: { before: { assigneeId: null }, after: { assigneeId: 7, assigneeName: 'Rita Reviewer' } } }).lines).toEqual([
      'Assigned to: Rita Reviewer',
    ]);
    expect(
      auditEntryInWords({
        action: 'application.cancellation_decided',
        detail: { decision: 'accept', message: null, refundPence: 400, before: { status: 'under_process' }, after: { status: 'rejected' } },
      }).lines,
    ).toEqual(['Status: Under process → Rejected', 'Decision: Accepted', 'Refund: £4.00', 'Message: none']);
    expect(auditEntryInWords({ action: 'application.note_written', detail: { length: 23 } }).lines).toEqual(['Length: 23 characters']);
    expect(auditEntryInWords({ action: 'application.message_resent', detail: { template: 'refund_issued', to: 'maria@example.com', copy: 'email-12' } }).lines).toEqual([
      'Message: Refund issued',
      'To: maria@example.com',
    ]);
    expect(auditEntryInWords({ action: 'applications.exported', detail: { tab: 'submitted-portal', status: null, since: '2026-11-01' } }).lines).toEqual([
      'Tab: Submitted to Portal',
      'Status: none',
      'Submitted since: Sunday 1 November 2026',
    ]);
  });

  it('has a title for every action, and words for who and what', () => {
    for (const action of AUDIT_ACTIONS) expect(auditEntryInWords({ action, detail: {} }).title).toMatch(/^[A-Z][a-z]/);
    expect(auditActorInWords({ email: null })).toBe('Operator (command line)');
    expect(auditActorInWords({ email: 'rita@agency.example' })).toBe('rita@agency.example');
    expect(auditTargetInWords({ type: 'refund', id: '3' })).toBe('Refund 3');
    expect(auditTargetInWords({ type: 'applications', id: null })).toBe('Applications');
    expect(auditTargetInWords({ type: null, id: null })).toBeNull();
  });
});
