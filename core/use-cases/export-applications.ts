import { adminTab, type AdminTabId } from '../domain/admin-tabs.js';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../domain/status.js';
import type { Ports } from '../ports/index.js';
import { pseudoEntryUsers, tabListsPseudoEntries } from './admin-listing.js';
import { CLI_OPERATOR, recordAudit } from './audit.js';
import { adminEntry } from './shared.js';
import type { Actor, AdminListEntry } from './types.js';

/**
 * Operator export (CLI): streams applications with their users in id order, page by page, so memory
 * stays flat; then, when the selection includes online entries (no tab and no status, or the
 * online-entries tab), the pseudo-entries of users without an application.
 */
export function makeExportApplications(ports: Pick<Ports, 'applications' | 'users' | 'clock' | 'audit'>) {
  return async function* exportApplications(
    query: {
      tab?: AdminTabId;
      status?: ApplicationStatus;
      since?: Date;
    },
    actor: Actor = CLI_OPERATOR,
  ): AsyncIterable<AdminListEntry> {
    const now = ports.clock.now();
    // Recorded before the first entry is handed out (the CLI is the only caller).
    await recordAudit(ports, actor, {
      action: 'applications.exported',
      target: { type: 'applications', id: null },
      detail: { tab: query.tab ?? null, status: query.status ?? null, since: query.since ?? null },
    });
    const tabStatuses = query.tab ? adminTab(query.tab).statuses.filter((s): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s)) : undefined;
    const statuses = query.status ? (tabStatuses && !tabStatuses.includes(query.status) ? [] : [query.status]) : tabStatuses;
    if (!statuses || statuses.length > 0) {
      for await (const { application, user } of ports.applications.streamForExport({ statuses, createdSince: query.since })) {
        yield adminEntry(application, user, now, undefined, null, 'full');
      }
    }
    if (!query.status && tabListsPseudoEntries(query.tab)) {
      const users = (await pseudoEntryUsers(ports)).sort((a, b) => a.id - b.id);
      for (const user of users) {
        if (query.since && user.createdAt.getTime() < query.since.getTime()) continue;
        yield adminEntry(null, user, now);
      }
    }
  };
}
