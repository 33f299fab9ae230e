import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@core/domain/audit.js';
import { STAFF_ROLE_LABELS } from '@core/domain/staff-role.js';
import { serverFieldErrors, serverMessage } from '../../api/client.js';
import { pageWidth } from '../../components/layout/page-width.js';
import { Button } from '../../components/ui/button.js';
import { Input, NativeSelect } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useCan } from '../../lib/permissions.js';
import { assigneesQuery, staffQuery } from '../../api/staff.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import type { Translate } from '@core/i18n/index.js';
import type { Locale } from '@core/domain/locale.js';
import { useAuditLogQuery, useAuditVerificationQuery, type AuditVerdictDto } from './api.js';
import { AuditEntryItem } from './audit-entry.js';
import { parseAuditSearch, type AuditSearch } from './search.js';

/**
 * The whole audit log (docs/product.md §6.5), for staff with 'audit.read': filtered by who, what
 * action, which application and a range of UK days (kept in the address), 50 entries a page, newest
 * first, each in words; and, when asked, the hash chain verified end to end.
 */
export function AuditPage() {
  const { t, intl } = useT();
  const search = parseAuditSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const log = useAuditLogQuery(search);
  const page = search.page ?? 1;
  const choose = (next: AuditSearch) => void navigate({ to: '/admin/audit', search: next });
  const fieldErrors = log.isError ? serverFieldErrors(log.error) : {};
  const formError = log.isError && Object.keys(fieldErrors).length === 0 ? (serverMessage(log.error) ?? t('The audit log could not be loaded. Please try again.')) : null;

  return (
    <div className={`py-8 ${pageWidth('/admin/audit')}`}>
      <p className="text-sm">
        <Link to="/admin" className={textLinkClasses()}>
          {t('Admin Dashboard')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{t('Audit log')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {t(
          "Everything staff did to applications and accounts, and every time they read someone's personal data, newest first. Nobody can change an entry without it showing: each one's hash covers the one before.",
        )}
      </p>
      <ChainCheck />
      <Filters key={JSON.stringify(search)} search={search} onChoose={choose} applicationNumberError={fieldErrors.applicationNumber} />
      {formError ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      ) : log.isError ? null : !log.data ? (
        <Spinner className="mt-6" label={t('Loading the audit log')} />
      ) : log.data.items.length === 0 ? (
        <p className="mt-6 text-slate-600">{page > 1 ? t('This page is empty.') : t('No entries match these filters.')}</p>
      ) : (
        <section aria-label={t('Entries')} className={`mt-6 rounded-lg border border-slate-200 bg-white px-4 ${log.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={log.isPlaceholderData}>
          <div
            aria-hidden="true"
            className="hidden gap-4 border-b border-slate-200 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid lg:grid-cols-[minmax(0,14rem)_minmax(0,15rem)_minmax(0,1fr)]"
          >
            <span>{t('When')}</span>
            <span>{t('Who')}</span>
            <span>{t('What')}</span>
          </div>
          <ol className="divide-y divide-slate-200">
            {log.data.items.map((entry) => (
              <AuditEntryItem
                key={entry.seq}
                entry={entry}
                wide
                application={
                  entry.applicationNumber ? <Sentence text={t('Application {number}', { number: slot('number') })} parts={{ number: <bdi dir="ltr">{entry.applicationNumber}</bdi> }} /> : undefined
                }
              />
            ))}
          </ol>
        </section>
      )}
      {log.data && (page > 1 || log.data.hasMore) ? (
        <nav aria-label={t('Pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
          <p>{t('Page {page}, {size} entries a page', { page: page.toLocaleString(intl), size: log.data.pageSize.toLocaleString(intl) })}</p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => choose({ ...search, page: page > 2 ? page - 1 : undefined })}>
              {t('Previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={!log.data.hasMore} onClick={() => choose({ ...search, page: page + 1 })}>
              {t('Next')}
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** Who can be chosen: every member of staff for those who manage staff (deactivated ones too), else the active colleagues. */
function useWhoChoices(): { id: number; label: string }[] {
  const { t, tc } = useT();
  const canManageStaff = useCan('staff.manage');
  const staff = useQuery({ ...staffQuery, enabled: canManageStaff });
  const colleagues = useQuery({ ...assigneesQuery, enabled: !canManageStaff });
  if (canManageStaff)
    return (staff.data ?? []).map((m) => ({
      id: m.id,
      label: m.active ? t('{name} ({email})', { name: m.fullName, email: m.email }) : t('{name} ({email}), deactivated', { name: m.fullName, email: m.email }),
    }));
  return (colleagues.data ?? []).map((m) => ({ id: m.id, label: t('{name} ({role})', { name: m.fullName, role: tc(STAFF_ROLE_LABELS[m.role]) }) }));
}

function Filters({ search, onChoose, applicationNumberError }: { search: AuditSearch; onChoose: (next: AuditSearch) => void; applicationNumberError?: string }) {
  const { t, tc, intl } = useT();
  const id = useId();
  const who = useWhoChoices();
  // Actions in the order staff look for them: by their words, in the page's language.
  const actions = AUDIT_ACTIONS.map((a) => ({ value: a, label: tc(AUDIT_ACTION_LABELS[a]) })).sort((a, b) => a.label.localeCompare(b.label, intl));
  const [actorId, setActorId] = useState(search.actorId ? String(search.actorId) : '');
  const [action, setAction] = useState(search.action ?? '');
  const [applicationNumber, setApplicationNumber] = useState(search.applicationNumber ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && from > to) {
      setRangeError(t('The first day must not be after the last day.'));
      return;
    }
    setRangeError(null);
    onChoose({
      ...(actorId ? { actorId: Number(actorId) } : {}),
      ...(action ? { action } : {}),
      ...(applicationNumber.trim() ? { applicationNumber: applicationNumber.trim() } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  };
  const filtered = Boolean(search.actorId || search.action || search.applicationNumber || search.from || search.to);
  const numberErrorId = `${id}-number-error`;
  const rangeErrorId = `${id}-range-error`;
  return (
    <form
      aria-label={t('Filter the audit log')}
      noValidate
      onSubmit={submit}
      className="mt-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-start"
    >
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-who`}>{t('Who')}</Label>
        <NativeSelect id={`${id}-who`} className="w-full" value={actorId} onChange={(event) => setActorId(event.target.value)}>
          <option value="">{t('Anyone')}</option>
          {actorId && !who.some((w) => String(w.id) === actorId) ? <option value={actorId}>{t('Member of staff {id}', { id: actorId })}</option> : null}
          {who.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-action`}>{t('What')}</Label>
        <NativeSelect id={`${id}-action`} className="w-full" value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">{t('Any action')}</option>
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-number`}>{t('Application number')}</Label>
        <Input
          id={`${id}-number`}
          value={applicationNumber}
          placeholder="EV-2611-7K3QX9"
          autoComplete="off"
          onChange={(event) => setApplicationNumber(event.target.value)}
          aria-invalid={applicationNumberError ? true : undefined}
          aria-describedby={applicationNumberError ? numberErrorId : undefined}
        />
        {applicationNumberError ? (
          <p id={numberErrorId} role="alert" className="text-sm text-red-700">
            {applicationNumberError}
          </p>
        ) : null}
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-from`}>{t('From (UK day)')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? rangeErrorId : undefined}
        />
        {rangeError ? (
          <p id={rangeErrorId} role="alert" className="text-sm text-red-700">
            {rangeError}
          </p>
        ) : null}
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-to`}>{t('To (UK day)')}</Label>
        <Input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <Button type="submit">{t('Filter')}</Button>
        {filtered ? (
          <Button type="button" variant="outline" onClick={() => onChoose({})}>
            {t('Clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The chain verified on request: it reads the whole log, so never on its own. */
function ChainCheck() {
  const { t, intl } = useT();
  const [asked, setAsked] = useState(false);
  const verdict = useAuditVerificationQuery(asked);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm" data-testid="audit-chain">
      <Button variant="outline" size="sm" disabled={verdict.isFetching} onClick={() => (asked ? void verdict.refetch() : setAsked(true))}>
        {verdict.isFetching ? t('Verifying...') : t('Verify the chain')}
      </Button>
      {verdict.isError ? (
        <p role="alert" className="text-red-700">
          {t('The chain could not be verified: {reason}', { reason: serverMessage(verdict.error) ?? verdict.error.message })}
        </p>
      ) : verdict.data && !verdict.isFetching ? (
        <p role="status" className={verdict.data.ok ? 'text-green-800' : 'font-medium text-red-800'}>
          {verdictInWords(verdict.data, t, intl)}
        </p>
      ) : null}
    </div>
  );
}

/** What `evisa verify-audit` would say, for staff. */
export function verdictInWords(verdict: AuditVerdictDto, t: Translate, intl: Locale): string {
  if (verdict.ok) {
    return t('Intact: {count, plural, one {# entry} other {# entries}} checked, up to no. {seq} (hash {hash}…).', {
      count: verdict.rows,
      seq: verdict.head.seq.toLocaleString(intl),
      hash: verdict.head.hash.slice(0, 12),
    });
  }
  switch (verdict.problem) {
    case 'changed':
      return t('Broken: entry no. {seq} was changed after it was written.', { seq: String(verdict.seq) });
    case 'inserted':
      return t('Broken: entry no. {seq} was not written by the log.', { seq: String(verdict.seq) });
    case 'removed':
      return t('Broken: entries after no. {seq} are missing.', { seq: String(verdict.after) });
    case 'unlinked':
      return t('Broken: entry no. {seq} or the one before it was replaced.', { seq: String(verdict.seq) });
    default:
      return t('Broken.');
  }
}
