import { Link } from '@tanstack/react-router';
import { isDecided, statusBadgeTone, statusLabel } from '@core/domain/status.js';
import { FINAL_FEE, INITIAL_FEE } from '@core/domain/fees.js';
import { PASSPORT_CHECK_LABELS } from '@core/domain/passport-check.js';
import type { AdminApplicationDto as ApplicationDto, AdminEntryDto } from './api.js';
import { Badge, type BadgeColour } from '../../components/ui/badge.js';
import { formatPence } from '../../lib/format.js';
import type { Locale } from '@core/domain/locale.js';
import type { Translate } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';
import { english } from './english.js';

interface BadgeSpec {
  label: string;
  /** What the table's narrow Flags column shows (the label stays the accessible text). */
  short?: string;
  tone: BadgeColour;
  title: string;
}

/** Risk flags staff look at first (docs/product.md §2.14): deported, visited Egypt before, another nationality. */
export function riskBadges(app: ApplicationDto, t: Translate = english): BadgeSpec[] {
  const badges: BadgeSpec[] = [];
  if (app.hasBeenDeported) badges.push({ label: t('DEPORTED'), short: t('DEP'), tone: 'red', title: t('Has been deported') });
  if (app.visitedEgyptBefore) badges.push({ label: t('PREV VISIT'), short: t('PREV'), tone: 'orange', title: t('Has visited Egypt before') });
  if (app.otherNationalities) badges.push({ label: t('OTHER NAT'), short: t('NAT'), tone: 'purple', title: t('Holds another nationality') });
  return badges;
}

/** REUPLOAD while a new passport copy is awaited; UPLOADED once the applicant sent it. */
export function reuploadBadge(app: ApplicationDto, t: Translate = english): BadgeSpec | null {
  if (app.requiresPassportReupload) return { label: t('REUPLOAD'), short: t('REUP'), tone: 'orange', title: t('Waiting for a new passport copy') };
  if (app.passportReuploadedAt) return { label: t('UPLOADED'), short: t('UPLD'), tone: 'blue', title: t('A new passport copy was uploaded') };
  return null;
}

/** REPLIED while the applicant's answer to the open information request waits for staff (docs/product.md §16.7). */
export function repliedBadge(app: ApplicationDto, t: Translate = english): BadgeSpec | null {
  if (app.status !== 'additional_info_required' || !app.repliedAt) return null;
  return { label: t('REPLIED'), tone: 'blue', title: t('The applicant replied to your request: read it in the panel and move the application on') };
}

/** CANCELLED (the applicant cancelled; it sits in the Rejected tab) or CANCEL REQUEST (staff must decide). */
export function cancellationBadge(app: ApplicationDto, t: Translate = english): BadgeSpec | null {
  if (app.cancelledAt) return { label: t('CANCELLED'), short: t('CXL'), tone: 'grey', title: t('Cancelled by the applicant') };
  if (app.cancellationRequestedAt && !app.cancellationDeclinedAt)
    return { label: t('CANCEL REQUEST'), short: t('CXL?'), tone: 'orange', title: t('The applicant asked to cancel: accept or decline it') };
  return null;
}

/** The latest passport copy's MRZ differs from the typed fields (the server read it after the upload). */
export function passportCheckBadge(app: ApplicationDto, t: Translate = english, tc: Translate = english): BadgeSpec | null {
  if (app.passportCheck?.status !== 'mismatch') return null;
  const fields = app.passportCheck.mismatches.map((f) => tc(PASSPORT_CHECK_LABELS[f])).join(', ');
  return { label: t('MRZ MISMATCH'), short: t('MRZ'), tone: 'red', title: t("The passport's MRZ differs: {fields}", { fields }) };
}

/**
 * RULES: a change of Egypt's rules made this open application fail (a passport now too short for
 * its arrival, a nationality moved off the e-visa); its applicant was mailed what to do (docs/product.md §5.11).
 */
export function ruleNoticeBadge(app: ApplicationDto, t: Translate = english): BadgeSpec | null {
  const notice = app.ruleNotice;
  if (!notice) return null;
  // The applicant's message stays as it was mailed (in the applicant's language).
  const title =
    notice.reason === 'passport_validity'
      ? t('Passport too short under the new rule. The applicant was told: {message}', { message: notice.message })
      : t('Nationality moved off the e-visa. The applicant was told: {message}', { message: notice.message });
  return { label: t('RULES'), short: t('RULE'), tone: 'orange', title };
}

/** 'Initial Paid'/'Initial Unpaid', and from approval on 'Final Paid'/'Final Pending' (or waived). */
export function paymentBadges(app: ApplicationDto, t: Translate = english): BadgeSpec[] {
  const badges: BadgeSpec[] = [
    app.initialPaymentId
      ? { label: t('Initial Paid'), tone: 'green', title: t('The £10 initial fee is paid') }
      : { label: t('Initial Unpaid'), tone: 'grey', title: t('The £10 initial fee is not paid yet') },
  ];
  if (app.status === 'approved' || app.status === 'final_payment_received' || app.finalPaymentId) {
    if (isWaived(app)) badges.push({ label: t('Final Waived'), tone: 'blue', title: t('Final fee waived: approved after the 5-working-day guarantee') });
    else if (app.finalPaymentId) badges.push({ label: t('Final Paid'), tone: 'green', title: t('The £39 final fee is paid') });
    else badges.push({ label: t('Final Pending'), tone: 'yellow', title: t('The £39 final fee is due') });
  }
  return badges;
}

