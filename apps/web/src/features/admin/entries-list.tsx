import type { ReactNode } from 'react';
import { formatShortDay } from '@core/domain/wording.js';
import type { AdminEntryDto } from './api.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { cn } from '../../lib/format.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { FlagBadges, FlagChips, GroupBadge, PaymentBadges, PaymentChip, StatusBadge } from './badges.js';
import { entryKey, namesOf } from './entry-panel.js';
import { PassportCell } from '../../components/passport-reveal.js';
import { useStagedChanges } from './staged-changes.js';
import type { Locale } from '@core/domain/locale.js';
import type { Translate } from '@core/i18n/index.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

export interface EntriesListProps {
  entries: AdminEntryDto[];
  /** The selected entry (j/k move it); the open one is shown in the side panel. */
  selected: string | null;
  opened: string | null;
  onOpen: (key: string) => void;
}

/**
 * A table on large screens, cards on small ones (docs/product.md §2.14). Rows stay one line: long
 * values are cut with an ellipsis and given whole in their title (hover) and accessible name (focus).
 */
export function EntriesList(props: EntriesListProps) {
  const large = useMediaQuery('(min-width: 1024px)');
  return large ? <EntriesTable {...props} /> : <EntryCards {...props} />;
}

function whoOf(entry: AdminEntryDto): string {
  return entry.application ? entry.application.applicationNumber : entry.user.email;
}

function OpenButton({ entry, open, onClick }: { entry: AdminEntryDto; open: boolean; onClick: () => void }) {
  const { t } = useT();
  return (
    <Button variant="outline" size="sm" aria-pressed={open} aria-label={t('Manage {who}', { who: whoOf(entry) })} onClick={onClick}>
      {t('Manage')}
    </Button>
  );
}

function UnsavedBadge({ entry }: { entry: AdminEntryDto }) {
  const staged = useStagedChanges();
  const { t } = useT();
  if (!entry.application || !staged.get(entry.application.id)) return null;
  return <Badge tone="orange">{t('Unsaved')}</Badge>;
}

function submittedOn(entry: AdminEntryDto, intl: Locale): string {
  return formatShortDay(entry.application?.createdAt ?? entry.user.createdAt, intl);
}

// The table's short date ('5 Nov 2026'); the full one is its title. Here, not in lib/format.ts,
// which the landing page's bundle carries.
const shortDate = (intl: Locale) => new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

function SubmittedCell({ entry }: { entry: AdminEntryDto }) {
  const { intl } = useT();
  const at = new Date(entry.application?.createdAt ?? entry.user.createdAt);
  return <Cut text={Number.isNaN(at.getTime()) ? submittedOn(entry, intl) : shortDate(intl).format(at)} title={submittedOn(entry, intl)} />;
}

/** One cell's text on one line: cut with an ellipsis, whole on hover (title). */
function Cut({ text, title = text, className, dir, isolate = false }: { text: string; title?: string; className?: string; dir?: 'ltr'; isolate?: boolean }) {
  return (
    <span title={title} dir={dir ?? (isolate ? 'auto' : undefined)} className={cn('block truncate', className)}>
      {text}
    </span>
  );
}

function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('max-w-0 px-1.5 py-2 align-middle first:ps-3', className)}>{children}</td>;
}

/** Badges kept on the row's one line (their own lists wrap elsewhere). */
const ONE_LINE = 'flex min-w-0 items-center gap-1 overflow-hidden [&_.flex-wrap]:flex-nowrap';

interface Column {
  /** English, marked for the catalog; shown through `t`. */
  label: string;
  width?: string;
  /** Left out while the side panel takes the right of the screen. */
  wideOnly?: boolean;
  cell: (entry: AdminEntryDto, t: Translate) => ReactNode;
}

