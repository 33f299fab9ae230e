import { newApplication, type Application, type ApplicationForm, type NewApplication } from '../../core/domain/application.js';
import type { NewDocument } from '../../core/domain/document.js';
import type { NewPaymentRecord } from '../../core/domain/payment.js';
import type { OutboxMailInput } from '../../core/ports/mail-outbox.js';
import type { NewUser } from '../../core/ports/user-repository.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { validForm } from '../core/helpers.js';

/** A fresh, empty, migrated persistence per test; the suite closes it afterwards. */
export type MakePersistence = () => Promise<Persistence>;

export const T0 = new Date('2026-03-02T09:00:00.000Z');
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let seq = 0;
const next = () => ++seq;

export function aUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = next();
  return {
    email: `applicant${n}@example.com`,
    passwordHash: `$argon2id$hash-${n}`,
    fullName: `Applicant ${n}`,
    phoneNumber: '+44 7700 900123',
    isAdmin: false,
    role: null,
    deactivatedAt: null,
    needsPasswordChange: false,
    applicationReminderSent: null,
    createdAt: T0,
    ...overrides,
  };
}

/** The core's valid form, with this suite's names and dates (persistence does not check dates). */
export function aForm(overrides: Partial<ApplicationForm> = {}): ApplicationForm {
  return validForm({
    givenName: 'Amelia',
    surname: 'Clarke',
    dateOfBirth: '1990-04-12',
    expectedArrivalDate: '2026-05-01',
    expectedDepartureDate: '2026-05-14',
    passportNumber: `P${String(next()).padStart(8, '0')}`,
    passportExpiry: '2031-01-01',
    ...overrides,
  });
}

export function anApplication(userId: number, overrides: Partial<NewApplication> = {}, form: Partial<ApplicationForm> = {}): NewApplication {
  const n = next();
  return {
    ...newApplication({ form: aForm(form), userId, applicationNumber: `EV-2603-${String(n).padStart(6, '0')}`, now: T0 }),
    ...overrides,
  };
}

/**
 * A queued mail. The outbox stores the JSON it is given and reads it back as it is (checking it
 * against the template is the sender's job), so these rows carry JSON of every kind, and keys no
 * template has: typed as a use case's mail only by a cast.
 */
export function aMail(to: string, overrides: Partial<Pick<OutboxMailInput, 'template' | 'attachments'>> = {}): OutboxMailInput {
  return { to, template: 'application_received', data: { applicationNumber: 'EV-1', amount: 1000, urgent: false, note: null }, ...overrides } as unknown as OutboxMailInput;
}

export function aPayment(overrides: Partial<Omit<NewPaymentRecord, 'applicationId'>> = {}): Omit<NewPaymentRecord, 'applicationId'> {
  return {
    userId: null,
    type: 'initial',
    providerPaymentId: `pi_${next()}`,
    amount: 1000,
    currency: 'gbp',
    status: 'succeeded',
    createdAt: T0,
    ...overrides,
  };
}

export function aDocument(applicationId: number, overrides: Partial<NewDocument> = {}): NewDocument {
  const n = next();
  return {
    applicationId,
    type: 'passport',
    fileName: `passport-${n}.pdf`,
    storageKey: `key-${n}-${Math.random().toString(36).slice(2)}`,
    contentType: 'application/pdf',
    size: 1234,
    status: 'pending',
    verificationNotes: null,
    uploadedAt: T0,
    verifiedAt: null,
    ...overrides,
  };
}

/** A user with one application, created through the stores. */
export async function seedApplication(p: Persistence, overrides: Partial<NewApplication> = {}, userOverrides: Partial<NewUser> = {}, form: Partial<ApplicationForm> = {}): Promise<Application> {
  const user = await p.users.create(aUser(userOverrides));
  return p.applications.create(anApplication(user.id, overrides, form));
}
