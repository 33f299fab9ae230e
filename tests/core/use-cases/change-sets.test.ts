import { describe, expect, it } from 'vitest';
import type { ApplicationChange } from '../../../core/ports/application-repository.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { MemoryJobStore } from '../../../adapters/jobs/memory.js';
import { approve, makeAdmin, paidApplication } from '../helpers.js';

/** The jobs the memory job store holds. */
function queued(ports: ReturnType<typeof makeMemoryAgency>['ports']) {
  const store = ports.persistence.jobs;
  if (!(store instanceof MemoryJobStore)) throw new Error('the memory agency keeps its jobs in a MemoryJobStore');
  return store.list();
}

/**
 * The use case decides everything a write carries (issue 40, decision 0010): the jobs it queues,
 * the audit row of the staff action and the moment of a decision are in the change set the store is
 * handed. These tests read the change sets an application's commits were given.
 */
function recordingAgency() {
  const agency = makeMemoryAgency();
  const changes: ApplicationChange[] = [];
  const commit = agency.ports.applications.commit.bind(agency.ports.applications);
  agency.ports.applications.commit = async (change) => {
    changes.push(structuredClone(change));
    return commit(change);
  };
  return { ...agency, changes };
}

describe('what a change set carries', () => {
  it('a passport upload asks for its check; other documents ask for nothing', async () => {
    const { ports, uc, changes } = recordingAgency();
    const { applicationId } = await paidApplication(ports, uc);
    const upload = changes.find((c) => c.document?.type === 'passport');
    expect(upload?.jobs).toEqual([{ name: 'check-passport', of: 'document' }]);
    expect(changes.filter((c) => c !== upload).every((c) => (c.jobs ?? []).length === 0)).toBe(true);
    // The store queued it for the document it wrote.
    const [passport] = (await ports.documents.listByApplication(applicationId)).filter((d) => d.type === 'passport');
    expect(
      queued(ports)
        .filter((j) => j.name === 'check-passport')
        .map((j) => j.input),
    ).toContainEqual({ documentId: passport!.id });
  });

  it('a staff status change carries its audit row and, for a decision, the moment of it; the row is stored once', async () => {
    const { ports, uc, changes } = recordingAgency();
    const { applicationId } = await paidApplication(ports, uc);
    const admin = await makeAdmin(uc);
    changes.length = 0;
    await approve(uc, admin, applicationId);
    expect(changes.map((c) => [c.history?.toStatus, c.audit?.map((a) => a.action), c.decidedAt?.toISOString() ?? null])).toEqual([
      ['under_process', ['application.status_changed'], null],
      ['verified', ['application.status_changed'], null],
      ['approved', ['application.status_changed'], ports.clock.now().toISOString()],
    ]);
    expect(changes[2]!.audit![0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      targetType: 'application',
      targetId: String(applicationId),
      detail: { before: { status: 'verified' }, after: { status: 'approved' } },
    });
    const trail = (await ports.audit.list({ applicationId, limit: 10 })).filter((e) => e.action === 'application.status_changed');
    expect(trail).toHaveLength(3);
  });

  it('an applicant cancelling at once carries the refund and its sending job, and no audit row (not a staff action)', async () => {
    const { ports, uc, changes } = recordingAgency();
    const { applicant, applicationId } = await paidApplication(ports, uc);
    changes.length = 0;
    await uc.cancelApplication(applicant, applicationId, { reason: null });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ refund: { amount: 1000, status: 'pending', source: 'cancellation' }, jobs: [{ name: 'send-refund', of: 'refund' }] });
    expect(changes[0]!.audit).toBeUndefined();
    const [refund] = await ports.refunds.listByApplication(applicationId);
    expect(
      queued(ports)
        .filter((j) => j.name === 'send-refund')
        .map((j) => j.input),
    ).toEqual([{ refundId: refund!.id }]);
  });
});
