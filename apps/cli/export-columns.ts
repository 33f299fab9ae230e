import type { AdminListEntry, ApplicationView } from '../../core/use-cases/use-cases.js';

type Value = string | number | boolean | null;

/** One exported column: its header and how to read it from an entry. */
interface Column {
  name: string;
  read(entry: AdminListEntry, app: ApplicationView | null): Value | Date;
}

const appField = (name: keyof ApplicationView): Column => ({
  name,
  read: (_entry, app) => (app ? ((app[name] as Value | Date | undefined) ?? null) : null),
});

/**
 * The columns of every export format, in order: both ids first, then the status, the applicant's
 * contact details, every form field, the address details, payments (and the refunded amount) and the processing dates, and
 * last the family application (groupId) it belongs to.
 * Pseudo-entries (a registered user with no application) have empty application columns.
 */
export const EXPORT_COLUMNS: readonly Column[] = [
  { name: 'userId', read: (e) => e.user.id },
  { name: 'applicationId', read: (_e, app) => app?.id ?? null },
  appField('applicationNumber'),
  { name: 'status', read: (e) => e.status },
  { name: 'email', read: (e) => e.user.email },
  { name: 'fullName', read: (e) => e.user.fullName },
  { name: 'phoneNumber', read: (e) => e.user.phoneNumber },
  { name: 'userCreatedAt', read: (e) => e.user.createdAt },
  appField('givenName'),
  appField('surname'),
  appField('gender'),
  appField('dateOfBirth'),
  appField('nationality'),
  appField('countryOfBirth'),
  appField('originalNationality'),
  appField('otherNationalities'),
  appField('otherNationality'),
  appField('maritalStatus'),
  appField('profession'),
  appField('purposeOfVisit'),
  appField('entry'),
  appField('expectedArrivalDate'),
  appField('expectedDepartureDate'),
  appField('passportNumber'),
  appField('passportExpiry'),
  appField('visitedEgyptBefore'),
  appField('lastVisitDateFrom'),
  appField('lastVisitDateTo'),
  appField('lastVisitStayLocation'),
  appField('hasBeenDeported'),
  appField('deportedFrom'),
  appField('deportationDate'),
  appField('deportationReason'),
  appField('privacyPolicyAccepted'),
  appField('address'),
  appField('city'),
  appField('postcode'),
  appField('hotelDetails'),
  appField('initialPaymentId'),
  appField('initialPaymentAt'),
  appField('finalPaymentId'),
  // Pence given back by succeeded refunds (docs/product.md §4.7): a positive amount, never a negative payment.
  { name: 'refunded', read: (_e, app) => (app ? app.refundedAmount : null) },
  appField('guaranteeDeadline'),
  { name: 'guaranteeBreached', read: (_e, app) => (app ? app.guarantee.breached : null) },
  appField('approvedAt'),
  appField('additionalInfoMessage'),
  appField('requiresPassportReupload'),
  appField('passportReuploadedAt'),
  appField('visaDocument'),
  appField('paymentReminderSent'),
  appField('createdAt'),
  appField('updatedAt'),
  // The family application it was made in (its travellers share the id); empty for one made alone.
  appField('groupId'),
];

export const EXPORT_HEADER = EXPORT_COLUMNS.map((c) => c.name);

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The entry's values in EXPORT_COLUMNS order; dates as ISO 8601 text. Written out field by field
 * (no per-cell closure or lookup): it runs once per exported row, 100k times in an export.
 * tests/cli/export-columns.test.ts checks it against the column list.
 */
export function exportValues(entry: AdminListEntry): Value[] {
  const u = entry.user;
  const a = entry.application;
  if (!a) {
    const values: Value[] = new Array(EXPORT_COLUMNS.length).fill(null);
    values[0] = u.id;
    values[3] = entry.status;
    values[4] = u.email;
    values[5] = u.fullName;
    values[6] = u.phoneNumber;
    values[7] = iso(u.createdAt);
    return values;
  }
  return [
    u.id,
    a.id,
    a.applicationNumber,
    entry.status,
    u.email,
    u.fullName,
    u.phoneNumber,
    iso(u.createdAt),
    a.givenName,
    a.surname,
    a.gender,
    a.dateOfBirth,
    a.nationality,
    a.countryOfBirth,
    a.originalNationality,
    a.otherNationalities,
    a.otherNationality,
    a.maritalStatus,
    a.profession,
    a.purposeOfVisit,
    a.entry,
    a.expectedArrivalDate,
    a.expectedDepartureDate,
    a.passportNumber,
    a.passportExpiry,
    a.visitedEgyptBefore,
    a.lastVisitDateFrom,
    a.lastVisitDateTo,
    a.lastVisitStayLocation,
    a.hasBeenDeported,
    a.deportedFrom,
    a.deportationDate,
    a.deportationReason,
    a.privacyPolicyAccepted,
    a.address,
    a.city,
    a.postcode,
    a.hotelDetails,
    a.initialPaymentId,
    iso(a.initialPaymentAt),
    a.finalPaymentId,
    a.refundedAmount,
    iso(a.guaranteeDeadline),
    a.guarantee.breached,
    iso(a.approvedAt),
    a.additionalInfoMessage,
    a.requiresPassportReupload,
    iso(a.passportReuploadedAt),
    a.visaDocument,
    iso(a.paymentReminderSent),
    iso(a.createdAt),
    iso(a.updatedAt),
    a.groupId,
  ];
}

/** The slower, generic reading of EXPORT_COLUMNS (used by the tests to check exportValues). */
export function exportValuesByColumn(entry: AdminListEntry): Value[] {
  return EXPORT_COLUMNS.map((column) => {
    const value = column.read(entry, entry.application);
    return value instanceof Date ? value.toISOString() : value;
  });
}

/** The entry as one flat JSON object (json and ndjson formats), keys in column order. */
export function exportRecord(entry: AdminListEntry): Record<string, Value> {
  const values = exportValues(entry);
  const record: Record<string, Value> = {};
  for (let i = 0; i < EXPORT_HEADER.length; i++) record[EXPORT_HEADER[i]] = values[i];
  return record;
}
