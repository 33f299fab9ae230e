import { describe, expect, it } from 'vitest';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import type { Actor, AdminListEntry } from '../../../core/use-cases/use-cases.js';
import { approve, domainError, makeAdmin, paidApplication, payFee, pdfFile, registerApplicant, validForm } from '../helpers.js';

async function collect(iterable: AsyncIterable<AdminListEntry>): Promise<AdminListEntry[]> {
  const out: AdminListEntry[] = [];
  for await (const entry of iterable) out.push(entry);
  return out;
}

describe('recordEvent', () => {
  it('keeps only the tracking fields, with the clock’s time', async () => {
    const { ports, uc } = makeMemoryAgency();
    await uc.recordEvent({ name: 'page_view', path: '/apply', userId: 7, properties: { nationality: 'Japan', secret: 'x' } as never });
    expect(await ports.analytics.list()).toEqual([{ name: 'page_view', path: '/apply', userId: 7, properties: { nationality: 'Japan' }, occurredAt: ports.clock.now() }]);
    await domainError(uc.recordEvent({ name: '', path: null, userId: null, properties: {} }), 'Validation', 'Event name is required');
  });
});

describe('exportApplications', () => {
  it('streams applications in id order, then users without an application; filters by tab, status and date', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const first = await paidApplication(ports, uc, 'first@example.com');
    ports.clock.advance({ days: 1 });
    const since = ports.clock.now();
    const second = await registerApplicant(uc, 'second@example.com');
    const secondApp = await uc.createApplication(second, validForm());
    await registerApplicant(uc, 'idle@example.com');
    await approve(uc, admin, first.applicationId);

    const all = await collect(uc.exportApplications({}));
    expect(all.map((e) => [e.status, e.user.email])).toEqual([
      ['approved', 'first@example.com'],
      ['online_entry', 'second@example.com'],
      ['user_registered', 'idle@example.com'],
    ]);
    expect((await collect(uc.exportApplications({ tab: 'approved' }))).map((e) => e.application?.id)).toEqual([first.applicationId]);
    expect((await collect(uc.exportApplications({ status: 'online_entry' }))).map((e) => e.application?.id)).toEqual([secondApp.id]);
    expect(await collect(uc.exportApplications({ tab: 'approved', status: 'online_entry' }))).toEqual([]);
    expect((await collect(uc.exportApplications({ since }))).map((e) => e.user.email)).toEqual(['second@example.com', 'idle@example.com']);
  });
});

describe('exportUserData and eraseUser', () => {
  it('exports everything stored about a person', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { applicationId } = await paidApplication(ports, uc);
    await uc.submitContactForm({ fullName: 'Alice Smith', email: 'alice@example.com', phoneNumber: '07700900123', nationality: 'France', purposeOfTravel: 'Tourism' });
    const data = await uc.exportUserData('ALICE@example.com');
    expect(data.user.email).toBe('alice@example.com');
    expect(data.applications.map((a) => a.id)).toEqual([applicationId]);
    expect(data.payments).toHaveLength(1);
    expect(data.receipts.map((r) => [r.number, r.kind, r.paymentType, r.amount, r.issuedAt, r.payerEmail])).toEqual([
      ['R-2026-000001', 'payment', 'initial', 1000, data.payments[0]!.createdAt, 'alice@example.com'],
    ]);
    expect(data.refunds).toEqual([]);
    const admin: Actor = { userId: 999, isAdmin: true, email: 'staff@agency.example' };
    await uc.requestRefund(admin, applicationId, { paymentType: 'initial', amountPence: 300, reason: 'Goodwill' });
    expect((await uc.exportUserData('alice@example.com')).refunds).toMatchObject([{ applicationId, amount: 300, status: 'succeeded', reason: 'Goodwill' }]);
    expect(data.statusHistory).toHaveLength(1);
    expect(data.documents.map((d) => d.type)).toEqual(['passport']);
    expect(data.contactEnquiries).toHaveLength(1);
    await domainError(uc.exportUserData('nobody@example.com'), 'NotFound');
  });

  it('erases the person and their files, keeping payments and receipts anonymised', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const { applicant, applicationId } = await paidApplication(ports, uc);
    await approve(uc, admin, applicationId);
    await payFee(ports, uc, applicant, applicationId, 'final');
    await uc.attachVisa(admin, applicationId, pdfFile('visa.pdf'));
    const other = await paidApplication(ports, uc, 'other@example.com');

    const result = await uc.eraseUser('alice@example.com');
    expect(result).toEqual({ applications: 1, documents: 2, files: 2, paymentsAnonymised: 2, receiptsAnonymised: 2 });
    expect(await ports.users.findByEmail('alice@example.com')).toBeNull();
    expect(await ports.applications.findById(applicationId)).toBeNull();
    expect(ports.files.keys()).toEqual((await ports.documents.listByApplication(other.applicationId)).map((d) => d.storageKey));
    const kept = await ports.payments.listSince(new Date(0));
    expect(kept.filter((p) => p.applicationId === applicationId).map((p) => p.userId)).toEqual([null, null]);
    // The receipts stay, numbered as issued, with what was paid for which application, but nobody's name, email or card.
    const receipts = await Promise.all(['R-2026-000001', 'R-2026-000002'].map((n) => ports.receipts.findByNumber(n)));
    for (const receipt of receipts) {
      expect(receipt).toMatchObject({ applicationId, userId: null, payerName: 'Erased', payerEmail: '', card: null });
      expect(receipt!.lines).toEqual([expect.objectContaining({ travellerName: 'Erased', applicationNumber: expect.stringMatching(/^EV-/) })]);
    }
    expect(receipts.map((r) => r!.amount)).toEqual([1000, 3900]);
    // Another person's receipt is untouched.
    expect(await ports.receipts.findByNumber('R-2026-000003')).toMatchObject({ applicationId: other.applicationId, payerEmail: 'other@example.com', userId: expect.any(Number) });
    await domainError(uc.eraseUser('alice@example.com'), 'NotFound');
  });
});

