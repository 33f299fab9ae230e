import { createMemoryPersistence } from '../../adapters/persistence/memory/index.js';
import { storesOf, type Persistence } from '../../adapters/persistence/persistence.js';
import { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import { EncryptedFileStorage, fileEncryptionOf, parseFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { toBuffer } from '../../adapters/storage/keys.js';
import type { FileStorage } from '../../core/ports/file-storage.js';
import { MemoryMailer } from '../../adapters/mail/memory/index.js';
import { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { LibPhoneNumbers, MemorySmsSender } from '../../adapters/sms/index.js';
import { TranslatedTextWriter } from '../../adapters/texts/index.js';
import type { AgencySettings, Ports } from '../../core/ports/index.js';
import { DEFAULT_REFUND_APPROVAL_PENCE } from '../../core/domain/refund.js';
import { PdfReceiptRenderer } from '../../adapters/receipts/pdf-receipt-renderer.js';
import { PdfBorderPackRenderer } from '../../adapters/border-pack/pdf-border-pack-renderer.js';
import { OtplibOneTimeCodes, QrcodeSvg } from '../../adapters/security/index.js';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import { useCasesOn } from './container.js';
import { FakePassportReader, FastFakeHasher, FixedClock, SequentialIdGenerator } from './fakes.js';

export const TEST_SETTINGS: AgencySettings = {
  agencyName: 'Egypt E-Visa Agency',
  agencyEmail: 'help@evisa.test',
  publicUrl: 'https://evisa.test',
  agencyAddress: ['Egypt E-Visa Agency Ltd', '12 Test Lane', 'London', 'N1 9GU', 'United Kingdom'],
  vatNumber: null,
  refundApprovalPence: DEFAULT_REFUND_APPROVAL_PENCE,
};

/** Ports on the memory adapters, with the concrete test doubles exposed for assertions and hooks. */
export interface MemoryPorts extends Ports {
  clock: FixedClock;
  ids: SequentialIdGenerator;
  files: MemoryFileStorage;
  mailer: MemoryMailer;
  sms: MemorySmsSender;
  gateway: MemoryPaymentGateway;
  passportReader: FakePassportReader;
  persistence: Persistence;
}

export function makeMemoryPorts(overrides: Partial<Ports> = {}): MemoryPorts {
  const clock = new FixedClock('2026-11-23T10:00:00.000Z');
  const persistence = createMemoryPersistence({ now: () => (overrides.clock ?? clock).now().getTime() });
  const settings = overrides.settings ?? TEST_SETTINGS;
  const ports = {
    settings,
    secrets: { tokenKey: 'test-token-key-not-for-production-0123456789abcdef' },
    clock,
    ids: new SequentialIdGenerator(),
    hasher: new FastFakeHasher(),
    ...storesOf(persistence),
    mailer: new MemoryMailer(settings),
    sms: new MemorySmsSender(),
    phoneNumbers: new LibPhoneNumbers(),
    textWriter: new TranslatedTextWriter(),
    files: new MemoryFileStorage(() => clock.now()),
    gateway: new MemoryPaymentGateway(() => clock.now()),
    passportReader: new FakePassportReader(),
    receiptRenderer: new PdfReceiptRenderer(),
    borderPackRenderer: new PdfBorderPackRenderer(),
    // Pure computations, no I/O: the real ones (tests compute codes from the secret at the fake clock's time).
    oneTimeCodes: new OtplibOneTimeCodes(),
    qrCodes: new QrcodeSvg(),
    persistence,
    ...(overrides as object),
  } as Omit<MemoryPorts, 'fileEncryption'>;
  // The encryption of the files given: an EncryptedFileStorage's own, else one that refuses to migrate.
  return { ...ports, fileEncryption: overrides.fileEncryption ?? fileEncryptionOf(ports.files) } as MemoryPorts;
}

/** The tests' fixed file encryption keyring (FILE_ENCRYPTION_KEYS' format): two keys, the first encrypts. */
export const TEST_FILE_ENCRYPTION_KEYS = 'test-2:bWFkZS11cC1rZXktZm9yLXRlc3RzLW9ubHktMzJieXQ=,test-1:dGhlLW9sZGVyLXRlc3Qta2V5LW5ldmVyLWluLXByb2Q=';

/** Memory files behind the encryption at rest, as the agency's composition stores them (HTTP tests' default). */
export function encryptedMemoryFiles(clock: { now(): Date }): EncryptedFileStorage {
  return new EncryptedFileStorage(new MemoryFileStorage(() => clock.now()), parseFileKeyring(TEST_FILE_ENCRYPTION_KEYS));
}

/** The memory store itself (behind the encryption where there is one): what a copy of the disk or bucket holds. */
export function storedFiles(files: FileStorage): MemoryFileStorage {
  return (files instanceof EncryptedFileStorage ? files.inner : files) as MemoryFileStorage;
}

/** A stored file's content as the agency reads it (decrypted), or null when there is none. */
export async function fileContent(files: FileStorage, key: string): Promise<Buffer | null> {
  const found = await files.get(key);
  return found ? toBuffer(found.body) : null;
}

/** Sends the texts queued so far the way the deliver-text job does (one job per text, through the memory job store). */
export async function deliverQueuedTexts(ports: MemoryPorts, uc: UseCases): Promise<{ sent: number; failed: number }> {
  const runner = createJobRunner({ store: ports.persistence.jobs, log: () => undefined });
  const { completed, failed } = await runner.drain({ name: 'deliver-text', schedule: null, concurrency: 1, run: async ({ textId }) => (await uc.deliverText(textId), null) });
  return { sent: completed, failed };
}

/** Memory ports plus the use cases the container builds on them. */
export function makeMemoryAgency(overrides: Partial<Ports> = {}): { ports: MemoryPorts; uc: UseCases } {
  const ports = makeMemoryPorts(overrides);
  return { ports, uc: useCasesOn(ports) };
}

/**
 * Delivers the mail queued so far the way the deliver-mail job does: through the memory job store,
 * one job per mail (so a mail queued without its job is not sent). Answers the jobs that completed
 * and failed.
 */
export async function deliverQueuedMail(ports: MemoryPorts, uc: UseCases): Promise<{ sent: number; failed: number }> {
  const runner = createJobRunner({ store: ports.persistence.jobs, log: () => undefined });
  const { completed, failed } = await runner.drain({ name: 'deliver-mail', schedule: null, concurrency: 1, run: async ({ mailId }) => (await uc.deliverMail(mailId), null) });
  return { sent: completed, failed };
}
