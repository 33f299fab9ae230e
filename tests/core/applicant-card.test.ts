import { describe, expect, it } from 'vitest';
import { applicantCardBlocks, type ApplicantCardFacts } from '../../core/domain/applicant-card.js';

const paid: ApplicantCardFacts = {
  status: 'under_process',
  initialPaid: true,
  finalPaid: false,
  inFamily: false,
  hasAddress: true,
  cancelled: false,
  waitingForApplicant: false,
  informationRequested: false,
  passportMismatch: false,
  refundedPence: 0,
};

const shown = (facts: Partial<ApplicantCardFacts>) =>
  Object.entries(applicantCardBlocks({ ...paid, ...facts }))
    .filter(([, value]) => value)
    .map(([key, value]) => (value === true ? key : `${key}:${String(value)}`));

describe('what an applicant’s card says in each state (docs/product.md §3.4)', () => {
  it('unpaid: the £10 panel (or the family’s line), nothing else', () => {
    expect(shown({ status: 'online_entry', initialPaid: false, hasAddress: false })).toEqual(['initialFee:panel']);
    expect(shown({ status: 'online_entry', initialPaid: false, hasAddress: false, inFamily: true })).toEqual(['initialFee:family']);
  });

  it('paid and being worked on: being processed, and the address until it is given', () => {
    expect(shown({ status: 'application_created', hasAddress: false })).toEqual(['guaranteeDay', 'beingProcessed', 'addressRequest']);
    expect(shown({ status: 'verified' })).toEqual(['guaranteeDay', 'beingProcessed']);
  });

  it('waiting for the applicant’s answer: the request, never “being processed”, nor a day that moves with the answer', () => {
    expect(shown({ status: 'additional_info_required', waitingForApplicant: true, informationRequested: true })).toEqual(['informationRequest']);
    // Once the passport copy asked for is sent the clock runs again: staff are working on it.
    expect(shown({ status: 'additional_info_required', waitingForApplicant: false, informationRequested: true })).toEqual(['guaranteeDay', 'beingProcessed', 'informationRequest']);
  });

  it('approved: the £39 panel only — the answer came, so no “guaranteed answer by”; complete: nothing of the fees', () => {
    expect(shown({ status: 'approved' })).toEqual(['finalFee']);
    // The address and hotel are for the portal: once the application is there, nobody asks for them.
    expect(shown({ status: 'approved', hasAddress: false })).toEqual(['finalFee']);
    expect(shown({ status: 'verified', hasAddress: false })).toEqual(['guaranteeDay', 'beingProcessed']);
    expect(shown({ status: 'under_process', hasAddress: false })).toEqual(['guaranteeDay', 'beingProcessed', 'addressRequest']);
    expect(shown({ status: 'final_payment_received', finalPaid: true })).toEqual([]);
  });

  it('keeps the passport correction only while the application can still be corrected', () => {
    for (const status of ['application_created', 'under_process', 'additional_info_required']) {
      expect(applicantCardBlocks({ ...paid, status, passportMismatch: true }).passportCheck).toBe(true);
    }
    for (const status of ['verified', 'approved', 'final_payment_received', 'rejected']) {
      expect(applicantCardBlocks({ ...paid, status, passportMismatch: true, finalPaid: status === 'final_payment_received' }).passportCheck).toBe(false);
    }
    expect(applicantCardBlocks({ ...paid, status: 'rejected', cancelled: true, passportMismatch: true }).passportCheck).toBe(false);
  });

  it('cancelled: nothing but the cancellation notice (its refund said there, once); rejected by staff: the rejection', () => {
    expect(shown({ status: 'rejected', cancelled: true, refundedPence: 1000, hasAddress: false, passportMismatch: true })).toEqual([]);
    expect(shown({ status: 'rejected', cancelled: true, initialPaid: false, hasAddress: false })).toEqual([]);
    expect(shown({ status: 'rejected' })).toEqual(['rejection']);
    expect(shown({ status: 'rejected', refundedPence: 500 })).toEqual(['rejection', 'refund']);
  });
});
