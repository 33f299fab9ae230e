import { Link } from '@tanstack/react-router';
import { isDecided, statusBadgeTone, statusLabel } from '@core/domain/status.js';
import { FINAL_FEE, INITIAL_FEE } from '@core/domain/fees.js';
import { PASSPORT_CHECK_LABELS } from '@core/domain/passport-check.js';
import type { AdminApplicationDto as ApplicationDto, AdminEntryDto } from './api.js';
import { Badge, type BadgeColour } from '../../components/ui/badge.js';
import { formatPence } from '../../lib/format.js';

interface BadgeSpec {
  label: string;
  /** What the table's narrow Flags column shows (the label stays the accessible text). */
  short?: string;
  tone: BadgeColour;
  title: string;
}

/** Risk flags staff look at first (docs/product.md §2.14): deported, visited Egypt before, another nationality. */
export function riskBadges(app: ApplicationDto): BadgeSpec[] {
  const badges: BadgeSpec[] = [];
  if (app.hasBeenDeported) badges.push({ label: 'DEPORTED', short: 'DEP', tone: 'red', title: 'Has been deported' });
  if (app.visitedEgyptBefore) badges.push({ label: 'PREV VISIT', short: 'PREV', tone: 'orange', title: 'Has visited Egypt before' });
  if (app.otherNationalities) badges.push({ label: 'OTHER NAT', short: 'NAT', tone: 'purple', title: 'Holds another nationality' });
  return badges;
}

/** REUPLOAD while a new passport copy is awaited; UPLOADED once the applicant sent it. */
export function reuploadBadge(app: ApplicationDto): BadgeSpec | null {
  if (app.requiresPassportReupload) return { label: 'REUPLOAD', short: 'REUP', tone: 'orange', title: 'Waiting for a new passport copy' };
  if (app.passportReuploadedAt) return { label: 'UPLOADED', short: 'UPLD', tone: 'blue', title: 'A new passport copy was uploaded' };
  return null;
}

/** REPLIED while the applicant's answer to the open information request waits for staff (docs/product.md §16.7). */
export function repliedBadge(app: ApplicationDto): BadgeSpec | null {
  if (app.status !== 'additional_info_required' || !app.repliedAt) return null;
  return { label: 'REPLIED', tone: 'blue', title: 'The applicant replied to your request: read it in the panel and move the application on' };
}

/** CANCELLED (the applicant cancelled; it sits in the Rejected tab) or CANCEL REQUEST (staff must decide). */
export function cancellationBadge(app: ApplicationDto): BadgeSpec | null {
  if (app.cancelledAt) return { label: 'CANCELLED', short: 'CXL', tone: 'grey', title: 'Cancelled by the applicant' };
  if (app.cancellationRequestedAt && !app.cancellationDeclinedAt) return { label: 'CANCEL REQUEST', short: 'CXL?', tone: 'orange', title: 'The applicant asked to cancel: accept or decline it' };
  return null;
}

/** The latest passport copy's MRZ differs from the typed fields (the server read it after the upload). */
export function passportCheckBadge(app: ApplicationDto): BadgeSpec | null {
  if (app.passportCheck?.status !== 'mismatch') return null;
  return { label: 'MRZ MISMATCH', short: 'MRZ', tone: 'red', title: `The passport's MRZ differs: ${app.passportCheck.mismatches.map((f) => PASSPORT_CHECK_LABELS[f]).join(', ')}` };
}

/**
 * RULES: a change of Egypt's rules made this open application fail (a passport now too short for
 * its arrival, a nationality moved off the e-visa); its applicant was mailed what to do (docs/product.md §5.11).
 */
export function ruleNoticeBadge(app: ApplicationDto): BadgeSpec | null {
  const notice = app.ruleNotice;
  if (!notice) return null;
  const why = notice.reason === 'passport_validity' ? 'Passport too short under the new rule' : 'Nationality moved off the e-visa';
  return { label: 'RULES', short: 'RULE', tone: 'orange', title: `${why}. The applicant was told: ${notice.message}` };
}

