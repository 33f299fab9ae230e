import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { formatDayAndTime, formatShortDay } from '@core/domain/wording.js';
import { emptyPortalLedger, formatUsdCents, PORTAL_STATE_LABELS, PORTAL_STATES, portalView, type PortalState } from '@core/domain/portal-ledger.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Field } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { formatPence } from '../../lib/format.js';
import { useCan } from '../../lib/permissions.js';
import { useT } from '../../lib/i18n.js';
import { toast } from '../../lib/toast-store.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../api/admin.js';
import { portalReceiptUrl, useGovernmentFeesQuery, useUpdatePortalMutation, useUploadPortalReceiptMutation, type PortalDto } from './api.js';
import { PortalSheet } from './portal-sheet.js';

/** docs/product.md §2.16: the portal's receipt is a PDF, JPG or PNG. */
const RECEIPT_ACCEPT = '.pdf,.jpg,.jpeg,.png';

/** An application without a ledger row, as the server answers it (its dates are all unset). */
const EMPTY: PortalDto = { ...portalView(emptyPortalLedger(0)), paidAt: null, receipt: null, updatedAt: null };

/** '25' or '25.00' → 2500 cents; '' → null; anything else undefined (not a fee). */
function centsOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(trimmed);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** The London date of a stored paidAt, for the date input. */
const londonDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(iso));

/**
 * The government fee shield (docs/product.md §2.16, decision 0033): the fee in force when the
 * traveller paid us beside the fee paid on the portal, and what a rise between the two cost the
 * agency — never the traveller.
 */
function FeeShieldRows({ portal }: { portal: PortalDto }) {
  const { t, intl } = useT();
  if (portal.feeAtPaymentCents === null) return null;
  const fee = formatUsdCents(portal.feeAtPaymentCents);
  const atPayment = portal.feeAtPaymentPence === null ? fee : t('{fee} (booked at {pence})', { fee, pence: formatPence(portal.feeAtPaymentPence, intl) });
  const absorbed = portal.absorbedFeeCents ?? 0;
  return (
    <>
      <div>
        <dt className="text-xs text-slate-500">{t('Fee when the traveller paid us')}</dt>
        <dd data-testid="portal-fee-at-payment">{atPayment}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-xs text-slate-500">{t('Fee rise paid by the agency')}</dt>
        <dd data-testid="portal-fee-absorbed">
          {absorbed > 0
            ? t("{fee} ({pence}): Egypt's fee rose after the traveller paid us, so the agency paid the difference. The traveller's price does not change.", {
                fee: formatUsdCents(absorbed),
                pence: formatPence(portal.absorbedFeePence ?? 0, intl),
              })
            : t("None: Egypt's fee had not risen since the traveller paid us.")}
        </dd>
      </div>
    </>
  );
}

/**
 * The admin row's "Portal" section (docs/product.md §2.16): what the agency did on Egypt's portal
 * for this traveller — state, reference, the government fee paid and its receipt — with an edit
 * form for staff with `portal.manage`, and the portal sheet.
 */
export function PortalSection({ entry, app }: { entry: AdminEntryDto; app: AdminApplicationDto }) {
  const portal = entry.portal ?? EMPTY;
  const canManage = useCan('portal.manage');
  const { t, tc, intl } = useT();
  return (
    <section aria-label={t('Portal')} className="space-y-3">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('Portal')}</h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-500">{t('Portal state')}</dt>
          <dd data-testid="portal-state">{tc(PORTAL_STATE_LABELS[portal.state])}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('Portal reference')}</dt>
          <dd>{portal.reference ? <bdi>{portal.reference}</bdi> : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('Government fee')}</dt>
          <dd>
            {portal.governmentFeeCents === null
              ? '—'
              : portal.governmentFeePence === null
                ? t('{fee} (unpriced)', { fee: formatUsdCents(portal.governmentFeeCents) })
                : t('{fee} (booked at {pence})', { fee: formatUsdCents(portal.governmentFeeCents), pence: formatPence(portal.governmentFeePence, intl) })}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('Paid on')}</dt>
          <dd>{formatShortDay(portal.paidAt, intl)}</dd>
        </div>
        <FeeShieldRows portal={portal} />
        <div>
          <dt className="text-xs text-slate-500">{t('Portal receipt')}</dt>
          <dd>
            {portal.receipt ? (
              <a className="text-blue-700 underline" href={portalReceiptUrl(app.id)} download>
                <bdi>{portal.receipt.fileName}</bdi>
              </a>
            ) : (
              t('None uploaded')
            )}
          </dd>
        </div>
        {portal.updatedAt ? (
          <div>
            <dt className="text-xs text-slate-500">{t('Last updated')}</dt>
            <dd>{formatDayAndTime(portal.updatedAt, intl)}</dd>
          </div>
        ) : null}
      </dl>
      {canManage ? <PortalForm key={`${app.id}-${portal.updatedAt ?? ''}`} applicationId={app.id} portal={portal} /> : null}
      <PortalSheet app={app} user={entry.user} />
    </section>
  );
}

