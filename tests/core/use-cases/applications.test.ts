import { describe, expect, it } from 'vitest';
import type { ApplicationRepository } from '../../../core/ports/application-repository.js';
import { makeMemoryAgency, makeMemoryPorts } from '../../support/memory-ports.js';
import { useCasesOn } from '../../support/container.js';
import { readAll } from '../../../core/use-cases/shared.js';
import { domainError, makeAdmin, paidApplication, pdfFile, PDF_BYTES, registerApplicant, validForm } from '../helpers.js';

describe('createApplication', () => {
  it('creates an online entry with a human-readable number and queues the confirmation mail', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const app = await uc.createApplication(actor, validForm());
    expect(app).toMatchObject({
      applicationNumber: 'EV-2611-000001',
      userId: actor.userId,
      status: 'online_entry',
      requiresPassportReupload: false,
      initialPaymentId: null,
      entry: 'Single',
      guarantee: { deadline: null, breached: false },
    });
    const [mail] = await ports.outbox.list({ to: 'alice@example.com' });
    expect(mail).toMatchObject({
      template: 'application_received',
      data: { applicationNumber: 'EV-2611-000001', applicationId: app.id, paid: false, fullName: 'Alice Smith' },
    });
  });

  it('retries with a fresh number when the one drawn is taken', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const first = await uc.createApplication(actor, validForm());
    ports.ids.queuedApplicationNumbers.push(first.applicationNumber, first.applicationNumber);
    const second = await uc.createApplication(actor, validForm());
    expect(second.applicationNumber).not.toBe(first.applicationNumber);
    expect(await ports.applications.listByUser(actor.userId)).toHaveLength(2);
  });

  it('validates against the server clock and stores nothing when invalid', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    ports.clock.set('2026-12-08T09:00:00.000Z'); // arrival 2026-12-10 is now only 2 days away
    await domainError(uc.createApplication(actor, validForm()), 'Validation', 'Arrival date must be at least 3 days from today');
    await domainError(
      uc.createApplication(actor, validForm({ nationality: 'Syria', countryOfBirth: 'Syria', expectedArrivalDate: '2027-01-10', expectedDepartureDate: '2027-01-12' })),
      'Validation',
      'We currently do not process applications for your nationality. Please contact us at help@evisa.test for further support.',
    );
    expect(await ports.applications.listByUser(actor.userId)).toEqual([]);
    expect(await ports.outbox.list()).toEqual([]);
  });

  it('ignores status, payment and document fields sent with the form', async () => {
    const { uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const sneaky = { ...validForm(), status: 'approved', initialPaymentId: 'pi_fake', finalPaymentId: 'pi_fake2', visaDocument: 'x.pdf' };
    const app = await uc.createApplication(actor, sneaky as never);
    expect(app).toMatchObject({ status: 'online_entry', initialPaymentId: null, finalPaymentId: null, visaDocument: null });
  });
});

describe('reading applications', () => {
  it('lists only the user’s own applications, newest first', async () => {
    const { ports, uc } = makeMemoryAgency();
    const alice = await registerApplicant(uc);
    const bob = await registerApplicant(uc, 'bob@example.com', 'Bob');
    const a1 = await uc.createApplication(alice, validForm());
    ports.clock.advance({ minutes: 1 });
    const a2 = await uc.createApplication(alice, validForm());
    await uc.createApplication(bob, validForm());
    expect((await uc.listOwnApplications(alice)).map((a) => a.id)).toEqual([a2.id, a1.id]);
  });

  it('shows one application to its owner and admins; anyone else gets not found', async () => {
    const { uc } = makeMemoryAgency();
    const alice = await registerApplicant(uc);
    const bob = await registerApplicant(uc, 'bob@example.com', 'Bob');
    const admin = await makeAdmin(uc);
    const app = await uc.createApplication(alice, validForm());
    expect((await uc.getApplication(alice, app.id)).id).toBe(app.id);
    expect((await uc.getApplication(admin, app.id)).id).toBe(app.id);
    await domainError(uc.getApplication(bob, app.id), 'NotFound', 'Application not found.');
    await domainError(uc.getApplication(alice, 9999), 'NotFound');
  });
});

describe('updateAddressDetails', () => {
  const details = { address: '1 High Street', city: 'London', postcode: 'SW1A 1AA', hotelDetails: 'Nile Hotel, Cairo' };

  it('stores the details for the owner', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { applicant, applicationId } = await paidApplication(ports, uc);
    const updated = await uc.updateAddressDetails(applicant, applicationId, details);
    expect(updated).toMatchObject(details);
    expect(await ports.applications.findById(applicationId)).toMatchObject(details);
  });

  it('refuses other applicants (not found), admins (forbidden) and bad input', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { applicationId } = await paidApplication(ports, uc);
    const bob = await registerApplicant(uc, 'bob@example.com');
    const admin = await makeAdmin(uc);
    await domainError(uc.updateAddressDetails(bob, applicationId, details), 'NotFound');
    await domainError(uc.updateAddressDetails(admin, applicationId, details), 'Forbidden');
    const alice = { userId: (await ports.applications.findById(applicationId))!.userId, isAdmin: false, email: 'alice@example.com' };
    await domainError(uc.updateAddressDetails(alice, applicationId, { ...details, postcode: ' ' }), 'Validation', 'Postcode is required');
    expect((await ports.applications.findById(applicationId))?.address).toBeNull();
  });

  it('refuses changes to a finished application', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { applicant, applicationId } = await paidApplication(ports, uc);
    const admin = await makeAdmin(uc);
    await uc.changeApplicationStatus(admin, applicationId, { status: 'verified' });
    await uc.changeApplicationStatus(admin, applicationId, { status: 'rejected' });
    await domainError(uc.updateAddressDetails(applicant, applicationId, details), 'Conflict');
  });
});

