import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import { fileContent, storedFiles } from '../support/memory-ports.js';
import { errors } from '../../core/domain/errors.js';
import { applicantWithApplication, applicationForm, FILES, makeMemoryApp, signInAdmin, signUp, TestBrowser, type TestAgency } from '../support/http.js';

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

/** What the store holds (encrypted). */
const files = () => storedFiles(t.ports.files);

describe('applications', () => {
  it('creates an application in online_entry and lists it for its owner only', async () => {
    const { browser, user } = await signUp(t.app);
    const res = await browser.post('/api/applications', applicationForm(t.clock, { status: 'approved', initialPaymentId: 'pi_fake' }));
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ userId: user.id, status: 'online_entry', initialPaymentId: null, givenName: 'Ada', entry: 'Single' });
    expect(created.applicationNumber).toMatch(/^EV-/);
    expect(created.guarantee).toEqual({ deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false });

    const list = await (await browser.get('/api/applications')).json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([created.id]);
    const other = await signUp(t.app);
    expect(await (await other.browser.get('/api/applications')).json()).toEqual([]);
    expect((await t.ports.applications.findById(created.id))?.status).toBe('online_entry');
  });

  it('answers 400 with the messages of docs/product.md §5.3 for an invalid form and stores nothing', async () => {
    const { browser, user } = await signUp(t.app);
    const res = await browser.post('/api/applications', applicationForm(t.clock, { privacyPolicyAccepted: false, expectedArrivalDate: applicationForm(t.clock).dateOfBirth }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.privacyPolicyAccepted).toEqual(['You must accept the privacy policy to continue']);
    expect(body.errors.expectedArrivalDate).toEqual(['Arrival date must be at least 3 days from today']);
    expect(await t.ports.applications.listByUser(user.id)).toEqual([]);
  });

  it('refuses an unsupported nationality with the message naming the agency email', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.post('/api/applications', applicationForm(t.clock, { nationality: 'Afghanistan', countryOfBirth: 'Afghanistan' }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(`We currently do not process applications for your nationality. Please contact us at ${t.agency.config.agencyEmail} for further support.`);
  });

  it('reads one application for its owner and an admin; another applicant gets 404', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    expect((await owner.browser.get(`/api/applications/${id}`)).status).toBe(200);
    const admin = await signInAdmin(t);
    expect((await admin.browser.get(`/api/applications/${id}`)).status).toBe(200);
    const stranger = await signUp(t.app);
    const res = await stranger.browser.get(`/api/applications/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    expect((await owner.browser.get('/api/applications/999999')).status).toBe(404);
  });

  it('saves address details (PATCH) and ignores other fields', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const res = await owner.browser.patch(`/api/applications/${id}`, {
      address: '1 Nile St',
      city: 'London',
      postcode: 'N1 1AA',
      hotelDetails: 'Cairo Marriott',
      status: 'approved',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ address: '1 Nile St', city: 'London', postcode: 'N1 1AA', hotelDetails: 'Cairo Marriott', status: 'online_entry' });
    expect(await t.ports.applications.findById(id)).toMatchObject({ city: 'London', status: 'online_entry' });
  });

  it('refuses empty address fields with the messages of docs/product.md §5.7', async () => {
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.patch(`/api/applications/${owner.application.id}`, { address: '', city: ' ', postcode: '', hotelDetails: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Address is required',
      errors: {
        address: ['Address is required'],
        city: ['City is required'],
        postcode: ['Postcode is required'],
        hotelDetails: ['Hotel details are required'],
      },
    });
  });

  it('a stranger cannot change someone else’s address (404, nothing stored)', async () => {
    const owner = await applicantWithApplication(t);
    const stranger = await signUp(t.app);
    const res = await stranger.browser.patch(`/api/applications/${owner.application.id}`, {
      address: 'x',
      city: 'y',
      postcode: 'z',
      hotelDetails: 'w',
    });
    expect(res.status).toBe(404);
    expect((await t.ports.applications.findById(owner.application.id))?.address).toBeNull();
  });
});

describe('passport upload and documents', () => {
  it('stores the passport under a random key, keeps the original name, and lists it with its download URL', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const res = await owner.browser.upload(`/api/applications/${id}/documents`, {
      file: { content: FILES.pdf, name: 'My Passport.pdf', type: 'application/pdf' },
      type: 'passport',
    });
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({ applicationId: id, type: 'passport', fileName: 'My Passport.pdf', status: 'pending', contentType: 'application/pdf' });
    expect(doc.fileUrl).toBe(`/api/documents/${doc.id}/file`);
    expect(doc).not.toHaveProperty('storageKey');
    const stored = await t.ports.documents.findById(doc.id);
    expect(stored!.storageKey).not.toContain('Passport');
    // Stored encrypted at rest (no PDF signature, no byte of it), read back whole.
    expect(files().contentOf(stored!.storageKey)!.subarray(0, 5).toString()).toBe('EVENC');
    expect(files().contentOf(stored!.storageKey)!.includes(Buffer.from(FILES.pdf))).toBe(false);
    expect(await fileContent(t.ports.files, stored!.storageKey)).toEqual(Buffer.from(FILES.pdf));

    const list = await (await owner.browser.get(`/api/applications/${id}/documents`)).json();
    expect(list).toEqual([expect.objectContaining({ id: doc.id, type: 'passport', fileName: 'My Passport.pdf', fileUrl: doc.fileUrl })]);
  });

  it('decides the type by content: a PNG named .pdf is a PNG; an executable named .pdf is 415', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const png = await owner.browser.upload(`/api/applications/${id}/documents`, {
      file: { content: FILES.png, name: 'scan.pdf', type: 'application/pdf' },
      type: 'passport',
    });
    expect(png.status).toBe(201);
    expect((await png.json()).contentType).toBe('image/png');

    const other = await applicantWithApplication(t);
    for (const content of [FILES.exe, FILES.gif]) {
      const res = await other.browser.upload(`/api/applications/${other.application.id}/documents`, {
        file: { content, name: 'passport.pdf', type: 'application/pdf' },
        type: 'passport',
      });
      expect(res.status).toBe(415);
      // Passport copies may also be a phone's HEIC photo (stored as JPEG).
      expect(await res.json()).toEqual({ message: 'Please select a JPG, PNG, HEIC or PDF file.' });
    }
    expect(await t.ports.documents.listByApplication(other.application.id)).toEqual([]);
  });

  it('stores and serves a file under a cleaned base name with the extension of its sniffed type, never the client’s', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const res = await owner.browser.upload(`/api/applications/${id}/documents`, {
      file: { content: FILES.jpeg, name: '../../etc/passwd<script>.html', type: 'text/html' },
      type: 'passport',
    });
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({ fileName: 'passwdscript.jpg', contentType: 'image/jpeg' });
    expect((await t.ports.documents.findById(doc.id))!.fileName).toBe('passwdscript.jpg');

    const download = await owner.browser.get(doc.fileUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="passwdscript.jpg"; filename*=UTF-8''passwdscript.jpg`);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const owner = await applicantWithApplication(t);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(FILES.pdf);
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, {
      file: { content: big, name: 'big.pdf', type: 'application/pdf' },
      type: 'passport',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Please select a file smaller than 10MB.' });
    expect(await t.ports.documents.listByApplication(owner.application.id)).toEqual([]);
    expect(files().keys()).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const owner = await applicantWithApplication(t);
    const exact = new Uint8Array(10 * 1024 * 1024);
    exact.set(FILES.jpeg);
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, {
      file: { content: exact, name: 'exact.jpg', type: 'image/jpeg' },
      type: 'passport',
    });
    expect(res.status).toBe(201);
    expect((await res.json()).size).toBe(10 * 1024 * 1024);
  });

  it('answers 413 at once when Content-Length announces too much, before reading the body', async () => {
    const owner = await applicantWithApplication(t);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 3) controller.close();
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await owner.browser.request(`/api/applications/${owner.application.id}/documents`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(20 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('answers 400 with the message of docs/product.md §5.6 for a non-numeric application id', async () => {
    const owner = await applicantWithApplication(t);
    for (const bad of ['abc', '1.5', '-1', '0', '12abc']) {
      const res = await owner.browser.upload(`/api/applications/${bad}/documents`, {
        file: { content: FILES.pdf, name: 'p.pdf' },
        type: 'passport',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Invalid application ID. Please refresh the page and try again.' });
    }
  });

  it('answers 400 without a file, 400 for another document type, 415 for a JSON body', async () => {
    const owner = await applicantWithApplication(t);
    const url = `/api/applications/${owner.application.id}/documents`;
    const none = await owner.browser.upload(url, { type: 'passport' });
    expect(none.status).toBe(400);
    const visa = await owner.browser.upload(url, { file: { content: FILES.pdf, name: 'v.pdf' }, type: 'visa' });
    expect(visa.status).toBe(400);
    expect((await visa.json()).message).toBe('Only a passport copy can be uploaded here.');
    const json = await owner.browser.post(url, { file: 'x' });
    expect(json.status).toBe(415);
    expect(await t.ports.documents.listByApplication(owner.application.id)).toEqual([]);
  });

  it('a second passport is refused (409) until a re-upload is requested', async () => {
    const owner = await applicantWithApplication(t);
    const url = `/api/applications/${owner.application.id}/documents`;
    expect((await owner.browser.upload(url, { file: { content: FILES.pdf, name: 'a.pdf' }, type: 'passport' })).status).toBe(201);
    const again = await owner.browser.upload(url, { file: { content: FILES.pdf, name: 'b.pdf' }, type: 'passport' });
    expect(again.status).toBe(409);
    expect(await t.ports.documents.listByApplication(owner.application.id)).toHaveLength(1);
  });

  it('another applicant cannot upload to, list or download someone else’s documents (404)', async () => {
    const owner = await applicantWithApplication(t);
    const id = owner.application.id;
    const doc = await (await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.pdf, name: 'p.pdf' } })).json();
    const stranger = await signUp(t.app);
    expect((await stranger.browser.upload(`/api/applications/${id}/documents`, { file: { content: FILES.pdf, name: 'x.pdf' } })).status).toBe(404);
    expect((await stranger.browser.get(`/api/applications/${id}/documents`)).status).toBe(404);
    const download = await stranger.browser.get(`/api/documents/${doc.id}/file`);
    expect(download.status).toBe(404);
    expect(await t.ports.documents.listByApplication(id)).toHaveLength(1);
  });

  it('downloads as an attachment for the owner and an admin, with the stored bytes', async () => {
    const owner = await applicantWithApplication(t);
    const doc = await (await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, { file: { content: FILES.png, name: 'Pässport scan.png' } })).json();
    for (const who of [owner, await signInAdmin(t)]) {
      const res = await who.browser.get(`/api/documents/${doc.id}/file`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="P_ssport scan.png"; filename\*=UTF-8''P%C3%A4ssport%20scan.png$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(FILES.png);
    }
    expect((await new TestBrowser(t.app).get(`/api/documents/${doc.id}/file`)).status).toBe(401);
    expect((await owner.browser.get('/api/documents/abc/file')).status).toBe(400);
    expect((await owner.browser.get('/api/documents/999999/file')).status).toBe(404);
  });

  it('answers 503 and writes no document row when storage is down', async () => {
    const down = await makeMemoryApp();
    try {
      const owner = await applicantWithApplication(down);
      (down.ports.files as MemoryFileStorage).put = async () => {
        throw errors.unavailable('storage', 'File storage is unavailable. Please try again shortly.');
      };
      const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, { file: { content: FILES.pdf, name: 'p.pdf' } });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'File storage is unavailable. Please try again later.' });
      expect(await down.ports.documents.listByApplication(owner.application.id)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
