import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUES } from '../../core/domain/jobs.js';
import { PassportScanner, PORTAL_MAX_BYTES } from '../../adapters/passport/index.js';
import { readTd3 } from '../../adapters/passport/mrz-text.js';
import { HEIC_UNREADABLE_MESSAGE } from '../../core/use-cases/attach-passport.js';
import { PORTAL_COPY_UNREADABLE_MESSAGE } from '../../core/use-cases/portal-copy.js';
import { BRITISH_READING, BRITISH_TRAVELLER, passportJpeg, passportPng, td3Lines } from '../../bench/support/synthetic-passport.js';
import type { FakePassportReader } from '../support/fakes.js';
import { applicantWithApplication, FILES, makeMemoryApp, signInAdmin, type TestAgency, type TestBrowser } from '../support/http.js';
import { fileContent, storedFiles } from '../support/memory-ports.js';

const HEIC = readFileSync(new URL('../fixtures/passport-british.heic', import.meta.url));

/** What BRITISH_TRAVELLER types into the form (the synthetic passport's own data). */
const TYPED_AS_PASSPORT = {
  givenName: 'Alice Jane',
  surname: 'Smith',
  passportNumber: '925076473',
  nationality: 'United Kingdom',
  dateOfBirth: '1990-05-01',
  gender: 'female',
  passportExpiry: '2031-01-01',
};

interface CheckedApplication {
  id: number;
  passportCheck: { status: string; mismatches: string[] } | null;
  passportScan: { documentId: number; status: string; scan?: { fields: Record<string, string | null>; valid: boolean } } | null;
}

