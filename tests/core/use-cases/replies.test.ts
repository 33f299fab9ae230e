import { describe, expect, it } from 'vitest';
import { REPLY_EMPTY_MESSAGE, REPLY_NOT_EXPECTED_MESSAGE, REPLY_TOO_LONG_MESSAGE, REPLY_TOO_MANY_FILES_MESSAGE } from '../../../core/domain/reply.js';
import { REPLY_STEP_MESSAGE } from '../../../core/domain/timeline.js';
import { nextStepFor, NEXT_STEPS } from '../../../core/domain/tracking.js';
import { REPLY_NOT_RESENDABLE_MESSAGE } from '../../../core/use-cases/delivery-log.js';
import { readAll } from '../../../core/use-cases/shared.js';
import type { UploadedFile } from '../../../core/use-cases/use-cases.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { domainError, makeAdmin, paidApplication, pdfFile, registerApplicant } from '../helpers.js';

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const pngFile = (fileName = 'booking.png'): UploadedFile => ({ body: PNG_BYTES, fileName, contentType: 'image/png', size: PNG_BYTES.length });

/**
 * Paid on Monday 23 November 2026 (deadline: the end of Monday 30 November); staff ask for a hotel
 * booking on Tuesday 24th, which pauses the clock.
 */
async function waitingOnTheApplicant() {
  const agency = makeMemoryAgency();
  const { ports, uc } = agency;
  const admin = await makeAdmin(uc);
  const { applicant, applicationId } = await paidApplication(ports, uc);
  ports.clock.set('2026-11-24T11:00:00.000Z');
  await uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
  return { ...agency, admin, applicant, applicationId };
}

