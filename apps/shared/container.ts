import { Container, ContainerModule, type Bind, type ServiceIdentifier } from 'inversify';
import { STORE_KEYS, type Persistence, type Stores } from '../../adapters/persistence/persistence.js';
import { openPersistence } from '../../adapters/persistence/open.js';
import { openFileStorage } from '../../adapters/storage/open.js';
import { EncryptedFileStorage, fileEncryptionOf, FileKeyringError, loadOrCreateFileKeyring, type FileKeyring } from '../../adapters/storage/encrypted/index.js';
import { openMailer } from '../../adapters/mail/index.js';
import { describeSmsSender, LibPhoneNumbers, openSmsSender } from '../../adapters/sms/index.js';
import { TranslatedTextWriter } from '../../adapters/texts/index.js';
import { openPaymentGateway } from '../../adapters/payments/open.js';
import { openPassportScanner } from '../../adapters/passport/index.js';
import { PdfBorderPackRenderer } from '../../adapters/border-pack/pdf-border-pack-renderer.js';
import { PdfReceiptRenderer } from '../../adapters/receipts/pdf-receipt-renderer.js';
import { Argon2PasswordHasher, CryptoIdGenerator, loadOrCreateSecret, OtplibOneTimeCodes, QrcodeSvg, SystemClock } from '../../adapters/security/index.js';
import type { Ports } from '../../core/ports/index.js';
import * as make from '../../core/use-cases/index.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import type { Agency } from './agency.js';
import { ConfigError, loadConfig, type AgencyConfig } from './config.js';
import { instrumentedUseCasesModule } from './instrumented-use-cases.js';
import { bufferedDestination, createLogger, type Logger } from './logger.js';
import { AgencyMetrics } from './metrics.js';
import { OpenedAdapters } from './opened-adapters.js';
import { PORT, PORT_KEYS, T, USE_CASE } from './tokens.js';

/**
 * The ONE composition root of the server, the CLI and the tests: an inversify container with a
 * token per port, per use-case factory and per piece of the agency (tokens.ts), bound by one module
 * per layer. No decorators: every binding names its dependencies' tokens (`toResolvedValue(factory,
 * [tokens])`), so nothing needs decorator metadata and core/ never sees inversify. Every binding is
 * a singleton of its container (defaultScope), made on first resolution: composing connects to
 * nothing, and resolving opens only what is asked for (database, storage, mail, payments connect
 * on first use anyway).
 */

/** What a caller (a test, a benchmark) brings instead of what the configuration selects: any port, or the database. */
export type GivenAdapters = Partial<Ports & { persistence: Persistence }>;

/** The settings that are set (the scanner keeps its own defaults for the others). */
function definedOnly<T extends object>(settings: T): Partial<T> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The environment contract and what it gives the rules; the record of what this container opens. */
export function configModule(env: NodeJS.ProcessEnv): ContainerModule {
  return new ContainerModule(({ bind }) => {
    // A bad value throws ConfigError (one line naming the variable) when first resolved.
    bind(T.config).toResolvedValue(() => loadConfig(env));
    bind(T.opened).toResolvedValue(() => new OpenedAdapters());
    bind(T.logger).toResolvedValue((config: AgencyConfig) => createLogger({ level: config.logLevel, destination: bufferedDestination() }), [T.config]);
    bind(T.metrics).toResolvedValue(() => new AgencyMetrics());
    bind(PORT.settings).toResolvedValue(
      (config: AgencyConfig) => ({
        agencyName: config.agencyName,
        agencyEmail: config.agencyEmail,
        publicUrl: config.publicUrl,
        agencyAddress: config.agencyAddress,
        vatNumber: config.vatNumber,
        refundApprovalPence: config.refundApprovalPence,
        outageNoticeDays: config.outageNoticeDays,
      }),
      [T.config],
    );
  });
}

/**
 * The adapters the configuration selects, each opened on first resolution and recorded in
 * T.opened (so the agency closes it); the database's stores are the persistence's own.
 */