function PortalForm({ applicationId, portal }: { applicationId: number; portal: PortalDto }) {
  const id = useId();
  const { t, tc, intl } = useT();
  const fees = useGovernmentFeesQuery();
  const [state, setState] = useState<PortalState>(portal.state);
  const [reference, setReference] = useState(portal.reference ?? '');
  const [fee, setFee] = useState(portal.governmentFeeCents === null ? '' : dollars(portal.governmentFeeCents));
  const [paidOn, setPaidOn] = useState(portal.paidAt ? londonDay(portal.paidAt) : '');
  const [error, setError] = useState<string | null>(null);
  const current = fees.data?.current ?? null;

  const save = useUpdatePortalMutation(applicationId, {
    onSuccess: () => toast({ title: t('Portal record saved') }),
    onError: (e) => setError(serverMessage(e) ?? t('The portal record could not be saved. Please try again.')),
  });
  const upload = useUploadPortalReceiptMutation(applicationId, {
    onSuccess: () => toast({ title: t('Portal receipt uploaded') }),
    onError: (e) => toast({ title: t('Receipt not uploaded'), description: serverMessage(e) ?? t('Please try again.'), variant: 'destructive' }),
  });

  function onPaidOn(value: string) {
    setPaidOn(value);
    // The fee in effect today fills in once the payment date is given (it can be changed).
    if (value && fee.trim() === '' && current) setFee(dollars(current.amountCents));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const cents = centsOf(fee);
    if (cents === undefined) {
      setError(t('The government fee must be an amount in US dollars, such as 25.00.'));
      return;
    }
    save.mutate({ state, reference: reference.trim() || null, governmentFeeCents: cents, governmentFeeCurrency: 'USD', paidAt: paidOn || null });
  }

  function onReceipt(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  }

  return (
    <form className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3" onSubmit={submit} aria-label={t('Edit the portal record')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field id={`${id}-state`} label={t('Portal state')}>
          <Select id={`${id}-state`} value={state} onValueChange={(value) => setState(value as PortalState)} options={PORTAL_STATES.map((s) => ({ value: s, label: tc(PORTAL_STATE_LABELS[s]) }))} />
        </Field>
        <Field id={`${id}-reference`} label={t('Portal reference')}>
          <Input id={`${id}-reference`} value={reference} maxLength={64} onChange={(e) => setReference(e.target.value)} />
        </Field>
        <Field
          id={`${id}-fee`}
          label={t('Government fee (US$)')}
          hint={current ? t('In effect today: {fee} (booked at {pence})', { fee: formatUsdCents(current.amountCents), pence: formatPence(current.pence, intl) }) : undefined}
        >
          <Input id={`${id}-fee`} inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} aria-describedby={current ? `${id}-fee-hint` : undefined} />
        </Field>
        <Field id={`${id}-paid`} label={t('Paid on')}>
          <Input id={`${id}-paid`} type="date" value={paidOn} onChange={(e) => onPaidOn(e.target.value)} />
        </Field>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? t('Saving...') : t('Save portal record')}
        </Button>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-blue-700 underline">
          {upload.isPending ? t('Uploading...') : portal.receipt ? t('Replace the portal receipt') : t('Upload the portal receipt')}
          <input type="file" className="sr-only" accept={RECEIPT_ACCEPT} disabled={upload.isPending} onChange={onReceipt} />
        </label>
      </div>
    </form>
  );
}