describe('replying to an information request (docs/product.md §16.7)', () => {
  it('stores the words and documents together, resumes the clock, and shows in the timeline, the delivery log and the staff read', async () => {
    const { ports, uc, admin, applicant, applicationId } = await waitingOnTheApplicant();
    const paused = await uc.getApplication(applicant, applicationId);
    expect(paused.guarantee).toMatchObject({ paused: true, workingDaysUsed: 0 });

    ports.clock.set('2026-11-26T10:00:00.000Z'); // Thursday
    const reply = await uc.replyToRequest(applicant, applicationId, { text: '  Booked at the Nile Hotel.\r\nConfirmation attached.  ', files: [pdfFile('booking.pdf'), pngFile('receipt.png')] });
    expect(reply).toMatchObject({ applicationId, text: 'Booked at the Nile Hotel.\nConfirmation attached.', createdAt: ports.clock.now() });
    expect(reply.documents.map((d) => [d.type, d.fileName, d.contentType, d.replyId])).toEqual([
      ['reply', 'booking.pdf', 'application/pdf', reply.id],
      ['reply', 'receipt.png', 'image/png', reply.id],
    ]);
    // The files are stored under their documents' keys.
    expect((await readAll((await ports.files.get(reply.documents[1]!.storageKey))!.body)).equals(PNG_BYTES)).toBe(true);

    // The clock ran again from Thursday: Tuesday and Wednesday were the applicant's, the deadline moved two working days.
    const after = await uc.getApplication(applicant, applicationId);
    expect(after).toMatchObject({ status: 'additional_info_required', repliedAt: ports.clock.now(), guaranteePausedAt: null });
    expect(after.guarantee).toEqual({ deadline: new Date('2026-12-02T23:59:59.999Z'), breached: false, workingDaysUsed: 1, workingDaysTotal: 5, paused: false });
    expect(after.timeline?.at(-1)).toEqual({ at: ports.clock.now(), kind: 'reply', message: REPLY_STEP_MESSAGE });

    // Staff read it (with its documents), and the delivery log lists it as received from the applicant.
    expect(await uc.listReplies(admin, applicationId)).toEqual([{ id: reply.id, applicationId, text: reply.text, createdAt: reply.createdAt, documents: reply.documents }]);
    expect(await uc.listReplies(applicant, applicationId)).toHaveLength(1);
    const [latest] = await uc.listApplicationMessages(admin, applicationId);
    expect(latest).toEqual({ id: `reply-${reply.id}`, channel: 'reply', template: 'applicant_reply', to: 'help@evisa.test', from: 'alice@example.com', status: 'received', at: ports.clock.now() });
    await domainError(uc.resendMessage(admin, { channel: 'reply', id: reply.id }), 'Conflict', REPLY_NOT_RESENDABLE_MESSAGE);
  });

  it('takes words alone or documents alone; a second reply keeps the clock where the first put it', async () => {
    const { ports, uc, applicant, applicationId } = await waitingOnTheApplicant();
    ports.clock.set('2026-11-24T15:00:00.000Z'); // the same day: the pause moves nothing
    const words = await uc.replyToRequest(applicant, applicationId, { text: 'I will send it tonight.', files: [] });
    expect(words.documents).toEqual([]);
    const resumed = await uc.getApplication(applicant, applicationId);
    expect(resumed.guarantee).toMatchObject({ paused: false, deadline: new Date('2026-11-30T23:59:59.999Z') });

    ports.clock.set('2026-11-25T09:00:00.000Z');
    const documents = await uc.replyToRequest(applicant, applicationId, { text: '', files: [pdfFile('booking.pdf')] });
    expect(documents.text).toBe('');
    const again = await uc.getApplication(applicant, applicationId);
    expect(again).toMatchObject({ repliedAt: ports.clock.now(), guaranteeDeadline: new Date('2026-11-30T23:59:59.999Z') });
    expect((await uc.listReplies(applicant, applicationId)).map((r) => r.id)).toEqual([documents.id, words.id]);
  });

  it('refuses what breaks the rules with a message for the field, storing nothing', async () => {
    const { ports, uc, applicant, applicationId } = await waitingOnTheApplicant();
    const before = await uc.getApplication(applicant, applicationId);
    const keys = ports.files.keys();
    await domainError(uc.replyToRequest(applicant, applicationId, { text: 'x'.repeat(4001), files: [] }), 'Validation', REPLY_TOO_LONG_MESSAGE);
    await domainError(uc.replyToRequest(applicant, applicationId, { text: '   \n ', files: [] }), 'Validation', REPLY_EMPTY_MESSAGE);
    await domainError(uc.replyToRequest(applicant, applicationId, { text: 'Six', files: Array.from({ length: 6 }, () => pdfFile()) }), 'Validation', REPLY_TOO_MANY_FILES_MESSAGE);
    await domainError(
      uc.replyToRequest(applicant, applicationId, { text: 'Too big', files: [pdfFile(), { ...pngFile(), size: 10 * 1024 * 1024 + 1 }] }),
      'Validation',
      'Please select a file smaller than 10MB.',
    );
    await domainError(
      uc.replyToRequest(applicant, applicationId, { text: 'A GIF', files: [{ ...pngFile(), contentType: 'image/gif' as never }] }),
      'Validation',
      'Please select a JPG, PNG, or PDF file.',
    );
    // Exactly 4,000 characters is fine.
    await uc.replyToRequest(applicant, applicationId, { text: 'y'.repeat(4000), files: [] });
    expect(ports.files.keys()).toEqual(keys);
    expect((await uc.listReplies(applicant, applicationId)).map((r) => r.text.length)).toEqual([4000]);
    expect(before.repliedAt).toBeNull();
  });

  it('is only for the applicant, only while staff wait on them', async () => {
    const { ports, uc, admin, applicant, applicationId } = await waitingOnTheApplicant();
    const other = await registerApplicant(uc, 'eve@example.com', 'Eve');
    await domainError(uc.replyToRequest(other, applicationId, { text: 'Not mine', files: [] }), 'NotFound');
    await domainError(uc.listReplies(other, applicationId), 'NotFound');
    await domainError(uc.replyToRequest(admin, applicationId, { text: 'Staff cannot answer for the applicant', files: [] }), 'Forbidden');

    await uc.changeApplicationStatus(admin, applicationId, { status: 'under_process' });
    const keys = ports.files.keys();
    await domainError(uc.replyToRequest(applicant, applicationId, { text: 'Late answer', files: [pdfFile()] }), 'Conflict', REPLY_NOT_EXPECTED_MESSAGE);
    expect(ports.files.keys()).toEqual(keys);
    expect(await uc.listReplies(admin, applicationId)).toEqual([]);
  });

  it('leaves nothing behind when the commit fails after the files were stored', async () => {
    const { ports, uc, applicant, applicationId } = await waitingOnTheApplicant();
    const keys = ports.files.keys();
    const commit = ports.applications.commit;
    ports.applications.commit = async () => {
      throw new Error('disk full');
    };
    await expect(uc.replyToRequest(applicant, applicationId, { text: 'Here it is', files: [pdfFile(), pngFile()] })).rejects.toThrow('disk full');
    ports.applications.commit = commit;
    expect(ports.files.keys()).toEqual(keys);
    expect(await uc.listReplies(applicant, applicationId)).toEqual([]);
    expect((await uc.getApplication(applicant, applicationId)).guarantee.paused).toBe(true);
  });

  it('mails the assigned member of staff (never filed in the applicant’s log); nobody when the application is unassigned', async () => {
    const { ports, uc, admin, applicant, applicationId } = await waitingOnTheApplicant();
    await uc.replyToRequest(applicant, applicationId, { text: 'Unassigned yet', files: [] });
    expect((await ports.outbox.list()).filter((m) => m.template === 'applicant_replied')).toEqual([]);

    const adminUser = (await ports.users.findById(admin.userId))!;
    await uc.assignApplication(admin, applicationId, admin.userId);
    await uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required', additionalInfoMessage: 'And your return ticket, please.' });
    // A new request: the earlier reply answered the one before, and the clock pauses again.
    expect(await uc.getApplication(applicant, applicationId)).toMatchObject({ repliedAt: null, guarantee: { paused: true } });
    ports.clock.advance({ hours: 2 });
    await uc.replyToRequest(applicant, applicationId, { text: 'Ticket attached.', files: [pdfFile('ticket.pdf')] });
    const mails = (await ports.outbox.list()).filter((m) => m.template === 'applicant_replied');
    expect(mails.map((m) => [m.to, m.data])).toEqual([
      [adminUser.email, { fullName: adminUser.fullName, applicationNumber: expect.any(String), travellerName: 'Alice Smith', repliedAt: ports.clock.now().toISOString(), documents: 1 }],
    ]);
    expect((await uc.listApplicationMessages(admin, applicationId)).some((m) => m.template === 'applicant_replied')).toBe(false);
  });
});

