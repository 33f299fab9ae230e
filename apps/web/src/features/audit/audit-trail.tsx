import { Spinner } from '../../components/ui/spinner.js';
import { useT } from '../../lib/i18n.js';
import { useApplicationAuditQuery } from './api.js';
import { AuditEntryItem } from './audit-entry.js';

/** Who did, read or changed what on this application, and from where (docs/product.md §6.5), in words. */
export function AuditTrail({ applicationId }: { applicationId: number }) {
  const { t } = useT();
  const trail = useApplicationAuditQuery(applicationId);
  return (
    <section aria-label={t('Audit trail')}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('Audit trail')}</h3>
      {trail.isLoading ? (
        <Spinner className="mt-2" label={t('Loading the audit trail')} />
      ) : trail.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('The audit trail could not be loaded: {reason}', { reason: trail.error.message })}
        </p>
      ) : (trail.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('Nothing recorded yet.')}</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {trail.data!.map((entry) => (
            <AuditEntryItem key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