/** The core records a waived final fee under a payment id of its own ('waived_<id>'). */
export function isWaived(app: ApplicationDto): boolean {
  return app.finalPaymentId?.startsWith('waived_') ?? false;
}

/** The 5-working-day guarantee has passed and the visa is not decided yet. */
export function isOverdue(app: ApplicationDto): boolean {
  return app.guarantee.breached && !isDecided(app.status);
}

/** '£10', not '£10.00' (and '10 £' for '10,00 £'). */
const wholePounds = (pence: number, intl: Locale) => formatPence(pence, intl).replace(/[.,]00(?!\d)/, '');
/** docs/product.md §2.14: a paid initial fee also reads 'Initial: £10 Paid'. */
export function initialPaidLabel(t: Translate, intl: Locale): string {
  return t('Initial: {amount} Paid', { amount: wholePounds(INITIAL_FEE.amount, intl) });
}
export function finalPaidLabel(t: Translate, intl: Locale): string {
  return t('Final: {amount} Paid', { amount: wholePounds(FINAL_FEE.amount, intl) });
}

function SpecBadge({ spec }: { spec: BadgeSpec }) {
  return (
    <Badge tone={spec.tone} title={spec.title}>
      {spec.label}
    </Badge>
  );
}

export function StatusBadge({ entry }: { entry: AdminEntryDto }) {
  const { t, tc } = useT();
  if (!entry.application) return <Badge tone="grey">{t('User')}</Badge>;
  return <Badge tone={statusBadgeTone(entry.status)}>{tc(statusLabel(entry.status))}</Badge>;
}

/** Every flag of an application, the most urgent first. */
export function flagBadges(app: ApplicationDto, t: Translate = english, tc: Translate = english): BadgeSpec[] {
  const reupload = reuploadBadge(app, t);
  const mrz = passportCheckBadge(app, t, tc);
  const cancellation = cancellationBadge(app, t);
  const replied = repliedBadge(app, t);
  const rules = ruleNoticeBadge(app, t);
  const badges = [...(cancellation ? [cancellation] : []), ...(replied ? [replied] : []), ...(rules ? [rules] : []), ...(mrz ? [mrz] : []), ...riskBadges(app, t), ...(reupload ? [reupload] : [])];
  if (isOverdue(app)) badges.unshift({ label: t('OVERDUE'), short: t('LATE'), tone: 'red', title: t('Past the 5-working-day guarantee') });
  return badges;
}

/**
 * The flags as short chips for the table's narrow column: each reads its full label to a screen
 * reader and gives its meaning on hover; the cell's title lists them all.
 */
export function FlagChips({ app }: { app: ApplicationDto }) {
  const { t, tc } = useT();
  const badges = flagBadges(app, t, tc);
  if (badges.length === 0) return null;
  return (
    <span className="flex min-w-0 gap-0.5 overflow-hidden" title={badges.map((b) => b.label).join(', ')}>
      {badges.map((b) => (
        <Badge key={b.label} tone={b.tone} title={t('{label}: {title}', { label: b.label, title: b.title })} className="px-1.5 text-[0.6875rem]">
          <span aria-hidden="true">{b.short ?? b.label}</span>
          <span className="sr-only">{b.label}</span>
        </Badge>
      ))}
    </span>
  );
}

/** The payment badge of the application's stage (the final fee once approved), both in its title. */
export function PaymentChip({ app }: { app: ApplicationDto }) {
  const { t } = useT();
  const badges = paymentBadges(app, t);
  const shown = badges[badges.length - 1]!;
  return (
    <Badge tone={shown.tone} title={badges.map((b) => b.title).join('; ')}>
      {shown.label}
    </Badge>
  );
}

export function FlagBadges({ app }: { app: ApplicationDto }) {
  const { t, tc } = useT();
  const badges = flagBadges(app, t, tc);
  if (badges.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((b) => (
        <SpecBadge key={b.label} spec={b} />
      ))}
    </span>
  );
}

export function PaymentBadges({ app }: { app: ApplicationDto }) {
  const { t } = useT();
  return (
    <span className="flex flex-wrap gap-1">
      {paymentBadges(app, t).map((b) => (
        <SpecBadge key={b.label} spec={b} />
      ))}
    </span>
  );
}

/** The 'GROUP n' badge of a family application's traveller: it filters the list to the family. */
export function GroupBadge({ groupId, compact = false }: { groupId: number; compact?: boolean }) {
  const { t } = useT();
  const label = t('GROUP {groupId}', { groupId: String(groupId) });
  return (
    <Link
      to="/admin"
      search={{ group: groupId }}
      aria-label={t('Show family application {groupId}', { groupId: String(groupId) })}
      title={t('Family application {groupId}', { groupId: String(groupId) })}
    >
      {compact ? (
        <Badge tone="purple" className="px-1.5 text-[0.6875rem]">
          <span aria-hidden="true">{t('G{groupId}', { groupId: String(groupId) })}</span>
          <span className="sr-only">{label}</span>
        </Badge>
      ) : (
        <Badge tone="purple">{label}</Badge>
      )}
    </Link>
  );
}