describe('a reply in the applicant’s data', () => {
  it('is part of their data export, its documents among the documents', async () => {
    const { uc, applicant, applicationId } = await waitingOnTheApplicant();
    const reply = await uc.replyToRequest(applicant, applicationId, { text: 'My booking', files: [pdfFile('booking.pdf')] });
    const data = await uc.exportUserData('alice@example.com');
    expect(data.replies).toEqual([{ id: reply.id, applicationId, text: 'My booking', createdAt: reply.createdAt }]);
    expect(data.documents.map((d) => [d.type, d.fileName])).toEqual([
      ['passport', 'passport.pdf'],
      ['reply', 'booking.pdf'],
    ]);
  });
});

describe('what happens next once the applicant replied (the track page)', () => {
  const at = new Date('2026-12-04T14:05:00.000Z');
  it('says the reply arrived, and what is still missing when a passport copy was asked for too', () => {
    expect(nextStepFor({ status: 'additional_info_required', repliedAt: null, requiresPassportReupload: false })).toBe(NEXT_STEPS.additional_info_required);
    expect(nextStepFor({ status: 'additional_info_required', repliedAt: at, requiresPassportReupload: false })).toBe(
      "We received your reply on Friday 4 December 2026; we're carrying on. We will email you if we need anything else.",
    );
    expect(nextStepFor({ status: 'additional_info_required', repliedAt: at, requiresPassportReupload: true })).toBe(
      'We received your reply on Friday 4 December 2026. We still need the new passport copy we asked for: sign in and upload it from your dashboard.',
    );
    expect(nextStepFor({ status: 'under_process', repliedAt: at, requiresPassportReupload: false })).toBe(NEXT_STEPS.under_process);
  });
});
