import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, type MailContent, type MailData, type MailTemplateName } from '../../core/domain/mail.js';
import type { AgencySettings } from '../../core/ports/index.js';
import type { Mailer, MailToDeliver } from '../../core/ports/mailer.js';

export const CONTRACT_SETTINGS: AgencySettings = {
  agencyName: 'Nile Gate e-Visa Agency',
  agencyEmail: 'help@nilegate.example',
  publicUrl: 'https://visa.nilegate.example',
  agencyAddress: ['Nile Gate Ltd', '3 Quay Street', 'Manchester', 'M3 3JE'],
  vatNumber: 'GB123456789',
  refundApprovalPence: 5000,
};

/** What a mailbox would show for one delivered mail. */
export interface DeliveredView {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

export interface MailerHarness {
  mailer: Mailer;
  /** Everything delivered so far, oldest first, as the recipient's mailbox would show it. */
  delivered(): Promise<DeliveredView[]>;
  close?: () => Promise<void>;
}

/** Sample data for every template (the keys documented in adapters/mail/templates). */
export const SAMPLE_DATA: { [T in MailTemplateName]: MailData<T> } = {
  account_created: { fullName: 'Amira Hassan', email: 'amira@example.com', temporaryPassword: 'Xk7#pQ2m' },
  application_received: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, paid: false },
  status_changed: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, oldStatus: 'application_created', newStatus: 'under_process' },
  info_requested: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, message: 'Please send your hotel booking.', requiresPassportReupload: false },
  passport_reupload_requested: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, message: 'The photo page is blurred.' },
  approved: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, finalFeeAmount: 3900, finalFeeWaived: false },
  application_cancelled: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, refundAmount: 1000, message: null },
  cancellation_requested: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123 },
  cancellation_declined: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, message: 'Your application was already with the portal.' },
  evisa: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', givenName: 'Amira', surname: 'Hassan' },
  payment_reminder: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, paymentType: 'initial', amount: 1000 },
  application_reminder: { fullName: 'Amira Hassan' },
  password_changed: { fullName: 'Amira Hassan', changedAt: '2026-11-22T09:00:00.000Z' },
  password_reset: { fullName: 'Amira Hassan', resetToken: '7.1795000000.c2lnbmF0dXJl' },
  staff_invitation: { fullName: 'Amira Hassan', role: 'reviewer', resetToken: '7.1795000000.c2lnbmF0dXJl' },
  account_exists: { fullName: 'Amira Hassan', email: 'amira@example.com', resetToken: '7.1795000000.c2lnbmF0dXJl' },
  refund_issued: { fullName: 'Amira Hassan', applicationNumber: 'EV-2026-000123', applicationId: 123, paymentType: 'final', amount: 1950, creditNoteNumber: 'R-2026-000007' },
  refund_approval_needed: {
    fullName: 'Amira Hassan',
    applicationNumber: 'EV-2026-000123',
    paymentType: 'final',
    amount: 3900,
    requestedByName: 'Fatima Finance',
    reason: 'Visa refused after payment',
    approvalLimit: 2500,
  },
  tracking_code: { fullName: 'Amira Hassan', applicationNumber: 'EV-2611-7K3QX9', code: '042917' },
  applicant_replied: { fullName: 'Amira Hassan', applicationNumber: 'EV-2611-7K3QX9', travellerName: 'AMELIA TRAVELLER', repliedAt: '2026-12-04T14:05:00.000Z', documents: 2 },
  rules_changed: {
    fullName: 'Amira Hassan',
    applications: [
      { applicationNumber: 'EV-2611-7K3QX9', applicationId: 42, message: 'Egypt now asks for a passport valid at least 8 months from your arrival date: until 1 November 2027 or later.' },
    ],
  },
  portal_outage: {
    fullName: 'Amira Hassan',
    applicationId: 42,
    applicationNumber: 'EV-2611-7K3QX9',
    message: 'The portal answers 404 since this morning.',
    arrivalDate: '2026-12-10',
    since: '2026-12-04T09:00:00.000Z',
  },
  application_numbers: {
    fullName: 'Amira Hassan',
    applications: [
      { applicationNumber: 'EV-2611-7K3QX9', status: 'under_process' },
      { applicationNumber: 'EV-2610-000123', status: 'final_payment_received' },
    ],
  },
};

