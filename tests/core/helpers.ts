import { Readable } from 'node:stream';
import { newApplication } from '../../core/domain/application.js';
import type { ApplicationForm } from '../../core/domain/application.js';
import type { PublicUser } from '../../core/domain/user.js';
import type { Actor, UploadedFile, UseCases } from '../../core/use-cases/use-cases.js';
import type { MemoryPorts } from '../support/memory-ports.js';

/** A form that passes every rule when "today" is the test clock's default date (2026-11-23). */
export function validForm(overrides: Partial<ApplicationForm> = {}): ApplicationForm {
  return {
    givenName: 'Alice',
    surname: 'Smith',
    gender: 'female',
    dateOfBirth: '1990-05-01',
    nationality: 'United Kingdom',
    countryOfBirth: 'United Kingdom',
    originalNationality: null,
    otherNationalities: false,
    otherNationality: null,
    maritalStatus: 'single',
    profession: 'Engineer',
    purposeOfVisit: 'tourism',
    entry: 'Single',
    expectedArrivalDate: '2026-12-10',
    expectedDepartureDate: '2026-12-20',
    passportNumber: 'P1234567',
    passportExpiry: '2029-01-01',
    visitedEgyptBefore: false,
    lastVisitDateFrom: null,
    lastVisitDateTo: null,
    lastVisitStayLocation: null,
    hasBeenDeported: false,
    deportedFrom: null,
    deportationDate: null,
    deportationReason: null,
    privacyPolicyAccepted: true,
    smsUpdates: false,
    ...overrides,
  };
}

export function actorOf(user: Pick<PublicUser, 'id' | 'isAdmin' | 'email'>): Actor {
  return { userId: user.id, isAdmin: user.isAdmin, email: user.email };
}

export async function registerApplicant(uc: UseCases, email = 'alice@example.com', fullName = 'Alice Smith'): Promise<Actor> {
  const user = await uc.registerUser({ email, password: 'secret123', fullName, phoneNumber: '07700900123' });
  return actorOf(user);
}

export async function makeAdmin(uc: UseCases, email = 'admin@evisa.test'): Promise<Actor> {
  const { user } = await uc.createAdmin({ email, password: 'adminpass', fullName: 'Agency Admin', phoneNumber: '02000000000' });
  return actorOf(user);
}

export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export function pdfFile(fileName = 'passport.pdf', content: Buffer = PDF_BYTES): UploadedFile {
  return { body: Readable.from([content]), fileName, contentType: 'application/pdf', size: content.length };
}

/** Applicant + application with passport and paid initial fee, ready for review. */
export async function paidApplication(ports: MemoryPorts, uc: UseCases, email = 'alice@example.com'): Promise<{ applicant: Actor; applicationId: number; intentId: string }> {
  const applicant = await registerApplicant(uc, email);
  const app = await uc.createApplication(applicant, validForm());
  await uc.attachPassport(applicant, app.id, pdfFile());
  const intentId = await payFee(ports, uc, applicant, app.id, 'initial');
  return { applicant, applicationId: app.id, intentId };
}

export async function payFee(ports: MemoryPorts, uc: UseCases, actor: Actor, applicationId: number, type: 'initial' | 'final'): Promise<string> {
  const started = await uc.startPayment(actor, applicationId, type);
  ports.gateway.succeed(started.paymentIntentId);
  await uc.confirmPayment(actor, applicationId, type, started.paymentIntentId);
  return started.paymentIntentId;
}

/** Moves an application through the admin statuses to `approved`. */
export async function approve(uc: UseCases, admin: Actor, applicationId: number): Promise<void> {
  await uc.changeApplicationStatus(admin, applicationId, { status: 'under_process' });
  await uc.changeApplicationStatus(admin, applicationId, { status: 'verified' });
  await uc.changeApplicationStatus(admin, applicationId, { status: 'approved' });
}

/** A stored application (domain tests), by default fresh in online_entry. */
export function storedApplication(overrides: Partial<import('../../core/domain/application.js').Application> = {}): import('../../core/domain/application.js').Application {
  const now = new Date('2026-11-23T10:00:00.000Z');
  return {
    ...newApplication({ form: validForm(), userId: 1, applicationNumber: 'EV-2611-000001', now }),
    id: 1,
    version: 1,
    passportScan: null,
    assigneeId: null,
    ruleNotice: null,
    ...overrides,
  };
}

/** Awaits a rejection and answers the DomainError, checking its type (and message when given). */
export async function domainError(
  promise: Promise<unknown>,
  type: import('../../core/domain/errors.js').DomainErrorType,
  message?: string,
): Promise<import('../../core/domain/errors.js').DomainError> {
  const { isDomainError } = await import('../../core/domain/errors.js');
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (!isDomainError(caught)) throw new Error(`expected a DomainError ${type}, got ${String(caught)}`);
  if (caught.type !== type) throw new Error(`expected a DomainError ${type}, got ${caught.type}: ${caught.message}`);
  if (message !== undefined && caught.message !== message) throw new Error(`expected message ${JSON.stringify(message)}, got ${JSON.stringify(caught.message)}`);
  return caught;
}
