import { ADMIN_TABS } from './admin-tabs.js';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditJson } from './audit.js';
import { templateLabel } from './delivery-log.js';
import { formatPence } from './money.js';
import { PORTAL_STATE_LABELS } from './portal-ledger.js';
import { REFUND_STATUS_LABELS } from './refund.js';
import { STAFF_ROLE_LABELS } from './staff-role.js';
import { APPLICATION_STATUSES, statusLabel } from './status.js';
import { feeName, formatDay, formatDayAndTime } from './wording.js';

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
  tab: { label: 'Tab', kind: 'tab' },
  decision: { label: 'Decision', kind: 'decision' },
  paymentType: { label: 'Fee', kind: 'fee' },
  amount: { label: 'Amount', kind: 'pence' },
  refundPence: { label: 'Refund', kind: 'pence' },
  status: { label: 'Status', kind: 'status' },
  additionalInfoMessage: { label: 'Message to the applicant' },
  requiresPassportReupload: { label: 'Passport re-upload required' },
  rejectionReason: { label: 'Reason for the applicant' },
  reason: { label: 'Reason' },
  message: { label: 'Message' },
  state: { label: 'Portal state', kind: 'portalState' },
  reference: { label: 'Portal reference' },
  effectiveFrom: { label: 'In effect from' },
  governmentFeeCents: { label: 'Government fee', kind: 'usCents' },
  amountCents: { label: 'Government fee', kind: 'usCents' },
  governmentFeePence: { label: 'Booked at', kind: 'pence' },
  // The government fee shield (decision 0033).
  feeAtPaymentCents: { label: 'Fee when the traveller paid us', kind: 'usCents' },
  feeAtPaymentPence: { label: 'Fee when the traveller paid us, booked at', kind: 'pence' },
  absorbedFeeCents: { label: 'Fee rise paid by the agency', kind: 'usCents' },
  absorbedFeePence: { label: 'Fee rise paid by the agency, booked at', kind: 'pence' },
  pence: { label: 'Booked at', kind: 'pence' },
  governmentFeeCurrency: { label: 'Currency' },
  currency: { label: 'Currency' },
  paidAt: { label: 'Paid on', kind: 'day' },
  cancelledAt: { label: 'Cancelled' },
  cancellationDeclinedAt: { label: 'Cancellation declined' },
  assigneeName: { label: 'Assigned to' },
  role: { label: 'Role', kind: 'role' },
  active: { label: 'Can sign in' },
  length: { label: 'Length', kind: 'characters' },
  template: { label: 'Message', kind: 'template' },
  to: { label: 'To' },
  documentType: { label: 'Document' },
  fileName: { label: 'File' },
  document: { label: 'Document' },
  visaDocument: { label: 'Visa document' },
  visaDocuments: { label: 'Earlier visa documents' },
  receipt: { label: 'Receipt' },
  size: { label: 'Size', kind: 'bytes' },
  contentType: { label: 'Type', kind: 'fileType' },
  since: { label: 'Submitted since' },
  list: { label: 'List', kind: 'list' },
  applications: { label: 'Applications', kind: 'count' },
  documents: { label: 'Documents', kind: 'count' },
  files: { label: 'Files', kind: 'count' },
  paymentsAnonymised: { label: 'Payments anonymised', kind: 'count' },
  receiptsAnonymised: { label: 'Receipts anonymised', kind: 'count' },
  unreadable: { label: 'Stored detail (not readable)' },
};

/** Ids that only repeat what a name beside them says, or that point at rows staff do not read. */
const HIDDEN = new Set(['id', 'assigneeId', 'copy']);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const FILE_TYPES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** 'governmentFeeCents' → 'Government fee cents': a field no rule names yet still reads as words. */
function labelOf(key: string): string {
  const known = FIELDS[key]?.label;
  if (known) return known;
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function bytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

function spaced(value: string): string {
  return statusLabel(value);
}

/** A scalar as staff read it, by its field's kind. */
function scalar(key: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'none';
  const kind = FIELDS[key]?.kind;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    switch (kind) {
      case 'pence':
        return formatPence(value);
      case 'usCents':
        return `US$${(value / 100).toFixed(2)}`;
      case 'characters':
        return `${value.toLocaleString('en-GB')} ${value === 1 ? 'character' : 'characters'}`;
      case 'bytes':
        return bytes(value);
      default:
        return value.toLocaleString('en-GB');
    }
  }
  switch (kind) {
    case 'status':
      if ((APPLICATION_STATUSES as readonly string[]).includes(value)) return statusLabel(value);
      return REFUND_STATUS_LABELS[value as keyof typeof REFUND_STATUS_LABELS] ?? spaced(value);
    case 'fee':
      return value === 'initial' || value === 'final' ? feeName(value, { capital: true }) : spaced(value);
    case 'role':
      return STAFF_ROLE_LABELS[value as keyof typeof STAFF_ROLE_LABELS] ?? spaced(value);
    case 'portalState':
      return PORTAL_STATE_LABELS[value as keyof typeof PORTAL_STATE_LABELS] ?? spaced(value);
    case 'template':
      return templateLabel(value);
    case 'tab':
      return ADMIN_TABS.find((t) => t.id === value)?.label ?? value;
    case 'fileType':
      return FILE_TYPES[value] ?? value;
    case 'day':
      return formatDay(value);
    case 'decision':
      return value === 'accept' ? 'Accepted' : value === 'decline' ? 'Declined' : spaced(value);
    case 'list':
      return value === 'full' ? 'The full list' : spaced(value);
    default:
      break;
  }
  if (key === 'currency' || key === 'governmentFeeCurrency') return value.toUpperCase();
  if (DATE_ONLY.test(value)) return formatDay(value);
  if (INSTANT.test(value) && !Number.isNaN(new Date(value).getTime())) return formatDayAndTime(value);
  return value;
}