const normalise = (s: string) => s.replace(/\r\n/g, '\n');

/**
 * The Mailer contract: every adapter (memory, .eml outbox folder, SMTP) must deliver each template
 * as text + HTML with attachments intact and a stable Message-ID. Read back from where the mail
 * landed (memory list, .eml files parsed with mailparser, what the SMTP server received).
 */
export function describeMailerContract(name: string, open: () => Promise<MailerHarness>): void {
  describe(`Mailer contract: ${name}`, () => {
    let h: MailerHarness;
    let nextId = 1000;
    const mail = <T extends MailTemplateName>(template: T, { data, ...overrides }: Partial<Omit<MailToDeliver, 'template' | 'data'>> & { data?: MailData<T> } = {}): MailToDeliver => ({
      id: (nextId += 1),
      to: 'amira@example.com',
      // One template's data (the compiler cannot follow T through the union).
      ...({ template, data: data ?? SAMPLE_DATA[template] } as MailContent),
      attachments: [],
      ...overrides,
    });
    async function sendAndFetch(m: MailToDeliver): Promise<DeliveredView> {
      const before = (await h.delivered()).length;
      await h.mailer.send(m);
      const after = await h.delivered();
      expect(after.length).toBe(before + 1);
      return after[after.length - 1]!;
    }

    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.close?.();
    });

    it.each(MAIL_TEMPLATES.map((t) => [t]))('delivers %s as text + HTML with the agency name and a link to PUBLIC_URL', async (template) => {
      const got = await sendAndFetch(mail(template));
      expect(got.to).toContain('amira@example.com');
      expect(got.subject.length).toBeGreaterThan(5);
      expect(got.text).toContain('Dear Amira Hassan,');
      expect(got.text).toContain(CONTRACT_SETTINGS.agencyName);
      expect(got.text).toContain(`${CONTRACT_SETTINGS.publicUrl}/`);
      expect(got.html).toContain(CONTRACT_SETTINGS.agencyName);
      expect(got.html).toContain(`href="${CONTRACT_SETTINGS.publicUrl}/`);
      expect(got.html).toMatch(/<html[^>]*>/);
      expect(got.attachments).toEqual([]);
    });

    it('account_created: the text part has the temporary password line and the sign-in link', async () => {
      const got = await sendAndFetch(mail('account_created'));
      const lines = normalise(got.text).split('\n');
      expect(lines).toContain('Temporary password: Xk7#pQ2m');
      expect(lines).toContain('Email: amira@example.com');
      expect(got.text).toContain(`${CONTRACT_SETTINGS.publicUrl}/auth`);
      expect(got.html).toContain('Xk7#pQ2m');
    });

    it('info_requested carries the reviewer’s message; HTML escapes it, text keeps it verbatim', async () => {
      const message = 'Please re-send <b>both</b> pages & your "hotel" booking.\nThanks!';
      const got = await sendAndFetch(mail('info_requested', { data: { ...SAMPLE_DATA.info_requested, message } }));
      expect(normalise(got.text)).toContain('> Please re-send <b>both</b> pages & your "hotel" booking.\n> Thanks!');
      expect(got.html).toContain('Please re-send &lt;b&gt;both&lt;/b&gt; pages &amp; your &quot;hotel&quot; booking.');
      expect(got.html).not.toContain('<b>both</b>');
    });

    it('escapes hostile data everywhere in the HTML part', async () => {
      const got = await sendAndFetch(mail('status_changed', { data: { ...SAMPLE_DATA.status_changed, fullName: '<script>alert(1)</script>', applicationNumber: '"><img src=x onerror=alert(1)>' } }));
      expect(got.html).not.toContain('<script>alert(1)</script>');
      expect(got.html).not.toContain('<img src=x');
      expect(got.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(got.subject).toContain('"><img src=x onerror=alert(1)>');
    });

    it('approved states the final fee due, or that the guarantee waived it', async () => {
      const due = await sendAndFetch(mail('approved'));
      expect(due.text).toContain('Final fee due: £39.00');
      expect(due.text).toContain(`${CONTRACT_SETTINGS.publicUrl}/dashboard`);
      const waived = await sendAndFetch(mail('approved', { data: { ...SAMPLE_DATA.approved, finalFeeAmount: 0, finalFeeWaived: true } }));
      expect(waived.text).toContain('final fee is waived: you have nothing more to pay');
      expect(waived.text).not.toContain('Final fee due');
    });

    it('evisa carries the PDF attachment byte for byte', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256)), Buffer.from('\n%%EOF')]);
      const got = await sendAndFetch(mail('evisa', { attachments: [{ fileName: 'e-visa EV-2026-000123.pdf', contentType: 'application/pdf', content: pdf }] }));
      expect(got.attachments).toHaveLength(1);
      expect(got.attachments[0]!.fileName).toBe('e-visa EV-2026-000123.pdf');
      expect(got.attachments[0]!.contentType).toBe('application/pdf');
      expect(got.attachments[0]!.content.equals(pdf)).toBe(true);
      expect(got.text).toContain('attached');
    });

    it('keeps non-ASCII names intact in subject and body', async () => {
      const got = await sendAndFetch(mail('status_changed', { to: 'zoe@example.com', data: { ...SAMPLE_DATA.status_changed, fullName: 'Zoë Ångström-محمد', applicationNumber: 'ÉV-1' } }));
      expect(got.text).toContain('Dear Zoë Ångström-محمد,');
      expect(got.subject).toContain('ÉV-1');
    });

    it('payment_reminder links the initial fee to the payment page of the application', async () => {
      const got = await sendAndFetch(mail('payment_reminder'));
      expect(got.text).toContain(`${CONTRACT_SETTINGS.publicUrl}/payment?applicationId=123`);
      expect(got.text).toContain('£10.00');
      const final = await sendAndFetch(mail('payment_reminder', { data: { ...SAMPLE_DATA.payment_reminder, paymentType: 'final', amount: 3900 } }));
      expect(final.text).toContain('£39.00');
    });

    it('tracking_code shows the code, how long it works and the track page; application_numbers lists each number with its status', async () => {
      const code = await sendAndFetch(mail('tracking_code'));
      expect(code.subject).toContain('042917');
      expect(normalise(code.text).split('\n')).toContain('Your code: 042917');
      expect(code.text).toContain('15 minutes');
      expect(code.text).toContain(`${CONTRACT_SETTINGS.publicUrl}/track`);
      expect(code.html).toContain('042917');

      const numbers = await sendAndFetch(mail('application_numbers'));
      const lines = normalise(numbers.text).split('\n');
      expect(lines).toContain('EV-2611-7K3QX9: Under process');
      expect(lines).toContain('EV-2610-000123: Approved');
      expect(numbers.text).toContain(`${CONTRACT_SETTINGS.publicUrl}/track`);
    });

    it('gives the same outbox mail the same Message-ID every time, and another mail another one', async () => {
      const m = mail('password_changed');
      const first = await sendAndFetch(m);
      expect(first.messageId).toMatch(new RegExp(`^<outbox-${m.id}-[0-9a-f]{16}@[^>]+>$`));
      await h.mailer.send(m);
      const all = await h.delivered();
      const sameId = all.filter((d) => d.messageId === first.messageId);
      expect(sameId.length).toBeGreaterThanOrEqual(1);
      expect(sameId.every((d) => d.subject === first.subject && d.text === first.text)).toBe(true);
      const other = await sendAndFetch(mail('password_changed'));
      expect(other.messageId).not.toBe(first.messageId);
    });

    it('rejects an unknown template and delivers nothing', async () => {
      const before = (await h.delivered()).length;
      await expect(h.mailer.send({ ...mail('evisa'), template: 'no_such_template' } as unknown as MailToDeliver)).rejects.toThrow(/no_such_template/);
      expect((await h.delivered()).length).toBe(before);
    });
  });
}
