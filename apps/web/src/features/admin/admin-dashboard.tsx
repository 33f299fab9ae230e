import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { ADMIN_TABS, adminTab, isAdminTabId, WORK_QUEUE_TABS, type AdminTabId } from '@core/domain/admin-tabs.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { Button } from '../../components/ui/button.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { afterNextPaint } from '../../lib/after-paint.js';
import { useCan } from '../../lib/permissions.js';
import { pageWidth } from '../../components/layout/page-width.js';
import { FamilyEntries } from './family-filter.js';
import { LeaveGuard } from './leave-guard.js';
import { PaymentIssues } from './payment-issues.js';
import { useAdminCountsQuery, useAdminPageQuery, useWorkQueueQuery } from './api.js';
import { ReminderButtons } from './reminder-buttons.js';
import { compactAdminSearch, parseAdminSearch, type AdminSearch } from './search.js';
import { StagedChangesProvider, useStagedChanges } from './staged-changes.js';
import { Workspace } from './workspace.js';
import { AdminPartsProvider, useAdminParts, type AdminParts } from './parts.js';
import { useT } from '../../lib/i18n.js';

const SEARCH_DELAY_MS = 300;

/**
 * The admin dashboard of docs/product.md §2.14, with server-side search, paging and the overdue filter.
 * `parts`: what other features show on it and in its side panel, composed by the /admin route.
 */
export function AdminDashboard({ parts }: { parts: AdminParts }) {
  return (
    <AdminPartsProvider parts={parts}>
      <StagedChangesProvider>
        <Dashboard />
      </StagedChangesProvider>
    </AdminPartsProvider>
  );
}