/** A file recorded as { fileName, size, contentType }: 'e-visa.pdf (PDF, 12 KB)'. */
function fileInWords(file: Record<string, AuditJson>): string {
  const facts = [typeof file.contentType === 'string' ? scalar('contentType', file.contentType) : null, typeof file.size === 'number' ? bytes(file.size) : null].filter(Boolean);
  return facts.length ? `${String(file.fileName)} (${facts.join(', ')})` : String(file.fileName);
}

function isObject(value: AuditJson | undefined): value is { [key: string]: AuditJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A value in words on one line when it can be (a scalar, a file, a list of files), else null: a
 * nested object is written as lines of its own fields instead.
 */
function oneLine(key: string, value: AuditJson | undefined): string | null {
  if (Array.isArray(value)) {
    const parts = value.map((item) => oneLine(key, item));
    return parts.every((p) => p !== null) ? (parts.length ? parts.join(', ') : 'none') : null;
  }
  if (isObject(value)) return typeof value.fileName === 'string' ? fileInWords(value) : null;
  return scalar(key, value);
}

/** 'Label: value' lines for one field; a nested object gives 'Label, field: value' lines. */
function fieldLines(key: string, value: AuditJson | undefined): string[] {
  if (HIDDEN.has(key)) return [];
  const line = oneLine(key, value);
  if (line !== null) return [`${labelOf(key)}: ${line}`];
  if (Array.isArray(value)) return value.flatMap((item) => fieldLines(key, item));
  const nested = value as { [key: string]: AuditJson };
  return Object.entries(nested).flatMap(([sub, v]) => fieldLines(sub, v).map((l) => `${labelOf(key)}, ${l.charAt(0).toLowerCase()}${l.slice(1)}`));
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
function changeLines(before: Record<string, AuditJson>, after: Record<string, AuditJson>): string[] {
  const lines: string[] = [];
  for (const key of readingOrder(Object.keys(after))) {
    if (HIDDEN.has(key) || (key in before && same(before[key], after[key]))) continue;
    const was = key in before ? oneLine(key, before[key]) : null;
    const now = oneLine(key, after[key]);
    if (was !== null && now !== null) lines.push(`${labelOf(key)}: ${was} → ${now}`);
    else lines.push(...fieldLines(key, after[key]));
  }
  for (const key of readingOrder(Object.keys(before))) {
    if (!(key in after)) lines.push(...fieldLines(key, before[key]).map((l) => `${l} (before)`));
  }
  return lines;
}

/** An audit entry in words: its action's label and a line for each change and detail recorded. */
export function auditEntryInWords(entry: AuditEntryLike): AuditEntryWords {
  const { before, after, ...rest } = entry.detail as Record<string, AuditJson | undefined>;
  const lines = [...changeLines(isObject(before) ? before : {}, isObject(after) ? after : {}), ...readingOrder(Object.keys(rest)).flatMap((key) => fieldLines(key, rest[key]))];
  return { title: AUDIT_ACTION_LABELS[entry.action] ?? labelOf(entry.action), lines };
}

/** Who did it: the member of staff's email, or the operator at the command line. */
export function auditActorInWords(actor: { email: string | null }): string {
  return actor.email ?? 'Operator (command line)';
}

/** What it was done to, in words: 'Application 12', 'Refund 3', 'User 40'; null when nothing is named. */
export function auditTargetInWords(target: { type: string | null; id: string | null }): string | null {
  if (!target.type) return null;
  const kind = target.type === 'applications' ? 'Applications' : labelOf(target.type);
  return target.id ? `${kind} ${target.id}` : kind;
}
