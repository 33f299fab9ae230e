import type { ServiceIdentifier } from 'inversify';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { FileKeyring } from '../../adapters/storage/encrypted/keyring.js';
import type { Ports } from '../../core/ports/index.js';
import type * as make from '../../core/use-cases/index.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import type { Agency } from './agency.js';
import type { AgencyConfig } from './config.js';
import type { Logger } from './logger.js';
import type { AgencyMetrics } from './metrics.js';
import type { OpenedAdapters } from './opened-adapters.js';

/**
 * The container's tokens: one per port, per use-case factory and per piece of the agency, each
 * typed with what it resolves to, so `container.get(T.port.users)` is a UserRepository and a
 * binding's dependencies are checked against its factory's parameters.
 */
function token<T>(name: string): ServiceIdentifier<T> {
  return Symbol(name);
}

/** What a use-case factory builds. */
type Made<F extends (...args: never[]) => unknown> = ReturnType<F>;
function made<F extends (...args: never[]) => unknown>(name: string): ServiceIdentifier<Made<F>> {
  return token<Made<F>>(`useCase.${name}`);
}

/**
 * One token per port. Typed by `Ports` itself: a port added to core/ports without a token here does
 * not compile, and the container test resolves every token, so none can go unbound.
 */
export const PORT: { readonly [K in keyof Ports]: ServiceIdentifier<Ports[K]> } = {
  settings: token('port.settings'),
  secrets: token('port.secrets'),
  clock: token('port.clock'),
  ids: token('port.ids'),
  hasher: token('port.hasher'),
  users: token('port.users'),
  sessions: token('port.sessions'),
  applications: token('port.applications'),
  drafts: token('port.drafts'),
  groups: token('port.groups'),
  documents: token('port.documents'),
  payments: token('port.payments'),
  receipts: token('port.receipts'),
  receiptRenderer: token('port.receiptRenderer'),
  borderPackRenderer: token('port.borderPackRenderer'),
  refunds: token('port.refunds'),
  history: token('port.history'),
  notes: token('port.notes'),
  replies: token('port.replies'),
  portal: token('port.portal'),
  governmentFees: token('port.governmentFees'),
  egyptRules: token('port.egyptRules'),
  portalOutages: token('port.portalOutages'),
  trackingCodes: token('port.trackingCodes'),
  reports: token('port.reports'),
  audit: token('port.audit'),
  assignments: token('port.assignments'),
  enquiries: token('port.enquiries'),
  outbox: token('port.outbox'),
  mailer: token('port.mailer'),
  texts: token('port.texts'),
  sms: token('port.sms'),
  phoneNumbers: token('port.phoneNumbers'),
  textWriter: token('port.textWriter'),
  files: token('port.files'),
  fileEncryption: token('port.fileEncryption'),
  gateway: token('port.gateway'),
  analytics: token('port.analytics'),
  attempts: token('port.attempts'),
  passportReader: token('port.passportReader'),
  twoFactor: token('port.twoFactor'),
  oneTimeCodes: token('port.oneTimeCodes'),
  qrCodes: token('port.qrCodes'),
};

export const PORT_KEYS = Object.keys(PORT) as (keyof Ports)[];

/**
 * One token per use-case factory (core/use-cases/index.ts): a factory that builds a few use cases
 * together (drafts, family applications, payment issues) has one token for the group.
 */