function Dashboard() {
  const [assignee, setAssignee] = useState<AdminSearch['assignee']>(undefined);
  const fromAddress = parseAdminSearch(useSearch({ strict: false }));
  // No tab in the address: the work queue names it (an explicit tab always wins).
  const queue = useWorkQueueQuery(!fromAddress.tab);
  const tab = fromAddress.tab ?? queue.data?.tab ?? (queue.isError ? WORK_QUEUE_TABS[0] : undefined);
  const search: AdminSearch = { ...fromAddress, tab, assignee };
  const { t, intl } = useT();
  const navigate = useNavigate();
  const staged = useStagedChanges();
  const setSearch = (patch: Partial<AdminSearch>) => void navigate({ to: '/admin', search: compactAdminSearch({ ...search, ...patch }) });

  const counts = useAdminCountsQuery(search);
  const can = {
    remind: useCan('applicants.contact'),
    payments: useCan('payments.manage'),
    refunds: useCan('refunds.manage'),
    staff: useCan('staff.manage'),
    rules: useCan('rules.manage'),
    reports: useCan('reports.read'),
    audit: useCan('audit.read'),
    operations: useCan('operations.run'),
  };
  const page = useAdminPageQuery(search);
  const { PortalStatusLink, RefundQueue } = useAdminParts();

  return (
    // The whole width of the screen: casework needs the table and the side panel side by side.
    <div className={`py-6 ${pageWidth('/admin')}`}>
      <LeaveGuard unsaved={staged.count} />
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="text-3xl font-bold text-slate-900">{t('Admin Dashboard')}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {can.reports ? (
            <Link to="/admin/reports" className={textLinkClasses('text-sm')}>
              {t('Reports')}
            </Link>
          ) : null}
          {can.staff ? (
            <Link to="/admin/staff" className={textLinkClasses('text-sm')}>
              {t('Staff')}
            </Link>
          ) : null}
          {can.rules ? (
            <Link to="/admin/rules" className={textLinkClasses('text-sm')}>
              {t('Egypt’s rules')}
            </Link>
          ) : null}
          {can.audit ? (
            <Link to="/admin/audit" className={textLinkClasses('text-sm')}>
              {t('Audit log')}
            </Link>
          ) : null}
          {can.operations ? <PortalStatusLink /> : null}
          {can.remind ? <ReminderButtons /> : null}
        </div>
      </div>

      {can.payments ? <PaymentIssues /> : null}
      {can.refunds ? <RefundQueue /> : null}

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-end">
        <SearchBox value={search.q} onSearch={(q) => setSearch({ q, page: 1 })} />
        <div className="flex items-center gap-2 md:pb-2">
          <Checkbox id="admin-overdue" checked={search.overdue} onCheckedChange={(checked) => setSearch({ overdue: checked === true, page: 1 })} />
          <Label htmlFor="admin-overdue">{t('Overdue only (past the 5-working-day guarantee)')}</Label>
        </div>
      </div>

      {staged.count > 0 ? (
        <p role="status" className="mt-4 rounded-md bg-orange-50 p-3 text-sm text-orange-900">
          {t('{count, plural, one {One application has unsaved changes.} other {# applications have unsaved changes.}}', { count: staged.count })}
        </p>
      ) : null}

      {/* Filtered by a family application (its 'GROUP n' badge): just its travellers. */}
      {search.group ? <FamilyEntries groupId={search.group} onClear={() => setSearch({ group: undefined })} /> : null}
      {!fromAddress.tab && queue.data && !search.group ? <WorkQueueNote tab={queue.data.tab} deadline={queue.data.deadline} /> : null}
      <AdminTabs
        hidden={Boolean(search.group)}
        tab={tab}
        onChoose={(next) => navigate({ to: '/admin', search: compactAdminSearch({ ...search, tab: next, page: 1 }) })}
        counts={counts.data}
        stale={page.isPlaceholderData}
        label={t('Application categories')}
      >
        <AssigneeFilters
          value={search.assignee}
          mine={tab ? counts.data?.mine?.[tab] : undefined}
          unassigned={tab ? counts.data?.unassigned?.[tab] : undefined}
          onChange={(value) => {
            setAssignee(value);
            setSearch({ page: 1 });
          }}
        />
        {/* Only the open tab's page is fetched and rendered (radix mounts the active content only). */}
        <TabsContent value={tab ?? ''} forceMount>
          {!tab || page.isLoading ? (
            <p className="text-slate-600">{t('Loading applications...')}</p>
          ) : page.isError ? (
            <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
              {t('The applications could not be loaded: {error}', { error: page.error.message })}
            </p>
          ) : page.data ? (
            // Rendered on an empty page too: the side panel stays on an application a change moved away.
            <Workspace
              entries={page.data.items}
              footer={<Pager page={page.data.page} pageSize={page.data.pageSize} total={page.data.total} onPage={(p) => setSearch({ page: p })} />}
              empty={
                page.data.total > 0 ? (
                  <div className="space-y-3">
                    <p className="text-slate-600">{t('This page is empty.')}</p>
                    <Button variant="outline" onClick={() => setSearch({ page: 1 })}>
                      {t('Back to the first page')}
                    </Button>
                  </div>
                ) : (
                  <p className="text-slate-600">{t('No applications found in this category.')}</p>
                )
              }
            />
          ) : null}
        </TabsContent>
      </AdminTabs>
    </div>
  );
}

/** Why the dashboard opened where it did (docs/product.md §2.14): the work queue's earliest guarantee deadline. */
/**
 * The category tabs. A chosen tab shows itself chosen at once; the address (and with it the list, a
 * page of rows, passed in as `children` so this state does not render it again) changes after that
 * paint: switching took ~250 ms to the next paint on a mid-range phone. Meanwhile the old page stays,
 * faded (its TabsContent is kept mounted, `forceMount`: unmounting it was most of the click's work).
 */
