import { formatDateTime } from '../../lib/format.js';
import { Button } from '../../components/ui/button.js';
import { useUserQuery } from '../auth/api.js';
import { toast } from '../../lib/toast-store.js';
import type { AdminApplicationDto, AssigneeDto } from './api.js';
import { useAdminAssignmentsQuery, useAssignMutation, useStaffQuery } from './assignment-api.js';

/**
 * Who works on the application (docs/product.md §2.14, "Assignment"): "Assign to me", "Unassign",
 * a colleague from the staff list when the server offers one, and the assignment history.
 */
export function AssigneeControl({ app, assignee }: { app: AdminApplicationDto; assignee: AssigneeDto }) {
  const me = useUserQuery().data;
  const staff = useStaffQuery().data;
  const assign = useAssignMutation(app.id, {
    onSuccess: (result) => toast({ title: result.assignee ? `Assigned to ${result.assignee.fullName}.` : 'Unassigned.' }),
  });
  const colleagues = (staff ?? []).filter((s) => s.active);
  const mine = assignee !== null && me?.id === assignee.id;
  return (
    <section aria-label="Assignment" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Assignment</h3>
      <p className="text-sm text-slate-800" data-testid="panel-assignee">
        {assignee ? (
          <>
            Assigned to <span className="font-medium">{assignee.fullName}</span>
            {mine ? ' (you)' : ''}
          </>
        ) : (
          'Nobody is assigned.'
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {!mine && me ? (
          <Button size="sm" disabled={assign.isPending} onClick={() => assign.mutate({ userId: me.id })}>
            Assign to me
          </Button>
        ) : null}
        {assignee ? (
          <Button size="sm" variant="outline" disabled={assign.isPending} onClick={() => assign.mutate({ userId: null })}>
            Unassign
          </Button>
        ) : null}
        {colleagues.length > 0 ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span>Reassign to</span>
            <select
              className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
              value={assignee?.id ?? ''}
              disabled={assign.isPending}
              onChange={(e) => assign.mutate({ userId: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Nobody</option>
              {colleagues.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.fullName} ({s.role})
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {assign.error ? (
        <p role="alert" className="text-sm text-red-700">
          {assign.error.message}
        </p>
      ) : null}
      <AssignmentHistory applicationId={app.id} />
    </section>
  );
}

function AssignmentHistory({ applicationId }: { applicationId: number }) {
  const history = useAdminAssignmentsQuery(applicationId);
  if (!history.data || history.data.length === 0) return null;
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer">Assignment history ({history.data.length})</summary>
      <ol className="mt-2 space-y-1">
        {history.data.map((h) => (
          <li key={h.id}>
            {formatDateTime(h.createdAt)}: {h.assigneeName ? `assigned to ${h.assigneeName}` : 'unassigned'} by {h.assignedByName}
          </li>
        ))}
      </ol>
    </details>
  );
}
