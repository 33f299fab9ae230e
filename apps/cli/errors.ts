import { DomainError, type UnavailableService } from '../../core/domain/errors.js';
import { ConfigError } from '../shared/config.js';

/** Exit codes of every command: 0 ok, 1 failed, 2 bad usage (flags, configuration, missing confirmation). */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A bad flag or a refused invocation: exit 2 with this one-line message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command ran but could not do its job; the message is already what the operator should read. */
export class CommandFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandFailed';
  }
}

export interface Failure {
  message: string;
  exitCode: typeof EXIT_FAILED | typeof EXIT_USAGE;
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string | number;
  errno?: number;
  address?: string;
  port?: number;
  hostname?: string;
  syscall?: string;
  path?: string;
  severity?: string;
  cause?: unknown;
  errors?: unknown[];
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
};

const FILE_CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
};

type Service = 'database' | 'mail' | 'storage';

const SERVICE_VARIABLE: Record<Service, string> = { database: 'DATABASE_URL', mail: 'MAIL_URL', storage: 'STORAGE_URL' };
const SERVICE_LABEL: Record<Service, string> = { database: 'the database', mail: 'the SMTP server', storage: 'the file storage' };

function hostPortOf(urlText: string | undefined, defaultPort: number): { host: string; port: number } | null {
  if (!urlText?.trim()) return null;
  try {
    const url = new URL(urlText.trim());
    return { host: url.hostname, port: url.port ? Number(url.port) : defaultPort };
  } catch {
    return null;
  }
}