// Widths for 1366 px without the side panel: every value whole but the longest emails, and Email
// takes what is left. The side panel leaves out the wide-only columns.
const COLUMNS: Column[] = [
  {
    label: msg('Application ID'),
    width: 'w-[10.5rem]',
    cell: (entry, t) =>
      entry.application ? (
        <Cut text={entry.application.applicationNumber} className="font-medium tabular-nums text-slate-900" dir="ltr" />
      ) : (
        <Cut text={t('No Application')} className="font-medium tabular-nums text-slate-900" />
      ),
  },
  {
    label: msg('Flags'),
    width: 'w-[7.75rem]',
    cell: (entry) =>
      entry.application ? (
        <div className={ONE_LINE}>
          <FlagChips app={entry.application} />
          {typeof entry.application.groupId === 'number' ? <GroupBadge groupId={entry.application.groupId} compact /> : null}
        </div>
      ) : null,
  },
  { label: msg('Name'), width: 'w-[8.5rem]', cell: (entry) => <Cut text={`${namesOf(entry).first} ${namesOf(entry).last}`} isolate /> },
  { label: msg('Email'), wideOnly: true, cell: (entry) => <Cut text={entry.user.email} dir="ltr" /> },
  // Masked (•••••1276) until revealed in the side panel (decision 0030).
  { label: msg('Passport'), width: 'w-[5.75rem]', wideOnly: true, cell: (entry) => (entry.application ? <PassportCell app={entry.application} /> : <Cut text="—" />) },
  { label: msg('Submitted'), width: 'w-[6.25rem]', wideOnly: true, cell: (entry) => <SubmittedCell entry={entry} /> },
  {
    label: msg('Status'),
    width: 'w-[12.25rem]',
    cell: (entry) => (
      <div className={ONE_LINE}>
        <StatusBadge entry={entry} />
      </div>
    ),
  },
  {
    label: msg('Payment'),
    width: 'w-[7rem]',
    cell: (entry) => <div className={ONE_LINE}>{entry.application ? <PaymentChip app={entry.application} /> : '—'}</div>,
  },
  {
    label: msg('Assignee'),
    width: 'w-[6.5rem]',
    // The panel shows the open entry's assignee; Mine and Unassigned sort the rest.
    wideOnly: true,
    cell: (entry) => <Cut text={entry.assignee?.fullName ?? '—'} className={entry.assignee ? undefined : 'text-slate-500'} isolate />,
  },
];

function EntriesTable({ entries, selected, opened, onOpen }: EntriesListProps) {
  const { t } = useT();
  const columns = COLUMNS.filter((c) => opened === null || !c.wideOnly);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] table-fixed text-start text-[0.8125rem]" aria-label={t('Applications')}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.label} className={c.width} />
          ))}
          <col className="w-[6rem]" />
        </colgroup>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {[...columns.map((c) => t(c.label)), t('Actions')].map((label) => (
              <th key={label} scope="col" className="truncate px-1.5 py-3 font-semibold first:ps-3" title={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => {
            const key = entryKey(entry);
            const app = entry.application;
            return (
              <tr
                key={key}
                data-testid={app ? `admin-row-${app.id}` : `admin-user-${entry.user.id}`}
                aria-selected={selected === key}
                className={cn(
                  'cursor-pointer whitespace-nowrap hover:bg-slate-50',
                  opened === key && 'bg-blue-50',
                  selected === key && 'bg-blue-50 outline outline-2 -outline-offset-2 outline-blue-500',
                )}
                onClick={(e) => {
                  if (!(e.target instanceof HTMLElement && e.target.closest('button,a'))) onOpen(key);
                }}
              >
                {columns.map((c) => (
                  <Cell key={c.label}>{c.cell(entry, t)}</Cell>
                ))}
                <Cell className="overflow-visible">
                  <div className="flex items-center gap-1">
                    <OpenButton entry={entry} open={opened === key} onClick={() => onOpen(key)} />
                    <UnsavedBadge entry={entry} />
                  </div>
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function EntryCards({ entries, selected, opened, onOpen }: EntriesListProps) {
  const { t, intl } = useT();
  return (
    <ul className="space-y-3" aria-label={t('Applications')}>
      {entries.map((entry) => {
        const key = entryKey(entry);
        const app = entry.application;
        const names = namesOf(entry);
        return (
          <li key={key} data-testid={app ? `admin-row-${app.id}` : `admin-user-${entry.user.id}`} aria-current={selected === key ? 'true' : undefined}>
            <Card className={cn(selected === key && 'ring-2 ring-blue-500')}>
              <CardContent className="space-y-2 pt-4">
                <div className="min-w-0">
                  {app ? <Cut text={app.applicationNumber} className="font-semibold text-slate-900" dir="ltr" /> : <Cut text={t('No Application')} className="font-semibold text-slate-900" />}
                  <Cut text={`${names.first} ${names.last}`} className="text-sm text-slate-700" isolate />
                  <Cut text={entry.user.email} className="text-sm text-slate-600" dir="ltr" />
                </div>
                {app ? (
                  <div className="flex flex-wrap gap-1">
                    <StatusBadge entry={entry} />
                    <FlagBadges app={app} />
                    <PaymentBadges app={app} />
                    {typeof app.groupId === 'number' ? <GroupBadge groupId={app.groupId} /> : null}
                  </div>
                ) : (
                  <p className="flex items-center gap-2 text-sm text-slate-600">
                    <StatusBadge entry={entry} />
                    {t('Registered {date}', { date: submittedOn(entry, intl) })}
                  </p>
                )}
                <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
                  <span className="truncate">
                    {/* One text node (a staff member's name, not an applicant's typing): the card's line is found by its words. */}
                    {app ? (entry.assignee ? t('Assignee: {name}', { name: entry.assignee.fullName }) : t('Assignee: nobody')) : null}
                  </span>
                  <div className="flex items-center gap-2">
                    <UnsavedBadge entry={entry} />
                    <OpenButton entry={entry} open={opened === key} onClick={() => onOpen(key)} />
                  </div>
                </div>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
