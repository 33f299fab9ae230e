import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../core/domain/locale.js';
import { smsSegments } from '../../../core/domain/texts.js';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { deliverQueuedMail, deliverQueuedTexts, makeMemoryAgency, type MemoryPorts } from '../../support/memory-ports.js';
import { actorOf, makeAdmin, payFee, pdfFile, validForm } from '../helpers.js';

/*
 * Mails and texts go out in the language of their reader's account (docs/decisions/0037): a mail is
 * written in it when it is delivered (the account of the application it is about, else the account
 * with its address; English without one), a text when it is queued.
 */

async function applicantIn(ports: MemoryPorts, uc: UseCases, locale: Locale, email = 'amelia@example.com') {
  const user = await uc.registerUser({ email, password: 'secret123', fullName: 'AMELIA CLARKE', phoneNumber: '07400 123456' });
  await setLocale(ports, user.id, locale);
  return actorOf(user);
}

async function setLocale(ports: MemoryPorts, userId: number, locale: Locale): Promise<void> {
  await ports.users.updateLocale(userId, locale);
}

describe('the language of a mail and a text', () => {
  it('a mail about an application goes out in the language of its account, through the real delivery', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await applicantIn(ports, uc, 'de');
    const app = await uc.createApplication(actor, validForm());
    await uc.attachPassport(actor, app.id, pdfFile());
    await payFee(ports, uc, actor, app.id, 'initial');
    await deliverQueuedMail(ports, uc);
    const received = ports.mailer.deliveredTo('amelia@example.com').find((m) => m.template === 'application_received')!;
    expect(received.subject).toBe(`Antrag ${app.applicationNumber} eingegangen`);
    expect(received.text).toContain('Guten Tag Amelia Clarke,');
    expect(received.html).toContain('<html lang="de" dir="ltr">');
  });

  it('a mail with no application goes in the language of the account with its address; no account, English', async () => {
    const { ports, uc } = makeMemoryAgency();
    await applicantIn(ports, uc, 'fr', 'claire@example.com');
    const now = ports.clock.now();
    await ports.outbox.enqueue({ to: 'Claire@Example.com', template: 'application_reminder', data: { fullName: 'Claire' } }, now);
    await ports.outbox.enqueue({ to: 'nobody@example.com', template: 'application_reminder', data: { fullName: 'Nobody' } }, now);
    await deliverQueuedMail(ports, uc);
    const [claire, nobody] = ports.mailer.delivered;
    expect(claire!.subject).toBe(`Terminez votre demande d’e-visa pour l’Égypte avec ${ports.settings.agencyName}`);
    expect(nobody!.subject).toBe(`Complete your Egypt e-visa application with ${ports.settings.agencyName}`);
  });

  it('a text to an Arabic account is written in Arabic and counted as UCS-2 SMS', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const actor = await applicantIn(ports, uc, 'ar');
    const app = await uc.createApplication(actor, validForm({ givenName: 'Amelia', smsUpdates: true }));
    await uc.attachPassport(actor, app.id, pdfFile());
    await payFee(ports, uc, actor, app.id, 'initial');
    await uc.changeApplicationStatus(admin, app.id, { status: 'under_process' });

    const last = (await ports.texts.listByApplication(app.id)).at(-1)!;
    expect(last.body).toBe(`${ports.settings.agencyName}: Amelia، الطلب ${app.applicationNumber} قيد المعالجة الآن. ${ports.settings.publicUrl}/dashboard`);
    // Arabic is UCS-2: 70 characters in one SMS, 67 in each part of a longer one.
    const count = smsSegments(last.body);
    expect(count.encoding).toBe('ucs2');
    expect(count.segments).toBe(last.body.length <= 70 ? 1 : Math.ceil(last.body.length / 67));
    expect(count.segments).toBeGreaterThan(1);

    await deliverQueuedTexts(ports, uc);
    expect(ports.sms.sent.at(-1)!.body).toBe(last.body);
  });
});
