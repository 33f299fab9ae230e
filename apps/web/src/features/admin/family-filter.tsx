import { Button } from '../../components/ui/button.js';
import { useAdminGroupQuery } from './api.js';
import { Workspace } from './workspace.js';

/** The admin list filtered by a family application: its travellers, and the way back to every application. */
export function FamilyEntries({ groupId, onClear }: { groupId: number; onClear: () => void }) {
  const group = useAdminGroupQuery(groupId);
  return (
    <section aria-label={`Family application ${groupId}`} className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          Family application {groupId}
          {group.data ? ` · ${group.data.length} travellers` : ''}
        </h2>
        <Button variant="outline" onClick={onClear}>
          Show all applications
        </Button>
      </div>
      {group.isLoading ? (
        <p className="text-slate-600">Loading applications...</p>
      ) : group.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          The family application could not be loaded: {group.error.message}
        </p>
      ) : (
        <Workspace entries={group.data ?? []} />
      )}
    </section>
  );
}
