import { DEFAULT_OUTAGE_NOTICE_DAYS } from '../../core/domain/portal-outage.js';
import path from 'node:path';
import cronParser from 'cron-parser';
import { DEFAULT_OFFICIAL_ROUTE, isIsoDate, type OfficialRoute } from '../../core/domain/official-route.js';
import { DEFAULT_AGENCY_ADDRESS } from '../../core/domain/agency.js';
import { DEFAULT_REFUND_APPROVAL_PENCE } from '../../core/domain/refund.js';
import { parseTwilioUrl } from '../../adapters/sms/twilio/index.js';
import { FileKeyringError, parseFileKeyring, type FileKeyring } from '../../adapters/storage/encrypted/keyring.js';
import { STAFF_TWO_FACTOR_POLICIES, type StaffTwoFactorPolicy } from '../../core/domain/two-factor.js';

/** The environment contract (ARCHITECTURE.md §3, README "Configuration"). */
export interface AgencyConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise the SQLite file at `sqliteFile`. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** DATABASE_POOL_SIZE: PostgreSQL connections this process keeps at most (default 10; N nodes × this ≤ the server's max_connections). */
  databasePoolSize: number;
  /** s3://KEY:SECRET@host:port/bucket?ssl=false selects MinIO/S3; otherwise `uploadsDir`. */
  storageUrl: string | null;
  uploadsDir: string;
  /** smtp://[user:pass@]host:port selects SMTP; otherwise .eml files in `outboxDir`. */
  mailUrl: string | null;
  outboxDir: string;
  mailFrom: string;
  /** twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=… selects Twilio; otherwise .txt files in `smsDir` (docs/product.md §16.4). */
  smsUrl: string | null;
  smsDir: string;
  /** All three set → Stripe; none set → the built-in test payment provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | null } | null;
  publicUrl: string;
  agencyEmail: string;
  agencyName: string;
  /** AGENCY_ADDRESS, split at commas: printed on receipts. */
  agencyAddress: string[];
  /** AGENCY_VAT_NUMBER, or null: receipts then say "Not VAT registered". */
  vatNumber: string | null;
  /** REFUND_APPROVAL_PENCE (default 2500, £25): staff refunds above it need a second member of staff (one traveller's £39 final fee does; the £10 initial fee does not). */
  refundApprovalPence: number;
  /** STAFF_TWO_FACTOR: `required` (default) lets staff without two-factor sign-in do nothing in the admin but enrol. */
  staffTwoFactor: StaffTwoFactorPolicy;
  /** OFFICIAL_VISA_URL, OFFICIAL_VISA_FEE, OFFICIAL_VISA_FEE_EFFECTIVE: the official route named beside every call to action (docs/product.md §1.5). */
  officialRoute: OfficialRoute;
  /** How many reverse proxies in front of the server append to X-Forwarded-For (0: none, use the socket). */
  trustProxyHops: number;
  /** APP_SECRET; null: the embedded default keeps one in DATA_DIR/app-secret. */
  appSecret: string | null;
  appSecretFile: string;
  /**
   * FILE_ENCRYPTION_KEYS: the keyring stored documents are encrypted under (the first key encrypts,
   * every key decrypts); null: the embedded default keeps one in `fileEncryptionKeyFile`, made on
   * first use — refused when NODE_ENV=production (docs/decisions/0028).
   */
  fileEncryptionKeys: FileKeyring | null;
  fileEncryptionKeyFile: string;
  /** The offline passport scan; unset values take the scanner's defaults (adapters/passport). */
  passportScan: {
    workers?: number;
    maxQueue?: number;
    timeoutMs?: number;
    /** Scans each signed-in user may run per hour. */
    perHour: number;
  };
  /**
   * Scheduled work (cron expressions, UTC; null: off): jobs of the one job engine, each tick run
   * once (pg-boss on PostgreSQL, the SQLite server's own timers); the CLI commands do the same by hand.
   */
  jobs: {
    /** REMINDER_SCHEDULE: payment + application reminders. Off by default. */
    reminderSchedule: string | null;
    /** RETENTION_SCHEDULE: retention purge + orphan-file sweep. Daily at 03:30 UTC by default. */
    retentionSchedule: string | null;
    /** RETENTION_DAYS: passport scans of applications finished more than this many days ago are purged (default 90). */
    retentionDays: number;
  };
  /** Backups (docs/deployment.md "Backups and restore"; decision 0027). */
  backup: {
    /** BACKUP_SCHEDULE: cron in London time (Europe/London, as the agency works); null: off. Daily at 02:00 by default. */
    schedule: string | null;
    /** BACKUP_KEEP: archives kept in `dir`; older ones are deleted after each backup (default 14). */
    keep: number;
    /** BACKUP_DIR: a folder (default DATA_DIR/backups) or s3://KEY:SECRET@host:port/bucket[/folder]. */
    dir: string;
  };
  /** OUTAGE_NOTICE_DAYS: applicants arriving within this many days are mailed when the official portal goes down (default 7; decision 0032). */
  outageNoticeDays: number;
  /** LOG_LEVEL: the least severe log lines written (default info; silent writes none). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: GET /metrics on the main port answers only `Authorization: Bearer <it>`; null: it answers 404 there. */
  metricsToken: string | null;
  /** METRICS_PORT: a second listener on 127.0.0.1 answering GET /metrics without a token; null: none. */
  metricsPort: number | null;
}

