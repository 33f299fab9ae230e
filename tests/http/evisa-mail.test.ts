import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, applicationForm, FILES, signInAdmin, signUp, type TestAgency } from '../support/http.js';

/**
 * The e-visa goes to the applicant on its own (docs/product.md §3.4), once, through the outbox and
 * its deliver-mail job: when staff attach it to an application whose final fee is paid or waived,
 * or when the fee is paid after it was attached. Staff may still send it again. The dashboard's
 * read says when it was actually sent. Checked on what was stored, on every database.
 */
describe.each(appDatabases())('the e-visa mail on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  const gateway = () => t.ports.gateway as MemoryPaymentGateway;
  type Owner = Awaited<ReturnType<typeof applicantWithApplication>>;
  type Admin = Awaited<ReturnType<typeof signInAdmin>>;

  async function pay(owner: Owner, type: 'initial' | 'final') {
    const id = owner.application.id;
    const intent = (await (await owner.browser.post(`/api/payments/${type}/${id}`, { startNow: true })).json()) as { paymentIntentId: string };
    gateway().succeed(intent.paymentIntentId);
    const confirm = await owner.browser.post(`/api/payments/${type}/confirm/${id}`, { paymentIntentId: intent.paymentIntentId });
    expect(confirm.status).toBe(200);
    return intent.paymentIntentId;
  }

  /** An applicant whose initial fee is paid, and staff who approve the application. */
  async function approved(): Promise<{ owner: Owner; admin: Admin; id: number }> {
    const owner = await applicantWithApplication(t);
    await pay(owner, 'initial');
    const admin = await signInAdmin(t);
    for (const status of ['under_process', 'verified', 'approved']) {
      expect((await admin.browser.put(`/api/admin/applications/${owner.application.id}/status`, { status })).status).toBe(200);
    }
    return { owner, admin, id: owner.application.id };
  }

  const attach = async (admin: Admin, id: number, name = 'e-visa.pdf') => {
    const res = await admin.browser.upload(`/api/admin/applications/${id}/visa-upload`, { visa: { content: FILES.pdf, name, type: 'application/pdf' } });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; fileName: string };
  };
  const evisaMails = async (to: string) => (await t.ports.outbox.list({ to })).filter((m) => m.template === 'evisa');
  const deliver = () => createJobRunner({ store: t.agency.persistence.jobs, log: () => undefined }).drain(jobDefinition(t.agency, 'deliver-mail'));
  const ownView = async (owner: Owner) => {
    const list = (await (await owner.browser.get('/api/applications')).json()) as { id: number; evisaSentAt: string | null; evisaMailedAt: string | null }[];
    return list.find((a) => a.id === owner.application.id)!;
  };

  it('attached before the final fee: nothing is mailed until the fee is paid, then the visa and the border pack go once', async () => {
    const { owner, admin, id } = await approved();
    const visa = await attach(admin, id);
    expect(await evisaMails(owner.email)).toEqual([]);
    expect((await t.ports.applications.findById(id))!.evisaMailedAt).toBeNull();

    await pay(owner, 'final');
    const mails = await evisaMails(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ applicationNumber: owner.application.applicationNumber, applicationId: id });
    const stored = (await t.ports.documents.listByApplication(id)).find((d) => d.id === visa.id)!;
    expect(mails[0]!.attachments).toEqual([{ storageKey: stored.storageKey, fileName: 'e-visa.pdf', contentType: 'application/pdf' }, { borderPackApplicationId: id }]);
    expect((await t.ports.applications.findById(id))!.evisaMailedAt).toEqual(t.clock.now());

    // Queued is not sent: the dashboard's read says sent only once the mail server took it.
    expect(await ownView(owner)).toMatchObject({ evisaSentAt: null, evisaMailedAt: t.clock.now().toISOString() });
    t.clock.advance({ minutes: 3 });
    await deliver();
    expect((await evisaMails(owner.email))[0]!.sentAt).toEqual(t.clock.now());
    expect((await ownView(owner)).evisaSentAt).toBe(t.clock.now().toISOString());
  });

  it('attached while the final fee is confirmed, at the same moment: one of the two commits mails it, once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { owner, admin, id } = await approved();
      const intent = (await (await owner.browser.post(`/api/payments/final/${id}`, {})).json()) as { paymentIntentId: string };
      gateway().succeed(intent.paymentIntentId);
      const [uploaded, confirmed] = await Promise.all([
        admin.browser.upload(`/api/admin/applications/${id}/visa-upload`, { visa: { content: FILES.pdf, name: 'e-visa.pdf', type: 'application/pdf' } }),
        owner.browser.post(`/api/payments/final/confirm/${id}`, { paymentIntentId: intent.paymentIntentId }),
      ]);
      expect([uploaded.status, confirmed.status]).toEqual([201, 200]);
      const stored = (await t.ports.applications.findById(id))!;
      expect(stored.finalPaymentId).toBe(intent.paymentIntentId);
      expect(stored.evisaMailedAt).not.toBeNull();
      expect(await evisaMails(owner.email)).toHaveLength(1);
    }
  });

  it('attached after the final fee: the upload mails it, once, and the audit log says it went on its own', async () => {
    const { owner, admin, id } = await approved();
    await pay(owner, 'final');
    expect(await evisaMails(owner.email)).toEqual([]);
    expect((await ownView(owner)).evisaSentAt).toBeNull();

    const visa = await attach(admin, id);
    const mails = await evisaMails(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments?.[0]).toMatchObject({ fileName: visa.fileName });
    const audit = (await t.ports.audit.list({ applicationId: id, limit: 50 })).filter((e) => e.action === 'application.evisa_sent');
    expect(audit).toMatchObject([{ actorEmail: admin.email, detail: { automatic: true, to: owner.email } }]);
  });

  it('a final fee waived under the guarantee (late approval), then the visa attached: mailed once', async () => {
    const owner = await applicantWithApplication(t);
    await pay(owner, 'initial');
    const id = owner.application.id;
    const admin = await signInAdmin(t);
    for (const status of ['under_process', 'verified']) {
      expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    t.clock.advance({ days: 14 }); // well past the 5th working day
    const late = await signInAdmin(t);
    expect((await late.browser.put(`/api/admin/applications/${id}/status`, { status: 'approved' })).status).toBe(200);
    const waived = (await t.ports.applications.findById(id))!;
    expect(waived).toMatchObject({ status: 'final_payment_received', finalPaymentId: `waived_${id}` });
    expect(await evisaMails(owner.email)).toEqual([]);

    await attach(late, id);
    expect(await evisaMails(owner.email)).toHaveLength(1);
  });

  it('twice is once: the payment confirmed again and a replacement visa mail nothing more; staff can still send it again', async () => {
    const { owner, admin, id } = await approved();
    await attach(admin, id);
    const paymentIntentId = await pay(owner, 'final');
    const replay = await owner.browser.post(`/api/payments/final/confirm/${id}`, { paymentIntentId });
    expect(replay.status).toBe(200);
    expect((await replay.json()).recorded).toBe(false);
    await attach(admin, id, 'corrected-e-visa.pdf');
    expect(await evisaMails(owner.email)).toHaveLength(1);
    const mailedAt = (await t.ports.applications.findById(id))!.evisaMailedAt;

    // 'Send E-Visa Email' sends the visa as it is now, and leaves the once-only mark alone.
    t.clock.advance({ minutes: 1 });
    const resend = await admin.browser.post(`/api/admin/applications/${id}/send-evisa`, {});
    expect(resend.status).toBe(200);
    const mails = await evisaMails(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => (m.attachments?.[0] as { fileName: string }).fileName).sort()).toEqual(['corrected-e-visa.pdf', 'e-visa.pdf']);
    expect((await t.ports.applications.findById(id))!.evisaMailedAt).toEqual(mailedAt);
  });

  it('nothing is mailed while the final fee is due, and an applicant who asked for texts is texted with the mail', async () => {
    // A mobile number texts can reach (the default test number is a drama number).
    const applicant = await signUp(t.app, { phoneNumber: '07400 123456' });
    const created = await applicant.browser.post('/api/applications', applicationForm(t.clock, { smsUpdates: true }));
    expect(created.status).toBe(201);
    const owner: Owner = { ...applicant, application: (await created.json()) as Owner['application'] };
    await pay(owner, 'initial');
    const admin = await signInAdmin(t);
    const id = owner.application.id;
    for (const status of ['under_process', 'verified', 'approved']) {
      expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status })).status).toBe(200);
    }
    await attach(admin, id);
    const texts = async () => (await t.ports.texts.listByApplication(id)).filter((x) => x.template === 'evisa_sent');
    expect(await texts()).toEqual([]);
    await pay(owner, 'final');
    expect(await evisaMails(owner.email)).toHaveLength(1);
    expect(await texts()).toHaveLength(1);
  });
});