function AdminTabs({
  hidden,
  tab,
  onChoose,
  counts,
  stale,
  label,
  children,
}: {
  hidden: boolean;
  tab: AdminTabId | undefined;
  /** Resolves once the address says the chosen tab. */
  onChoose: (tab: AdminTabId) => Promise<void>;
  counts: Partial<Record<AdminTabId, number>> | undefined;
  /** The list shown is the last one while the chosen tab's page is read. */
  stale: boolean;
  label: string;
  children: ReactNode;
}) {
  const { tc } = useT();
  const [choosing, setChoosing] = useState<AdminTabId | null>(null);
  const choose = (next: string) => {
    if (!isAdminTabId(next)) return;
    setChoosing(next);
    void afterNextPaint()
      .then(() => onChoose(next))
      .finally(() => setChoosing(null));
  };
  return (
    <Tabs hidden={hidden} value={choosing ?? tab ?? ''} onValueChange={choose} className="mt-6">
      <TabsList aria-label={label} className="w-full">
        {ADMIN_TABS.map((tab) => (
          <TabsTrigger key={tab.id} value={tab.id} data-testid={`tab-${tab.id}`}>
            {tc(tab.label)}
            <span className="rounded-full bg-slate-200 px-2 text-xs text-slate-800" data-testid={`count-${tab.id}`}>
              {counts ? counts[tab.id] : '…'}
            </span>
          </TabsTrigger>
        ))}
      </TabsList>
      {/* The old tab's list, faded until the chosen one's replaces it (a class here: the list itself is not rendered again by the click). */}
      <div aria-busy={choosing || stale ? true : undefined} className={choosing || stale ? 'opacity-50' : undefined}>
        {children}
      </div>
    </Tabs>
  );
}

function WorkQueueNote({ tab, deadline }: { tab: AdminTabId; deadline: string | null }) {
  const { t, tc, intl } = useT();
  const label = tc(adminTab(tab).label);
  const when = deadline ? formatDayAndTime(deadline, intl) : '';
  return (
    <p className="mt-4 text-sm text-slate-600" data-testid="work-queue-note">
      {!deadline
        ? t('Opened on {tab}: no application is waiting for a decision.', { tab: label })
        : new Date(deadline).getTime() < Date.now()
          ? t('Opened on {tab}: it holds the earliest guarantee deadline, {when}, already passed.', { tab: label, when })
          : t('Opened on {tab}: it holds the earliest guarantee deadline, {when}.', { tab: label, when })}
    </p>
  );
}

/** "Mine (3) · Unassigned (12)" beside the tabs: the open tab's applications assigned to me, or to nobody. */
function AssigneeFilters({ value, mine, unassigned, onChange }: { value: AdminSearch['assignee']; mine?: number; unassigned?: number; onChange: (value: AdminSearch['assignee']) => void }) {
  const { t, intl } = useT();
  const option = (id: 'me' | 'none', label: string, n: number | undefined) => (
    <Button variant={value === id ? 'primary' : 'outline'} size="sm" aria-pressed={value === id} data-testid={`filter-${id}`} onClick={() => onChange(value === id ? undefined : id)}>
      {t('{filter} ({count})', { filter: label, count: n === undefined ? '…' : n.toLocaleString(intl) })}
    </Button>
  );
  return (
    <div role="group" aria-label={t('Assignee')} className="mt-3 flex flex-wrap items-center gap-2">
      {option('me', t('Mine'), mine)}
      {option('none', t('Unassigned'), unassigned)}
    </div>
  );
}

/** Searches as the admin types (name, email, passport number, application number). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useT();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });
  return (
    <div className="flex flex-1 flex-col gap-1.5">
      <Label htmlFor="admin-search">{t('Search applications')}</Label>
      <Input id="admin-search" type="search" value={text} maxLength={100} placeholder={t('Name, email, passport number or application number')} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t, intl } = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('Pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>{t('Showing {first}–{last} of {total}', { first: first.toLocaleString(intl), last: last.toLocaleString(intl), total: total.toLocaleString(intl) })}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('Previous')}
        </Button>
        <span>{t('Page {page} of {pages}', { page: page.toLocaleString(intl), pages: pages.toLocaleString(intl) })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('Next')}
        </Button>
      </div>
    </nav>
  );
}