describe('attachPassport and documents', () => {
  it('accepts the first passport at submission and lists it', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const app = await uc.createApplication(actor, validForm());
    const doc = await uc.attachPassport(actor, app.id, pdfFile('C:\\Users\\alice\\my passport.pdf'));
    expect(doc).toMatchObject({
      applicationId: app.id,
      type: 'passport',
      fileName: 'my passport.pdf',
      status: 'pending',
      contentType: 'application/pdf',
      size: PDF_BYTES.length,
      storageKey: 'key-000001',
    });
    expect(ports.files.contentOf('key-000001')).toEqual(PDF_BYTES);
    expect(await uc.listDocuments(actor, app.id)).toEqual([doc]);
  });

  it('refuses a second passport unless a re-upload was requested, storing nothing', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const app = await uc.createApplication(actor, validForm());
    await uc.attachPassport(actor, app.id, pdfFile());
    await domainError(uc.attachPassport(actor, app.id, pdfFile('again.pdf')), 'Conflict', 'A passport re-upload has not been requested for this application.');
    expect(ports.files.keys()).toEqual(['key-000001']);
    expect(await ports.documents.listByApplication(app.id)).toHaveLength(1);
  });

  it('accepts the re-upload while requested and clears the flag', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { applicant, applicationId } = await paidApplication(ports, uc);
    const admin = await makeAdmin(uc);
    await uc.changeApplicationStatus(admin, applicationId, { status: 'additional_info_required', requiresPassportReupload: true });
    ports.clock.advance({ hours: 2 });
    await uc.attachPassport(applicant, applicationId, pdfFile('new-scan.pdf'));
    const app = await uc.getApplication(applicant, applicationId);
    expect(app).toMatchObject({ requiresPassportReupload: false, passportReuploadedAt: ports.clock.now(), status: 'additional_info_required' });
    expect((await uc.listDocuments(applicant, applicationId)).map((d) => d.fileName)).toEqual(['passport.pdf', 'new-scan.pdf']);
    await domainError(uc.attachPassport(applicant, applicationId, pdfFile()), 'Conflict');
  });

  it('refuses wrong types, oversized and empty files', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const app = await uc.createApplication(actor, validForm());
    await domainError(uc.attachPassport(actor, app.id, { ...pdfFile(), contentType: 'image/gif' as never }), 'Validation', 'Please select a JPG, PNG, or PDF file.');
    await domainError(uc.attachPassport(actor, app.id, { ...pdfFile(), size: 10 * 1024 * 1024 + 1 }), 'Validation', 'Please select a file smaller than 10MB.');
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
    await domainError(uc.attachPassport(actor, app.id, { ...pdfFile('big.pdf', big), size: 100 }), 'Validation', 'Please select a file smaller than 10MB.');
    await domainError(uc.attachPassport(actor, app.id, { ...pdfFile(), size: 0 }), 'Validation', 'The file is empty.');
    expect(ports.files.keys()).toEqual([]);
    expect(await ports.documents.listByApplication(app.id)).toEqual([]);
  });

  it('is for the owner only', async () => {
    const { uc } = makeMemoryAgency();
    const alice = await registerApplicant(uc);
    const bob = await registerApplicant(uc, 'bob@example.com');
    const app = await uc.createApplication(alice, validForm());
    await domainError(uc.attachPassport(bob, app.id, pdfFile()), 'NotFound');
    await domainError(uc.listDocuments(bob, app.id), 'NotFound');
  });

  it('deletes the stored file when the commit cannot be made', async () => {
    const ports = makeMemoryPorts();
    const alwaysStale: ApplicationRepository = { ...ports.applications, commit: async () => ({ outcome: 'stale' }) };
    const uc = useCasesOn({ ...ports, applications: alwaysStale });
    const actor = await registerApplicant(uc);
    const app = await uc.createApplication(actor, validForm());
    await domainError(uc.attachPassport(actor, app.id, pdfFile()), 'Conflict');
    expect(ports.files.keys()).toEqual([]);
    expect(await ports.documents.listByApplication(app.id)).toEqual([]);
  });

  it('retries after a concurrent change and still records the document once', async () => {
    const ports = makeMemoryPorts();
    let first = true;
    const racing: ApplicationRepository = {
      ...ports.applications,
      commit: async (change) => {
        if (first) {
          first = false;
          // someone else changes the application between our read and our write
          const current = (await ports.applications.findById(change.application.id))!;
          await ports.applications.commit({ application: { ...current, profession: 'Pilot' }, expectedVersion: current.version });
        }
        return ports.applications.commit(change);
      },
    };
    const uc = useCasesOn({ ...ports, applications: racing });
    const actor = await registerApplicant(uc);
    const app = await uc.createApplication(actor, validForm());
    await uc.attachPassport(actor, app.id, pdfFile());
    expect(await ports.documents.listByApplication(app.id)).toHaveLength(1);
    expect((await ports.applications.findById(app.id))?.profession).toBe('Pilot');
  });

  it('opens a document for its owner and admins only', async () => {
    const { uc } = makeMemoryAgency();
    const alice = await registerApplicant(uc);
    const bob = await registerApplicant(uc, 'bob@example.com');
    const admin = await makeAdmin(uc);
    const app = await uc.createApplication(alice, validForm());
    const doc = await uc.attachPassport(alice, app.id, pdfFile());
    const opened = await uc.openDocument(alice, doc.id);
    expect(await readAll(opened.body)).toEqual(PDF_BYTES);
    expect((await uc.openDocument(admin, doc.id)).document.id).toBe(doc.id);
    await domainError(uc.openDocument(bob, doc.id), 'NotFound');
    await domainError(uc.openDocument(alice, 9999), 'NotFound');
  });
});
