import { msg } from '../i18n/index.js';
import { ADMIN_TAB_IDS, isAdminTabId, type AdminTabId } from './admin-tab-ids.js';
import { APPLICATION_STATUSES, type ApplicationStatus, type ListedStatus } from './status.js';

export { ADMIN_TAB_IDS, isAdminTabId, type AdminTabId };

export interface AdminTab {
  id: AdminTabId;
  /** English, marked for the `core` catalog: an edge shows it through its translation. */
  label: string;
  /** Statuses whose applications are listed in this tab. */
  statuses: readonly ListedStatus[];
  /** Statuses an admin may choose for an application that is in this tab. */
  choices: readonly ApplicationStatus[];
}

const closingChoices = ['approved', 'rejected', 'final_payment_received'] as const;

/** docs/product.md §3.2: tab grouping and the status choices offered per tab, as data. */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'online-entries',
    label: msg('Online Entries'),
    statuses: ['online_entry', 'user_registered'],
    choices: ['online_entry', 'application_created', 'under_process', 'additional_info_required'],
  },
  {
    id: 'initial-payment',
    label: msg('Initial Payment'),
    statuses: ['application_created', 'under_process', 'additional_info_required'],
    choices: ['application_created', 'under_process', 'additional_info_required', 'verified'],
  },
  {
    id: 'submitted-portal',
    label: msg('Submitted to Portal'),
    statuses: ['verified'],
    choices: ['verified', 'additional_info_required', 'approved', 'rejected'],
  },
  { id: 'approved', label: msg('Approved'), statuses: ['approved'], choices: closingChoices },
  { id: 'completed', label: msg('Complete'), statuses: ['final_payment_received'], choices: closingChoices },
  { id: 'rejected', label: msg('Rejected'), statuses: ['rejected'], choices: closingChoices },
];

/**
 * The transition table: from each status, the statuses an admin may move an application to.
 * docs/product.md §3.2 gives them per tab (the choices of the tab the application is listed in), so the table
 * is read off ADMIN_TABS rather than written twice.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = Object.fromEntries(
  APPLICATION_STATUSES.map((status) => [status, tabOfStatus(status).choices]),
) as Record<ApplicationStatus, readonly ApplicationStatus[]>;

export function adminTab(id: AdminTabId): AdminTab {
  const tab = ADMIN_TABS.find((t) => t.id === id);
  if (!tab) throw new Error(`Unknown admin tab ${id}`);
  return tab;
}

/** The tab an application (or pseudo-entry) with this status is listed in. */
export function tabOfStatus(status: ListedStatus): AdminTab {
  const tab = ADMIN_TABS.find((t) => t.statuses.includes(status));
  if (!tab) throw new Error(`No admin tab lists status ${status}`);
  return tab;
}

/** The choices offered to an admin for an application currently in `status`. */
export function statusChoicesFor(status: ApplicationStatus): readonly ApplicationStatus[] {
  return ALLOWED_TRANSITIONS[status];
}

/**
 * The work queue (docs/product.md §2.14): the tabs whose applications wait for the agency's
 * decision while the 5-working-day guarantee runs. /admin without a tab opens on one of them.
 */
export const WORK_QUEUE_TABS: readonly AdminTabId[] = ['initial-payment', 'submitted-portal'];

/** A work tab and the guarantee deadline of its first application in the list's order (null: none has one). */
export interface WorkQueueHead {
  tab: AdminTabId;
  deadline: Date | null;
}

/**
 * Where /admin opens without a tab: the work tab holding the earliest guarantee deadline (an
 * overdue application first of all), so the application most at risk of breaking the promise is
 * in the list staff see first; the first work tab when no application has a deadline.
 */
export function workQueueTab(heads: readonly WorkQueueHead[]): WorkQueueHead {
  let earliest: WorkQueueHead | null = null;
  for (const head of heads) {
    if (head.deadline && (!earliest?.deadline || head.deadline.getTime() < earliest.deadline.getTime())) earliest = head;
  }
  return earliest ?? { tab: WORK_QUEUE_TABS[0]!, deadline: null };
}
