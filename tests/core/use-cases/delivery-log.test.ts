import { describe, expect, it } from 'vitest';
import { MAIL_ATTEMPTS } from '../../../core/domain/delivery-log.js';
import { BORDER_PACK_NOT_READY } from '../../../core/use-cases/border-pack.js';
import { QUEUES } from '../../../core/domain/jobs.js';
import { deliverQueuedMail, makeMemoryAgency } from '../../support/memory-ports.js';
import { pdfText } from '../../support/pdf-text.js';
import { approve, domainError, makeAdmin, paidApplication, payFee, pdfFile, registerApplicant, validForm } from '../helpers.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';

async function applicantWithApplication(uc: ReturnType<typeof makeMemoryAgency>['uc'], email = 'dana@example.com') {
  const applicant = await registerApplicant(uc, email, 'Dana Reed');
  const application = await uc.createApplication(applicant, validForm());
  return { applicant, application };
}

describe('the delivery log (docs/product.md §16.5)', () => {
  it('lists an application’s mails newest first: queued, then sent', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { application } = await applicantWithApplication(uc);
    const queued = await uc.listApplicationMessages(admin, application.id);
    expect(queued).toEqual([{ id: expect.stringMatching(/^email-\d+$/), channel: 'email', template: 'application_received', to: 'dana@example.com', status: 'queued', at: ports.clock.now() }]);
    ports.clock.advance({ minutes: 1 });
    await deliverQueuedMail(ports, uc);
    const sent = await uc.listApplicationMessages(admin, application.id);
    expect(sent).toEqual([{ ...queued[0], status: 'sent', at: ports.clock.now() }]);
    // A second mail is listed first.
    ports.clock.advance({ minutes: 1 });
    await uc.changeApplicationStatus(admin, application.id, { status: 'under_process' });
    expect((await uc.listApplicationMessages(admin, application.id)).map((m) => [m.template, m.status])).toEqual([
      ['status_changed', 'queued'],
      ['application_received', 'sent'],
    ]);
    // Another application's mails are not listed; an unknown application is NotFound; applicants are refused.
    const other = await applicantWithApplication(uc, 'eve@example.com');
    expect((await uc.listApplicationMessages(admin, other.application.id)).map((m) => m.to)).toEqual(['eve@example.com']);
    await domainError(uc.listApplicationMessages(admin, 999_999), 'NotFound');
    await domainError(uc.listApplicationMessages(other.applicant, other.application.id), 'Forbidden');
  });

  it('a temporary failure stays queued with its reason; a mail out of retries is failed, with the reason', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { application } = await applicantWithApplication(uc);
    ports.mailer.failNext(MAIL_ATTEMPTS, '421 4.3.2 Service not available');
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 1 });
    expect(await uc.listApplicationMessages(admin, application.id)).toMatchObject([{ status: 'queued', error: '421 4.3.2 Service not available' }]);
    // Every retry of its job, each after its backoff.
    for (let retry = 1; retry < MAIL_ATTEMPTS; retry += 1) {
      ports.clock.advance({ seconds: QUEUES['deliver-mail'].retryDelaySeconds * 2 ** Math.min(retry - 1, 16) });
      expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 1 });
    }
    const [failed] = await uc.listApplicationMessages(admin, application.id);
    expect(failed).toMatchObject({ status: 'failed', error: '421 4.3.2 Service not available', at: ports.clock.now() });
    expect(ports.mailer.delivered).toEqual([]);
    const [stats] = await ports.persistence.jobs.stats();
    expect(stats).toMatchObject({ name: 'deliver-mail', failed: 1, queued: 0 });
  });

  it('a bounce is not retried: the mail is bounced with the server’s words, the account marked, and a later mail that arrives clears it', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { applicant, application } = await applicantWithApplication(uc);
    ports.mailer.refuseRecipient('dana@example.com', '550 5.1.1 <dana@example.com>: mailbox unavailable');
    // The job completes: nothing is left to retry.
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 1, failed: 0 });
    ports.clock.advance({ hours: 12 });
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 0 });
    const [bounced] = await uc.listApplicationMessages(admin, application.id);
    expect(bounced).toMatchObject({ status: 'bounced', error: '550 5.1.1 <dana@example.com>: mailbox unavailable' });
    const bouncedAt = bounced!.at;
    expect((await uc.currentUser(applicant.userId))?.mailBounce).toEqual({ address: 'dana@example.com', at: bouncedAt });
    // Staff see it on the row, with the reason.
    const page = await uc.searchAdminApplications(admin, { tab: 'online-entries', q: 'dana', page: 1, pageSize: 10 } as never);
    expect(page.items.find((e) => e.application?.id === application.id)?.user.mailBounce).toEqual({
      address: 'dana@example.com',
      at: bouncedAt,
      reason: '550 5.1.1 <dana@example.com>: mailbox unavailable',
    });

    // The applicant fixed their mailbox: staff send the mail again, it arrives, the mark is gone.
    ports.mailer.acceptRecipient('dana@example.com');
    const copy = await uc.resendMessage(admin, { channel: 'email', id: Number(bounced!.id.slice('email-'.length)) });
    expect(copy).toMatchObject({ channel: 'email', template: 'application_received', to: 'dana@example.com', status: 'queued' });
    expect(copy.id).not.toBe(bounced!.id);
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 1, failed: 0 });
    expect(ports.mailer.deliveredTo('dana@example.com').map((m) => m.template)).toEqual(['application_received']);
    expect((await uc.currentUser(applicant.userId))?.mailBounce).toBeUndefined();
    expect((await uc.listApplicationMessages(admin, application.id)).map((m) => [m.id, m.status])).toEqual([
      [copy.id, 'sent'],
      [bounced!.id, 'bounced'],
    ]);
  });

  it('resend: a new row with its job, sent once, recorded in the audit log; only mails about an application, by staff allowed to contact applicants', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { application } = await applicantWithApplication(uc);
    await deliverQueuedMail(ports, uc);
    const [original] = await uc.listApplicationMessages(admin, application.id);
    const id = Number(original!.id.slice('email-'.length));
    const copy = await uc.resendMessage(admin, { channel: 'email', id });
    const stored = await ports.outbox.findById(Number(copy.id.slice('email-'.length)));
    expect(stored).toMatchObject({ to: 'dana@example.com', template: 'application_received', applicationId: application.id, sentAt: null, attempts: 0 });
    expect(stored!.data).toEqual((await ports.outbox.findById(id))!.data);
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 0 });
    expect(ports.mailer.deliveredTo('dana@example.com')).toHaveLength(2);
    const trail = await uc.listApplicationAudit(admin, application.id);
    expect(trail.find((e) => e.action === 'application.message_resent')).toMatchObject({
      actorEmail: admin.email,
      targetType: 'message',
      targetId: original!.id,
      applicationId: application.id,
      detail: { template: 'application_received', to: 'dana@example.com' },
    });

    // A mail about no application (an account mail), an unknown id and a text (no texts yet): NotFound.
    const accountMail = (await ports.outbox.list()).find((m) => m.applicationId === null);
    if (accountMail) await domainError(uc.resendMessage(admin, { channel: 'email', id: accountMail.id }), 'NotFound');
    await domainError(uc.resendMessage(admin, { channel: 'email', id: 999_999 }), 'NotFound');
    await domainError(uc.resendMessage(admin, { channel: 'sms', id: 1 }), 'NotFound');
    const finance = await registerApplicant(uc, 'fin@evisa.test');
    await domainError(uc.resendMessage({ ...finance, isAdmin: true, role: 'finance' }, { channel: 'email', id }), 'Forbidden');
    expect((await ports.outbox.listByApplication(application.id)).length).toBe(2);
  });
});