export const adaptersModule = new ContainerModule(({ bind }) => {
  bind(PORT.clock).toResolvedValue(() => new SystemClock());
  bind(PORT.secrets).toResolvedValue((config: AgencyConfig) => ({ tokenKey: config.appSecret ?? loadOrCreateSecret(config.appSecretFile) }), [T.config]);
  bind(PORT.ids).toResolvedValue((opened: OpenedAdapters) => opened.add(new CryptoIdGenerator()), [T.opened]);
  bind(PORT.hasher).toResolvedValue((opened: OpenedAdapters) => opened.add(new Argon2PasswordHasher()), [T.opened]);
  bind(PORT.oneTimeCodes).toResolvedValue(() => new OtplibOneTimeCodes());
  bind(PORT.qrCodes).toResolvedValue(() => new QrcodeSvg());
  bind(T.persistence).toResolvedValue(
    (config: AgencyConfig, opened: OpenedAdapters, logger: Logger) =>
      opened.open(openPersistence({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: config.databasePoolSize, log: (line) => logger.error(line) }), { database: true }),
    [T.config, T.opened, T.logger],
  );
  for (const key of STORE_KEYS) bindStore(bind, key);
  bind(T.fileKeyring).toResolvedValue((config: AgencyConfig) => config.fileEncryptionKeys ?? embeddedFileKeyring(config.fileEncryptionKeyFile), [T.config]);
  // Every stored file is encrypted at rest, whichever store keeps it (docs/decisions/0028).
  bind(PORT.files).toResolvedValue(
    (config: AgencyConfig, keyring: FileKeyring, opened: OpenedAdapters) =>
      opened.open(openFileStorage({ storageUrl: config.storageUrl, uploadsDir: config.uploadsDir }).then((store) => new EncryptedFileStorage(store, keyring))),
    [T.config, T.fileKeyring, T.opened],
  );
  bind(PORT.fileEncryption).toResolvedValue((files: Ports['files']) => fileEncryptionOf(files), [PORT.files]);
  bind(PORT.mailer).toResolvedValue(
    (config: AgencyConfig, settings: Ports['settings'], opened: OpenedAdapters) =>
      opened.add(openMailer({ mailUrl: config.mailUrl, outboxDir: config.outboxDir, mailFrom: config.mailFrom, settings })),
    [T.config, PORT.settings, T.opened],
  );
  bind(PORT.sms).toResolvedValue((config: AgencyConfig, opened: OpenedAdapters) => opened.add(openSmsSender({ smsUrl: config.smsUrl, smsDir: config.smsDir })), [T.config, T.opened]);
  bind(PORT.phoneNumbers).toResolvedValue(() => new LibPhoneNumbers());
  bind(PORT.textWriter).toResolvedValue(() => new TranslatedTextWriter());
  // The built-in test provider keeps its payments and refunds in the database, beside the agency's records.
  bind(PORT.gateway).toResolvedValue(
    (config: AgencyConfig, clock: Ports['clock'], persistence: Persistence, opened: OpenedAdapters) => opened.open(openPaymentGateway(config.stripe, () => clock.now(), persistence.testPayments)),
    [T.config, PORT.clock, T.persistence, T.opened],
  );
  bind(PORT.receiptRenderer).toResolvedValue(() => new PdfReceiptRenderer());
  bind(PORT.borderPackRenderer).toResolvedValue(() => new PdfBorderPackRenderer());
  // The scanner starts its worker threads with the first scan: opening it costs nothing.
  bind(PORT.passportReader).toResolvedValue(
    (config: AgencyConfig, opened: OpenedAdapters) => {
      const { workers, maxQueue, timeoutMs } = config.passportScan;
      return opened.add(openPassportScanner(definedOnly({ workers, maxQueue, timeoutMs })));
    },
    [T.config, T.opened],
  );
});