/** The log levels LOG_LEVEL takes, most severe first (pino's names). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Bad configuration: the message is one line naming the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

function nonEmpty(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `is not a valid URL: ${value}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got ${url.protocol}//)`);
  }
  return url;
}

/** An integer setting within [min, max], or undefined when unset. */
function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const text = nonEmpty(env, name);
  if (text === null) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got ${text})`);
  return value;
}

export const DEFAULT_RETENTION_SCHEDULE = '30 3 * * *';
/** Backups: daily at 02:00 London time (BACKUP_SCHEDULE is read in BACKUP_TIMEZONE). */
export const DEFAULT_BACKUP_SCHEDULE = '0 2 * * *';
export const BACKUP_TIMEZONE = 'Europe/London';

/** A 5-field cron expression (UTC unless `tz`), `off` to disable, or the default when unset. */
function schedule(env: NodeJS.ProcessEnv, name: string, fallback: string | null, tz = 'UTC'): string | null {
  const text = nonEmpty(env, name);
  if (text === null) return fallback;
  if (text.toLowerCase() === 'off') return null;
  const fields = text.split(/\s+/);
  let valid = fields.length === 5;
  try {
    if (valid) cronParser.parseExpression(text, { tz });
  } catch {
    valid = false;
  }
  const zone = tz === 'UTC' ? 'UTC' : `${tz} time`;
  if (!valid) throw new ConfigError(name, `must be a cron expression of 5 fields (minute hour day month weekday, ${zone}) or off (got ${text})`);
  return fields.join(' ');
}

/** FILE_ENCRYPTION_KEYS, required in production: a server there never makes up its own key. */
function fileKeyring(env: NodeJS.ProcessEnv): FileKeyring | null {
  const text = nonEmpty(env, 'FILE_ENCRYPTION_KEYS');
  if (text === null) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('FILE_ENCRYPTION_KEYS', 'must be set when NODE_ENV=production: comma-separated id:base64key pairs, e.g. k1:<`openssl rand -base64 32`> (README "Encryption keys")');
    }
    return null;
  }
  try {
    return parseFileKeyring(text);
  } catch (error) {
    if (error instanceof FileKeyringError) throw new ConfigError('FILE_ENCRYPTION_KEYS', error.message);
    throw error;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AgencyConfig {
  const portText = nonEmpty(env, 'PORT') ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT', `must be a port number (got ${portText})`);
  const host = nonEmpty(env, 'HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(nonEmpty(env, 'DATA_DIR') ?? './data');

  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  if (databaseUrl) parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);
  const storageUrl = nonEmpty(env, 'STORAGE_URL');
  if (storageUrl) {
    const url = parseUrl('STORAGE_URL', storageUrl, ['s3:']);
    if (!url.username || !url.password) throw new ConfigError('STORAGE_URL', 'must carry KEY:SECRET@ before the host');
    if (url.pathname.replace(/\//g, '').length < 3) throw new ConfigError('STORAGE_URL', 'must name a bucket of at least 3 characters');
  }
  const mailUrl = nonEmpty(env, 'MAIL_URL');
  if (mailUrl) parseUrl('MAIL_URL', mailUrl, ['smtp:', 'smtps:']);
  const smsUrl = nonEmpty(env, 'SMS_URL');
  if (smsUrl) {
    try {
      parseTwilioUrl(smsUrl);
    } catch (error) {
      throw new ConfigError('SMS_URL', (error as Error).message);
    }
  }

  const publicUrlText = nonEmpty(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  const publicUrl = parseUrl('PUBLIC_URL', publicUrlText, ['http:', 'https:']).toString().replace(/\/$/, '');

  const stripeVars = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const stripeValues = stripeVars.map((name) => nonEmpty(env, name));
  let stripe: AgencyConfig['stripe'] = null;
  if (stripeValues.some(Boolean)) {
    const missing = stripeVars.find((_, i) => !stripeValues[i]);
    if (missing) throw new ConfigError(missing, 'must be set when any STRIPE_* variable is set');
    const apiUrl = nonEmpty(env, 'STRIPE_API_URL');
    if (apiUrl) parseUrl('STRIPE_API_URL', apiUrl, ['http:', 'https:']);
    stripe = { secretKey: stripeValues[0]!, publishableKey: stripeValues[1]!, webhookSecret: stripeValues[2]!, apiUrl };
  }

  const agencyEmail = nonEmpty(env, 'AGENCY_EMAIL') ?? 'support@egypt-evisa-agency.example';
  if (!/^[^@\s]+@[^@\s]+$/.test(agencyEmail)) throw new ConfigError('AGENCY_EMAIL', `is not an email address: ${agencyEmail}`);
  const agencyName = nonEmpty(env, 'AGENCY_NAME') ?? 'Egypt e-Visa Agency';
  const agencyAddressText = nonEmpty(env, 'AGENCY_ADDRESS') ?? DEFAULT_AGENCY_ADDRESS.join(', ');
  const agencyAddress = agencyAddressText
    .split(',')
    .map((line) => line.trim())
    .filter(Boolean);
  if (agencyAddress.length === 0 || agencyAddress.length > 6 || agencyAddress.some((line) => line.length > 80)) {
    throw new ConfigError('AGENCY_ADDRESS', 'must be a postal address of 1 to 6 comma-separated lines of at most 80 characters');
  }
  const vatNumber = nonEmpty(env, 'AGENCY_VAT_NUMBER');
  if (vatNumber !== null && !/^[A-Z]{2}[A-Z0-9 ]{5,15}$/.test(vatNumber)) {
    throw new ConfigError('AGENCY_VAT_NUMBER', `must be a VAT number with its country prefix, e.g. GB123456789 (got ${vatNumber})`);
  }
  const refundApprovalPence = integer(env, 'REFUND_APPROVAL_PENCE', 0, 10_000_000) ?? DEFAULT_REFUND_APPROVAL_PENCE;
  const outageNoticeDays = integer(env, 'OUTAGE_NOTICE_DAYS', 0, 90) ?? DEFAULT_OUTAGE_NOTICE_DAYS;
  const staffTwoFactorText = (nonEmpty(env, 'STAFF_TWO_FACTOR') ?? 'required').toLowerCase();
  if (!(STAFF_TWO_FACTOR_POLICIES as readonly string[]).includes(staffTwoFactorText)) {
    throw new ConfigError('STAFF_TWO_FACTOR', `must be ${STAFF_TWO_FACTOR_POLICIES.join(' or ')} (got ${staffTwoFactorText})`);
  }
  const staffTwoFactor = staffTwoFactorText as StaffTwoFactorPolicy;
  const officialUrl = nonEmpty(env, 'OFFICIAL_VISA_URL') ?? DEFAULT_OFFICIAL_ROUTE.url;
  parseUrl('OFFICIAL_VISA_URL', officialUrl, ['http:', 'https:']);
  const officialFee = nonEmpty(env, 'OFFICIAL_VISA_FEE') ?? DEFAULT_OFFICIAL_ROUTE.fee;
  if (officialFee.length > 60 || /[\r\n]/.test(officialFee)) throw new ConfigError('OFFICIAL_VISA_FEE', `must be one short line of at most 60 characters (got ${officialFee.length})`);
  const officialEffective = nonEmpty(env, 'OFFICIAL_VISA_FEE_EFFECTIVE') ?? DEFAULT_OFFICIAL_ROUTE.effective;
  if (!isIsoDate(officialEffective)) throw new ConfigError('OFFICIAL_VISA_FEE_EFFECTIVE', `must be a date written YYYY-MM-DD (got ${officialEffective})`);
  const officialRoute: OfficialRoute = { url: officialUrl, fee: officialFee, effective: officialEffective };
  const mailFrom = nonEmpty(env, 'MAIL_FROM') ?? `${agencyName} <${agencyEmail}>`;
  // At most 35 s: a check-passport job holds its passport for 40 s (core/domain/jobs.ts).
  const scanTimeoutSeconds = integer(env, 'PASSPORT_SCAN_TIMEOUT_SECONDS', 1, 35);
  const passportScan: AgencyConfig['passportScan'] = {
    workers: integer(env, 'PASSPORT_SCAN_WORKERS', 1, 64),
    maxQueue: integer(env, 'PASSPORT_SCAN_QUEUE', 0, 1000),
    timeoutMs: scanTimeoutSeconds === undefined ? undefined : scanTimeoutSeconds * 1000,
    perHour: integer(env, 'PASSPORT_SCANS_PER_HOUR', 1, 10_000) ?? 20,
  };

  const trustProxyText = (nonEmpty(env, 'TRUST_PROXY') ?? '0').toLowerCase();
  const trustProxyHops = trustProxyText === 'true' ? 1 : trustProxyText === 'false' ? 0 : Number(trustProxyText);
  if (!Number.isInteger(trustProxyHops) || trustProxyHops < 0 || trustProxyHops > 10) {
    throw new ConfigError('TRUST_PROXY', `must be the number of proxies in front of the server, 0 to 10 (got ${trustProxyText})`);
  }

  const jobs: AgencyConfig['jobs'] = {
    reminderSchedule: schedule(env, 'REMINDER_SCHEDULE', null),
    retentionSchedule: schedule(env, 'RETENTION_SCHEDULE', DEFAULT_RETENTION_SCHEDULE),
    retentionDays: integer(env, 'RETENTION_DAYS', 1, 36_500) ?? 90,
  };

  const backupDir = nonEmpty(env, 'BACKUP_DIR') ?? path.join(dataDir, 'backups');
  if (backupDir.startsWith('s3://')) {
    const url = parseUrl('BACKUP_DIR', backupDir, ['s3:']);
    if (!url.username || !url.password) throw new ConfigError('BACKUP_DIR', 'must carry KEY:SECRET@ before the host');
    if ((url.pathname.replace(/^\/+/, '').split('/')[0] ?? '').length < 3) throw new ConfigError('BACKUP_DIR', 'must name a bucket of at least 3 characters');
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(backupDir)) {
    throw new ConfigError('BACKUP_DIR', `must be a folder or an s3:// URL (got ${backupDir.split(':')[0]}://)`);
  }
  const backup: AgencyConfig['backup'] = {
    schedule: schedule(env, 'BACKUP_SCHEDULE', DEFAULT_BACKUP_SCHEDULE, BACKUP_TIMEZONE),
    keep: integer(env, 'BACKUP_KEEP', 1, 10_000) ?? 14,
    dir: backupDir.startsWith('s3://') ? backupDir : path.resolve(backupDir),
  };

  const appSecret = nonEmpty(env, 'APP_SECRET');
  if (appSecret !== null && appSecret.length < 43) {
    throw new ConfigError('APP_SECRET', 'must be at least 43 characters (e.g. `openssl rand -base64 32`)');
  }

  const fileEncryptionKeys = fileKeyring(env);
  const logLevelText = (nonEmpty(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevelText)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got ${logLevelText})`);
  const metricsToken = nonEmpty(env, 'METRICS_TOKEN');
  if (metricsToken !== null && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 32`)');
  }
  const metricsPort = integer(env, 'METRICS_PORT', 0, 65535) ?? null;
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (both ${port})`);

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    sqliteFile: path.join(dataDir, 'agency.sqlite'),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 1, 100) ?? 10,
    storageUrl,
    uploadsDir: path.join(dataDir, 'uploads'),
    mailUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    mailFrom,
    smsUrl,
    smsDir: path.join(dataDir, 'sms'),
    stripe,
    publicUrl,
    agencyEmail,
    agencyName,
    agencyAddress,
    vatNumber,
    refundApprovalPence,
    outageNoticeDays,
    staffTwoFactor,
    officialRoute,
    trustProxyHops,
    appSecret,
    appSecretFile: path.join(dataDir, 'app-secret'),
    fileEncryptionKeys,
    fileEncryptionKeyFile: path.join(dataDir, 'file-encryption.key'),
    passportScan,
    jobs,
    backup,
    logLevel: logLevelText as LogLevel,
    metricsToken,
    metricsPort,
  };
}