export const USE_CASE = {
  registerUser: made<typeof make.makeRegisterUser>('registerUser'),
  logIn: made<typeof make.makeLogIn>('logIn'),
  currentUser: made<typeof make.makeCurrentUser>('currentUser'),
  submitContactForm: made<typeof make.makeSubmitContactForm>('submitContactForm'),
  updatePhone: made<typeof make.makeUpdatePhone>('updatePhone'),
  updateLocale: made<typeof make.makeUpdateLocale>('updateLocale'),
  changePassword: made<typeof make.makeChangePassword>('changePassword'),
  requestPasswordReset: made<typeof make.makeRequestPasswordReset>('requestPasswordReset'),
  resetPassword: made<typeof make.makeResetPassword>('resetPassword'),
  createAdmin: made<typeof make.makeCreateAdmin>('createAdmin'),
  twoFactor: made<typeof make.makeTwoFactor>('twoFactor'),
  applicationDrafts: made<typeof make.makeApplicationDrafts>('applicationDrafts'),
  createApplication: made<typeof make.makeCreateApplication>('createApplication'),
  listOwnApplications: made<typeof make.makeListOwnApplications>('listOwnApplications'),
  getApplication: made<typeof make.makeGetApplication>('getApplication'),
  updateAddressDetails: made<typeof make.makeUpdateAddressDetails>('updateAddressDetails'),
  listDocuments: made<typeof make.makeListDocuments>('listDocuments'),
  attachPassport: made<typeof make.makeAttachPassport>('attachPassport'),
  checkPassport: made<typeof make.makeCheckPassport>('checkPassport'),
  portalCopy: made<typeof make.makePortalCopy>('portalCopy'),
  openDocument: made<typeof make.makeOpenDocument>('openDocument'),
  listReceipts: made<typeof make.makeListReceipts>('listReceipts'),
  openReceipt: made<typeof make.makeOpenReceipt>('openReceipt'),
  openBorderPack: made<typeof make.makeOpenBorderPack>('openBorderPack'),
  applicationGroups: made<typeof make.makeApplicationGroups>('applicationGroups'),
  confirmPayment: made<typeof make.makeConfirmPayment>('confirmPayment'),
  startPayment: made<typeof make.makeStartPayment>('startPayment'),
  findOwnPayment: made<typeof make.makeFindOwnPayment>('findOwnPayment'),
  scanPassport: made<typeof make.makeScanPassport>('scanPassport'),
  listAdminApplications: made<typeof make.makeListAdminApplications>('listAdminApplications'),
  searchAdminApplications: made<typeof make.makeSearchAdminApplications>('searchAdminApplications'),
  countAdminTabs: made<typeof make.makeCountAdminTabs>('countAdminTabs'),
  changeApplicationStatus: made<typeof make.makeChangeApplicationStatus>('changeApplicationStatus'),
  statusHistory: made<typeof make.makeStatusHistory>('statusHistory'),
  attachVisa: made<typeof make.makeAttachVisa>('attachVisa'),
  sendEvisa: made<typeof make.makeSendEvisa>('sendEvisa'),
  sendPaymentReminders: made<typeof make.makeSendPaymentReminders>('sendPaymentReminders'),
  sendApplicationReminders: made<typeof make.makeSendApplicationReminders>('sendApplicationReminders'),
  reconcilePayments: made<typeof make.makeReconcilePayments>('reconcilePayments'),
  paymentIssues: made<typeof make.makePaymentIssues>('paymentIssues'),
  cancellations: made<typeof make.makeCancellations>('cancellations'),
  internalNotes: made<typeof make.makeInternalNotes>('internalNotes'),
  replies: made<typeof make.makeReplies>('replies'),
  portalLedger: made<typeof make.makePortalLedger>('portalLedger'),
  egyptRules: made<typeof make.makeEgyptRules>('egyptRules'),
  portalStatus: made<typeof make.makePortalStatus>('portalStatus'),
  applicationTimeline: made<typeof make.makeApplicationTimeline>('applicationTimeline'),
  tracking: made<typeof make.makeTracking>('tracking'),
  reports: made<typeof make.makeReports>('reports'),
  auditLog: made<typeof make.makeAuditLog>('auditLog'),
  staff: made<typeof make.makeStaff>('staff'),
  assignments: made<typeof make.makeAssignments>('assignments'),
  adminWorkspace: made<typeof make.makeAdminWorkspace>('adminWorkspace'),
  sendRefund: made<typeof make.makeSendRefund>('sendRefund'),
  requestRefund: made<typeof make.makeRequestRefund>('requestRefund'),
  approveRefund: made<typeof make.makeApproveRefund>('approveRefund'),
  listRefunds: made<typeof make.makeListRefunds>('listRefunds'),
  listRefundsAwaitingApproval: made<typeof make.makeListRefundsAwaitingApproval>('listRefundsAwaitingApproval'),
  settleGatewayRefund: made<typeof make.makeSettleGatewayRefund>('settleGatewayRefund'),
  deliverMail: made<typeof make.makeDeliverMail>('deliverMail'),
  deliveryLog: made<typeof make.makeDeliveryLog>('deliveryLog'),
  deliverText: made<typeof make.makeDeliverText>('deliverText'),
  recordEvent: made<typeof make.makeRecordEvent>('recordEvent'),
  exportApplications: made<typeof make.makeExportApplications>('exportApplications'),
  exportUserData: made<typeof make.makeExportUserData>('exportUserData'),
  eraseUser: made<typeof make.makeEraseUser>('eraseUser'),
  purgeDocuments: made<typeof make.makePurgeDocuments>('purgeDocuments'),
  sweepOrphanFiles: made<typeof make.makeSweepOrphanFiles>('sweepOrphanFiles'),
  encryptStoredFiles: made<typeof make.makeEncryptStoredFiles>('encryptStoredFiles'),
  rotateFileKey: made<typeof make.makeRotateFileKey>('rotateFileKey'),
  pruneExpired: made<typeof make.makePruneExpired>('pruneExpired'),
} as const;

/** Every token of the container. */
export const T = {
  /** The validated environment contract (apps/shared/config.ts). */
  config: token<AgencyConfig>('config'),
  /** The database; its stores are the repository ports (PORT.users, PORT.outbox, …). */
  persistence: token<Persistence>('persistence'),
  /** The master keys stored files are encrypted under (FILE_ENCRYPTION_KEYS, or the embedded default's file). */
  fileKeyring: token<FileKeyring>('fileKeyring'),
  /** What this container opened, to close it (see OpenedAdapters). */
  opened: token<OpenedAdapters>('opened'),
  /** The one logger (apps/shared/logger.ts), at LOG_LEVEL. */
  logger: token<Logger>('logger'),
  /** What GET /metrics reports (apps/shared/metrics.ts); the use cases count into it (instrumented-use-cases.ts). */
  metrics: token<AgencyMetrics>('metrics'),
  port: PORT,
  useCase: USE_CASE,
  /** Every port as one object (the agency's `ports`). */
  ports: token<Ports>('ports'),
  /** Every use case as one object, assembled from the use-case tokens. */
  useCases: token<UseCases>('useCases'),
  /** The whole agency: what createAgency answers. */
  agency: token<Agency>('agency'),
} as const;

/** Every token in T, named by its path ("port.users", "useCase.logIn", "agency"), for the container test. */
export function allTokens(): [string, ServiceIdentifier][] {
  const walk = (table: object, prefix: string): [string, ServiceIdentifier][] =>
    Object.entries(table).flatMap(([key, value]) => (typeof value === 'symbol' ? [[`${prefix}${key}`, value]] : walk(value as object, `${prefix}${key}.`)));
  return walk(T, '');
}