/** Which configured service lives at this address, judged from the environment contract. */
function serviceAt(env: NodeJS.ProcessEnv, host: string | undefined, port: number | undefined): Service | null {
  const candidates: [Service, { host: string; port: number } | null][] = [
    ['database', hostPortOf(env.DATABASE_URL, 5432)],
    ['mail', hostPortOf(env.MAIL_URL, env.MAIL_URL?.startsWith('smtps:') ? 465 : 587)],
    ['storage', hostPortOf(env.STORAGE_URL, 9000)],
  ];
  const sameHost = (a: string, b: string | undefined) =>
    b === undefined || a === b || (isLoopback(a) && isLoopback(b));
  for (const [service, target] of candidates) {
    if (target && port !== undefined && target.port === port && sameHost(target.host, host)) return service;
  }
  for (const [service, target] of candidates) {
    if (target && host !== undefined && target.host === host) return service;
  }
  return null;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** Walks `cause` chains and AggregateErrors, outermost first. */
function chainOf(error: unknown): ErrorLike[] {
  const seen = new Set<unknown>();
  const out: ErrorLike[] = [];
  const visit = (e: unknown) => {
    if (!e || typeof e !== 'object' || seen.has(e)) return;
    seen.add(e);
    out.push(e as ErrorLike);
    const like = e as ErrorLike;
    if (Array.isArray(like.errors)) like.errors.forEach(visit);
    visit(like.cause);
  };
  visit(error);
  return out;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n').find((line) => line.trim())?.trim() ?? '';
}

/** The setting an operator checks when a service is unavailable. */
const SETTING_OF_SERVICE: Record<UnavailableService, string> = {
  database: 'DATABASE_URL',
  mail: 'MAIL_URL',
  storage: 'STORAGE_URL',
  payments: 'STRIPE_SECRET_KEY',
  'passport-scanner': 'PASSPORT_SCAN_WORKERS',
};

function domainFailure(error: DomainError): Failure {
  const data = error.data;
  switch (data.type) {
    case 'Validation': {
      const fields = Object.entries(data.errors).map(([field, messages]) => `${field}: ${messages[0]}`);
      const detail = fields.length && !fields.some((f) => f.endsWith(`: ${data.message}`)) ? ` (${fields.join('; ')})` : '';
      return { exitCode: EXIT_USAGE, message: `${data.message}${detail}` };
    }
    case 'Unavailable': {
      const variable = SETTING_OF_SERVICE[data.service];
      const text = firstLine(data.message).replace(/\.$/, '');
      const named = new RegExp(data.service === 'payments' ? 'payment|stripe' : data.service === 'mail' ? 'mail|smtp' : data.service, 'i').test(text);
      const prefix = named ? '' : `The ${data.service} service is unavailable: `;
      const hint = text.includes(variable) || (data.service === 'database' && text.includes('DATA_DIR')) ? '' : ` (check ${variable})`;
      return { exitCode: EXIT_FAILED, message: `${prefix}${text}${hint}.` };
    }
    default:
      return { exitCode: EXIT_FAILED, message: data.message };
  }
}

/**
 * Turns anything a command threw into one line for the operator and an exit code. Never a stack
 * trace (set EVISA_DEBUG=1 to see one).
 */
export function describeFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): Failure {
  if (error instanceof UsageError) return { exitCode: EXIT_USAGE, message: error.message };
  if (error instanceof CommandFailed) return { exitCode: EXIT_FAILED, message: error.message };

  const chain = chainOf(error);
  for (const e of chain) {
    if (e instanceof ConfigError || e.name === 'ConfigError') return { exitCode: EXIT_USAGE, message: firstLine(e.message) };
  }
  for (const e of chain) {
    if (e instanceof DomainError) return domainFailure(e);
  }

  // Network: name the service by its address.
  for (const e of chain) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && NETWORK_CODES[code]) {
      const host = e.address ?? e.hostname;
      const port = typeof e.port === 'number' ? e.port : undefined;
      const service = serviceAt(env, host, port) ?? guessServiceFromMessage(chain);
      const where = host ? ` at ${host}${port ? `:${port}` : ''}` : '';
      if (service) {
        return {
          exitCode: EXIT_FAILED,
          message: `Cannot reach ${SERVICE_LABEL[service]}${where}: ${NETWORK_CODES[code]} (check ${SERVICE_VARIABLE[service]}).`,
        };
      }
      return { exitCode: EXIT_FAILED, message: `Cannot connect${where}: ${NETWORK_CODES[code]}.` };
    }
  }

  // PostgreSQL server errors carry a five-character SQLSTATE and a severity.
  for (const e of chain) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && e.severity) {
      const msg = firstLine(e.message);
      if (e.code === '42P01') return notMigrated();
      if (e.code === '3D000') return { exitCode: EXIT_FAILED, message: `Cannot use the database: ${msg} (check DATABASE_URL).` };
      if (e.code.startsWith('28')) return { exitCode: EXIT_FAILED, message: `The database refused the login: ${msg} (check DATABASE_URL).` };
      if (e.code === '57P03' || e.code.startsWith('08')) return { exitCode: EXIT_FAILED, message: `Cannot reach the database: ${msg} (check DATABASE_URL).` };
      return { exitCode: EXIT_FAILED, message: `Database error: ${msg}` };
    }
  }

  // SQLite (better-sqlite3's SqliteError).
  for (const e of chain) {
    if (e.name === 'SqliteError' || (typeof e.code === 'string' && e.code.startsWith('SQLITE_'))) {
      const msg = firstLine(e.message);
      if (/no such table/i.test(msg)) return notMigrated();
      if (e.code === 'SQLITE_BUSY') return { exitCode: EXIT_FAILED, message: `The SQLite database is busy (locked by another process): ${msg}` };
      if (e.code === 'SQLITE_CANTOPEN') return { exitCode: EXIT_FAILED, message: `Cannot open the SQLite database (check DATA_DIR): ${msg}` };
      return { exitCode: EXIT_FAILED, message: `Database error: ${msg}` };
    }
  }

  // Files (DATA_DIR, --out).
  for (const e of chain) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && FILE_CODES[code] && (e.path || e.syscall)) {
      return { exitCode: EXIT_FAILED, message: `Cannot ${e.syscall ?? 'access'} ${e.path ?? 'a file'}: ${FILE_CODES[code]}.` };
    }
  }

  const root = chain[0];
  return { exitCode: EXIT_FAILED, message: `Failed: ${firstLine(root?.message) || String(error)}` };
}

function guessServiceFromMessage(chain: ErrorLike[]): Service | null {
  const text = chain.map((e) => `${e.name ?? ''} ${e.message ?? ''}`).join(' ').toLowerCase();
  if (/smtp|mail/.test(text)) return 'mail';
  if (/postgres|database|sql/.test(text)) return 'database';
  if (/s3|bucket|minio|storage/.test(text)) return 'storage';
  return null;
}

function notMigrated(): Failure {
  return { exitCode: EXIT_FAILED, message: 'The database has no tables yet: run `evisa migrate` first.' };
}
