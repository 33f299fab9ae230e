import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../adapters/mail/smtp/index.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { mailBounceNotice } from '../../core/domain/user.js';
import { TEST_SETTINGS } from '../support/memory-ports.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { applicantWithApplication, makeAppOn, signInAdmin, signInStaff, type TestAgency } from '../support/http.js';
import { startSmtpServer, type LocalSmtpServer } from '../support/smtp-server.js';

interface Message {
  id: string;
  channel: string;
  template: string;
  to: string;
  status: string;
  at: string;
  error?: string;
}

/**
 * The delivery log through HTTP on both databases, the mails handed to a local SMTP server that
 * refuses a recipient with 550 on demand (docs/product.md §16.5).
 */
describe.each([
  ['sqlite', () => Promise.resolve(sqliteHarness())],
  ['postgres', () => postgresHarness()],
] as const)('the delivery log on %s through SMTP', (_name, openHarness) => {
  let harness: PersistenceHarness;
  let persistence: Persistence;
  let smtp: LocalSmtpServer;
  let mailer: SmtpMailer;
  let t: TestAgency;

  beforeAll(async () => {
    harness = await openHarness();
    persistence = await harness.create();
    smtp = await startSmtpServer();
    mailer = new SmtpMailer(smtp.url, 'Egypt E-Visa Agency <no-reply@evisa.test>', TEST_SETTINGS);
    t = await makeAppOn(persistence, { overrides: { mailer } });
  });
  afterAll(async () => {
    await t.close();
    mailer.close();
    await smtp.stop();
    await harness.dispose();
  });

  /** The deliver-mail jobs due now, worked as a node works them. */
  const deliver = () => createJobRunner({ store: t.agency.persistence.jobs, log: () => undefined }).drain(jobDefinition(t.agency, 'deliver-mail'));

  it('queued → sent; a 550 for the recipient: bounced (not retried), the address marked for staff and the applicant; a later delivery clears it', async () => {
    const owner = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    const log = async () => {
      const res = await admin.browser.get(`/api/admin/applications/${owner.application.id}/messages`);
      expect(res.status).toBe(200);
      return (await res.json()) as Message[];
    };

    const [queued] = await log();
    expect(queued).toEqual({ id: expect.stringMatching(/^email-\d+$/), channel: 'email', template: 'application_received', to: owner.email, status: 'queued', at: expect.any(String) });
    expect(await deliver()).toEqual({ completed: expect.any(Number), failed: 0 });
    expect((await log())[0]).toMatchObject({ id: queued!.id, status: 'sent' });

    // The applicant's mailbox is gone: staff resend the mail, the server refuses its recipient.
    smtp.refuseRecipient(owner.email);
    const resent = await admin.browser.post(`/api/admin/messages/${queued!.id}/resend`, {});
    expect(resent.status).toBe(201);
    const copy = (await resent.json()) as Message;
    expect(copy).toMatchObject({ channel: 'email', template: 'application_received', to: owner.email, status: 'queued' });
    expect(await deliver()).toEqual({ completed: 1, failed: 0 });
    t.clock.advance({ hours: 12 });
    expect(await deliver()).toEqual({ completed: 0, failed: 0 }); // not retried
    const [bounced] = await log();
    expect(bounced).toEqual({ ...copy, status: 'bounced', at: expect.any(String), error: '550 5.1.1 No such user here' });

    const me = (await (await owner.browser.get('/api/user')).json()) as { mailBounce?: { address: string; at: string } };
    expect(me.mailBounce).toEqual({ address: owner.email, at: bounced!.at });
    expect(mailBounceNotice(me.mailBounce!.address)).toBe(`We could not reach you at ${owner.email}. Please check your email address.`);
    const page = (await (await admin.browser.get(`/api/admin/applications?tab=online-entries&q=${encodeURIComponent(owner.email)}&page=1&pageSize=5`)).json()) as {
      items: { user: { mailBounce?: unknown } }[];
    };
    expect(page.items[0]!.user.mailBounce).toEqual({ address: owner.email, at: bounced!.at, reason: '550 5.1.1 No such user here' });

    // Fixed: the next resend arrives and the mark is gone.
    smtp.acceptRecipient(owner.email);
    expect((await admin.browser.post(`/api/admin/messages/${bounced!.id}/resend`, {})).status).toBe(201);
    expect(await deliver()).toEqual({ completed: 1, failed: 0 });
    expect(((await (await owner.browser.get('/api/user')).json()) as { mailBounce?: unknown }).mailBounce).toBeUndefined();
    expect((await log()).map((m) => m.status)).toEqual(['sent', 'bounced', 'sent']);
    expect(smtp.received.filter((r) => r.envelopeTo.includes(owner.email))).toHaveLength(2);

    // Each resend is in the application's audit trail.
    const trail = (await (await admin.browser.get(`/api/admin/applications/${owner.application.id}/audit`)).json()) as { action: string }[] | { items: { action: string }[] };
    const actions = (Array.isArray(trail) ? trail : trail.items).map((e) => e.action);
    expect(actions.filter((a) => a === 'application.message_resent')).toHaveLength(2);
  });

  it('bad ids are 400, unknown ones 404, each { message }; a role without the right is 403; nothing is queued', async () => {
    const owner = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    const finance = await signInStaff(t, 'finance');
    const before = (await t.ports.outbox.list()).length;
    for (const [id, status] of [
      ['abc', 400],
      ['12', 400],
      ['email-', 400],
      ['email-0', 400],
      ['email-2147483648', 400],
      ['fax-1', 400],
      ['email-2147483647', 404],
      ['email-999999', 404],
      ['sms-1', 404],
    ] as const) {
      const res = await admin.browser.post(`/api/admin/messages/${id}/resend`, {});
      expect(res.status, id).toBe(status);
      expect(await res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    const [first] = (await (await admin.browser.get(`/api/admin/applications/${owner.application.id}/messages`)).json()) as Message[];
    expect((await finance.browser.get(`/api/admin/applications/${owner.application.id}/messages`)).status).toBe(200);
    expect((await finance.browser.post(`/api/admin/messages/${first!.id}/resend`, {})).status).toBe(403);
    expect((await owner.browser.post(`/api/admin/messages/${first!.id}/resend`, {})).status).toBe(403);
    expect((await admin.browser.get('/api/admin/applications/999999/messages')).status).toBe(404);
    expect((await admin.browser.get('/api/admin/applications/abc/messages')).status).toBe(400);
    expect((await t.ports.outbox.list()).length).toBe(before);
  });

  it('GET /api/applications/:id/border-pack is 404 before the e-visa is issued, and only ever its owner’s', async () => {
    const owner = await applicantWithApplication(t);
    const other = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    const url = `/api/applications/${owner.application.id}/border-pack`;
    const res = await owner.browser.get(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'The border pack is ready once your e-visa has been issued.' });
    expect((await other.browser.get(url)).status).toBe(404);
    expect((await admin.browser.get(url)).status).toBe(403);
  });
});