/**
 * The embedded default's keyring (FILE_ENCRYPTION_KEYS unset, never in production: config.ts
 * refuses that): DATA_DIR/file-encryption.key, made with one new key the first time — said once,
 * on stderr, since that key must be backed up apart from the data.
 */
function embeddedFileKeyring(file: string): FileKeyring {
  try {
    return loadOrCreateFileKeyring(file, (made) =>
      console.warn(
        `[storage] FILE_ENCRYPTION_KEYS is not set: made a new file encryption key in ${made}. Every stored document is encrypted under it: back it up apart from the data (without it no document can be read; a backup holding both protects nothing).`,
      ),
    );
  } catch (error) {
    if (error instanceof FileKeyringError) throw new ConfigError('FILE_ENCRYPTION_KEYS', `is not set, and its embedded default ${file} ${error.message}`);
    throw error;
  }
}

/** A repository port: the database's store of that name. */
function bindStore<K extends keyof Stores>(bind: Bind, key: K): void {
  bind(PORT[key] as ServiceIdentifier<Stores[K]>).toResolvedValue((persistence: Stores) => persistence[key], [T.persistence]);
}

/**
 * Binds a use-case factory: `ports` names the ports it is given (the type checker refuses a list
 * that lacks one its factory takes), `deps` the tokens of the other use cases it calls.
 */
function bindUseCase<R, K extends keyof Ports, D extends unknown[] = []>(
  bind: Bind,
  token: ServiceIdentifier<R>,
  ports: readonly K[],
  factory: (ports: Pick<Ports, NoInfer<K>>, ...deps: D) => R,
  ...deps: { [I in keyof D]: ServiceIdentifier<D[I]> }
): void {
  bind(token).toResolvedValue(
    (...values: unknown[]) => {
      const given = Object.fromEntries(ports.map((key, i) => [key, values[i]])) as Pick<Ports, K>;
      return factory(given, ...(values.slice(ports.length) as D));
    },
    [...ports.map((key): ServiceIdentifier => PORT[key]), ...(deps as ServiceIdentifier[])],
  );
}

/** What each use-case token resolves to. */
type ResolvedUseCases = { [K in keyof typeof USE_CASE]: (typeof USE_CASE)[K] extends ServiceIdentifier<infer R> ? R : never };
type GroupTokens =
  | 'applicationDrafts'
  | 'applicationGroups'
  | 'paymentIssues'
  | 'cancellations'
  | 'replies'
  | 'internalNotes'
  | 'portalLedger'
  | 'egyptRules'
  | 'portalStatus'
  | 'auditLog'
  | 'staff'
  | 'twoFactor'
  | 'assignments'
  | 'adminWorkspace'
  | 'deliveryLog'
  | 'tracking'
  | 'reports';

/**
 * The `UseCases` object: the single use cases as they are, the groups' members spread. The return
 * type refuses a token that is not a member of UseCases as well as a member without a token.
 */
function assembleUseCases(resolved: ResolvedUseCases): UseCases & Record<Exclude<keyof ResolvedUseCases, GroupTokens | keyof UseCases>, never> {
  const {
    applicationDrafts,
    applicationGroups,
    paymentIssues,
    cancellations,
    replies,
    internalNotes,
    portalLedger,
    egyptRules,
    portalStatus,
    auditLog,
    staff,
    twoFactor,
    assignments,
    adminWorkspace,
    deliveryLog,
    tracking,
    reports,
    ...single
  } = resolved;
  return {
    ...single,
    ...applicationDrafts,
    ...applicationGroups,
    ...paymentIssues,
    ...cancellations,
    ...replies,
    ...internalNotes,
    ...portalLedger,
    ...egyptRules,
    ...portalStatus,
    ...auditLog,
    ...staff,
    ...twoFactor,
    ...assignments,
    ...adminWorkspace,
    ...deliveryLog,
    ...tracking,
    ...reports,
  };
}

