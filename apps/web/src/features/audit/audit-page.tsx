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
import { useAuditLogQuery, useAuditVerificationQuery, type AuditVerdictDto } from './api.js';
import { AuditEntryItem } from './audit-entry.js';
import { parseAuditSearch, type AuditSearch } from './search.js';

/** Actions in the order staff look for them: by their words. */
const ACTION_CHOICES = [...AUDIT_ACTIONS].sort((a, b) => AUDIT_ACTION_LABELS[a].localeCompare(AUDIT_ACTION_LABELS[b]));

/**
 * The whole audit log (docs/product.md §6.5), for staff with 'audit.read': filtered by who, what
 * action, which application and a range of UK days (kept in the address), 50 entries a page, newest
 * first, each in words; and, when asked, the hash chain verified end to end.
 */
export function AuditPage() {
  const search = parseAuditSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const log = useAuditLogQuery(search);
  const page = search.page ?? 1;
  const choose = (next: AuditSearch) => void navigate({ to: '/admin/audit', search: next });
  const fieldErrors = log.isError ? serverFieldErrors(log.error) : {};
  const formError = log.isError && Object.keys(fieldErrors).length === 0 ? (serverMessage(log.error) ?? 'The audit log could not be loaded. Please try again.') : null;

  return (
    <div className={`py-8 ${pageWidth('/admin/audit')}`}>
      <p className="text-sm">
        <Link to="/admin" className={textLinkClasses()}>
          Admin Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Audit log</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Everything staff did to applications and accounts, and every time they read someone&apos;s personal data, newest first. Nobody can change an entry without it showing: each one&apos;s hash
        covers the one before.
      </p>
      <ChainCheck />
      <Filters key={JSON.stringify(search)} search={search} onChoose={choose} applicationNumberError={fieldErrors.applicationNumber} />
      {formError ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      ) : log.isError ? null : !log.data ? (
        <Spinner className="mt-6" label="Loading the audit log" />
      ) : log.data.items.length === 0 ? (
        <p className="mt-6 text-slate-600">{page > 1 ? 'This page is empty.' : 'No entries match these filters.'}</p>
      ) : (
        <section aria-label="Entries" className={`mt-6 rounded-lg border border-slate-200 bg-white px-4 ${log.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={log.isPlaceholderData}>
          <div
            aria-hidden="true"
            className="hidden gap-4 border-b border-slate-200 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid lg:grid-cols-[minmax(0,14rem)_minmax(0,15rem)_minmax(0,1fr)]"
          >
            <span>When</span>
            <span>Who</span>
            <span>What</span>
          </div>
          <ol className="divide-y divide-slate-200">
            {log.data.items.map((entry) => (
              <AuditEntryItem key={entry.seq} entry={entry} wide application={entry.applicationNumber ? `Application ${entry.applicationNumber}` : undefined} />
            ))}
          </ol>
        </section>
      )}
      {log.data && (page > 1 || log.data.hasMore) ? (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
          <p>
            Page {page.toLocaleString('en-GB')}, {log.data.pageSize} entries a page
          </p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => choose({ ...search, page: page > 2 ? page - 1 : undefined })}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={!log.data.hasMore} onClick={() => choose({ ...search, page: page + 1 })}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** Who can be chosen: every member of staff for those who manage staff (deactivated ones too), else the active colleagues. */
function useWhoChoices(): { id: number; label: string }[] {
  const canManageStaff = useCan('staff.manage');
  const staff = useQuery({ ...staffQuery, enabled: canManageStaff });
  const colleagues = useQuery({ ...assigneesQuery, enabled: !canManageStaff });
  if (canManageStaff) return (staff.data ?? []).map((m) => ({ id: m.id, label: `${m.fullName} (${m.email})${m.active ? '' : ', deactivated'}` }));
  return (colleagues.data ?? []).map((m) => ({ id: m.id, label: `${m.fullName} (${STAFF_ROLE_LABELS[m.role]})` }));
}

function Filters({ search, onChoose, applicationNumberError }: { search: AuditSearch; onChoose: (next: AuditSearch) => void; applicationNumberError?: string }) {
  const id = useId();
  const who = useWhoChoices();
  const [actorId, setActorId] = useState(search.actorId ? String(search.actorId) : '');
  const [action, setAction] = useState(search.action ?? '');
  const [applicationNumber, setApplicationNumber] = useState(search.applicationNumber ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && from > to) {
      setRangeError('The first day must not be after the last day.');
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
      aria-label="Filter the audit log"
      noValidate
      onSubmit={submit}
      className="mt-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-start"
    >
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-who`}>Who</Label>
        <NativeSelect id={`${id}-who`} className="w-full" value={actorId} onChange={(event) => setActorId(event.target.value)}>
          <option value="">Anyone</option>
          {actorId && !who.some((w) => String(w.id) === actorId) ? <option value={actorId}>Member of staff {actorId}</option> : null}
          {who.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-action`}>What</Label>
        <NativeSelect id={`${id}-action`} className="w-full" value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">Any action</option>
          {ACTION_CHOICES.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={`${id}-number`}>Application number</Label>
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
        <Label htmlFor={`${id}-from`}>From (UK day)</Label>
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
        <Label htmlFor={`${id}-to`}>To (UK day)</Label>
        <Input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <Button type="submit">Filter</Button>
        {filtered ? (
          <Button type="button" variant="outline" onClick={() => onChoose({})}>
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The chain verified on request: it reads the whole log, so never on its own. */
function ChainCheck() {
  const [asked, setAsked] = useState(false);
  const verdict = useAuditVerificationQuery(asked);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm" data-testid="audit-chain">
      <Button variant="outline" size="sm" disabled={verdict.isFetching} onClick={() => (asked ? void verdict.refetch() : setAsked(true))}>
        {verdict.isFetching ? 'Verifying...' : 'Verify the chain'}
      </Button>
      {verdict.isError ? (
        <p role="alert" className="text-red-700">
          The chain could not be verified: {serverMessage(verdict.error) ?? verdict.error.message}
        </p>
      ) : verdict.data && !verdict.isFetching ? (
        <p role="status" className={verdict.data.ok ? 'text-green-800' : 'font-medium text-red-800'}>
          {verdictInWords(verdict.data)}
        </p>
      ) : null}
    </div>
  );
}

/** What `evisa verify-audit` would say, for staff. */
export function verdictInWords(verdict: AuditVerdictDto): string {
  if (verdict.ok) {
    const rows = verdict.rows.toLocaleString('en-GB');
    return `Intact: ${rows} ${verdict.rows === 1 ? 'entry' : 'entries'} checked, up to no. ${verdict.head.seq.toLocaleString('en-GB')} (hash ${verdict.head.hash.slice(0, 12)}…).`;
  }
  switch (verdict.problem) {
    case 'changed':
      return `Broken: entry no. ${verdict.seq} was changed after it was written.`;
    case 'inserted':
      return `Broken: entry no. ${verdict.seq} was not written by the log.`;
    case 'removed':
      return `Broken: entries after no. ${verdict.after} are missing.`;
    case 'unlinked':
      return `Broken: entry no. ${verdict.seq} or the one before it was replaced.`;
    default:
      return 'Broken.';
  }
}
