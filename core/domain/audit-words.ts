import { ADMIN_TABS } from './admin-tabs.js';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditJson } from './audit.js';
import { templateLabel } from './delivery-log.js';
import { formatPence } from './money.js';
import { PORTAL_STATE_LABELS } from './portal-ledger.js';
import { REFUND_STATUS_LABELS } from './refund.js';
import { STAFF_ROLE_LABELS } from './staff-role.js';
import { APPLICATION_STATUSES, statusLabel } from './status.js';
import { FEE_NAMES, formatDay, formatDayAndTime } from './wording.js';
import { DEFAULT_LOCALE, type Locale } from './locale.js';
import { msg, type MessageValues, type Translate } from '../i18n/index.js';

/**
 * How staff read an audit entry (docs/product.md §6.5): what was done, and what changed as
 * 'Field: before → after' lines in words — 'Amount: £10.00', 'Status: Under process → Verified',
 * 'Paid on: Friday 4 December 2026', a file as its name — never raw values or JSON. One rule for
 * the whole log's screen and each application's trail.
 */
export interface AuditEntryWords {
  /** 'Changed the status'. */
  title: string;
  /** One line per thing that changed or was recorded, in words. */
  lines: string[];
}

/** What a rule needs of an entry (the stored row or the API's view of it: its detail is JSON, however a client types it). */
export interface AuditEntryLike {
  action: AuditAction;
  detail: Readonly<Record<string, unknown>>;
}

type Kind = 'day' | 'pence' | 'usCents' | 'status' | 'fee' | 'role' | 'portalState' | 'template' | 'tab' | 'characters' | 'bytes' | 'count' | 'fileType' | 'decision' | 'list';

/**
 * Each known field: its label, and how its value reads when it is not plain text (dates are found
 * by their form). Their order here is the order lines are read in: a stored detail's keys are
 * sorted alphabetically (canonical JSON), which is no order for a reader.
 */
const FIELDS: Record<string, { label: string; kind?: Kind }> = {
  tab: { label: msg('Tab'), kind: 'tab' },
  decision: { label: msg('Decision'), kind: 'decision' },
  paymentType: { label: msg('Fee'), kind: 'fee' },
  amount: { label: msg('Amount'), kind: 'pence' },
  refundPence: { label: msg('Refund'), kind: 'pence' },
  status: { label: msg('Status'), kind: 'status' },
  additionalInfoMessage: { label: msg('Message to the applicant') },
  requiresPassportReupload: { label: msg('Passport re-upload required') },
  rejectionReason: { label: msg('Reason for the applicant') },
  reason: { label: msg('Reason') },
  message: { label: msg('Message') },
  state: { label: msg('Portal state'), kind: 'portalState' },
  reference: { label: msg('Portal reference') },
  effectiveFrom: { label: msg('In effect from') },
  governmentFeeCents: { label: msg('Government fee'), kind: 'usCents' },
  amountCents: { label: msg('Government fee'), kind: 'usCents' },
  governmentFeePence: { label: msg('Booked at'), kind: 'pence' },
  // The government fee shield (decision 0033).
  feeAtPaymentCents: { label: msg('Fee when the traveller paid us'), kind: 'usCents' },
  feeAtPaymentPence: { label: msg('Fee when the traveller paid us, booked at'), kind: 'pence' },
  absorbedFeeCents: { label: msg('Fee rise paid by the agency'), kind: 'usCents' },
  absorbedFeePence: { label: msg('Fee rise paid by the agency, booked at'), kind: 'pence' },
  pence: { label: msg('Booked at'), kind: 'pence' },
  governmentFeeCurrency: { label: msg('Currency') },
  currency: { label: msg('Currency') },
  paidAt: { label: msg('Paid on'), kind: 'day' },
  cancelledAt: { label: msg('Cancelled') },
  cancellationDeclinedAt: { label: msg('Cancellation declined') },
  assigneeName: { label: msg('Assigned to') },
  role: { label: msg('Role'), kind: 'role' },
  active: { label: msg('Can sign in') },
  length: { label: msg('Length'), kind: 'characters' },
  template: { label: msg('Message'), kind: 'template' },
  to: { label: msg('To') },
  documentType: { label: msg('Document') },
  fileName: { label: msg('File') },
  document: { label: msg('Document') },
  visaDocument: { label: msg('Visa document') },
  visaDocuments: { label: msg('Earlier visa documents') },
  receipt: { label: msg('Receipt') },
  size: { label: msg('Size'), kind: 'bytes' },
  contentType: { label: msg('Type'), kind: 'fileType' },
  since: { label: msg('Submitted since') },
  list: { label: msg('List'), kind: 'list' },
  applications: { label: msg('Applications'), kind: 'count' },
  documents: { label: msg('Documents'), kind: 'count' },
  files: { label: msg('Files'), kind: 'count' },
  paymentsAnonymised: { label: msg('Payments anonymised'), kind: 'count' },
  receiptsAnonymised: { label: msg('Receipts anonymised'), kind: 'count' },
  unreadable: { label: msg('Stored detail (not readable)') },
};

