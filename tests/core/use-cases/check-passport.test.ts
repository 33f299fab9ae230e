import { describe, expect, it } from 'vitest';
import { readTd3 } from '../../../adapters/passport/mrz-text.js';
import { BRITISH_TRAVELLER, td3Lines } from '../../../bench/support/synthetic-passport.js';
import { HEIC_UNREADABLE_MESSAGE } from '../../../core/use-cases/attach-passport.js';
import { PORTAL_COPY_UNREADABLE_MESSAGE } from '../../../core/use-cases/portal-copy.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { domainError, makeAdmin, PDF_BYTES, pdfFile, registerApplicant, validForm } from '../helpers.js';

/** The synthetic British traveller's form, as the passport says it. */
const asPassport = validForm({
  givenName: 'Alice Jane',
  surname: 'Smith',
  passportNumber: '925076473',
  nationality: 'United Kingdom',
  countryOfBirth: 'United Kingdom',
  dateOfBirth: '1990-05-01',
  gender: 'female',
  passportExpiry: '2031-01-01',
});

async function withPassport() {
  const { ports, uc } = makeMemoryAgency();
  const actor = await registerApplicant(uc);
  const application = await uc.createApplication(actor, asPassport);
  const document = await uc.attachPassport(actor, application.id, pdfFile());
  return { ports, uc, actor, application, document };
}

describe('checkPassport and the pending reading', () => {
  it("marks the application's reading pending at the upload, then stores what the MRZ says", async () => {
    const { ports, uc, actor, application, document } = await withPassport();
    expect((await uc.getApplication(actor, application.id)).passportCheck).toEqual({ status: 'pending', mismatches: [] });
    ports.passportReader.answers(readTd3(td3Lines(BRITISH_TRAVELLER)));
    expect(await uc.checkPassport(document.id)).toEqual({ status: 'match', mismatches: [] });
    const read = await uc.getApplication(actor, application.id);
    expect(read.passportCheck).toEqual({ status: 'match', mismatches: [] });
    expect(read.passportScan).toMatchObject({ documentId: document.id, status: 'read', scan: { valid: true } });
    expect(ports.passportReader.images).toEqual([{ body: PDF_BYTES, contentType: 'application/pdf' }]);
  });

  it("answers 'unreadable' when the stored file is gone, and nothing for a document that is not a passport", async () => {
    const { ports, uc, document } = await withPassport();
    await ports.files.delete(document.storageKey);
    expect(await uc.checkPassport(document.id)).toEqual({ status: 'unreadable', mismatches: [] });
    expect(ports.passportReader.images).toEqual([]);
    expect(await uc.checkPassport(document.id + 99)).toBeNull();
  });

  it('leaves the reading pending when the scanner is busy (its job tries again)', async () => {
    const { ports, uc, actor, application, document } = await withPassport();
    ports.passportReader.answers('busy');
    await domainError(uc.checkPassport(document.id), 'Unavailable');
    expect((await uc.getApplication(actor, application.id)).passportCheck?.status).toBe('pending');
    expect(await ports.applications.listPendingPassportScans(10)).toEqual([document.id]);
  });

  it('queues a check-passport job with each passport copy, in the same write', async () => {
    const { ports, document } = await withPassport();
    const [job] = await ports.persistence.jobs.fetch('check-passport', 10);
    expect(job).toMatchObject({ input: { documentId: document.id }, retryCount: 0 });
  });
});

describe('HEIC passport uploads', () => {
  it('stores the JPEG the scanner made, under a .jpg name', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const application = await uc.createApplication(actor, asPassport);
    const heic = Buffer.from('....ftypheic-photo-bytes');
    const document = await uc.attachPassport(actor, application.id, { body: heic, fileName: 'IMG_1.HEIC', contentType: 'image/heic', size: heic.length });
    expect(document).toMatchObject({ contentType: 'image/jpeg', fileName: 'IMG_1.jpg', size: ports.passportReader.jpeg!.length });
    expect(ports.passportReader.conversions).toEqual([{ kind: 'heic', body: heic }]);
  });

  it('refuses one the scanner cannot decode, storing nothing', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const application = await uc.createApplication(actor, asPassport);
    ports.passportReader.jpeg = null;
    const heic = Buffer.from('....ftypheic-cut');
    await domainError(uc.attachPassport(actor, application.id, { body: heic, fileName: 'a.heic', contentType: 'image/heic', size: heic.length }), 'Validation', HEIC_UNREADABLE_MESSAGE);
    expect(await ports.documents.listByApplication(application.id)).toEqual([]);
    expect(ports.files.keys()).toEqual([]);
  });
});

describe('portalCopy', () => {
  it('is for staff only, for passport documents, and Unreadable when the file cannot be decoded', async () => {
    const { ports, uc, actor, document } = await withPassport();
    const admin = await makeAdmin(uc);
    await domainError(uc.portalCopy(actor, document.id), 'Forbidden');
    expect(await uc.portalCopy(admin, document.id)).toEqual({ fileName: 'passport-portal.jpg', body: ports.passportReader.jpeg });
    await domainError(uc.portalCopy(admin, document.id + 99), 'NotFound');
    ports.passportReader.jpeg = null;
    await domainError(uc.portalCopy(admin, document.id), 'Unreadable', PORTAL_COPY_UNREADABLE_MESSAGE);
  });
});