/** 'Initial Paid'/'Initial Unpaid', and from approval on 'Final Paid'/'Final Pending' (or waived). */
export function paymentBadges(app: ApplicationDto): BadgeSpec[] {
  const badges: BadgeSpec[] = [
    app.initialPaymentId ? { label: 'Initial Paid', tone: 'green', title: 'The £10 initial fee is paid' } : { label: 'Initial Unpaid', tone: 'grey', title: 'The £10 initial fee is not paid yet' },
  ];
  if (app.status === 'approved' || app.status === 'final_payment_received' || app.finalPaymentId) {
    if (isWaived(app)) badges.push({ label: 'Final Waived', tone: 'blue', title: 'Final fee waived: approved after the 5-working-day guarantee' });
    else if (app.finalPaymentId) badges.push({ label: 'Final Paid', tone: 'green', title: 'The £39 final fee is paid' });
    else badges.push({ label: 'Final Pending', tone: 'yellow', title: 'The £39 final fee is due' });
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

const wholePounds = (pence: number) => formatPence(pence).replace(/\.00$/, '');
/** docs/product.md §2.14: a paid initial fee also reads 'Initial: £10 Paid'. */
export const INITIAL_PAID_LABEL = `Initial: ${wholePounds(INITIAL_FEE.amount)} Paid`;
export const FINAL_PAID_LABEL = `Final: ${wholePounds(FINAL_FEE.amount)} Paid`;

function SpecBadge({ spec }: { spec: BadgeSpec }) {
  return (
    <Badge tone={spec.tone} title={spec.title}>
      {spec.label}
    </Badge>
  );
}

export function StatusBadge({ entry }: { entry: AdminEntryDto }) {
  if (!entry.application) return <Badge tone="grey">User</Badge>;
  return <Badge tone={statusBadgeTone(entry.status)}>{statusLabel(entry.status)}</Badge>;
}

/** Every flag of an application, the most urgent first. */
export function flagBadges(app: ApplicationDto): BadgeSpec[] {
  const reupload = reuploadBadge(app);
  const mrz = passportCheckBadge(app);
  const cancellation = cancellationBadge(app);
  const replied = repliedBadge(app);
  const rules = ruleNoticeBadge(app);
  const badges = [...(cancellation ? [cancellation] : []), ...(replied ? [replied] : []), ...(rules ? [rules] : []), ...(mrz ? [mrz] : []), ...riskBadges(app), ...(reupload ? [reupload] : [])];
  if (isOverdue(app)) badges.unshift({ label: 'OVERDUE', short: 'LATE', tone: 'red', title: 'Past the 5-working-day guarantee' });
  return badges;
}

/**
 * The flags as short chips for the table's narrow column: each reads its full label to a screen
 * reader and gives its meaning on hover; the cell's title lists them all.
 */
export function FlagChips({ app }: { app: ApplicationDto }) {
  const badges = flagBadges(app);
  if (badges.length === 0) return null;
  return (
    <span className="flex min-w-0 gap-0.5 overflow-hidden" title={badges.map((b) => b.label).join(', ')}>
      {badges.map((b) => (
        <Badge key={b.label} tone={b.tone} title={`${b.label}: ${b.title}`} className="px-1.5 text-[0.6875rem]">
          <span aria-hidden="true">{b.short ?? b.label}</span>
          <span className="sr-only">{b.label}</span>
        </Badge>
      ))}
    </span>
  );
}

/** The payment badge of the application's stage (the final fee once approved), both in its title. */
export function PaymentChip({ app }: { app: ApplicationDto }) {
  const badges = paymentBadges(app);
  const shown = badges[badges.length - 1]!;
  return (
    <Badge tone={shown.tone} title={badges.map((b) => b.title).join('; ')}>
      {shown.label}
    </Badge>
  );
}

export function FlagBadges({ app }: { app: ApplicationDto }) {
  const badges = flagBadges(app);
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
  return (
    <span className="flex flex-wrap gap-1">
      {paymentBadges(app).map((b) => (
        <SpecBadge key={b.label} spec={b} />
      ))}
    </span>
  );
}

/** The 'GROUP n' badge of a family application's traveller: it filters the list to the family. */
export function GroupBadge({ groupId, compact = false }: { groupId: number; compact?: boolean }) {
  const label = `GROUP ${groupId}`;
  return (
    <Link to="/admin" search={{ group: groupId }} aria-label={`Show family application ${groupId}`} title={`Family application ${groupId}`}>
      {compact ? (
        <Badge tone="purple" className="px-1.5 text-[0.6875rem]">
          <span aria-hidden="true">G{groupId}</span>
          <span className="sr-only">{label}</span>
        </Badge>
      ) : (
        <Badge tone="purple">{label}</Badge>
      )}
    </Link>
  );
}
