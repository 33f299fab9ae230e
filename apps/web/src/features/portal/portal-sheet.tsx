import { msg } from '@core/i18n/index.js';
import { isMaskedPassportNumber } from '@core/domain/passport-mask.js';
import { statusLabel } from '@core/domain/status-display.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { useT } from '../../lib/i18n.js';
import { useCan } from '../../lib/permissions.js';
import { useCopy } from '../../lib/use-copy.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../api/admin.js';
import { shownPassportNumber, useRevealedPassport } from '../../components/passport-reveal.js';

/** '1990-05-01' (or an ISO instant) → '01/05/1990', as the official portal writes dates. */
export function portalDate(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : value;
}

export interface PortalSheetRow {
  label: string;
  value: string;
}

/**
 * The application's fields in the order the official portal (visa2egypt.gov.eg) asks for them
 * (docs/product.md §2.16). The port of arrival is not collected, so it is left out.
 */
export function portalSheetRows(app: AdminApplicationDto, user: AdminEntryDto['user']): PortalSheetRow[] {
  return [
    { label: msg('Nationality'), value: app.nationality },
    { label: msg('Visa type'), value: `Tourist, ${app.entry} entry` },
    { label: msg('Expected arrival date'), value: portalDate(app.expectedArrivalDate) },
    { label: msg('Surname'), value: app.surname },
    { label: msg('Given names'), value: app.givenName },
    { label: msg('Gender'), value: app.gender === 'male' ? 'Male' : 'Female' },
    { label: msg('Date of birth'), value: portalDate(app.dateOfBirth) },
    { label: msg('Country of birth'), value: app.countryOfBirth },
    { label: msg('Marital status'), value: statusLabel(app.maritalStatus) },
    { label: msg('Profession'), value: app.profession },
    { label: msg('Passport number'), value: app.passportNumber },
    { label: msg('Passport expiry'), value: portalDate(app.passportExpiry) },
    { label: msg('Previous nationality'), value: app.originalNationality ?? '' },
    { label: msg('Other nationality'), value: app.otherNationalities ? (app.otherNationality ?? '') : '' },
    { label: msg('Address in home country'), value: [app.address, app.city, app.postcode].filter((part) => part && part.trim()).join(', ') },
    { label: msg('Hotel or address in Egypt'), value: app.hotelDetails ?? '' },
    { label: msg('Email'), value: user.email },
    { label: msg('Phone'), value: user.phoneNumber },
  ];
}

/**
 * The rows' values on one line, tab-separated (pasted into a spreadsheet row, each value lands in
 * its cell). A masked passport number is left empty: dots pasted into the portal would be worse
 * than a gap.
 */
export function portalSheetText(rows: readonly PortalSheetRow[]): string {
  return rows.map((row) => (isMaskedPassportNumber(row.value) ? '' : row.value.replace(/[\t\r\n]+/g, ' '))).join('\t');
}

const PASSPORT_ROW = msg('Passport number');

/**
 * "Portal sheet": each field with a Copy button, and Copy all; what was copied is announced. The
 * passport number is masked until revealed (decision 0030): its row offers "Reveal" instead of
 * "Copy", and "Copy all" reveals it first (an audited read, as any reveal) for staff who may.
 */
export function PortalSheet({ app, user }: { app: AdminApplicationDto; user: AdminEntryDto['user'] }) {
  const { t } = useT();
  const { revealed, reveal } = useRevealedPassport(app.id);
  const canReveal = useCan('passports.reveal');
  const rows = portalSheetRows({ ...app, passportNumber: shownPassportNumber(app, revealed) }, user);
  const masked = isMaskedPassportNumber(shownPassportNumber(app, revealed));
  const { copied, announcement, copy, copyLater } = useCopy();

  function copyAll() {
    if (!(masked && canReveal)) return copy('*', portalSheetText(rows), t('all the fields'));
    // The clipboard is written with the press (browsers allow it only then); its text follows the reveal.
    const text = reveal.mutateAsync().then((r) => portalSheetText(rows.map((row) => (row.label === PASSPORT_ROW ? { ...row, value: r.passportNumber } : row))));
    return copyLater('*', text, t('all the fields'));
  }

  return (
    <section aria-label={t('Portal sheet')} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('Portal sheet')}</h4>
        <Button type="button" size="sm" variant="outline" disabled={reveal.isPending} onClick={() => void copyAll()}>
          {copied === '*' ? t('Copied') : t('Copy all')}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {t("In the official portal's order; dates as DD/MM/YYYY.")}
        {masked && canReveal ? ` ${t('Copy all reveals the passport number (recorded in the audit log).')}` : null}
        {masked && !canReveal ? ` ${t('Your role does not show passport numbers in full: Copy all leaves it out.')}` : null}
      </p>
      {reveal.error ? (
        <p role="alert" className="text-xs text-red-700">
          {serverMessage(reveal.error) ?? t('The passport number could not be revealed. Please try again.')}
        </p>
      ) : null}
      <table className="w-full text-sm">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-100">
              <th scope="row" className="py-1 pe-2 text-start align-top text-xs font-normal text-slate-500">
                {t(row.label)}
              </th>
              <td className="break-words py-1 pe-2 text-slate-900">{row.value ? <bdi>{row.value}</bdi> : '—'}</td>
              <td className="py-1 text-end">
                {row.label === PASSPORT_ROW && masked ? (
                  <Button type="button" size="sm" variant="ghost" aria-label={t('Reveal the passport number')} disabled={!canReveal || reveal.isPending} onClick={() => reveal.mutate()}>
                    {reveal.isPending ? t('Revealing...') : t('Reveal')}
                  </Button>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={t('Copy {field}', { field: t(row.label) })}
                    disabled={!row.value}
                    onClick={() => copy(row.label, row.value, t(row.label))}
                  >
                    {copied === row.label ? t('Copied') : t('Copy')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
