import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../core/domain/wording.js';
import type { Actor, UseCases } from '../../../core/use-cases/use-cases.js';
import { deliverQueuedMail, deliverQueuedTexts, makeMemoryAgency, type MemoryPorts } from '../../support/memory-ports.js';
import { pdfText } from '../../support/pdf-text.js';
import { ACCOUNT_NAME, htmlText, TRAVELLER, wordingProblems } from '../../support/wording-rules.js';
import { actorOf, approve, makeAdmin, payFee, pdfFile, validForm } from '../helpers.js';

/*
 * A traveller's whole journey on the memory adapters, with the names a passport scan types in
 * capitals, read as she reads it: every mail (subject, text and HTML), every PDF attached to one
 * (receipts, credit notes, the border pack) and every text message. What each mail claims is true
 * when it is sent (docs/product.md §9, §14.4; docs/decisions/0022).
 */

async function visaPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('ARAB REPUBLIC OF EGYPT ELECTRONIC VISA', { x: 60, y: 760, size: 16, font });
  return Buffer.from(await doc.save());
}

async function apply(ports: MemoryPorts, uc: UseCases, maria: Actor, givenName: string): Promise<number> {
  const app = await uc.createApplication(maria, validForm({ givenName, surname: TRAVELLER.surname, smsUpdates: true }));
  await uc.attachPassport(maria, app.id, pdfFile());
  await payFee(ports, uc, maria, app.id, 'initial');
  return app.id;
}

describe('a journey read as the traveller reads it', () => {
  it('no mail, attachment or text shows a date as stored, a name in capitals or an old fee name; each claim is true when sent', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const maria = actorOf(await uc.registerUser({ email: 'maria@example.com', password: 'secret123', fullName: ACCOUNT_NAME, phoneNumber: '07400 123456' }));

    // 1. Asked for more, answered, approved; the visa attached before the final fee: it is mailed with the payment.
    const first = await apply(ports, uc, maria, TRAVELLER.givenName);
    const answerBy = (await uc.getApplication(maria, first)).guarantee.deadline!;
    await uc.changeApplicationStatus(admin, first, { status: 'under_process' });
    await uc.changeApplicationStatus(admin, first, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' });
    await uc.replyToRequest(maria, first, { text: 'Booked at the Nile Hotel, Luxor.', files: [] });
    await uc.updateAddressDetails(maria, first, { address: '1 High St', city: 'London', postcode: 'SW1A 1AA', hotelDetails: 'Nile Hotel, Corniche El Nil, Luxor' });
    await uc.changeApplicationStatus(admin, first, { status: 'verified' });
    await uc.changeApplicationStatus(admin, first, { status: 'approved' });
    await uc.attachVisa(admin, first, pdfFile('e-visa.pdf', await visaPdf()));
    await payFee(ports, uc, maria, first, 'final');
    await uc.requestRefund(admin, first, { paymentType: 'final', amountPence: 1950, reason: 'Goodwill' });

    // 2. The final fee paid before the visa is attached: the e-visa comes when it is.
    const second = await apply(ports, uc, maria, 'JOSE');
    await approve(uc, admin, second);
    await payFee(ports, uc, maria, second, 'final');
    const paidBeforeVisa = ports.mailer.delivered.length + (await deliverQueuedMail(ports, uc)).sent;
    await uc.attachVisa(admin, second, pdfFile('e-visa.pdf', await visaPdf()));

    // 3. Cancelled at once, its £10 back.
    const third = await apply(ports, uc, maria, TRAVELLER.givenName);
    await uc.cancelApplication(maria, third, { reason: null });

    await uc.changePassword(maria, { currentPassword: 'secret123', newPassword: 'secret1234' });
    await uc.mailApplicationNumbers({ email: 'maria@example.com' });
    expect((await deliverQueuedMail(ports, uc)).failed).toBe(0);
    await deliverQueuedTexts(ports, uc);

    const mails = ports.mailer.delivered;
    expect(new Set(mails.map((m) => m.template))).toEqual(
      new Set(['application_received', 'status_changed', 'info_requested', 'approved', 'evisa', 'refund_issued', 'application_cancelled', 'password_changed', 'application_numbers']),
    );
    for (const mail of mails) {
      expect({ template: mail.template, problems: [mail.subject, mail.text, htmlText(mail.html)].flatMap((part) => wordingProblems(part)) }).toEqual({ template: mail.template, problems: [] });
      expect(mail.text).toContain('Dear Maria Olivia Garcia Lopez,');
      expect(mail.text).not.toMatch(/shortly/i);
      for (const attachment of mail.attachments.filter((a) => a.fileName !== 'e-visa.pdf')) {
        const text = (await pdfText(attachment.content)).replace(/\s+/g, ' ');
        expect({ file: attachment.fileName, problems: wordingProblems(text, { capitalsRuns: false }) }).toEqual({ file: attachment.fileName, problems: [] });
      }
    }
    const attached = mails.flatMap((m) => m.attachments.map((a) => a.fileName));
    expect(attached.filter((name) => /^R-\d{4}-\d{6}\.pdf$/.test(name))).toHaveLength(7); // 3 initial fees, 2 final fees, 2 refunds
    expect(attached.filter((name) => name.startsWith('border-pack-'))).toHaveLength(2);

    for (const text of ports.sms.sent) {
      expect(wordingProblems(text.body)).toEqual([]);
      expect(text.body).toMatch(/: (Maria|Jose), /);
    }

    // The paid initial fee's mail gives the guarantee's day, as the dashboard does.
    const paid = mails.find((m) => m.template === 'application_received' && m.attachments.length > 0)!;
    expect(paid.text).toContain(`Guaranteed answer by ${formatDay(answerBy)}`);
    // The final fee's mail says what comes of the e-visa: with it at once, or when it is issued.
    const finalPaid = mails.filter((m) => m.template === 'status_changed' && m.subject.endsWith('Final payment received'));
    expect(finalPaid).toHaveLength(2);
    expect(finalPaid[0]!.text).toContain('it follows in a separate email');
    expect(mails[mails.indexOf(finalPaid[0]!) + 1]!.template).toBe('evisa');
    expect(finalPaid[1]!.text).toContain('We email you your e-visa on its own as soon as it is issued');
    expect(mails.slice(0, paidBeforeVisa).filter((m) => m.template === 'evisa')).toHaveLength(1);
    // A cancelled application is listed as cancelled, not as refused.
    const numbers = mails.find((m) => m.template === 'application_numbers')!;
    expect(numbers.text).toMatch(/EV-\S+: Cancelled\n/);
    expect(numbers.text.match(/: Rejected/g)).toBeNull();
  });
});
