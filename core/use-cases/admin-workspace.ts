import { WORK_QUEUE_TABS, workQueueTab, type WorkQueueHead } from '../domain/admin-tabs.js';
import { errors } from '../domain/errors.js';
import type { RevealedPassport } from '../domain/passport-mask.js';
import type { Ports } from '../ports/index.js';
import { recordAudit } from './audit.js';
import { adminEntry, requirePermission, requireUser, resolveAssignees } from './shared.js';
import type { Actor, AdminListEntry } from './types.js';

/**
 * The admin workspace's own reads (docs/product.md §2.14): one entry as the list shows it, so the
 * side panel stays on an application a change moved out of the open tab; the tab /admin opens
 * on when the address names none (the work queue); and a passport number revealed.
 */
export function makeAdminWorkspace(ports: Pick<Ports, 'applications' | 'users' | 'assignments' | 'portal' | 'clock' | 'audit'>) {
  /** The application as an entry of the admin list: its user, assignee and portal ledger attached. */
  async function readAdminEntry(actor: Actor, applicationId: number): Promise<AdminListEntry> {
    requirePermission(actor, 'applications.read');
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    const [user, assignees, portal] = await Promise.all([
      requireUser(ports, application.userId),
      resolveAssignees(ports, [application]),
      ports.portal.find(applicationId),
    ]);
    return adminEntry(application, user, ports.clock.now(), assignees, portal);
  }

  /**
   * The work tab holding the earliest guarantee deadline: each work tab's first application in the
   * list's own order (earliest deadline first), one indexed read per tab.
   */
  async function adminWorkQueue(actor: Actor): Promise<WorkQueueHead> {
    requirePermission(actor, 'applications.read');
    const heads = await Promise.all(
      WORK_QUEUE_TABS.map(async (tab) => {
        const { items } = await ports.applications.listForAdmin({ tab, page: 1, pageSize: 1 });
        return { tab, deadline: items[0]?.application.guaranteeDeadline ?? null };
      }),
    );
    return workQueueTab(heads);
  }

  /**
   * "Reveal" (decision 0030): the application's passport number in full, and what its passport
   * copy's MRZ reads, for staff whose role may see it (`passports.reveal`). Recorded in the audit
   * log before the number is answered: a reveal that cannot be recorded is not served. The number
   * itself is not written in the log (it would outlive an erasure).
   */
  async function revealPassportNumber(actor: Actor, applicationId: number): Promise<RevealedPassport> {
    requirePermission(actor, 'passports.reveal');
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    await recordAudit(ports, actor, {
      action: 'application.passport_revealed',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
    });
    const scan = application.passportScan?.status === 'read' ? application.passportScan.scan : null;
    return {
      passportNumber: application.passportNumber,
      scanned: scan ? { passportNumber: scan.fields.passportNumber, mrz: [scan.mrz[0], scan.mrz[1]] } : null,
    };
  }

  return { readAdminEntry, adminWorkQueue, revealPassportNumber };
}