/**
 * The language an entry is read in: its messages (the `core` catalog's, English by default), the
 * locale of its dates and numbers, and how a value someone typed (a reason, a file's name, an email)
 * is set apart from the words around it — as typed, never translated.
 */
export interface AuditWords {
  t: Translate;
  locale: Locale;
  isolate: (typed: string) => string;
}

/** English without a catalog: a message's placeholders filled in, its plural chosen (the key is its English text). */
function english(key: string, values: MessageValues = {}): string {
  return key
    .replace(/\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g, (_, name: string, one: string, other: string) => {
      const n = Number(values[name]);
      return (n === 1 ? one : other).replace(/#/g, n.toLocaleString('en-GB'));
    })
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

export const ENGLISH_AUDIT_WORDS: AuditWords = { t: english, locale: DEFAULT_LOCALE, isolate: (typed) => typed };

/** Where a following label starts with a small letter ('Refund, amount: …'); German nouns keep their capital, Arabic has none. */
const LOWER_CASE_FOLLOWS: readonly Locale[] = ['en-GB', 'fr', 'it'];

/** Ids that only repeat what a name beside them says, or that point at rows staff do not read. */
const HIDDEN = new Set(['id', 'assigneeId', 'copy']);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const FILE_TYPES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** What an entry's target is, by its type; others read as their type in words. */
const TARGET_KINDS: Record<string, string> = {
  application: msg('Application'),
  applications: msg('Applications'),
  refund: msg('Refund'),
  user: msg('User'),
  document: msg('Document'),
};

/** 'governmentFeeCents' → 'Government fee cents': a field no rule names yet still reads as words. */
function labelOf(key: string, w: AuditWords): string {
  const known = FIELDS[key]?.label;
  if (known) return w.t(known);
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function number(n: number, locale: Locale): string {
  return n.toLocaleString(locale);
}

function bytes(n: number, w: AuditWords): string {
  const { t } = w;
  if (n < 1024) return t('{size} bytes', { size: String(n) });
  if (n < 1024 * 1024) return t('{size} KB', { size: String(Math.round(n / 1024)) });
  const mb = n / (1024 * 1024);
  return t('{size} MB', { size: w.locale === DEFAULT_LOCALE ? mb.toFixed(1) : mb.toLocaleString(w.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** US cents as dollars: 'US$25.00' in English, by the locale's conventions otherwise ('25,00 $'). */
function usDollars(cents: number, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return `US$${(cents / 100).toFixed(2)}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Several values on one line: 'PDF, 12 KB' (Arabic's own comma). */
function list(parts: string[], locale: Locale): string {
  return parts.join(locale === 'ar' ? '، ' : ', ');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A code's words ('under_process' → 'Under process'), translated when they are a known label. */
function spaced(value: string, w: AuditWords): string {
  return w.t(statusLabel(value));
}

/** A scalar as staff read it, by its field's kind. */
function scalar(key: string, value: string | number | boolean | null | undefined, w: AuditWords): string {
  const { t, locale } = w;
  if (value === null || value === undefined || value === '') return t(msg('none'));
  const kind = FIELDS[key]?.kind;
  if (typeof value === 'boolean') return value ? t(msg('Yes')) : t(msg('No'));
  if (typeof value === 'number') {
    switch (kind) {
      case 'pence':
        return formatPence(value, locale);
      case 'usCents':
        return usDollars(value, locale);
      case 'characters':
        return t('{count, plural, one {# character} other {# characters}}', { count: value });
      case 'bytes':
        return bytes(value, w);
      default:
        return number(value, locale);
    }
  }
  switch (kind) {
    case 'status':
      if ((APPLICATION_STATUSES as readonly string[]).includes(value)) return t(statusLabel(value));
      return t(REFUND_STATUS_LABELS[value as keyof typeof REFUND_STATUS_LABELS] ?? statusLabel(value));
    case 'fee':
      return value === 'initial' || value === 'final' ? capitalised(t(FEE_NAMES[value])) : spaced(value, w);
    case 'role':
      return t(STAFF_ROLE_LABELS[value as keyof typeof STAFF_ROLE_LABELS] ?? statusLabel(value));
    case 'portalState':
      return t(PORTAL_STATE_LABELS[value as keyof typeof PORTAL_STATE_LABELS] ?? statusLabel(value));
    case 'template':
      return t(templateLabel(value));
    case 'tab': {
      const tab = ADMIN_TABS.find((candidate) => candidate.id === value);
      return tab ? t(tab.label) : w.isolate(value);
    }
    case 'fileType':
      return FILE_TYPES[value] ?? w.isolate(value);
    case 'day':
      return formatDay(value, locale);
    case 'decision':
      return value === 'accept' ? t(msg('Accepted')) : value === 'decline' ? t(msg('Declined')) : spaced(value, w);
    case 'list':
      return value === 'full' ? t(msg('The full list')) : spaced(value, w);
    default:
      break;
  }
  if (key === 'currency' || key === 'governmentFeeCurrency') return w.isolate(value.toUpperCase());
  if (DATE_ONLY.test(value)) return formatDay(value, locale);
  if (INSTANT.test(value) && !Number.isNaN(new Date(value).getTime())) return formatDayAndTime(value, locale);
  return w.isolate(value);
}

/** A file recorded as { fileName, size, contentType }: 'e-visa.pdf (PDF, 12 KB)'. */
function fileInWords(file: Record<string, AuditJson>, w: AuditWords): string {
  const { t } = w;
  const facts = [typeof file.contentType === 'string' ? scalar('contentType', file.contentType, w) : null, typeof file.size === 'number' ? bytes(file.size, w) : null].filter(
    (fact): fact is string => fact !== null,
  );
  const name = w.isolate(String(file.fileName));
  return facts.length ? t('{file} ({facts})', { file: name, facts: list(facts, w.locale) }) : name;
}

function isObject(value: AuditJson | undefined): value is { [key: string]: AuditJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A value in words on one line when it can be (a scalar, a file, a list of files), else null: a
 * nested object is written as lines of its own fields instead.
 */
function oneLine(key: string, value: AuditJson | undefined, w: AuditWords): string | null {
  if (Array.isArray(value)) {
    const parts = value.map((item) => oneLine(key, item, w));
    return parts.every((p) => p !== null) ? (parts.length ? list(parts as string[], w.locale) : w.t(msg('none'))) : null;
  }
  if (isObject(value)) return typeof value.fileName === 'string' ? fileInWords(value, w) : null;
  return scalar(key, value, w);
}

/** One line before it is put in words: the labels leading to the value ('Refund', 'amount'), and what it was when it changed. */
interface Line {
  labels: string[];
  value: string;
  was?: string;
  /** Recorded before, gone after. */
  before?: boolean;
}

/** 'Label: value' lines for one field; a nested object gives 'Label, field: value' lines. */
function fieldLines(key: string, value: AuditJson | undefined, w: AuditWords): Line[] {
  if (HIDDEN.has(key)) return [];
  const line = oneLine(key, value, w);
  if (line !== null) return [{ labels: [labelOf(key, w)], value: line }];
  if (Array.isArray(value)) return value.flatMap((item) => fieldLines(key, item, w));
  const nested = value as { [key: string]: AuditJson };
  return Object.entries(nested).flatMap(([sub, v]) => fieldLines(sub, v, w).map((l) => ({ ...l, labels: [labelOf(key, w), ...l.labels] })));
}

/** A line in words: 'Status: Under process → Verified', 'Refund, amount: £10.00', 'Reason: Goodwill (before)'. */
function lineInWords(line: Line, w: AuditWords): string {
  const { t } = w;
  const lower = LOWER_CASE_FOLLOWS.includes(w.locale);
  const label = line.labels.map((l, i) => (i > 0 && lower ? `${l.charAt(0).toLowerCase()}${l.slice(1)}` : l)).join(w.locale === 'ar' ? '، ' : ', ');
  if (line.was !== undefined) return t('{label}: {before} → {after}', { label, before: line.was, after: line.value });
  if (line.before) return t('{label}: {value} (before)', { label, value: line.value });
  return t('{label}: {value}', { label, value: line.value });
}

const same = (a: AuditJson | undefined, b: AuditJson | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Keys in the order FIELDS names them, the others after them as they come. */
const FIELD_ORDER = Object.keys(FIELDS);
function readingOrder(keys: string[]): string[] {
  const rank = (key: string) => (FIELD_ORDER.includes(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);
  return keys
    .map((key, i) => ({ key, i }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.i - b.i)
    .map(({ key }) => key);
}

/** What a before/after pair changed: 'Status: Under process → Verified'; a field only after reads 'Label: value'. */
function changeLines(before: Record<string, AuditJson>, after: Record<string, AuditJson>, w: AuditWords): Line[] {
  const lines: Line[] = [];
  for (const key of readingOrder(Object.keys(after))) {
    if (HIDDEN.has(key) || (key in before && same(before[key], after[key]))) continue;
    const was = key in before ? oneLine(key, before[key], w) : null;
    const now = oneLine(key, after[key], w);
    if (was !== null && now !== null) lines.push({ labels: [labelOf(key, w)], value: now, was });
    else lines.push(...fieldLines(key, after[key], w));
  }
  for (const key of readingOrder(Object.keys(before))) {
    if (!(key in after)) lines.push(...fieldLines(key, before[key], w).map((l) => ({ ...l, before: true })));
  }
  return lines;
}

/** An audit entry in words: its action's label and a line for each change and detail recorded (English unless `words` say otherwise). */
export function auditEntryInWords(entry: AuditEntryLike, words: AuditWords = ENGLISH_AUDIT_WORDS): AuditEntryWords {
  const { before, after, ...rest } = entry.detail as Record<string, AuditJson | undefined>;
  const lines = [...changeLines(isObject(before) ? before : {}, isObject(after) ? after : {}, words), ...readingOrder(Object.keys(rest)).flatMap((key) => fieldLines(key, rest[key], words))];
  const action = AUDIT_ACTION_LABELS[entry.action] as string | undefined;
  return { title: action ? words.t(action) : labelOf(entry.action, words), lines: lines.map((line) => lineInWords(line, words)) };
}

/** Who did it: the member of staff's email, or the operator at the command line. */
export function auditActorInWords(actor: { email: string | null }, words: AuditWords = ENGLISH_AUDIT_WORDS): string {
  return actor.email ? words.isolate(actor.email) : words.t(msg('Operator (command line)'));
}

/** What it was done to, in words: 'Application 12', 'Refund 3', 'User 40'; null when nothing is named. */
export function auditTargetInWords(target: { type: string | null; id: string | null }, words: AuditWords = ENGLISH_AUDIT_WORDS): string | null {
  const { t } = words;
  if (!target.type) return null;
  const known = TARGET_KINDS[target.type];
  const kind = known ? t(known) : labelOf(target.type, words);
  return target.id ? t('{kind} {id}', { kind, id: words.isolate(target.id) }) : kind;
}
