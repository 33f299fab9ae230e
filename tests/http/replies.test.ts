import { describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { REPLY_EMPTY_MESSAGE, REPLY_NOT_EXPECTED_MESSAGE, REPLY_TOO_LONG_MESSAGE, REPLY_TOO_MANY_FILES_MESSAGE } from '../../core/domain/reply.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, FILES, signInAdmin, TestBrowser, type TestAgency } from '../support/http.js';
import { storedFiles } from '../support/memory-ports.js';

type Guarantee = { deadline: string | null; breached: boolean; workingDaysUsed: number; workingDaysTotal: number; paused: boolean };
type Owned = { id: number; applicationNumber: string; status: string; repliedAt: string | null; guarantee: Guarantee; timeline: { at: string; kind: string; message?: string }[] };
type ReplyBody = { id: number; applicationId: number; text: string; createdAt: string; documents: { id: number; type: string; fileName: string; contentType: string; fileUrl: string }[] };

/**
 * POST /api/applications/{id}/reply and GET /api/applications/{id}/replies (docs/product.md §16.7)
 * on every database: the reply, its documents and the clock are one write.
 */
describe.each(appDatabases())('replying to an information request on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  /** Paid on Monday 23 November 2026; staff ask for a hotel booking on Tuesday 24th (the clock pauses). */
  async function waitingOnTheApplicant(request: Record<string, unknown> = { additionalInfoMessage: 'Please send your hotel booking.' }) {
    t.clock.set(new Date('2026-11-23T10:00:00.000Z'));
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect((await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.pdf, name: 'passport.pdf' }, type: 'passport' })).status).toBe(201);
    const intent = await (await owner.browser.post(`/api/payments/initial/${id}`)).json();
    (t.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
    expect((await owner.browser.post(`/api/payments/initial/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
    const admin = await signInAdmin(t);
    t.clock.set(new Date('2026-11-24T11:00:00.000Z'));
    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'additional_info_required', ...request })).status).toBe(200);
    return { owner, admin, id };
  }

  const own = async (browser: TestBrowser, id: number) => ((await (await browser.get('/api/applications')).json()) as Owned[]).find((a) => a.id === id)!;
  const storedKeys = () => storedFiles(t.ports.files).keys();

  it('takes a reply with words only: 201, the clock runs again, a timeline step, a received entry in the delivery log', async () => {
    const { owner, admin, id } = await waitingOnTheApplicant();
    expect((await own(owner.browser, id)).guarantee).toMatchObject({ paused: true, workingDaysUsed: 0 });

    t.clock.set(new Date('2026-11-26T10:00:00.000Z')); // Thursday
    const res = await owner.browser.upload(`/api/applications/${id}/reply`, { text: 'Booked at the Nile Hotel, Cairo.' });
    expect(res.status).toBe(201);
    const reply = (await res.json()) as ReplyBody;
    expect(reply).toEqual({ id: expect.any(Number), applicationId: id, text: 'Booked at the Nile Hotel, Cairo.', createdAt: '2026-11-26T10:00:00.000Z', documents: [] });

    const after = await own(owner.browser, id);
    expect(after).toMatchObject({ status: 'additional_info_required', repliedAt: '2026-11-26T10:00:00.000Z' });
    // Tuesday and Wednesday were the applicant's: the deadline moved from Monday 30 November to Wednesday 2 December.
    expect(after.guarantee).toEqual({ deadline: '2026-12-02T23:59:59.999Z', breached: false, workingDaysUsed: 1, workingDaysTotal: 5, paused: false });
    expect(after.timeline.at(-1)).toEqual({ at: '2026-11-26T10:00:00.000Z', kind: 'reply', message: 'You replied to our request' });

    const log = (await (await admin.browser.get(`/api/admin/applications/${id}/messages`)).json()) as { id: string; channel: string; status: string; from?: string; to: string; at: string }[];
    expect(log[0]).toEqual({ id: `reply-${reply.id}`, channel: 'reply', template: 'applicant_reply', to: expect.any(String), from: owner.email, status: 'received', at: '2026-11-26T10:00:00.000Z' });
    const resend = await admin.browser.post(`/api/admin/messages/reply-${reply.id}/resend`);
    expect(resend.status).toBe(409);

    // Staff read the reply, and the admin list marks the application as answered.
    const staffRead = await admin.browser.get(`/api/applications/${id}/replies`);
    expect(staffRead.status).toBe(200);
    expect(await staffRead.json()).toEqual([reply]);
    const listed = (await (await admin.browser.get(`/api/admin/applications?tab=initial-payment&page=1&pageSize=25`)).json()) as {
      items: { application: { id: number; repliedAt: string | null } | null }[];
    };
    expect(listed.items.find((e) => e.application?.id === id)?.application?.repliedAt).toBe('2026-11-26T10:00:00.000Z');
  });

  it('takes documents (JPG, PNG, PDF by their content) with the words; the applicant and staff download them', async () => {
    const { owner, admin, id } = await waitingOnTheApplicant();
    const res = await owner.browser.request(`/api/applications/${id}/reply`, {
      method: 'POST',
      form: replyForm('Booking and ticket attached.', [
        { content: FILES.pdf, name: 'hotel booking.pdf' },
        { content: FILES.png, name: 'ticket.png' },
      ]),
    });
    expect(res.status).toBe(201);
    const reply = (await res.json()) as ReplyBody;
    expect(reply.documents.map((d) => [d.type, d.fileName, d.contentType])).toEqual([
      ['reply', 'hotel booking.pdf', 'application/pdf'],
      ['reply', 'ticket.png', 'image/png'],
    ]);
    const [pdf] = reply.documents;
    const download = await owner.browser.get(pdf!.fileUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(FILES.pdf))).toBe(true);
    expect((await admin.browser.get(pdf!.fileUrl)).status).toBe(200);
    const mine = await owner.browser.get(`/api/applications/${id}/replies`);
    expect(await mine.json()).toEqual([reply]);
    // They are the application's documents too, typed 'reply'.
    const documents = (await (await owner.browser.get(`/api/applications/${id}/documents`)).json()) as { type: string }[];
    expect(documents.filter((d) => d.type === 'reply')).toHaveLength(2);
  });

  it('refuses too long, empty, too many, a refused type and a file over 10 MB, storing nothing and leaving the clock paused', async () => {
    const { owner, id } = await waitingOnTheApplicant();
    const keys = storedKeys();
    const send = (form: FormData) => owner.browser.request(`/api/applications/${id}/reply`, { method: 'POST', form });

    const long = await send(replyForm('x'.repeat(4001)));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ message: REPLY_TOO_LONG_MESSAGE, errors: { text: [REPLY_TOO_LONG_MESSAGE] } });
    const empty = await send(replyForm('  \n  '));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: REPLY_EMPTY_MESSAGE, errors: { text: [REPLY_EMPTY_MESSAGE] } });
    const many = await send(
      replyForm(
        'Six',
        Array.from({ length: 6 }, (_, i) => ({ content: FILES.pdf, name: `page-${i}.pdf` })),
      ),
    );
    expect(many.status).toBe(400);
    expect(await many.json()).toEqual({ message: REPLY_TOO_MANY_FILES_MESSAGE, errors: { files: [REPLY_TOO_MANY_FILES_MESSAGE] } });
    // A GIF, and an executable named like a PDF, after a good file: nothing of the reply is kept.
    for (const bad of [
      { content: FILES.gif, name: 'photo.gif' },
      { content: FILES.exe, name: 'booking.pdf' },
    ]) {
      const refused = await send(replyForm('With a bad file', [{ content: FILES.pdf, name: 'ok.pdf' }, bad]));
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({ message: 'Please select a JPG, PNG, or PDF file.' });
    }
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(FILES.pdf);
    const tooLarge = await send(replyForm('Too large', [{ content: big, name: 'scan.pdf' }]));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: 'Please select a file smaller than 10MB.' });

    expect(storedKeys()).toEqual(keys);
    expect(await (await owner.browser.get(`/api/applications/${id}/replies`)).json()).toEqual([]);
    expect((await own(owner.browser, id)).guarantee.paused).toBe(true);
    // Exactly 4,000 characters is a reply.
    expect((await send(replyForm('y'.repeat(4000)))).status).toBe(201);
  });

  it('answers 404 to anyone but the owner, 403 to staff, 409 when nobody waits on the applicant', async () => {
    const { owner, admin, id } = await waitingOnTheApplicant();
    const stranger = await applicantWithApplication(t);
    const notMine = await stranger.browser.upload(`/api/applications/${id}/reply`, { text: 'Not mine' });
    expect(notMine.status).toBe(404);
    expect((await stranger.browser.get(`/api/applications/${id}/replies`)).status).toBe(404);
    expect((await admin.browser.upload(`/api/applications/${id}/reply`, { text: 'Staff do not answer for the applicant' })).status).toBe(403);
    expect((await new TestBrowser(t.app).upload(`/api/applications/${id}/reply`, { text: 'Signed out' })).status).toBe(401);

    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'under_process' })).status).toBe(200);
    const keys = storedKeys();
    const late = await owner.browser.request(`/api/applications/${id}/reply`, { method: 'POST', form: replyForm('Late', [{ content: FILES.pdf, name: 'late.pdf' }]) });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: REPLY_NOT_EXPECTED_MESSAGE });
    expect(storedKeys()).toEqual(keys);
    expect(await (await admin.browser.get(`/api/applications/${id}/replies`)).json()).toEqual([]);
  });

  it('keeps the passport re-upload beside it: a request for both takes a reply and the passport copy', async () => {
    const { owner, id } = await waitingOnTheApplicant({ additionalInfoMessage: 'Please send your hotel booking and a sharper passport copy.', requiresPassportReupload: true });
    t.clock.advance({ hours: 1 });
    expect((await owner.browser.upload(`/api/applications/${id}/reply`, { text: 'Hotel booking attached; passport follows.' })).status).toBe(201);
    expect(await own(owner.browser, id)).toMatchObject({ repliedAt: t.clock.now().toISOString(), guarantee: { paused: false } });
    t.clock.advance({ minutes: 30 });
    const passport = await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.png, name: 'passport.png' }, type: 'passport' });
    expect(passport.status).toBe(201);
    expect((await own(owner.browser, id)).timeline.slice(-2).map((s) => s.message)).toEqual(['You replied to our request', 'Passport re-uploaded']);
  });

  it('tells the track page that the reply arrived', async () => {
    const { owner } = await waitingOnTheApplicant();
    t.clock.set(new Date('2026-11-27T14:05:00.000Z'));
    expect((await owner.browser.upload(`/api/applications/${owner.application.id}/reply`, { text: 'Done.' })).status).toBe(201);
    const visitor = new TestBrowser(t.app, { ip: '198.51.100.77' });
    expect((await visitor.post('/api/track/request', { applicationNumber: owner.application.applicationNumber, email: owner.email })).status).toBe(200);
    const mails = (await t.ports.outbox.list({ to: owner.email })).filter((m) => m.template === 'tracking_code');
    const code = String(mails.at(-1)!.data.code);
    const tracked = (await (await visitor.post('/api/track/verify', { applicationNumber: owner.application.applicationNumber, email: owner.email, code })).json()) as {
      application: { nextStep: string; timeline: { kind: string; message?: string }[] };
    };
    expect(tracked.application.nextStep).toBe("We received your reply on Friday 27 November 2026; we're carrying on. We will email you if we need anything else.");
    expect(tracked.application.timeline.at(-1)).toMatchObject({ kind: 'reply', message: 'You replied to our request' });
    expect(JSON.stringify(tracked)).not.toContain('Done.');
  });
});

function replyForm(text: string, files: { content: Uint8Array; name: string }[] = []): FormData {
  const form = new FormData();
  form.append('text', text);
  for (const file of files) form.append('files', new File([file.content as BlobPart], file.name, { type: 'application/octet-stream' }));
  return form;
}