async function readApplication(browser: TestBrowser, id: number): Promise<CheckedApplication> {
  const res = await browser.get(`/api/applications/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckedApplication;
}

/** The application once its passport check is no longer pending (its job runs after the upload's answer). */
async function checked(browser: TestBrowser, id: number, timeout = 5_000): Promise<CheckedApplication> {
  return vi.waitFor(
    async () => {
      const application = await readApplication(browser, id);
      expect(application.passportCheck?.status).not.toBe('pending');
      return application;
    },
    { timeout, interval: 20 },
  );
}

function uploadPassport(browser: TestBrowser, id: number, content: Uint8Array, name = 'passport.jpg', type = 'image/jpeg') {
  return browser.upload(`/api/applications/${id}/documents`, { file: { content, name, type }, type: 'passport' });
}

describe('passport check after an upload (scanner stand-in)', () => {
  let t: TestAgency;
  let reader: FakePassportReader;
  beforeEach(async () => {
    t = await makeMemoryApp();
    await t.workJobs();
    reader = t.ports.passportReader as FakePassportReader;
  });
  afterEach(async () => {
    await t.close();
  });

  it('has no check before a passport is attached', async () => {
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    expect((await readApplication(owner.browser, owner.application.id)).passportCheck).toBeNull();
  });

  it("reads the new passport's MRZ after the answer and stores 'match' for the owner and the admin", async () => {
    reader.answers(BRITISH_READING);
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const id = owner.application.id;
    const res = await uploadPassport(owner.browser, id, FILES.jpeg);
    expect(res.status).toBe(201);
    const document = (await res.json()) as { id: number };
    const application = await checked(owner.browser, id);
    expect(application.passportCheck).toEqual({ status: 'match', mismatches: [] });
    expect(application.passportScan).toMatchObject({ documentId: document.id, status: 'read', scan: { valid: true, fields: { surname: 'SMITH' } } });
    // The scanner read the stored file.
    expect(reader.images).toEqual([{ body: Buffer.from(FILES.jpeg), contentType: 'image/jpeg' }]);
    const stored = await t.ports.applications.findById(id);
    expect(stored?.passportScan).toMatchObject({ documentId: document.id, status: 'read' });

    const admin = await signInAdmin(t);
    // The full list of docs/product.md §7.6: each element is the application's own fields with its user attached.
    const list = (await (await admin.browser.get('/api/admin/applications')).json()) as (CheckedApplication & { id: number | null })[];
    expect(list.find((e) => e.id === id)?.passportCheck).toEqual({ status: 'match', mismatches: [] });
    const page = (await (await admin.browser.get('/api/admin/applications?tab=online-entries')).json()) as { items: { application: CheckedApplication }[] };
    expect(page.items.find((e) => e.application.id === id)?.application.passportCheck).toEqual({ status: 'match', mismatches: [] });
  });

  it("lists the typed fields that differ from the MRZ as 'mismatch'", async () => {
    reader.answers(BRITISH_READING);
    const owner = await applicantWithApplication(t, { ...TYPED_AS_PASSPORT, surname: 'Smyth', passportNumber: '925076478', dateOfBirth: '1990-01-05' });
    expect((await uploadPassport(owner.browser, owner.application.id, FILES.png, 'p.png', 'image/png')).status).toBe(201);
    expect((await checked(owner.browser, owner.application.id)).passportCheck).toEqual({
      status: 'mismatch',
      mismatches: ['surname', 'passportNumber', 'dateOfBirth'],
    });
  });

  it("stores 'unreadable' when no zone can be read, or when a check digit fails", async () => {
    reader.answers(null);
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    expect((await uploadPassport(owner.browser, owner.application.id, FILES.pdf, 'p.pdf', 'application/pdf')).status).toBe(201);
    expect((await checked(owner.browser, owner.application.id)).passportCheck).toEqual({ status: 'unreadable', mismatches: [] });

    const lines = td3Lines(BRITISH_TRAVELLER);
    reader.answers(readTd3([lines[0], `${lines[1].slice(0, 19)}0${lines[1].slice(20)}`]));
    const other = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    expect((await uploadPassport(other.browser, other.application.id, FILES.jpeg)).status).toBe(201);
    expect((await checked(other.browser, other.application.id)).passportCheck).toEqual({ status: 'unreadable', mismatches: [] });
  });

  it("says 'pending' while the scanner is busy, and reads the passport at its job's retry", async () => {
    reader.answers('busy');
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    expect((await uploadPassport(owner.browser, owner.application.id, FILES.jpeg)).status).toBe(201);
    await vi.waitFor(async () =>
      expect((await t.agency.persistence.jobs.stats()).find((queue) => queue.name === 'check-passport')).toMatchObject({
        name: 'check-passport',
        queued: 1,
        lastError: { message: expect.stringContaining('busy') },
      }),
    );
    expect((await readApplication(owner.browser, owner.application.id)).passportCheck).toEqual({ status: 'pending', mismatches: [] });
    reader.answers(BRITISH_READING);
    // The check-passport queue's first retry delay passes.
    t.clock.advance({ seconds: QUEUES['check-passport'].retryDelaySeconds });
    expect((await checked(owner.browser, owner.application.id)).passportCheck).toEqual({ status: 'match', mismatches: [] });
  });

  it('a reading queued while no node works the jobs is done by the next one that does', async () => {
    await t.stopJobs();
    reader.answers(BRITISH_READING);
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    expect((await uploadPassport(owner.browser, owner.application.id, FILES.jpeg)).status).toBe(201);
    expect((await readApplication(owner.browser, owner.application.id)).passportCheck).toEqual({ status: 'pending', mismatches: [] });
    // A node starts (or another node polls): the job is waiting in the database.
    await t.workJobs();
    expect((await checked(owner.browser, owner.application.id)).passportCheck).toEqual({ status: 'match', mismatches: [] });
  });

  it('checks a re-upload again: the new document replaces the old reading', async () => {
    reader.answers(BRITISH_READING);
    const owner = await applicantWithApplication(t, { ...TYPED_AS_PASSPORT, surname: 'Smyth' });
    const id = owner.application.id;
    expect((await uploadPassport(owner.browser, id, FILES.jpeg)).status).toBe(201);
    expect((await checked(owner.browser, id)).passportCheck?.status).toBe('mismatch');
    const admin = await signInAdmin(t);
    const asked = await admin.browser.put(`/api/admin/applications/${id}/status`, {
      status: 'additional_info_required',
      additionalInfoMessage: 'Please upload a clearer copy',
      requiresPassportReupload: true,
    });
    expect(asked.status).toBe(200);
    reader.answers(null);
    const again = await uploadPassport(owner.browser, id, FILES.png, 'p.png', 'image/png');
    expect(again.status).toBe(201);
    const newDocument = (await again.json()) as { id: number };
    const application = await checked(owner.browser, id);
    expect(application.passportScan).toEqual({ documentId: newDocument.id, status: 'unreadable' });
    expect(application.passportCheck).toEqual({ status: 'unreadable', mismatches: [] });
  });

  it('stores a HEIC photo as the JPEG the scanner made of it, and refuses one it cannot decode with nothing stored', async () => {
    reader.answers(BRITISH_READING);
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const id = owner.application.id;
    const res = await uploadPassport(owner.browser, id, HEIC, 'IMG_0042.HEIC', 'image/heic');
    expect(res.status).toBe(201);
    const document = (await res.json()) as { id: number; fileName: string; contentType: string };
    expect(document).toMatchObject({ fileName: 'IMG_0042.jpg', contentType: 'image/jpeg' });
    expect(reader.conversions).toEqual([{ kind: 'heic', body: HEIC }]);
    const stored = await t.ports.documents.findById(document.id);
    expect(await fileContent(t.ports.files, stored!.storageKey)).toEqual(reader.jpeg);

    const other = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const keysBefore = storedFiles(t.ports.files).keys();
    reader.jpeg = null;
    const refused = await uploadPassport(other.browser, other.application.id, HEIC.subarray(0, 600), 'broken.heic', 'image/heic');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: HEIC_UNREADABLE_MESSAGE, errors: { file: [HEIC_UNREADABLE_MESSAGE] } });
    expect(await t.ports.documents.listByApplication(other.application.id)).toEqual([]);
    expect(storedFiles(t.ports.files).keys()).toEqual(keysBefore);
    expect((await readApplication(other.browser, other.application.id)).passportCheck).toBeNull();
  });

  it('gives staff the portal copy of a passport document; nobody else', async () => {
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const upload = await uploadPassport(owner.browser, owner.application.id, FILES.png, 'My Passport.png', 'image/png');
    const document = (await upload.json()) as { id: number };
    const admin = await signInAdmin(t);

    const res = await admin.browser.get(`/api/admin/documents/${document.id}/portal-copy`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toContain('My Passport-portal.jpg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(reader.jpeg);
    expect(reader.conversions.at(-1)).toEqual({ kind: 'portal', body: Buffer.from(FILES.png) });
    // Recorded in the audit log (docs/product.md §6.5) before the copy was sent.
    expect(await t.ports.audit.list({ limit: 1 })).toMatchObject([
      { action: 'document.portal_copy', actorId: admin.user.id, targetType: 'document', targetId: String(document.id), applicationId: owner.application.id, detail: { documentType: 'passport' } },
    ]);

    expect((await owner.browser.get(`/api/admin/documents/${document.id}/portal-copy`)).status).toBe(403);
    expect((await admin.browser.get(`/api/admin/documents/${document.id + 100}/portal-copy`)).status).toBe(404);
    expect((await admin.browser.get('/api/admin/documents/abc/portal-copy')).status).toBe(400);

    reader.jpeg = null;
    const refused = await admin.browser.get(`/api/admin/documents/${document.id}/portal-copy`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: PORTAL_COPY_UNREADABLE_MESSAGE });
  });
});

describe('passport check and portal copy with the real scanner (synthetic passports)', () => {
  let t: TestAgency;
  let scanner: PassportScanner;
  beforeAll(async () => {
    scanner = new PassportScanner({ workers: 1, timeoutMs: 120_000 });
    t = await makeMemoryApp({ overrides: { passportReader: scanner } });
    await t.workJobs();
  });
  afterAll(async () => {
    await t.close();
    await scanner.close();
  });

  it("a phone's HEIC photo is stored as JPEG, read as 'match', and its portal copy fits the portal", async () => {
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const res = await uploadPassport(owner.browser, owner.application.id, HEIC, 'IMG_0001.heic', 'image/heic');
    expect(res.status).toBe(201);
    const document = (await res.json()) as { id: number; contentType: string };
    expect(document.contentType).toBe('image/jpeg');
    const stored = (await fileContent(t.ports.files, (await t.ports.documents.findById(document.id))!.storageKey))!;
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    expect((await checked(owner.browser, owner.application.id, 90_000)).passportCheck).toEqual({ status: 'match', mismatches: [] });

    const admin = await signInAdmin(t);
    const copy = await admin.browser.get(`/api/admin/documents/${document.id}/portal-copy`);
    expect(copy.status).toBe(200);
    const jpeg = Buffer.from(await copy.arrayBuffer());
    expect(jpeg.length).toBeLessThanOrEqual(PORTAL_MAX_BYTES);
    const { format, width, height } = await sharp(jpeg).metadata();
    expect(format).toBe('jpeg');
    expect(Math.max(width, height)).toBeGreaterThanOrEqual(1000);
  }, 120_000);

  it("flags the typed fields that differ from a synthetic passport photo as 'mismatch'", async () => {
    const owner = await applicantWithApplication(t, { ...TYPED_AS_PASSPORT, givenName: 'Alice', passportExpiry: '2031-10-01' });
    const photo = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, width: 1600 });
    expect((await uploadPassport(owner.browser, owner.application.id, photo)).status).toBe(201);
    expect((await checked(owner.browser, owner.application.id, 90_000)).passportCheck).toEqual({
      status: 'mismatch',
      mismatches: ['givenName', 'passportExpiry'],
    });
  }, 120_000);

  it("marks a page without an MRZ, and a truncated PNG, 'unreadable'; the server keeps answering", async () => {
    const owner = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const blank = await passportPng({ mrz: null, person: BRITISH_TRAVELLER, width: 1200 });
    expect((await uploadPassport(owner.browser, owner.application.id, blank, 'page.png', 'image/png')).status).toBe(201);
    expect((await checked(owner.browser, owner.application.id, 90_000)).passportCheck).toEqual({ status: 'unreadable', mismatches: [] });

    const other = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const truncated = blank.subarray(0, Math.floor(blank.length / 3));
    const res = await uploadPassport(other.browser, other.application.id, truncated, 'cut.png', 'image/png');
    expect(res.status).toBe(201);
    const document = (await res.json()) as { id: number };
    expect((await checked(other.browser, other.application.id, 60_000)).passportCheck).toEqual({ status: 'unreadable', mismatches: [] });
    const admin = await signInAdmin(t);
    expect((await admin.browser.get(`/api/admin/documents/${document.id}/portal-copy`)).status).toBe(422);
    // A truncated HEIC is refused at the upload, with nothing stored.
    const third = await applicantWithApplication(t, TYPED_AS_PASSPORT);
    const heic = await uploadPassport(third.browser, third.application.id, HEIC.subarray(0, 400), 'cut.heic', 'image/heic');
    expect(heic.status).toBe(400);
    expect(await heic.json()).toMatchObject({ message: HEIC_UNREADABLE_MESSAGE });
    expect(await t.ports.documents.listByApplication(third.application.id)).toEqual([]);
    expect((await third.browser.get('/api/applications')).status).toBe(200);
  }, 180_000);
});
