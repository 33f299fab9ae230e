import { isMaskedPassportNumber } from '@core/domain/passport-mask.js';
import { statusLabel } from '@core/domain/status-display.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
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
    { label: 'Nationality', value: app.nationality },
    { label: 'Visa type', value: `Tourist, ${app.entry} entry` },
    { label: 'Expected arrival date', value: portalDate(app.expectedArrivalDate) },
    { label: 'Surname', value: app.surname },
    { label: 'Given names', value: app.givenName },
    { label: 'Gender', value: app.gender === 'male' ? 'Male' : 'Female' },
    { label: 'Date of birth', value: portalDate(app.dateOfBirth) },
    { label: 'Country of birth', value: app.countryOfBirth },
    { label: 'Marital status', value: statusLabel(app.maritalStatus) },
    { label: 'Profession', value: app.profession },
    { label: 'Passport number', value: app.passportNumber },
    { label: 'Passport expiry', value: portalDate(app.passportExpiry) },
    { label: 'Previous nationality', value: app.originalNationality ?? '' },
    { label: 'Other nationality', value: app.otherNationalities ? (app.otherNationality ?? '') : '' },
    { label: 'Address in home country', value: [app.address, app.city, app.postcode].filter((part) => part && part.trim()).join(', ') },
    { label: 'Hotel or address in Egypt', value: app.hotelDetails ?? '' },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phoneNumber },
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

const PASSPORT_ROW = 'Passport number';

/**
 * "Portal sheet": each field with a Copy button, and Copy all; what was copied is announced. The
 * passport number is masked until revealed (decision 0030): its row offers "Reveal" instead of
 * "Copy", and "Copy all" reveals it first (an audited read, as any reveal) for staff who may.
 */
export function PortalSheet({ app, user }: { app: AdminApplicationDto; user: AdminEntryDto['user'] }) {
  const { revealed, reveal } = useRevealedPassport(app.id);
  const canReveal = useCan('passports.reveal');
  const rows = portalSheetRows({ ...app, passportNumber: shownPassportNumber(app, revealed) }, user);
  const masked = isMaskedPassportNumber(shownPassportNumber(app, revealed));
  const { copied, announcement, copy, copyLater } = useCopy();

  function copyAll() {
    if (!(masked && canReveal)) return copy('*', portalSheetText(rows), 'all the fields');
    // The clipboard is written with the press (browsers allow it only then); its text follows the reveal.
    const text = reveal.mutateAsync().then((r) => portalSheetText(rows.map((row) => (row.label === PASSPORT_ROW ? { ...row, value: r.passportNumber } : row))));
    return copyLater('*', text, 'all the fields');
  }

  return (
    <section aria-label="Portal sheet" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Portal sheet</h4>
        <Button type="button" size="sm" variant="outline" disabled={reveal.isPending} onClick={() => void copyAll()}>
          {copied === '*' ? 'Copied' : 'Copy all'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        In the official portal's order; dates as DD/MM/YYYY.
        {masked && canReveal ? ' Copy all reveals the passport number (recorded in the audit log).' : null}
        {masked && !canReveal ? ' Your role does not show passport numbers in full: Copy all leaves it out.' : null}
      </p>
      {reveal.error ? (
        <p role="alert" className="text-xs text-red-700">
          {serverMessage(reveal.error) ?? 'The passport number could not be revealed. Please try again.'}
        </p>
      ) : null}
      <table className="w-full text-sm">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-100">
              <th scope="row" className="py-1 pe-2 text-start align-top text-xs font-normal text-slate-500">
                {row.label}
              </th>
              <td className="break-words py-1 pe-2 text-slate-900">{row.value || '—'}</td>
              <td className="py-1 text-end">
                {row.label === PASSPORT_ROW && masked ? (
                  <Button type="button" size="sm" variant="ghost" aria-label="Reveal the passport number" disabled={!canReveal || reveal.isPending} onClick={() => reveal.mutate()}>
                    {reveal.isPending ? 'Revealing...' : 'Reveal'}
                  </Button>
                ) : (
                  <Button type="button" size="sm" variant="ghost" aria-label={`Copy ${row.label}`} disabled={!row.value} onClick={() => copy(row.label, row.value, row.label)}>
                    {copied === row.label ? 'Copied' : 'Copy'}
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
