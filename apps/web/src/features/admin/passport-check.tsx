import { PASSPORT_CHECK_FIELDS, PASSPORT_CHECK_LABELS } from '@core/domain/passport-check.js';
import { Badge } from '../../components/ui/badge.js';
import type { AdminApplicationDto as ApplicationDto } from './api.js';
import { useRevealedPassport } from '../../components/passport-reveal.js';
import { useT } from '../../lib/i18n.js';
import { msg } from '@core/i18n/index.js';

const STATUS_TEXT = {
  match: msg('The passport copy matches the typed fields.'),
  pending: msg('The passport copy is being read…'),
  unreadable: msg("The passport copy's machine-readable zone could not be read (or its check digits fail): compare the fields by eye."),
} as const;

/**
 * The server's reading of the latest passport copy beside what the applicant typed, field by field,
 * the differing ones marked; the zone's two lines as printed. Nothing before a passport is attached.
 */
export function PassportCheckPanel({ app }: { app: ApplicationDto }) {
  const { t, tc } = useT();
  const check = app.passportCheck;
  // Staff read the numbers masked; once revealed (the Passport section's "Reveal"), in full here too.
  const { revealed } = useRevealedPassport(app.id);
  if (!check) return null;
  const stored = app.passportScan?.status === 'read' ? app.passportScan.scan : null;
  const scan = stored && revealed?.scanned ? { ...stored, fields: { ...stored.fields, passportNumber: revealed.scanned.passportNumber }, mrz: revealed.scanned.mrz } : stored;
  const typed = (field: (typeof PASSPORT_CHECK_FIELDS)[number]) => (field === 'passportNumber' && revealed ? revealed.passportNumber : app[field]);
  const differs = new Set<string>(check.mismatches);
  return (
    <section data-testid={`passport-check-${app.id}`}>
      <h3 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t('Passport check (MRZ)')}
        {check.status === 'mismatch' ? <Badge tone="red">{t('MRZ MISMATCH')}</Badge> : null}
      </h3>
      {check.status === 'mismatch' ? (
        <p className="mt-1 text-sm text-red-800">
          {t("The passport's MRZ differs from what the applicant typed in: {fields}.", { fields: check.mismatches.map((f) => tc(PASSPORT_CHECK_LABELS[f])).join(', ') })}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{t(STATUS_TEXT[check.status])}</p>
      )}
      {scan ? (
        <>
          <table className="mt-2 w-full text-start text-sm">
            <thead>
              <tr className="text-xs text-slate-500">
                <th scope="col" className="py-1 pe-2 font-medium">
                  {t('Field')}
                </th>
                <th scope="col" className="py-1 pe-2 font-medium">
                  {t('Typed')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('Passport (MRZ)')}
                </th>
              </tr>
            </thead>
            <tbody>
              {PASSPORT_CHECK_FIELDS.map((field) => (
                <tr key={field} data-mismatch={differs.has(field) ? '' : undefined} className={differs.has(field) ? 'bg-red-50 text-red-900' : undefined}>
                  <th scope="row" className="py-1 pe-2 font-normal text-slate-600">
                    {tc(PASSPORT_CHECK_LABELS[field])}
                  </th>
                  <td className="break-words py-1 pe-2">{typed(field) ? <bdi dir="ltr">{typed(field)}</bdi> : '—'}</td>
                  <td className="break-words py-1">{(scan.fields[field] ?? null) === null ? '—' : <bdi dir="ltr">{scan.fields[field]}</bdi>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs leading-5 text-slate-800" dir="ltr" aria-label={t('Machine-readable zone')}>
            {scan.mrz.join('\n')}
          </pre>
        </>
      ) : null}
    </section>
  );
}
