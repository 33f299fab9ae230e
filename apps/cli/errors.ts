import { isDomainError, type DomainErrorData, type DomainErrorType, type UnavailableService } from '../../core/domain/errors.js';
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

/**
 * The ONE table from domain errors to exit codes, as apps/http/error-map.ts is for HTTP: input the
 * operator gave that breaks a rule is bad usage (2); anything else is a command that could not do
 * its job (1). Driver and SDK failures never get here as such: the adapters translate them into
 * Unavailable at their boundary (adapters/shared/guard.ts).
 */
const EXIT_CODE_OF: Record<DomainErrorType, Failure['exitCode']> = {
  Validation: EXIT_USAGE,
  InvalidCredentials: EXIT_FAILED,
  Unauthenticated: EXIT_FAILED,
  Forbidden: EXIT_FAILED,
  NotFound: EXIT_FAILED,
  Conflict: EXIT_FAILED,
  InvalidTransition: EXIT_FAILED,
  PaymentNotDue: EXIT_FAILED,
  PaymentNotSucceeded: EXIT_FAILED,
  RateLimited: EXIT_FAILED,
  Unreadable: EXIT_FAILED,
  FileTooLarge: EXIT_FAILED,
  UnsupportedMediaType: EXIT_FAILED,
  MalformedUpload: EXIT_FAILED,
  InvalidSignature: EXIT_FAILED,
  Refused: EXIT_FAILED,
  Unavailable: EXIT_FAILED,
  Undecryptable: EXIT_FAILED,
};

/** The setting an operator checks when a service is unavailable: its URL, or DATA_DIR where the embedded default keeps its files. */
function settingOf(service: UnavailableService, env: NodeJS.ProcessEnv): string {
  const configured = (variable: string) => (env[variable]?.trim() ? variable : 'DATA_DIR');
  const settings: Record<UnavailableService, string> = {
    database: configured('DATABASE_URL'),
    storage: configured('STORAGE_URL'),
    mail: configured('MAIL_URL'),
    payments: 'STRIPE_SECRET_KEY',
    'passport-scanner': 'PASSPORT_SCAN_WORKERS',
    sms: configured('SMS_URL'),
  };
  return settings[service];
}

function firstLine(text: string | undefined): string {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? ''
  );
}

/** The operator's line for a domain error: its message, with the fields or the setting to check. */
function messageOf(error: DomainErrorData, env: NodeJS.ProcessEnv): string {
  switch (error.type) {
    case 'Validation': {
      const fields = Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages[0]}`);
      const detail = fields.length && !fields.some((f) => f.endsWith(`: ${error.message}`)) ? ` (${fields.join('; ')})` : '';
      return `${error.message}${detail}`;
    }
    case 'Unavailable': {
      // A busy service (a locked SQLite file, a full scanner queue) needs a retry, a full disk room: not a setting.
      const text = firstLine(error.message).replace(/\.$/, '');
      const setting = settingOf(error.service, env);
      return error.busy || error.full || text.includes(setting) ? `${text}.` : `${text} (check ${setting}).`;
    }
    default:
      return error.message;
  }
}

/**
 * Turns anything a command threw into one line for the operator and an exit code. Never a stack
 * trace (set EVISA_DEBUG=1 to see one).
 */
export function describeFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): Failure {
  if (error instanceof UsageError || error instanceof ConfigError) return { exitCode: EXIT_USAGE, message: firstLine(error.message) };
  if (error instanceof CommandFailed) return { exitCode: EXIT_FAILED, message: error.message };
  if (isDomainError(error)) return { exitCode: EXIT_CODE_OF[error.data.type], message: messageOf(error.data, env) };
  // A failure nothing translated (a bug, a statement on a database that is not migrated): the words
  // of the error at the bottom of its causes, not a wrapper's (drizzle's "Failed query: <SQL>").
  return { exitCode: EXIT_FAILED, message: `Failed: ${firstLine(innermost(error))}` };
}

function innermost(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth += 1) current = current.cause;
  return current instanceof Error ? current.message : String(error);
}