describe('the border pack (docs/product.md §16.6)', () => {
  async function visaPdf(): Promise<Buffer> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('EGYPT E-VISA GRANTED 5521', { x: 50, y: 700, size: 14, font });
    return Buffer.from(await doc.save());
  }

  it('is attached to the evisa mail, and downloadable by its owner once the e-visa is theirs, not before', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { applicant, applicationId } = await paidApplication(ports, uc, 'omar@example.com');
    await uc.updateAddressDetails(applicant, applicationId, { address: '1 High St', city: 'Leeds', postcode: 'LS1 1AA', hotelDetails: 'Old Cataract Hotel, Aswan' });
    await approve(uc, admin, applicationId);
    await domainError(uc.openBorderPack(applicant, applicationId), 'NotFound', BORDER_PACK_NOT_READY);
    await payFee(ports, uc, applicant, applicationId, 'final');
    // Paid, but the visa file is not attached yet.
    await domainError(uc.openBorderPack(applicant, applicationId), 'NotFound', BORDER_PACK_NOT_READY);
    await uc.attachVisa(admin, applicationId, pdfFile('e-visa.pdf', await visaPdf()));

    await uc.sendEvisa(admin, applicationId);
    expect(await deliverQueuedMail(ports, uc)).toMatchObject({ failed: 0 });
    const [evisa] = ports.mailer.deliveredTo('omar@example.com').filter((m) => m.template === 'evisa');
    const application = (await ports.applications.findById(applicationId))!;
    expect(evisa!.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      ['e-visa.pdf', 'application/pdf'],
      [`border-pack-${application.applicationNumber}.pdf`, 'application/pdf'],
    ]);
    const attached = await pdfText(evisa!.attachments[1]!.content);
    for (const expected of [application.applicationNumber, application.passportNumber, 'Old Cataract Hotel, Aswan', 'help@evisa.test', 'EGYPT E-VISA GRANTED 5521'])
      expect(attached).toContain(expected);

    const downloaded = await uc.openBorderPack(applicant, applicationId);
    expect(downloaded.applicationNumber).toBe(application.applicationNumber);
    expect(await pdfText(downloaded.pdf)).toContain(application.passportNumber);
    // The owner only: staff are refused, another applicant finds nothing.
    await domainError(uc.openBorderPack(admin, applicationId), 'Forbidden');
    const stranger = await registerApplicant(uc, 'stranger@example.com');
    await domainError(uc.openBorderPack(stranger, applicationId), 'NotFound');
  });

  it('a corrupt visa file still gives the evisa mail its pack, saying the visa is attached separately', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { applicant, applicationId } = await paidApplication(ports, uc, 'nour@example.com');
    await approve(uc, admin, applicationId);
    await uc.attachVisa(admin, applicationId, pdfFile('e-visa.pdf', Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(400))));
    await payFee(ports, uc, applicant, applicationId, 'final');
    await uc.sendEvisa(admin, applicationId);
    expect(await deliverQueuedMail(ports, uc)).toMatchObject({ failed: 0 });
    const [evisa] = ports.mailer.deliveredTo('nour@example.com').filter((m) => m.template === 'evisa');
    expect((await pdfText(evisa!.attachments[1]!.content)).replace(/\n/g, ' ')).toContain('it is attached separately');
  });
});
