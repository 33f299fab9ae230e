import { useId, useState, type FormEvent } from 'react';
import { COUNTRIES } from '@core/domain/country-list.js';
import { ENTRY_ROUTE_LABELS, ENTRY_ROUTES, MAX_VALIDITY_MONTHS, type EntryRoute, type OtherRouteValue, type RuleKind } from '@core/domain/egypt-rules.js';
import { ENTRY_POINT_CODES, entryPointName } from '@core/domain/entry-points.js';
import { formatShortDay } from '@core/domain/wording.js';
import type { Locale } from '@core/domain/locale.js';
import { msg, type Translate } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';
import { serverMessage } from '../../api/client.js';
import { pageWidth } from '../../components/layout/page-width.js';
import { Button } from '../../components/ui/button.js';
import { Input, NativeSelect, Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../lib/toast-store.js';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { useAdminRulesQuery, useSetRuleMutation, type AdminRuleDto, type RuleInput } from './api.js';

const KIND_LABELS: Record<RuleKind, string> = {
  passport_validity: msg('Passport validity'),
  min_days_before_arrival: msg('Least days before arrival'),
  nationality_route: msg('Nationality route'),
};
const STATE_LABELS: Record<AdminRuleDto['state'], string> = { in_force: msg('In force'), scheduled: msg('Scheduled'), past: msg('Past') };
const STATE_TONES: Record<AdminRuleDto['state'], string> = {
  in_force: 'bg-green-100 text-green-900',
  scheduled: 'bg-blue-100 text-blue-900',
  past: 'bg-slate-100 text-slate-700',
};

/** The page's words for a rule: its own messages (`t`), the core's labels (`tc`) and the locale of its numbers. */
interface RuleWords {
  t: Translate;
  tc: Translate;
  intl: Locale;
}

/** A rule's value in words. */
export function ruleValueText(rule: Pick<AdminRuleDto, 'kind' | 'value'>, { t, tc }: RuleWords): string {
  const v = rule.value as Record<string, unknown>;
  if (rule.kind === 'passport_validity') {
    return v.countedFrom === 'arrival'
      ? t('{months, plural, one {# month} other {# months}} from arrival', { months: Number(v.months) })
      : t('{months, plural, one {# month} other {# months}} from the day of applying', { months: Number(v.months) });
  }
  if (rule.kind === 'min_days_before_arrival') return t('{days, plural, one {# day} other {# days}}', { days: Number(v.days) });
  const label = ENTRY_ROUTE_LABELS[v.route as EntryRoute] as string | undefined;
  const route = label ? tc(label) : String(v.route);
  return typeof v.maxDays === 'number' ? t('{route} (up to {days, plural, one {# day} other {# days}})', { route, days: v.maxDays }) : route;
}

/** US cents as dollars: 'US$25' or 'US$25.50' in English, by the locale's conventions otherwise. */
function usDollars(cents: number, intl: Locale): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  if (intl === 'en-GB') return `US$${(cents / 100).toFixed(digits)}`;
  return new Intl.NumberFormat(intl, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

/** Another route open to a nationality (decision 0034), in words: 'Visa on arrival · US$25 · up to 30 days · at Cairo, Hurghada'. */
export function otherRouteText(other: OtherRouteValue, { t, tc, intl }: RuleWords): string {
  const name = other.route === 'visa_on_arrival' ? tc(ENTRY_ROUTE_LABELS.visa_on_arrival) : other.sinaiOnly ? t('Sinai-resort stamp (no visa)') : tc(ENTRY_ROUTE_LABELS.visa_free);
  return [
    name,
    other.priceCents === null ? t('price unknown') : other.priceCents === 0 ? t('free') : usDollars(other.priceCents, intl),
    ...(other.maxDays !== null ? [t('up to {days, plural, one {# day} other {# days}}', { days: other.maxDays })] : []),
    ...(other.sinaiOnly ? [t('South Sinai only')] : []),
    other.entryPoints.length === 0 ? t('at every airport') : t('at {airports}', { airports: other.entryPoints.map(entryPointName).join(', ') }),
  ].join(' · ');
}

/**
 * Egypt's rules (docs/product.md §5.11): the passport validity, the least days between applying and
 * arrival and each nationality's route, as dated entries with their sources; a form to change one
 * from a date on. Admins only; every change is in the audit log, and open applications it affects
 * are marked and their applicants mailed.
 */
export function RulesPage() {
  const { t } = useT();
  const rules = useAdminRulesQuery();
  const [nationality, setNationality] = useState('');
  const id = useId();
  return (
    <div className={`py-8 ${pageWidth('/admin/rules')}`}>
      <h1 className="text-3xl font-bold text-slate-900">{t('Egypt’s rules')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {t(
          'What the apply form and the API check, each from the date it takes effect for travellers arriving on or after it. A change that makes open applications fail marks them in the admin list and mails each applicant once. Check each rule against its source at least once a year.',
        )}
      </p>
      <RuleForm today={rules.data?.today} rules={rules.data?.rules} />
      {rules.isLoading ? (
        <Spinner className="mt-6" label={t('Loading the rules')} />
      ) : rules.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {t('The rules could not be loaded: {reason}', { reason: rules.error.message })}
        </p>
      ) : (
        <>
          <RuleTable title={t('Passport validity')} rules={rules.data!.rules.filter((r) => r.kind === 'passport_validity')} />
          <RuleTable title={t('Least days before arrival')} rules={rules.data!.rules.filter((r) => r.kind === 'min_days_before_arrival')} />
          <section className="mt-8">
            <h2 className="text-xl font-semibold text-slate-900">{t('Nationality routes')}</h2>
            <div className="mt-2 max-w-sm">
              <Label htmlFor={`${id}-filter`}>{t('Show one nationality')}</Label>
              <NativeSelect id={`${id}-filter`} value={nationality} onChange={(event) => setNationality(event.target.value)}>
                <option value="">{t('Those off the e-visa, and changes')}</option>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <RuleTable
              rules={rules.data!.rules.filter(
                (r) => r.kind === 'nationality_route' && (nationality ? r.subject === nationality : (r.value as { route: string }).route !== 'evisa' || r.state !== 'in_force'),
              )}
            />
          </section>
        </>
      )}
    </div>
  );
}

const HEAD = 'px-3 py-2.5 font-semibold';
const CELL =
  'flex items-start justify-between gap-3 py-1.5 before:shrink-0 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2.5 md:align-top md:before:content-none';

function RuleTable({ title, rules }: { title?: string; rules: AdminRuleDto[] }) {
  const { t, tc, intl } = useT();
  const words = { t, tc, intl };
  const table = (
    <table className="mt-3 block w-full text-start text-sm md:table md:rounded-lg md:border md:border-slate-200 md:bg-white">
      <thead className="sr-only md:not-sr-only md:table-header-group md:bg-slate-50 md:text-xs md:uppercase md:tracking-wide md:text-slate-500">
        <tr>
          {rules.some((r) => r.subject) ? (
            <th scope="col" className={HEAD}>
              {t('Nationality')}
            </th>
          ) : null}
          <th scope="col" className={HEAD}>
            {t('Rule')}
          </th>
          <th scope="col" className={HEAD}>
            {t('From')}
          </th>
          <th scope="col" className={HEAD}>
            {t('State')}
          </th>
          <th scope="col" className={HEAD}>
            {t('Source')}
          </th>
          <th scope="col" className={HEAD}>
            {t('Checked')}
          </th>
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {rules.map((rule) => (
          <tr
            key={`${rule.kind}${rule.subject}${rule.effectiveFrom}`}
            className="mb-3 block rounded-lg border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0"
          >
            {rules.some((r) => r.subject) ? (
              <td data-label={t('Nationality')} className={`${CELL} font-medium text-slate-900`}>
                <bdi>{rule.subject}</bdi>
              </td>
            ) : null}
            <td data-label={t('Rule')} className={`${CELL} text-end md:text-start`}>
              <span>
                {ruleValueText(rule, words)}
                {(rule.value as { conditions?: string | null }).conditions ? <bdi className="block text-xs text-slate-600">{(rule.value as { conditions: string }).conditions}</bdi> : null}
                {((rule.value as { also?: OtherRouteValue[] }).also ?? []).map((other, index) => (
                  <span key={index} className="block text-xs text-slate-700">
                    {t('Also: {routes}', { routes: otherRouteText(other, words) })}
                  </span>
                ))}
              </span>
            </td>
            <td data-label={t('From')} className={`${CELL} md:whitespace-nowrap`}>
              {formatShortDay(rule.effectiveFrom, intl)}
            </td>
            <td data-label={t('State')} className={CELL}>
              <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${STATE_TONES[rule.state]}`}>{t(STATE_LABELS[rule.state])}</span>
            </td>
            <td data-label={t('Source')} className={`${CELL} min-w-0 text-end md:max-w-md md:text-start`}>
              <a href={rule.source.url} className={textLinkClasses('break-words')} target="_blank" rel="noreferrer">
                <bdi>{rule.source.title}</bdi>
              </a>
            </td>
            <td data-label={t('Checked')} className={`${CELL} md:whitespace-nowrap`}>
              {formatShortDay(rule.lastChecked, intl)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!title) return rules.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('No entries.')}</p> : table;
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {table}
    </section>
  );
}

interface FormState {
  kind: RuleKind;
  subject: string;
  months: string;
  countedFrom: 'arrival' | 'application';
  days: string;
  route: EntryRoute;
  conditions: string;
  maxDays: string;
  /** The other routes open (decision 0034), as JSON text. */
  also: string;
  effectiveFrom: string;
  sourceUrl: string;
  sourceTitle: string;
  lastChecked: string;
}

const EMPTY: FormState = {
  kind: 'passport_validity',
  subject: 'United Kingdom',
  months: '8',
  countedFrom: 'arrival',
  days: '3',
  route: 'evisa',
  conditions: '',
  maxDays: '',
  also: '[]',
  effectiveFrom: '',
  sourceUrl: 'https://www.visa2egypt.gov.eg/',
  sourceTitle: '',
  lastChecked: '',
};

/** The other routes as typed: the JSON list, or the text itself for the server to refuse with its message. */
function alsoOf(text: string): unknown {
  if (text.trim() === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A number as typed: a whole number, or the text itself for the server to refuse with its message. */
const numberOf = (text: string): number | string => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);

function inputOf(form: FormState): RuleInput {
  const value =
    form.kind === 'passport_validity'
      ? { months: numberOf(form.months), countedFrom: form.countedFrom }
      : form.kind === 'min_days_before_arrival'
        ? { days: numberOf(form.days) }
        : { route: form.route, conditions: form.conditions.trim() || null, maxDays: form.maxDays.trim() ? numberOf(form.maxDays) : null, also: alsoOf(form.also) };
  return {
    kind: form.kind,
    subject: form.kind === 'nationality_route' ? form.subject : '',
    value,
    effectiveFrom: form.effectiveFrom,
    source: { url: form.sourceUrl, title: form.sourceTitle },
    ...(form.lastChecked ? { lastChecked: form.lastChecked } : {}),
  };
}

function RuleForm({ today, rules }: { today: string | undefined; rules: AdminRuleDto[] | undefined }) {
  const { t, tc, intl } = useT();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = useSetRuleMutation({
    onSuccess: (result) => {
      setProblem(null);
      const affected = result.affected.length;
      toast({
        title: t('Rule saved'),
        description: `${
          result.rule.subject
            ? t('{rule} for {nationality} from {date}.', { rule: t(KIND_LABELS[result.rule.kind]), nationality: result.rule.subject, date: formatShortDay(result.rule.effectiveFrom, intl) })
            : t('{rule} from {date}.', { rule: t(KIND_LABELS[result.rule.kind]), date: formatShortDay(result.rule.effectiveFrom, intl) })
        } ${t('{count, plural, =0 {No open application is affected.} one {# open application is affected: marked, and the applicants mailed.} other {# open applications are affected: marked, and the applicants mailed.}}', { count: affected })}`,
      });
    },
    onError: (error) => setProblem(serverMessage(error) ?? t('The rule was not saved. Please try again.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate(inputOf(form));
  };
  const change = (patch: Partial<FormState>) => setForm({ ...form, ...patch });
  const field = (name: keyof FormState, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} value={form[name]} onChange={(event) => change({ [name]: event.target.value } as Partial<FormState>)} {...props} />
    </div>
  );
  return (
    <form aria-label={t('Change a rule')} className="mt-6 rounded-md border border-slate-200 p-4" onSubmit={submit} noValidate>
      <h2 className="text-lg font-semibold text-slate-900">{t('Change a rule')}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          'A change takes effect for travellers arriving from its date, and replaces the change already scheduled for the same rule. A rule in force cannot be changed from a past date; the same entry saved again records a new check of its source.',
        )}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Label htmlFor={`${id}-kind`}>{t('Rule')}</Label>
          <NativeSelect id={`${id}-kind`} value={form.kind} onChange={(event) => change({ kind: event.target.value as RuleKind })}>
            {(Object.keys(KIND_LABELS) as RuleKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </NativeSelect>
        </div>
        {form.kind === 'passport_validity' ? (
          <>
            {field('months', t('Months (1 to {max})', { max: MAX_VALIDITY_MONTHS }), { inputMode: 'numeric' })}
            <div>
              <Label htmlFor={`${id}-countedFrom`}>{t('Counted from')}</Label>
              <NativeSelect id={`${id}-countedFrom`} value={form.countedFrom} onChange={(event) => change({ countedFrom: event.target.value as FormState['countedFrom'] })}>
                <option value="arrival">{t('The arrival date')}</option>
                <option value="application">{t('The day of applying')}</option>
              </NativeSelect>
            </div>
          </>
        ) : null}
        {form.kind === 'min_days_before_arrival' ? field('days', t('Days'), { inputMode: 'numeric' }) : null}
        {form.kind === 'nationality_route' ? (
          <>
            <div>
              <Label htmlFor={`${id}-subject`}>{t('Nationality')}</Label>
              <NativeSelect id={`${id}-subject`} value={form.subject} onChange={(event) => change({ subject: event.target.value })}>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div>
              <Label htmlFor={`${id}-route`}>{t('Route')}</Label>
              <NativeSelect id={`${id}-route`} value={form.route} onChange={(event) => change({ route: event.target.value as EntryRoute })}>
                {ENTRY_ROUTES.map((route) => (
                  <option key={route} value={route}>
                    {tc(ENTRY_ROUTE_LABELS[route])}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {field('maxDays', t('Longest stay in days (optional)'), { inputMode: 'numeric' })}
            <div className="sm:col-span-2 lg:col-span-4">{field('conditions', t('Conditions (optional)'))}</div>
            <div className="sm:col-span-2 lg:col-span-4">
              <Label htmlFor={`${id}-also`}>{t('Other routes open (a JSON list; [] for none)')}</Label>
              <p id={`${id}-also-hint`} className="mt-1 text-xs text-slate-600">
                {t(
                  'Each: {open} route: visa_on_arrival or visa_free, entryPoints: airport codes ({codes}; [] for every airport), sinaiOnly, maxDays, priceCents (US cents, 0 free), payment, conditions, source: {open} url, title {close} {close}. The router lists each beside the route above.',
                  { open: '{', close: '}', codes: ENTRY_POINT_CODES.join(', ') },
                )}
              </p>
              <Textarea
                id={`${id}-also`}
                aria-describedby={`${id}-also-hint`}
                rows={6}
                className="mt-1 font-mono text-xs"
                value={form.also}
                onChange={(event) => change({ also: event.target.value })}
              />
              <Button
                type="button"
                variant="outline"
                className="mt-2"
                onClick={() => {
                  const current = rules?.find((r) => r.kind === 'nationality_route' && r.subject === form.subject && r.state === 'in_force');
                  change({ also: JSON.stringify((current?.value as { also?: unknown } | undefined)?.also ?? [], null, 2) });
                }}
              >
                {t('Copy {nationality}’s routes in force', { nationality: form.subject })}
              </Button>
            </div>
          </>
        ) : null}
        {field('effectiveFrom', t('Takes effect from'), { type: 'date', min: today })}
        {field('lastChecked', t('Last checked (today if empty)'), { type: 'date', max: today })}
        <div className="sm:col-span-2">{field('sourceUrl', t('Source address'), { type: 'url' })}</div>
        <div className="sm:col-span-2">{field('sourceTitle', t('Source title'))}</div>
      </div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="mt-3" disabled={set.isPending}>
        {set.isPending ? t('Saving...') : t('Save rule')}
      </Button>
    </form>
  );
}