/** One binding per use-case factory; the use cases that call others take those by token. */
export const useCasesModule = new ContainerModule(({ bind }) => {
  const U = USE_CASE;
  // accounts
  bindUseCase(bind, U.registerUser, ['users', 'hasher', 'clock'], make.makeRegisterUser);
  bindUseCase(bind, U.logIn, ['users', 'hasher', 'ids'], make.makeLogIn);
  bindUseCase(bind, U.currentUser, ['users'], make.makeCurrentUser);
  bindUseCase(bind, U.submitContactForm, ['users', 'enquiries', 'outbox', 'hasher', 'ids', 'clock', 'settings', 'secrets'], make.makeSubmitContactForm);
  bindUseCase(bind, U.updatePhone, ['users'], make.makeUpdatePhone);
  bindUseCase(bind, U.updateLocale, ['users'], make.makeUpdateLocale);
  bindUseCase(bind, U.changePassword, ['users', 'hasher', 'sessions', 'clock'], make.makeChangePassword);
  bindUseCase(bind, U.requestPasswordReset, ['users', 'outbox', 'clock', 'secrets'], make.makeRequestPasswordReset);
  bindUseCase(bind, U.resetPassword, ['users', 'hasher', 'sessions', 'clock', 'secrets'], make.makeResetPassword);
  bindUseCase(bind, U.createAdmin, ['users', 'hasher', 'clock'], make.makeCreateAdmin);
  bindUseCase(bind, U.twoFactor, ['users', 'twoFactor', 'oneTimeCodes', 'qrCodes', 'hasher', 'sessions', 'clock', 'settings', 'audit'], make.makeTwoFactor);

  // applications
  bindUseCase(bind, U.applicationDrafts, ['drafts', 'clock'], make.makeApplicationDrafts);
  bindUseCase(bind, U.createApplication, ['applications', 'users', 'outbox', 'ids', 'clock', 'settings', 'drafts', 'phoneNumbers', 'egyptRules'], make.makeCreateApplication);
  bindUseCase(bind, U.listOwnApplications, ['applications', 'history', 'clock', 'outbox'], make.makeListOwnApplications);
  bindUseCase(bind, U.getApplication, ['applications', 'history', 'clock', 'outbox'], make.makeGetApplication);
  bindUseCase(bind, U.updateAddressDetails, ['applications', 'clock'], make.makeUpdateAddressDetails);
  bindUseCase(bind, U.listDocuments, ['applications', 'documents'], make.makeListDocuments);
  bindUseCase(bind, U.attachPassport, ['applications', 'documents', 'files', 'ids', 'clock', 'passportReader'], make.makeAttachPassport);
  bindUseCase(bind, U.checkPassport, ['applications', 'documents', 'files', 'passportReader', 'clock'], make.makeCheckPassport);
  bindUseCase(bind, U.portalCopy, ['documents', 'files', 'passportReader', 'clock', 'audit'], make.makePortalCopy);
  bindUseCase(bind, U.openDocument, ['applications', 'documents', 'files', 'clock', 'audit'], make.makeOpenDocument);
  bindUseCase(bind, U.listReceipts, ['applications', 'receipts'], make.makeListReceipts);
  bindUseCase(bind, U.openReceipt, ['applications', 'receipts', 'receiptRenderer', 'settings', 'users'], make.makeOpenReceipt);
  bindUseCase(bind, U.openBorderPack, ['applications', 'documents', 'files', 'settings', 'borderPackRenderer', 'users'], make.makeOpenBorderPack);
  bindUseCase(bind, U.applicationTimeline, ['history'], make.makeApplicationTimeline);
  // tracking without signing in (docs/product.md §16.1): the timeline is the applicant's own
  bindUseCase(bind, U.tracking, ['applications', 'users', 'trackingCodes', 'outbox', 'clock', 'secrets'], make.makeTracking, U.applicationTimeline);
  bindUseCase(
    bind,
    U.applicationGroups,
    ['applications', 'groups', 'payments', 'users', 'outbox', 'gateway', 'analytics', 'ids', 'clock', 'settings', 'drafts', 'assignments', 'phoneNumbers', 'textWriter', 'egyptRules'],
    make.makeApplicationGroups,
  );

  // payments: confirmPayment hands a family's initial fee to the group's confirmGroupPayment;
  // startPayment (a £0 final fee), reconcilePayments and the payment check record through confirmPayment.
  bindUseCase(
    bind,
    U.confirmPayment,
    ['applications', 'payments', 'users', 'gateway', 'clock', 'phoneNumbers', 'textWriter', 'settings', 'documents'],
    (ports, groups: ReturnType<typeof make.makeApplicationGroups>) => make.makeConfirmPayment(ports, groups.confirmGroupPayment),
    U.applicationGroups,
  );
  bindUseCase(bind, U.startPayment, ['applications', 'users', 'gateway', 'clock', 'documents', 'phoneNumbers', 'textWriter', 'settings'], make.makeStartPayment, U.confirmPayment);
  bindUseCase(bind, U.findOwnPayment, ['gateway', 'applications'], make.makeFindOwnPayment);
  bindUseCase(bind, U.reconcilePayments, ['gateway', 'payments', 'applications', 'groups', 'refunds', 'clock'], make.makeReconcilePayments, U.confirmPayment, U.settleGatewayRefund);
  bindUseCase(bind, U.auditLog, ['audit', 'applications'], make.makeAuditLog);
  bindUseCase(bind, U.reports, ['reports', 'clock'], make.makeReports);
  bindUseCase(bind, U.internalNotes, ['applications', 'notes', 'users', 'clock', 'audit'], make.makeInternalNotes);
  bindUseCase(bind, U.replies, ['applications', 'replies', 'users', 'files', 'ids', 'clock'], make.makeReplies);
  bindUseCase(bind, U.portalStatus, ['applications', 'portal', 'portalOutages', 'clock', 'audit', 'settings'], make.makePortalStatus);
  bindUseCase(bind, U.portalLedger, ['applications', 'portal', 'governmentFees', 'files', 'ids', 'clock', 'audit'], make.makePortalLedger);
  bindUseCase(bind, U.egyptRules, ['egyptRules', 'governmentFees', 'clock', 'audit', 'settings'], make.makeEgyptRules);
  bindUseCase(bind, U.cancellations, ['applications', 'users', 'history', 'clock', 'gateway', 'analytics', 'refunds', 'audit'], make.makeCancellations, U.sendRefund);
  bindUseCase(bind, U.paymentIssues, ['gateway', 'clock', 'audit'], make.makePaymentIssues, U.reconcilePayments, U.confirmPayment);
  bindUseCase(bind, U.staff, ['users', 'hasher', 'ids', 'outbox', 'clock', 'secrets', 'audit'], make.makeStaff);
  bindUseCase(bind, U.assignments, ['applications', 'assignments', 'users', 'clock', 'audit'], make.makeAssignments);
  bindUseCase(bind, U.adminWorkspace, ['applications', 'users', 'assignments', 'portal', 'clock', 'audit'], make.makeAdminWorkspace);

  // refunds (docs/product.md §4.7): a request and an approval send the refund at once through sendRefund (the send-refund job's use case).
  const settlePorts = ['refunds', 'payments', 'applications', 'users', 'receipts', 'analytics', 'clock'] as const;
  bindUseCase(bind, U.sendRefund, [...settlePorts, 'gateway'], make.makeSendRefund);
  bindUseCase(bind, U.settleGatewayRefund, settlePorts, make.makeSettleGatewayRefund);
  bindUseCase(bind, U.requestRefund, ['applications', 'users', 'refunds', 'settings', 'clock', 'audit'], make.makeRequestRefund, U.sendRefund);
  bindUseCase(bind, U.approveRefund, ['users', 'refunds', 'clock', 'audit'], make.makeApproveRefund, U.sendRefund);
  bindUseCase(bind, U.listRefunds, ['applications', 'refunds'], make.makeListRefunds);
  bindUseCase(bind, U.listRefundsAwaitingApproval, ['refunds'], make.makeListRefundsAwaitingApproval);

  // passport scan
  bindUseCase(bind, U.scanPassport, ['passportReader', 'clock'], make.makeScanPassport);

  // admin
  bindUseCase(bind, U.listAdminApplications, ['applications', 'users', 'assignments', 'clock', 'audit'], make.makeListAdminApplications);
  bindUseCase(bind, U.searchAdminApplications, ['applications', 'users', 'assignments', 'clock'], make.makeSearchAdminApplications);
  bindUseCase(bind, U.countAdminTabs, ['applications', 'users', 'clock'], make.makeCountAdminTabs);
  bindUseCase(
    bind,
    U.changeApplicationStatus,
    ['applications', 'users', 'analytics', 'clock', 'gateway', 'audit', 'phoneNumbers', 'textWriter', 'settings', 'history', 'documents'],
    make.makeChangeApplicationStatus,
  );
  bindUseCase(bind, U.statusHistory, ['applications', 'history'], make.makeStatusHistory);
  bindUseCase(bind, U.attachVisa, ['applications', 'documents', 'files', 'ids', 'clock', 'audit', 'users', 'phoneNumbers', 'textWriter', 'settings'], make.makeAttachVisa);
  bindUseCase(bind, U.sendEvisa, ['applications', 'documents', 'files', 'users', 'outbox', 'clock', 'audit', 'phoneNumbers', 'textWriter', 'settings'], make.makeSendEvisa);
  bindUseCase(bind, U.sendPaymentReminders, ['applications', 'groups', 'clock'], make.makeSendPaymentReminders);
  bindUseCase(bind, U.sendApplicationReminders, ['users', 'clock'], make.makeSendApplicationReminders);

  // mail and text delivery, analytics, operator tasks
  bindUseCase(bind, U.deliverMail, ['outbox', 'mailer', 'files', 'clock', 'receipts', 'receiptRenderer', 'settings', 'applications', 'documents', 'borderPackRenderer', 'users'], make.makeDeliverMail);
  bindUseCase(bind, U.deliveryLog, ['applications', 'outbox', 'texts', 'replies', 'phoneNumbers', 'users', 'files', 'clock', 'audit', 'settings'], make.makeDeliveryLog);
  bindUseCase(bind, U.deliverText, ['texts', 'sms', 'clock'], make.makeDeliverText);
  bindUseCase(bind, U.recordEvent, ['analytics', 'clock'], make.makeRecordEvent);
  bindUseCase(bind, U.exportApplications, ['applications', 'users', 'clock', 'audit'], make.makeExportApplications);
  bindUseCase(
    bind,
    U.exportUserData,
    ['users', 'applications', 'payments', 'refunds', 'receipts', 'history', 'documents', 'replies', 'enquiries', 'drafts', 'clock', 'audit'],
    make.makeExportUserData,
  );
  bindUseCase(bind, U.eraseUser, ['users', 'applications', 'documents', 'portal', 'payments', 'receipts', 'files', 'clock', 'audit'], make.makeEraseUser);
  bindUseCase(bind, U.purgeDocuments, ['documents', 'files', 'clock'], make.makePurgeDocuments);
  bindUseCase(bind, U.sweepOrphanFiles, ['files', 'documents', 'portal', 'clock'], make.makeSweepOrphanFiles);
  bindUseCase(bind, U.encryptStoredFiles, ['files', 'fileEncryption'], make.makeEncryptStoredFiles);
  bindUseCase(bind, U.rotateFileKey, ['files', 'fileEncryption'], make.makeRotateFileKey);
  bindUseCase(bind, U.pruneExpired, ['sessions', 'attempts', 'twoFactor', 'trackingCodes', 'clock'], make.makePruneExpired);

  const names = Object.keys(U) as (keyof typeof U)[];
  bind(T.useCases).toResolvedValue(
    (...values: unknown[]) => assembleUseCases(Object.fromEntries(names.map((name, i) => [name, values[i]])) as ResolvedUseCases),
    names.map((name): ServiceIdentifier => U[name]),
  );
});

