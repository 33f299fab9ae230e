import { describe, expect, it } from 'vitest';
import { timelineOf } from '../../../core/domain/timeline.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { domainError, makeAdmin, paidApplication, pdfFile } from '../helpers.js';

async function setup() {
  const { ports, uc } = makeMemoryAgency();
  const admin = await makeAdmin(uc, 'rita.reviewer@agency.test');
  const { applicant, applicationId } = await paidApplication(ports, uc);
  return { ports, uc, admin, applicant, applicationId };
}

describe('the timeline on the owner’s reads (docs/product.md §16.2)', () => {
  it('lists uploads, fees, status changes with the words for the applicant — never a staff name or an internal note', async () => {
    const { ports, uc, admin, applicant, applicationId } = await setup();
    ports.clock.advance({ hours: 1 });
    await uc.addInternalNote(admin, applicationId, 'Looks like a forged hotel booking, check again');
    await uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.', requiresPassportReupload: true });
    ports.clock.advance({ hours: 2 });
    await uc.attachPassport(applicant, applicationId, pdfFile('new-passport.pdf'));

    const view = await uc.getApplication(applicant, applicationId);
    expect(view.timeline.map((e) => [e.kind, e.status ?? null, e.message ?? null])).toEqual([
      ['upload', null, 'Passport uploaded'],
      ['payment', null, 'Initial fee paid: £10.00'],
      // The status the fee moved says nothing more: 'Initial fee paid' once, not twice (issue 37).
      ['status', 'application_created', null],
      ['status', 'additional_info_required', 'Please send your hotel booking.'],
      ['upload', null, 'Passport re-uploaded'],
    ]);
    expect(view.timeline.every((e) => e.at instanceof Date)).toBe(true);
    const said = JSON.stringify(view.timeline);
    expect(said).not.toContain('rita.reviewer');
    expect(said).not.toContain('forged');

    // The dashboard's list carries the same timeline (read for all its applications at once).
    const [listed] = await uc.listOwnApplications(applicant);
    expect(listed.timeline).toEqual(view.timeline);
  });

  it('says a fee once: the status it moved at the same instant keeps no message of its own', () => {
    const paidAt = new Date('2026-11-24T10:00:00Z');
    const later = new Date('2026-11-25T09:00:00Z');
    const steps = timelineOf([
      { applicationId: 1, kind: 'status', at: paidAt, status: 'application_created', message: 'Initial fee paid' },
      { applicationId: 1, kind: 'payment', at: paidAt, paymentType: 'initial', amount: 1000, waived: false },
      { applicationId: 1, kind: 'status', at: later, status: 'additional_info_required', message: 'Please send your hotel booking.' },
    ]);
    expect(steps.map((e) => [e.kind, e.status ?? null, e.message ?? null])).toEqual([
      ['payment', null, 'Initial fee paid: £10.00'],
      ['status', 'application_created', null],
      ['status', 'additional_info_required', 'Please send your hotel booking.'],
    ]);
  });

  it('words a waived fee and a refund', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    expect(
      timelineOf([
        { applicationId: 1, kind: 'refund', at: new Date('2026-11-25T10:00:00Z'), paymentType: 'initial', amount: 500 },
        { applicationId: 1, kind: 'payment', at, paymentType: 'final', amount: 0, waived: true },
      ]).map((e) => [e.kind, e.message]),
    ).toEqual([
      ['payment', 'Final fee waived under the 5-working-day guarantee'],
      ['refund', 'Refunded £5.00 of the initial fee to your card'],
    ]);
  });
});

describe('a rejection reason (docs/product.md §16.2)', () => {
  async function rejectable() {
    const s = await setup();
    await s.uc.changeApplicationStatus(s.admin, s.applicationId, { status: 'under_process' });
    await s.uc.changeApplicationStatus(s.admin, s.applicationId, { status: 'verified' });
    s.ports.clock.advance({ hours: 1 });
    return s;
  }

  it('is kept with the rejection, read on the timeline and mailed with the status change', async () => {
    const { ports, uc, admin, applicant, applicationId } = await rejectable();
    await uc.changeApplicationStatus(admin, applicationId, { status: 'rejected', rejectionReason: '  Your passport expires within six months of arrival.  ' });
    const view = await uc.getApplication(applicant, applicationId);
    expect(view.timeline.at(-1)).toMatchObject({ kind: 'status', status: 'rejected', message: 'Your passport expires within six months of arrival.' });
    const mails = (await ports.outbox.list({ to: 'alice@example.com' })).filter((m) => m.template === 'status_changed');
    expect(mails.at(-1)?.data).toMatchObject({ newStatus: 'rejected', reason: 'Your passport expires within six months of arrival.' });

    // The same reason again changes nothing; a new one is a new step (and a new mail).
    const before = (await ports.history.listByApplication(applicationId)).length;
    await uc.changeApplicationStatus(admin, applicationId, { status: 'rejected', rejectionReason: 'Your passport expires within six months of arrival.' });
    expect(await ports.history.listByApplication(applicationId)).toHaveLength(before);
    ports.clock.advance({ minutes: 5 });
    await uc.changeApplicationStatus(admin, applicationId, { status: 'rejected', rejectionReason: 'Please renew your passport and apply again.' });
    expect((await uc.getApplication(applicant, applicationId)).timeline.at(-1)?.message).toBe('Please renew your passport and apply again.');
  });

  it('is refused with any other status, and nothing is written', async () => {
    const { ports, uc, admin, applicationId } = await rejectable();
    const before = await ports.history.listByApplication(applicationId);
    await domainError(
      uc.changeApplicationStatus(admin, applicationId, { status: 'approved', rejectionReason: 'No reason' }),
      'Validation',
      'A reason can be given only when the application is rejected.',
    );
    expect(await ports.history.listByApplication(applicationId)).toEqual(before);
    expect((await ports.applications.findById(applicationId))?.status).toBe('verified');
  });
});
