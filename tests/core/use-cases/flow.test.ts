import { describe, expect, it } from 'vitest';
import { deliverQueuedMail, makeMemoryAgency } from '../../support/memory-ports.js';
import { approve, makeAdmin, paidApplication, payFee, pdfFile } from '../helpers.js';

describe('the whole applicant journey on the memory adapters', () => {
  it('goes from application to e-visa mail', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { applicant, applicationId } = await paidApplication(ports, uc);

    let app = await uc.getApplication(applicant, applicationId);
    expect(app.status).toBe('application_created');
    expect(app.guarantee.deadline).not.toBeNull();

    await uc.updateAddressDetails(applicant, applicationId, { address: '1 High St', city: 'London', postcode: 'SW1A 1AA', hotelDetails: 'Cairo Hotel' });
    await approve(uc, admin, applicationId);
    await uc.attachVisa(admin, applicationId, pdfFile('visa.pdf'));
    // The visa was attached first: paying the final fee mails it on its own (docs/product.md §2.15).
    await payFee(ports, uc, applicant, applicationId, 'final');
    app = await uc.getApplication(applicant, applicationId);
    expect(app.status).toBe('final_payment_received');
    expect(app.evisaSentAt).toBeNull();

    // Staff may still send it again.
    const sent = await uc.sendEvisa(admin, applicationId);
    expect(sent.message).toBe("E-visa document sent successfully to user's email");
    const delivery = await deliverQueuedMail(ports, uc);
    expect(delivery.failed).toBe(0);
    const evisa = ports.mailer.delivered.find((m) => m.template === 'evisa');
    expect(evisa?.to).toBe('alice@example.com');
    expect(evisa?.attachments[0].fileName).toBe('visa.pdf');
    expect(ports.mailer.delivered.map((m) => m.template)).toEqual(['application_received', 'application_received', 'status_changed', 'status_changed', 'approved', 'status_changed', 'evisa', 'evisa']);
    // Sent now: the owner's read says so.
    expect((await uc.getApplication(applicant, applicationId)).evisaSentAt).toEqual(ports.clock.now());
  });
});