function describeDatabase(config: AgencyConfig, persistence: Persistence): string {
  if (persistence.dialect === 'sqlite') return `sqlite (${config.sqliteFile})`;
  if (persistence.dialect === 'postgres' && config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `postgres (${url.hostname}:${url.port || '5432'}${url.pathname})`;
  }
  return persistence.dialect;
}

/** The configured adapter's description when this container opened it, else the class of the one given. */
function describeAdapter(adapter: object, configured: string, opened: OpenedAdapters): string {
  if (opened.has(adapter)) return configured;
  const name = adapter.constructor?.name;
  return name && name !== 'Object' ? name : 'custom';
}

/** The agency: every port, the database, every use case, what is in use, and close(). */
export const agencyModule = new ContainerModule(({ bind }) => {
  bind(T.ports).toResolvedValue(
    (...values: unknown[]) => Object.fromEntries(PORT_KEYS.map((key, i) => [key, values[i]])) as unknown as Ports,
    PORT_KEYS.map((key): ServiceIdentifier => PORT[key]),
  );
  bind(T.agency).toResolvedValue(
    (config: AgencyConfig, ports: Ports, persistence: Persistence, useCases: UseCases, opened: OpenedAdapters, logger: Logger, metrics: AgencyMetrics): Agency => ({
      config,
      ports,
      persistence,
      useCases,
      logger,
      metrics,
      adapters: {
        database: describeDatabase(config, persistence),
        storage: describeAdapter(ports.files, config.storageUrl ? `s3 (${new URL(config.storageUrl).host})` : `filesystem (${config.uploadsDir})`, opened),
        mail: describeAdapter(ports.mailer, config.mailUrl ? `smtp (${new URL(config.mailUrl).host})` : `outbox (${config.outboxDir})`, opened),
        payments: ports.gateway.name,
        sms: describeAdapter(ports.sms, describeSmsSender({ smsUrl: config.smsUrl, smsDir: config.smsDir }), opened),
      },
      // What this container opened, newest first, the database last; what was given belongs to the caller.
      close: () => opened.close(),
    }),
    [T.config, T.ports, T.persistence, T.useCases, T.opened, T.logger, T.metrics],
  );
});

