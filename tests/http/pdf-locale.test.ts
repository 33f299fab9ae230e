import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import type { MemoryMailer } from '../../adapters/mail/memory/index.js';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { drawBorderPack } from '../../core/use-cases/border-pack.js';
import { applicantWithApplication, makeMemoryApp, signInAdmin, type TestAgency } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';

/** Receipts and the border pack are written in the applicant's language: their account's, whoever opens them. */
describe('PDFs in the account’s language', () => {
  let t: TestAgency;
  beforeEach(async () => {
    t = await makeMemoryApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('the receipt downloaded (by the owner and by staff) and attached to the mail, and the border pack, in Arabic', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect((await owner.browser.put('/api/user/profile', { locale: 'ar' })).status).toBe(200);
    const intent = await (await owner.browser.post(`/api/payments/initial/${id}`)).json();
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);

    const [receipt] = (await (await owner.browser.get(`/api/applications/${id}/receipts`)).json()) as { url: string }[];
    const admin = await signInAdmin(t);
    for (const browser of [owner.browser, admin.browser]) {
      const text = (await pdfText(new Uint8Array(await (await browser.get(receipt!.url)).arrayBuffer()))).replace(/\s+/g, ' ');
      expect(text).toContain(`${owner.application.applicationNumber}`);
      expect(text).toContain('الرسوم الأولية 10.00 £');
      expect(text).not.toContain('Initial fee');
    }

    const runner = createJobRunner({ store: t.agency.persistence.jobs, log: () => undefined });
    await runner.drain({ name: 'deliver-mail', schedule: null, concurrency: 1, run: async ({ mailId }) => (await t.agency.useCases.deliverMail(mailId), null) });
    const attached = (t.ports.mailer as MemoryMailer).delivered.flatMap((m) => m.attachments).find((a) => a.fileName.endsWith('.pdf'));
    expect((await pdfText(new Uint8Array(attached!.content))).replace(/\s+/g, ' ')).toContain('الرسوم الأولية 10.00 £');

    const pack = await drawBorderPack(t.ports, id);
    expect((await pdfText(pack!.pdf)).replace(/\s+/g, ' ')).toContain('رقم الطلب');
  });

  it('an account left in English gets English PDFs', async () => {
    const owner = await applicantWithApplication(t);
    const pack = await drawBorderPack(t.ports, owner.application.id);
    const text = (await pdfText(pack!.pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('BORDER PACK');
    expect(text).toContain('The e-visa has not been issued yet.');
  });
});
