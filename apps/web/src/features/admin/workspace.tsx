import { startTransition, useState, type ReactNode } from 'react';
import { useUserQuery } from '../../api/user.js';
import { useCan } from '../../lib/permissions.js';
import { toast } from '../../lib/toast-store.js';
import { serverMessage } from '../../api/client.js';
import { useAdminEntryQuery, type AdminEntryDto } from './api.js';
import { useAssignAnyMutation } from './assignment-api.js';
import { EntriesList } from './entries-list.js';
import { EntryPanel, EntryPrimaryActions, EntrySummary, entryKey } from './entry-panel.js';
import { SidePanel } from './side-panel.js';
import { useListKeys } from './use-list-keys.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import type { Translate } from '@core/i18n/index.js';

/**
 * The casework workspace (docs/product.md §2.14): the list, and beside it the side panel of the
 * open application. Keys: j/k move the selection, Enter opens it, a assigns it to me.
 *
 * The panel stays on its application whatever the list does: a change that moves it to another tab
 * (or off this page) leaves it open, showing the application as the server now has it (read on its
 * own, GET /api/admin/applications/{id}). `empty` is what the list shows when it has no entry.
 */
export function Workspace({ entries, footer, empty }: { entries: AdminEntryDto[]; footer?: ReactNode; empty?: ReactNode }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  // The open entry as last seen in the list: shown while its own read is on its way.
  const [lastSeen, setLastSeen] = useState<AdminEntryDto | null>(null);
  const { t } = useT();
  const me = useUserQuery().data;
  const canReview = useCan('applications.review');
  const assign = useAssignAnyMutation({
    onSuccess: (result) => toast({ title: result.assignee ? t('Assigned to {name}.', { name: result.assignee.fullName }) : t('Unassigned.') }),
    onError: (error) => toast({ title: t('Not assigned'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  const keys = entries.map(entryKey);
  const at = selected ? keys.indexOf(selected) : -1;
  const move = (step: number) => {
    if (keys.length === 0) return;
    const next = at === -1 ? (step > 0 ? 0 : keys.length - 1) : Math.min(keys.length - 1, Math.max(0, at + step));
    setSelected(keys[next]!);
    document.querySelector(`[data-testid="${testIdOf(entries[next]!)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };
  // The row shows itself chosen at once; the panel (a few hundred elements) renders as a transition,
  // which React does in slices between frames: opening one took ~450 ms to the next paint on a
  // mid-range phone.
  const open = (key: string) => {
    setSelected(key);
    startTransition(() => setOpened(key));
  };
  useListKeys({
    next: () => move(1),
    previous: () => move(-1),
    open: () => (at === -1 ? undefined : open(keys[at]!)),
    assignToMe: () => {
      const app = at === -1 ? null : entries[at]!.application;
      if (app && me) assign.mutate({ applicationId: app.id, userId: me.id });
    },
  });
  const inList = opened ? entries.find((e) => entryKey(e) === opened) : undefined;
  if (inList && inList !== lastSeen) setLastSeen(inList);
  const openApplicationId = opened?.startsWith('app-') ? Number(opened.slice(4)) : null;
  const single = useAdminEntryQuery(opened && !inList ? openApplicationId : null);
  const remembered = lastSeen && entryKey(lastSeen) === opened ? lastSeen : undefined;
  const openEntry = opened ? (inList ?? single.data ?? remembered) : undefined;
  const close = () => {
    setOpened(null);
    setLastSeen(null);
  };
  return (
    <div className={openEntry ? 'grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(26rem,34%)]' : undefined}>
      <div className="min-w-0">
        {entries.length > 0 ? (
          <>
            {/* The keys need a keyboard: a touch screen (a phone, a tablet) is not told about them. */}
            <p className="mb-2 text-xs text-slate-500 pointer-coarse:hidden" data-testid="admin-keys-hint">
              <Sentence
                text={t('Keys: {j} / {k} move, {enter} opens, {a} assigns to me.', { j: slot('j'), k: slot('k'), enter: slot('enter'), a: slot('a') })}
                parts={{ j: <Key>j</Key>, k: <Key>k</Key>, enter: <Key>Enter</Key>, a: <Key>a</Key> }}
              />
            </p>
            <EntriesList entries={entries} selected={selected} opened={opened} onOpen={open} />
            {footer}
          </>
        ) : (
          empty
        )}
      </div>
      {openEntry ? (
        <SidePanel
          title={titleOf(openEntry)}
          subtitle={subtitleOf(openEntry, t)}
          summary={<EntrySummary entry={openEntry} />}
          actions={openEntry.application && canReview ? <EntryPrimaryActions entry={openEntry} /> : undefined}
          onClose={close}
        >
          <EntryPanel entry={openEntry} id={`panel-${entryKey(openEntry)}`} />
        </SidePanel>
      ) : null}
    </div>
  );
}

function testIdOf(entry: AdminEntryDto): string {
  return entry.application ? `admin-row-${entry.application.id}` : `admin-user-${entry.user.id}`;
}

function titleOf(entry: AdminEntryDto): string {
  const app = entry.application;
  return app ? `${app.givenName} ${app.surname}` : entry.user.fullName;
}

function subtitleOf(entry: AdminEntryDto, t: Translate): string {
  return entry.application ? t('Application {applicationNumber}', { applicationNumber: entry.application.applicationNumber }) : t('No application yet');
}

/** A key of the keyboard, as the hint names it (the letters are the keys themselves, in any language). */
function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1" dir="ltr">
      {children}
    </kbd>
  );
}
