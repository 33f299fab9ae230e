import { PASSPORT_CHECK_LABELS, type PassportCheckField } from '@core/domain/passport-check.js';
import { formatDay, personName } from '@core/domain/wording.js';
import type { ApplicationDto } from '../../api/applications.js';
import { useAgency } from '../../lib/use-agency.js';
import type { Locale } from '@core/domain/locale.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { useT } from '../../lib/i18n.js';

/** A value as people read it: dates in words, names without the passport's capitals. */
function readable(field: PassportCheckField, value: string | null | undefined, intl: Locale): string {
  const text = value ?? '';
  if (field === 'dateOfBirth' || field === 'passportExpiry') return formatDay(text, intl);
  if (field === 'givenName' || field === 'surname') return personName(text);
  return text;
}

/**
 * When the passport copy's MRZ differs from what the applicant typed: which fields, what each
 * says, and a request to check them (a visa with details that differ from the passport can be
 * refused at the border, and an issued e-visa cannot be amended).
 */
export function PassportCheckNotice({ application: app }: { application: ApplicationDto }) {
  const { t, tc, intl } = useT();
  const { agencyEmail } = useAgency();
  const check = app.passportCheck;
  if (check?.status !== 'mismatch') return null;
  const scan = app.passportScan?.status === 'read' ? app.passportScan.scan : null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950" data-testid={`passport-check-notice-${app.id}`}>
      <h3 className="font-semibold">{t('Please check your passport details')}</h3>
      <p className="mt-1">{t('Your passport copy says something different from what you typed. Your e-visa must match your passport exactly, or you may be refused at the border.')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {check.mismatches.map((field) => (
          <li key={field}>
            <span className="font-medium">{tc(PASSPORT_CHECK_LABELS[field])}</span>
            {': '}
            {scan?.fields[field]
              ? t('you typed “{typed}”, your passport reads “{read}”', { typed: readable(field, app[field], intl), read: readable(field, scan.fields[field], intl) })
              : t('you typed “{typed}”', { typed: readable(field, app[field], intl) })}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <Sentence
          text={t('If your passport is right, email us at {email} so we can correct your application before it is submitted.', { email: slot('email') })}
          parts={{
            email: (
              <a className="underline" dir="ltr" href={`mailto:${agencyEmail}?subject=${encodeURIComponent(`Correction for application ${app.applicationNumber}`)}`}>
                {agencyEmail}
              </a>
            ),
          }}
        />
      </p>
    </div>
  );
}
