import type { ReactNode } from 'react';
import type { AdminEntryDto } from './api.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { cn, formatDate } from '../../lib/format.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { FlagBadges, GroupBadge, PaymentBadges, StatusBadge } from './badges.js';
import { entryKey, namesOf } from './entry-panel.js';
import { useStagedChanges } from './staged-changes.js';

const COLUMNS = ['Application ID', 'Email', 'First Name', 'Last Name', 'Passport Number', 'Date Submitted', 'Status', 'Payment Status', 'Assignee', 'Actions'];

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
  return (
    <Button variant="outline" size="sm" aria-pressed={open} aria-label={`Open ${whoOf(entry)}`} onClick={onClick}>
      Open
    </Button>
  );
}

function UnsavedBadge({ entry }: { entry: AdminEntryDto }) {
  const staged = useStagedChanges();
  if (!entry.application || !staged.get(entry.application.id)) return null;
  return <Badge tone="orange">Unsaved</Badge>;
}

function submittedOn(entry: AdminEntryDto): string {
  return formatDate(entry.application?.createdAt ?? entry.user.createdAt);
}

/** One cell's text on one line: cut with an ellipsis, whole on hover (title). */
function Cut({ text, className }: { text: string; className?: string }) {
  return (
    <span title={text} className={cn('block truncate', className)}>
      {text}
    </span>
  );
}

function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('max-w-0 px-3 py-2 align-middle', className)}>{children}</td>;
}

function EntriesTable({ entries, selected, opened, onOpen }: EntriesListProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full table-fixed text-left text-sm" aria-label="Applications">
        <colgroup>
          <col className="w-[11rem]" />
          <col />
          <col className="w-[8%]" />
          <col className="w-[8%]" />
          <col className="w-[7.5rem]" />
          <col className="w-[8.5rem]" />
          <col className="w-[11rem]" />
          <col className="w-[8.5rem]" />
          <col className="w-[9%]" />
          <col className="w-[5rem]" />
        </colgroup>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="truncate px-3 py-3 font-semibold" title={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => {
            const key = entryKey(entry);
            const app = entry.application;
            const names = namesOf(entry);
            const isSelected = selected === key;
            return (
              <tr
                key={key}
                data-testid={app ? `admin-row-${app.id}` : `admin-user-${entry.user.id}`}
                aria-selected={isSelected}
                className={cn('cursor-pointer whitespace-nowrap hover:bg-slate-50', isSelected && 'bg-blue-50 outline outline-2 -outline-offset-2 outline-blue-500', opened === key && 'bg-blue-50')}
                onClick={(e) => {
                  if (!(e.target instanceof HTMLElement && e.target.closest('button,a'))) onOpen(key);
                }}
              >
                <Cell>
                  <div className="flex items-center gap-1 overflow-hidden">
                    <Cut text={app ? app.applicationNumber : 'No Application'} className="font-medium text-slate-900" />
                    {app ? <FlagBadges app={app} /> : null}
                    {app && typeof app.groupId === 'number' ? <GroupBadge groupId={app.groupId} /> : null}
                  </div>
                </Cell>
                <Cell>
                  <Cut text={entry.user.email} />
                </Cell>
                <Cell>
                  <Cut text={names.first} />
                </Cell>
                <Cell>
                  <Cut text={names.last} />
                </Cell>
                <Cell>
                  <Cut text={app?.passportNumber ?? '—'} />
                </Cell>
                <Cell>
                  <Cut text={submittedOn(entry)} />
                </Cell>
                <Cell>
                  <div className="overflow-hidden">
                    <StatusBadge entry={entry} />
                  </div>
                </Cell>
                <Cell>
                  <div className="flex gap-1 overflow-hidden">{app ? <PaymentBadges app={app} /> : '—'}</div>
                </Cell>
                <Cell>
                  <Cut text={entry.assignee?.fullName ?? '—'} className={entry.assignee ? undefined : 'text-slate-500'} />
                </Cell>
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
  return (
    <ul className="space-y-3" aria-label="Applications">
      {entries.map((entry) => {
        const key = entryKey(entry);
        const app = entry.application;
        const names = namesOf(entry);
        return (
          <li key={key} data-testid={app ? `admin-row-${app.id}` : `admin-user-${entry.user.id}`} aria-current={selected === key ? 'true' : undefined}>
            <Card className={cn(selected === key && 'ring-2 ring-blue-500')}>
              <CardContent className="space-y-2 pt-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Cut text={app ? app.applicationNumber : 'No Application'} className="font-semibold text-slate-900" />
                    <Cut text={`${names.first} ${names.last}`} className="text-sm text-slate-700" />
                    <Cut text={entry.user.email} className="text-sm text-slate-600" />
                  </div>
                  <StatusBadge entry={entry} />
                </div>
                {app ? (
                  <div className="flex flex-wrap gap-1">
                    <FlagBadges app={app} />
                    <PaymentBadges app={app} />
                    {typeof app.groupId === 'number' ? <GroupBadge groupId={app.groupId} /> : null}
                  </div>
                ) : (
                  <p className="text-sm text-slate-600">Registered {submittedOn(entry)}</p>
                )}
                <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
                  <span className="truncate">{app ? `Assignee: ${entry.assignee?.fullName ?? 'nobody'}` : null}</span>
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