describe('purgeDocuments', () => {
  it('deletes passport copies of applications finished long enough ago', async () => {
    const { ports, uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    const done = await paidApplication(ports, uc, 'done@example.com');
    await uc.changeApplicationStatus(admin, done.applicationId, { status: 'verified' });
    await uc.changeApplicationStatus(admin, done.applicationId, { status: 'rejected' });
    const open = await paidApplication(ports, uc, 'open@example.com');

    ports.clock.advance({ days: 10 });
    expect(await uc.purgeDocuments({ olderThanDays: 30, dryRun: false })).toEqual({ documents: 0, files: 0 });
    ports.clock.advance({ days: 25 });
    expect(await uc.purgeDocuments({ olderThanDays: 30, dryRun: true })).toEqual({ documents: 1, files: 1 });
    expect(await ports.documents.listByApplication(done.applicationId)).toHaveLength(1);
    expect(await uc.purgeDocuments({ olderThanDays: 30, dryRun: false })).toEqual({ documents: 1, files: 1 });
    expect(await ports.documents.listByApplication(done.applicationId)).toEqual([]);
    expect(await ports.documents.listByApplication(open.applicationId)).toHaveLength(1);
    expect(ports.files.keys()).toHaveLength(1);
  });
});

describe('sweepOrphanFiles', () => {
  it('deletes stored files no document points at once they are older than the grace period; never a document’s file', async () => {
    const { ports, uc } = makeMemoryAgency();
    const kept = await paidApplication(ports, uc, 'kept@example.com');
    const keptKeys = (await ports.documents.listByApplication(kept.applicationId)).map((d) => d.storageKey);
    await ports.files.put('left-by-a-crash', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'x.pdf' });

    // Younger than 24 hours: perhaps an upload whose row is being written right now.
    expect(await uc.sweepOrphanFiles({ dryRun: false })).toEqual({ checked: 2, orphans: 0, deleted: 0 });
    ports.clock.advance({ hours: 25 });
    await ports.files.put('uploading-now', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'y.pdf' });
    expect(await uc.sweepOrphanFiles({ dryRun: true })).toEqual({ checked: 3, orphans: 1, deleted: 0 });
    expect(ports.files.keys()).toContain('left-by-a-crash');
    expect(await uc.sweepOrphanFiles({ dryRun: false })).toEqual({ checked: 3, orphans: 1, deleted: 1 });
    expect(ports.files.keys().sort()).toEqual([...keptKeys, 'uploading-now'].sort());
    expect(await uc.sweepOrphanFiles({ graceHours: 1, dryRun: false })).toEqual({ checked: 2, orphans: 0, deleted: 0 });
  });
});
