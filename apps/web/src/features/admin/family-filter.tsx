import { Button } from '../../components/ui/button.js';
import { useAdminGroupQuery } from './api.js';
import { Workspace } from './workspace.js';
import { useT } from '../../lib/i18n.js';

/** The admin list filtered by a family application: its travellers, and the way back to every application. */
export function FamilyEntries({ groupId, onClear }: { groupId: number; onClear: () => void }) {
  const group = useAdminGroupQuery(groupId);
  const { t } = useT();
  const id = String(groupId);
  return (
    <section aria-label={t('Family application {groupId}', { groupId: id })} className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          {group.data ? t('Family application {groupId} · {count, plural, other {# travellers}}', { groupId: id, count: group.data.length }) : t('Family application {groupId}', { groupId: id })}
        </h2>
        <Button variant="outline" onClick={onClear}>
          {t('Show all applications')}
        </Button>
      </div>
      {group.isLoading ? (
        <p className="text-slate-600">{t('Loading applications...')}</p>
      ) : group.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          {t('The family application could not be loaded: {error}', { error: group.error.message })}
        </p>
      ) : (
        <Workspace entries={group.data ?? []} />
      )}
    </section>
  );
}
