import { useId } from 'react';
import { formatDayAndTime } from '@core/domain/wording.js';
import { STAFF_ROLE_LABELS } from '@core/domain/staff-role.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { NativeSelect } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';

import { useCan } from '../../lib/permissions.js';
import { toast } from '../../lib/toast-store.js';
import { useUserQuery } from '../../api/user.js';
import type { AdminApplicationDto, AssigneeDto } from './api.js';
import { useAdminAssignmentsQuery, useAssigneesQuery, useAssignMutation } from './assignment-api.js';

/**
 * Who works on the application (docs/product.md §2.14, "Assignment"): "Assign to me", "Unassign",
 * "Reassign to" a colleague (the active staff), and the assignment history. When the colleagues
 * cannot be loaded the panel says so; "Assign to me" and "Unassign" still work.
 */
export function AssigneeControl({ app, assignee }: { app: AdminApplicationDto; assignee: AssigneeDto }) {
  const me = useUserQuery().data;
  const canAssign = useCan('applications.assign');
  const colleagues = useAssigneesQuery(canAssign);
  const selectId = useId();
  const assign = useAssignMutation(app.id, {
    onSuccess: (result) => toast({ title: result.assignee ? `Assigned to ${result.assignee.fullName}.` : 'Unassigned.' }),
  });
  const mine = assignee !== null && me?.id === assignee.id;
  return (
    <section aria-label="Assignment" className="space-y-2">
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
      {canAssign ? (
        <div className="flex flex-wrap items-end gap-2">
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
          {colleagues.data && colleagues.data.length > 0 ? (
            <div className="flex min-w-[12rem] flex-1 flex-col gap-1">
              <Label htmlFor={selectId}>Reassign to</Label>
              <NativeSelect id={selectId} value={assignee?.id ?? ''} disabled={assign.isPending} onChange={(e) => assign.mutate({ userId: e.target.value === '' ? null : Number(e.target.value) })}>
                <option value="">Nobody</option>
                {colleagues.data.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.fullName} ({STAFF_ROLE_LABELS[s.role]})
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </div>
      ) : null}
      {colleagues.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>The staff list could not be loaded ({serverMessage(colleagues.error) ?? colleagues.error.message}), so you cannot reassign for now.</span>
          <Button size="sm" variant="outline" onClick={() => void colleagues.refetch()} disabled={colleagues.isFetching}>
            Try again
          </Button>
        </div>
      ) : null}
      {assign.error ? (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(assign.error) ?? assign.error.message}
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
      <summary className="cursor-pointer py-2">Assignment history ({history.data.length})</summary>
      <ol className="mt-1 space-y-1">
        {history.data.map((h) => (
          <li key={h.id}>
            {formatDayAndTime(h.createdAt)}: {h.assigneeName ? `assigned to ${h.assigneeName}` : 'unassigned'} by {h.assignedByName}
          </li>
        ))}
      </ol>
    </details>
  );
}
