import { CANCELLABLE_STATUSES } from './cancellation.js';
import type { ApplicationStatus } from './status.js';

/**
 * What the applicant's dashboard card says in each state (docs/product.md §3.4): each block is shown
 * only while what it says is true, so a card never keeps a notice that no longer applies — a
 * passport correction 'before it is submitted' on a finished or cancelled application, 'being
 * processed' while the clock waits for the applicant's answer, a refund said twice.
 */
export interface ApplicantCardFacts {
  status: ApplicationStatus | string;
  initialPaid: boolean;
  finalPaid: boolean;
  /** Part of a family order: its initial fees are one payment, offered above the cards. */
  inFamily: boolean;
  hasAddress: boolean;
  cancelled: boolean;
  /** The guarantee clock is paused, waiting for the applicant (§16.3). */
  waitingForApplicant: boolean;
  /** Staff asked for something: a message, a new passport copy, or one was sent since. */
  informationRequested: boolean;
  /** The passport check found the MRZ differs from what was typed (§11.2). */
  passportMismatch: boolean;
  /** Pence given back so far. */
  refundedPence: number;
}

export interface ApplicantCardBlocks {
  /**
   * 'Guaranteed answer by' and its day: while the answer is awaited (paid, undecided, not cancelled)
   * and the clock runs — paused, the day moves with the applicant's answer, and the clock's line says so.
   */
  guaranteeDay: boolean;
  /** The £10 payment panel (a single application), or the family's line pointing above. */
  initialFee: 'panel' | 'family' | null;
  /** 'Initial Payment Complete - your application is being processed'. */
  beingProcessed: boolean;
  /** 'Please complete your address and hotel details …' with 'Add address details': until the application goes to the portal, which is what they are for. */
  addressRequest: boolean;
  /** 'Additional information required' with the message or the re-upload. */
  informationRequest: boolean;
  /** The £39 payment panel. */
  finalFee: boolean;
  /** 'Your application has been rejected …' (a refusal by staff, not a cancellation). */
  rejection: boolean;
  /** 'Please check your passport details' … 'before it is submitted'. */
  passportCheck: boolean;
  /** 'Refunded £x to your card' — a cancelled card says its refund in the cancellation notice. */
  refund: boolean;
}

/** The statuses in which staff are working on the application, with nothing asked of the applicant. */
const PROCESSING: readonly string[] = ['application_created', 'under_process', 'additional_info_required', 'verified'];

export function applicantCardBlocks(f: ApplicantCardFacts): ApplicantCardBlocks {
  const status = f.status.toLowerCase();
  const rejected = status === 'rejected';
  const open = !rejected && !f.cancelled;
  const decided = status === 'approved' || status === 'final_payment_received' || rejected;
  const beforePortal = (CANCELLABLE_STATUSES as readonly string[]).includes(status);
  return {
    guaranteeDay: f.initialPaid && !decided && !f.cancelled && !f.waitingForApplicant,
    initialFee: !f.initialPaid && open ? (f.inFamily ? 'family' : 'panel') : null,
    beingProcessed: f.initialPaid && !f.finalPaid && open && PROCESSING.includes(status) && !f.waitingForApplicant,
    addressRequest: f.initialPaid && !f.hasAddress && open && beforePortal,
    informationRequest: status === 'additional_info_required' && f.informationRequested && !f.cancelled,
    finalFee: status === 'approved' && !f.finalPaid,
    rejection: rejected && !f.cancelled,
    // A correction can be made until the application goes to the portal (the same statuses in which
    // it may be cancelled); after that, or once cancelled, the request is no longer true.
    passportCheck: f.passportMismatch && !f.cancelled && beforePortal,
    refund: f.refundedPence > 0 && !f.cancelled,
  };
}
