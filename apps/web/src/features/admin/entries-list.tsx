import { Fragment, useState } from 'react';
import type { AdminEntryDto } from './api.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { formatDate } from '../../lib/format.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { FlagBadges, GroupBadge, PaymentBadges, StatusBadge } from './badges.js';
import { EntryPanel, entryKey, namesOf } from './entry-panel.js';
import { useStagedChanges } from './staged-changes.js';

const COLUMNS = ['Application ID', 'Email', 'First Name', 'Last Name', 'Passport Number', 'Date Submitted', 'Status', 'Payment Status', 'Actions'];

/** A table on large screens, cards on small ones (docs/product.md §2.14); rows expand to the full application. */
export function EntriesList({ entries }: { entries: AdminEntryDto[] }) {
  const large = useMediaQuery('(min-width: 1024px)');
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return large ? <EntriesTable entries={entries} expanded={expanded} toggle={toggle} /> : <EntryCards entries={entries} expanded={expanded} toggle={toggle} />;
}

interface ListProps {
  entries: AdminEntryDto[];
  expanded: Set<string>;
  toggle: (key: string) => void;
}

function ToggleButton({ entry, open, onClick, panelId }: { entry: AdminEntryDto; open: boolean; onClick: () => void; panelId: string }) {
  const who = entry.application ? entry.application.applicationNumber : entry.user.email;
  return (
    <Button variant="outline" size="sm" aria-expanded={open} aria-controls={open ? panelId : undefined} aria-label={`${open ? 'Hide' : 'Manage'} ${who}`} onClick={onClick}>
      {open ? 'Hide' : 'Manage'}
    </Button>
  );
}

function UnsavedBadge({ entry }: { entry: AdminEntryDto }) {
  const staged = useStagedChanges();
  if (!entry.application || !staged.get(entry.application.id)) return null;
  return <Badge tone="orange">Unsaved</Badge>;
}

/** What a table row and a card both need to know about an entry. */
function rowModel(entry: AdminEntryDto, expanded: Set<string>) {
  const key = entryKey(entry);
  return { key, open: expanded.has(key), app: entry.application, names: namesOf(entry), panelId: `panel-${key}` };
}

function submittedOn(entry: AdminEntryDto): string {
  return formatDate(entry.application?.createdAt ?? entry.user.createdAt);
}

function EntriesTable({ entries, expanded, toggle }: ListProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => {
            const { key, open, app, names, panelId } = rowModel(entry, expanded);
            return (
              <Fragment key={key}>
                <tr data-testid={app ? `admin-row-${app.id}` : `admin-user-${entry.user.id}`} className={open ? 'bg-blue-50/40' : undefined}>
                  <td className="px-3 py-3 align-top">
                    <div className="font-medium text-slate-900">{app ? app.applicationNumber : 'No Application'}</div>
                    {app ? <FlagBadges app={app} /> : null}
                    {app && typeof app.groupId === 'number' ? <GroupBadge groupId={app.groupId} /> : null}
                  </td>
                  <td className="px-3 py-3 align-top break-all">{entry.user.email}</td>
                  <td className="px-3 py-3 align-top">{names.first}</td>
                  <td className="px-3 py-3 align-top">{names.last}</td>
                  <td className="px-3 py-3 align-top">{app?.passportNumber ?? '—'}</td>
                  <td className="px-3 py-3 align-top whitespace-nowrap">{submittedOn(entry)}</td>
                  <td className="px-3 py-3 align-top">
                    <StatusBadge entry={entry} />
                  </td>
                  <td className="px-3 py-3 align-top">{app ? <PaymentBadges app={app} /> : '—'}</td>
                  <td className="px-3 py-3 align-top">
                    <div className="flex flex-wrap items-center gap-2">
                      <ToggleButton entry={entry} open={open} onClick={() => toggle(key)} panelId={panelId} />
                      <UnsavedBadge entry={entry} />
                    </div>
                  </td>
                </tr>
                {open ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="bg-white px-4 py-5">
                      <EntryPanel entry={entry} id={panelId} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function EntryCards({ entries, expanded, toggle }: ListProps) {
  return (
    <ul className="space-y-4">
      {entries.map((entry) => {
        const { key, open, app, names, panelId } = rowModel(entry, expanded);
        return (
          <li key={key} data-testid={app ? `admin-row-${app.id}` : `admin-user-${entry.user.id}`}>
            <Card>
              <CardContent className="space-y-3 pt-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900">{app ? app.applicationNumber : 'No Application'}</p>
                    <p className="text-sm text-slate-700">
                      {names.first} {names.last}
                    </p>
                    <p className="break-all text-sm text-slate-600">{entry.user.email}</p>
                  </div>
                  <StatusBadge entry={entry} />
                </div>
                {app ? (
                  <dl className="grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">Passport Number</dt>
                      <dd>{app.passportNumber}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Date Submitted</dt>
                      <dd>{submittedOn(entry)}</dd>
                    </div>
                  </dl>
                ) : (
                  <p className="text-sm text-slate-600">Registered {submittedOn(entry)}</p>
                )}
                {app ? (
                  <div className="flex flex-wrap gap-1">
                    <FlagBadges app={app} />
                    <PaymentBadges app={app} />
                    {typeof app.groupId === 'number' ? <GroupBadge groupId={app.groupId} /> : null}
                  </div>
                ) : null}
                <div className="flex items-center gap-2">
                  <ToggleButton entry={entry} open={open} onClick={() => toggle(key)} panelId={panelId} />
                  <UnsavedBadge entry={entry} />
                </div>
                {open ? (
                  <div className="border-t border-slate-200 pt-4">
                    <EntryPanel entry={entry} id={panelId} />
                  </div>
                ) : null}
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
