import { AUDIT_ACTION_LABELS } from '../../../../../core/domain/audit.js';
import { Spinner } from '../../components/ui/spinner.js';
import { formatDateTime } from '../../lib/format.js';
import { useApplicationAuditQuery, type AuditEntryDto } from './api.js';

/** "status: under_process → approved" for each field a row's before/after changed. */
function changes(entry: AuditEntryDto): string[] {
  const detail = entry.detail as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  const after = detail.after ?? {};
  const before = detail.before ?? {};
  const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => (key in before ? `${key}: ${show(before[key])} → ${show(after[key])}` : `${key}: ${show(after[key])}`));
}

/** Who did, read or changed what on this application, and from where (docs/product.md §6.5). */
export function AuditTrail({ applicationId }: { applicationId: number }) {
  const trail = useApplicationAuditQuery(applicationId);
  return (
    <section aria-label="Audit trail">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Audit trail</h3>
      {trail.isLoading ? (
        <Spinner className="mt-2" label="Loading the audit trail" />
      ) : trail.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The audit trail could not be loaded: {trail.error.message}
        </p>
      ) : (trail.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {trail.data!.map((entry) => (
            <li key={entry.seq} className="text-sm text-slate-800">
              <p>{AUDIT_ACTION_LABELS[entry.action]}</p>
              {changes(entry).map((line) => (
                <p key={line} className="break-words text-xs text-slate-600">
                  {line}
                </p>
              ))}
              <p className="text-xs text-slate-500">
                {entry.actor.email ?? 'operator (CLI)'}, {formatDateTime(entry.at)}
                {entry.clientAddress ? ` from ${entry.clientAddress}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
