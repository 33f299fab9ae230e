/**
 * Words of the core that mails say, as `mail` messages: status names, roles, the price in all, the
 * outage's meaning. Each English message is the core's text, word for word (tests/adapters/mail-i18n
 * holds them to it), so an English mail reads as before; the other languages translate the whole
 * sentence a mail says rather than pieces of it.
 */
import type { Translate } from '../../../core/i18n/index.js';
import { STAFF_ROLE_LABELS, isStaffRole } from '../../../core/domain/staff-role.js';
import { statusLabel } from '../../../core/domain/status.js';

/** A status as the mails name it (statusLabel's English: 'Under process'). */
export function statusName(t: Translate, status: string): string {
  switch (status.toLowerCase()) {
    case 'online_entry':
      return t('Online entry');
    case 'application_created':
      return t('Application created');
    case 'under_process':
      return t('Under process');
    case 'additional_info_required':
      return t('Additional info required');
    case 'verified':
      return t('Verified');
    case 'approved':
      return t('Approved');
    case 'rejected':
      return t('Rejected');
    case 'final_payment_received':
      return t('Final payment received');
    case 'updated':
      return t('Updated');
    case 'unknown':
      return t('Unknown');
    default:
      return statusLabel(status);
  }
}

/** A status as the applicant's dashboard names it: a completed application is 'Approved'. */
export function applicantStatusName(t: Translate, status: string): string {
  return status.toLowerCase() === 'final_payment_received' ? t('Approved') : statusName(t, status);
}

/** A staff role's label (STAFF_ROLE_LABELS), or what was stored, or 'Staff'. */
export function roleName(t: Translate, role: string | undefined): string {
  if (!isStaffRole(role)) return role?.trim() ? role.trim() : t('Staff');
  switch (role) {
    case 'admin':
      return t('Admin');
    case 'reviewer':
      return t('Reviewer');
    case 'finance':
      return t('Finance');
    case 'support':
      return t('Support');
    default:
      return STAFF_ROLE_LABELS[role];
  }
}

/** PASSWORD_RESET_TTL_TEXT and TRACKING_CODE_TTL_TEXT in the reader's words. */
export function duration(t: Translate, english: string): string {
  switch (english) {
    case '1 hour':
      return t('1 hour');
    case '15 minutes':
      return t('15 minutes');
    default:
      return english;
  }
}

/** priceInAll(type) of core/domain/price.ts for one traveller, amounts formatted in the reader's locale. */
export function priceSentence(t: Translate, type: 'initial' | 'final', amounts: { total: string; initial: string; final: string }): string {
  return type === 'final'
    ? t('{final} now, the last payment: {total} in all with the {initial} initial fee you paid — the official Egypt e-visa fee included.', amounts)
    : t('{total} in all: {initial} now, {final} only if your visa is approved — the official Egypt e-visa fee included.', amounts);
}

/** OUTAGE_MEANING of core/domain/portal-outage-text.ts. */
export function outageMeaning(t: Translate): string {
  return t(
    "We cannot submit applications to Egypt's official e-visa portal (visa2egypt.gov.eg) while it is down. Your application is safe with us and we will submit it as soon as the portal is back. Our 5-working-day guarantee is paused meanwhile, so the days it is down do not count against it.",
  );
}

/** VISA_ON_ARRIVAL_FALLBACK of core/domain/portal-outage-text.ts. */
export function visaOnArrival(t: Translate): string {
  return t(
    'If your trip starts before the portal is back, travellers of eligible nationalities (British citizens among them) can buy a tourist visa on arrival, US$25 when we last checked, at Cairo, Hurghada, Sharm el-Sheikh and other airports, before passport control.',
  );
}
