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
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';

/**
 * Who works on the application (docs/product.md §2.14, "Assignment"): "Assign to me", "Unassign",
 * "Reassign to" a colleague (the active staff), and the assignment history. When the colleagues
 * cannot be loaded the panel says so; "Assign to me" and "Unassign" still work.
 */
export function AssigneeControl({ app, assignee }: { app: AdminApplicationDto; assignee: AssigneeDto }) {
  const { t, tc } = useT();
  const me = useUserQuery().data;
  const canAssign = useCan('applications.assign');
  const colleagues = useAssigneesQuery(canAssign);
  const selectId = useId();
  const assign = useAssignMutation(app.id, {
    onSuccess: (result) => toast({ title: result.assignee ? t('Assigned to {name}.', { name: result.assignee.fullName }) : t('Unassigned.') }),
  });
  const mine = assignee !== null && me?.id === assignee.id;
  return (
    <section aria-label={t('Assignment')} className="space-y-2">
      <p className="text-sm text-slate-800" data-testid="panel-assignee">
        {assignee ? (
          <Sentence
            text={mine ? t('Assigned to {name} (you)', { name: slot('name') }) : t('Assigned to {name}', { name: slot('name') })}
            parts={{ name: <bdi className="font-medium">{assignee.fullName}</bdi> }}
          />
        ) : (
          t('Nobody is assigned.')
        )}
      </p>
      {canAssign ? (
        <div className="flex flex-wrap items-end gap-2">
          {!mine && me ? (
            <Button size="sm" disabled={assign.isPending} onClick={() => assign.mutate({ userId: me.id })}>
              {t('Assign to me')}
            </Button>
          ) : null}
          {assignee ? (
            <Button size="sm" variant="outline" disabled={assign.isPending} onClick={() => assign.mutate({ userId: null })}>
              {t('Unassign')}
            </Button>
          ) : null}
          {colleagues.data && colleagues.data.length > 0 ? (
            <div className="flex min-w-[12rem] flex-1 flex-col gap-1">
              <Label htmlFor={selectId}>{t('Reassign to')}</Label>
              <NativeSelect id={selectId} value={assignee?.id ?? ''} disabled={assign.isPending} onChange={(e) => assign.mutate({ userId: e.target.value === '' ? null : Number(e.target.value) })}>
                <option value="">{t('Nobody')}</option>
                {colleagues.data.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('{name} ({role})', { name: s.fullName, role: tc(STAFF_ROLE_LABELS[s.role]) })}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </div>
      ) : null}
      {colleagues.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>{t('The staff list could not be loaded ({error}), so you cannot reassign for now.', { error: serverMessage(colleagues.error) ?? colleagues.error.message })}</span>
          <Button size="sm" variant="outline" onClick={() => void colleagues.refetch()} disabled={colleagues.isFetching}>
            {t('Try again')}
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
  const { t, intl } = useT();
  if (!history.data || history.data.length === 0) return null;
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer py-2">{t('Assignment history ({count})', { count: String(history.data.length) })}</summary>
      <ol className="mt-1 space-y-1">
        {history.data.map((h) => (
          <li key={h.id}>
            <Sentence
              text={
                h.assigneeName
                  ? t('{when}: assigned to {assignee} by {by}', { when: formatDayAndTime(h.createdAt, intl), assignee: slot('assignee'), by: slot('by') })
                  : t('{when}: unassigned by {by}', { when: formatDayAndTime(h.createdAt, intl), by: slot('by') })
              }
              parts={{ assignee: <bdi>{h.assigneeName}</bdi>, by: <bdi>{h.assignedByName}</bdi> }}
            />
          </li>
        ))}
      </ol>
    </details>
  );
}