/**
 * Replaces what the configuration would select with what the caller gives, by rebinding its token
 * to the given value (a constant: never opened, never closed here). A store given on its own
 * replaces that store only; a given persistence supplies every other store.
 */
export function rebindGiven(container: Container, given: GivenAdapters): void {
  for (const [key, adapter] of Object.entries(given)) {
    if (adapter === undefined) continue;
    const token = key === 'persistence' ? T.persistence : PORT[key as keyof Ports];
    if (!token) throw new Error(`Nothing to give as "${key}": it is not a port of the agency.`);
    container.rebind(token as ServiceIdentifier<unknown>).toConstantValue(adapter);
  }
}

/** The container on the environment contract, with what the caller gives bound instead. Opens nothing. */
export function createContainer(env: NodeJS.ProcessEnv = process.env, given: GivenAdapters = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(configModule(env), adaptersModule, useCasesModule, instrumentedUseCasesModule, agencyModule);
  rebindGiven(container, given);
  return container;
}

/**
 * Resolves the agency from a container: opens what it selects and was not given, and builds the
 * use cases. When something fails to open, what was opened is closed before the failure propagates.
 */
export async function resolveAgency(container: Container): Promise<Agency> {
  try {
    return await container.getAsync(T.agency);
  } catch (error) {
    await container
      .get(T.opened)
      .close()
      .catch(() => undefined);
    throw error;
  }
}
