import { describe, expect, it } from 'vitest';
import { EXPORT_HEADER, exportRecord, exportValues, exportValuesByColumn } from '../../apps/cli/export-columns.js';
import type { AdminListEntry } from '../../core/use-cases/use-cases.js';

const user = { id: 7, email: 'jane@example.com', username: 'jane@example.com', fullName: 'Jane Smith', phoneNumber: '+441234567890', createdAt: new Date('2026-10-01T08:00:00Z') };

/** Every field distinct, so a value in the wrong column cannot go unnoticed. */
const application = {
  id: 42,
  applicationNumber: 'EV-2611-ABC123',
  userId: 7,
  status: 'approved',
  givenName: 'Jane',
  surname: 'Smith',
  gender: 'female',
  dateOfBirth: '1980-02-03',
  nationality: 'United Kingdom',
  countryOfBirth: 'Ireland {Republic}',
  originalNationality: 'Ireland {Republic}',
  otherNationalities: true,
  otherNationality: 'France',
  maritalStatus: 'married',
  profession: 'Teacher',
  purposeOfVisit: 'tourism',
  entry: 'Multiple',
  expectedArrivalDate: '2026-12-01',
  expectedDepartureDate: '2026-12-10',
  passportNumber: '123456789',
  passportExpiry: '2030-01-01',
  visitedEgyptBefore: true,
  lastVisitDateFrom: '2020-01-01',
  lastVisitDateTo: '2020-01-08',
  lastVisitStayLocation: 'Luxor',
  hasBeenDeported: false,
  deportedFrom: 'nowhere-a',
  deportationDate: '1999-01-01',
  deportationReason: 'reason-b',
  privacyPolicyAccepted: true,
  address: '1 High Street',
  city: 'London',
  postcode: 'SW1A 1AA',
  hotelDetails: 'Mena House',
  initialPaymentId: 'pi_1',
  finalPaymentId: 'pi_2',
  visaDocument: 'visa.pdf',
  additionalInfoMessage: 'msg',
  requiresPassportReupload: false,
  passportReuploadedAt: new Date('2026-11-02T00:00:00Z'),
  paymentReminderSent: new Date('2026-11-03T00:00:00Z'),
  initialPaymentAt: new Date('2026-11-04T00:00:00Z'),
  guaranteeDeadline: new Date('2026-11-05T00:00:00Z'),
  approvedAt: new Date('2026-11-06T00:00:00Z'),
  createdAt: new Date('2026-11-07T00:00:00Z'),
  updatedAt: new Date('2026-11-08T00:00:00Z'),
  version: 3,
  groupId: 9,
  refundedAmount: 150,
  guarantee: { deadline: new Date('2026-11-05T00:00:00Z'), breached: true },
} as const;

describe('export columns', () => {
  it('the fast row writer puts every field under its own header', () => {
    const entry = { application, status: 'approved', user } as unknown as AdminListEntry;
    expect(exportValues(entry)).toEqual(exportValuesByColumn(entry));
    expect(exportValues(entry)).toHaveLength(EXPORT_HEADER.length);
    const record = exportRecord(entry);
    for (const [key, value] of Object.entries(application)) {
      if (key === 'userId' || key === 'version' || key === 'guarantee' || key === 'id' || key === 'status' || key === 'refundedAmount') continue;
      expect(record[key], key).toBe(value instanceof Date ? value.toISOString() : value);
    }
    expect(record).toMatchObject({ userId: 7, applicationId: 42, status: 'approved', email: 'jane@example.com', guaranteeBreached: true, userCreatedAt: '2026-10-01T08:00:00.000Z', refunded: 150 });
  });

  it('a registered user without an application has only the user columns', () => {
    const entry = { application: null, status: 'user_registered', user } as unknown as AdminListEntry;
    expect(exportValues(entry)).toEqual(exportValuesByColumn(entry));
    const record = exportRecord(entry);
    expect(record).toMatchObject({ userId: 7, applicationId: null, status: 'user_registered', fullName: 'Jane Smith' });
    expect(Object.values(record).filter((v) => v !== null)).toHaveLength(6);
  });
});
