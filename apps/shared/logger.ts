import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger } from 'pino';

/**
 * The ONE logger of the server, its job runner and the CLI's agency (docs/decisions/0029): JSON
 * lines (pino), one object per line, `level` as a word, `time` as ISO 8601, `msg` last. Request
 * lines carry `reqId` (apps/http/request-context.ts).
 *
 * Logs never carry an email, a name, a passport number, a phone number, a card number or a token.
 * The code logs ids, routes, statuses and counts — never an applicant's fields — and two defences
 * stand behind that rule: pino's redaction replaces the values of known keys (at the top, and in
 * the usual containers: user, body, headers, mail…), and every message text and error is scrubbed of what looks like an email address,
 * a card number, a phone number or a bearer token (an SMTP server's refusal quotes the recipient).
 */

/** Keys whose values never reach a log line, whatever object they are logged in. */
export const REDACTED_KEYS = [
  'email',
  'to',
  'from',
  'name',
  'fullName',
  'givenName',
  'surname',
  'passportNumber',
  'phone',
  'phoneNumber',
  'cardNumber',
  'card',
  'password',
  'token',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
] as const;

/**
 * Objects a log line might carry personal data in: their keys above are redacted inside them too.
 * Named, not wildcards (`*.email`): pino's wildcard redaction walks every key of every object
 * logged and cost 15 µs a line (3 µs without), a request's access line included.
 */
const CONTAINERS = [
  'user',
  'applicant',
  'traveller',
  'staff',
  'actor',
  'application',
  'body',
  'input',
  'query',
  'headers',
  'req',
  'request',
  'mail',
  'text',
  'data',
  'payer',
  'payment',
  'refund',
  'scan',
];

const pathOf = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`);
const REDACT_PATHS = [
  ...REDACTED_KEYS.map(pathOf),
  ...CONTAINERS.flatMap((container) => REDACTED_KEYS.map((key) => (pathOf(key).startsWith('[') ? `${container}${pathOf(key)}` : `${container}.${key}`))),
];

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/g;
/** 13 to 19 digits, maybe grouped by single spaces or dashes: replaced when they pass the Luhn check. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
/** An international number (+44 7700 900123) or a British national one (07700 900123). */
const PHONE = /(?:\+\d[\d ()-]{6,}\d)|(?:\b0\d{3,4}[ -]?\d{3}[ -]?\d{3,4}\b)/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The text with what looks like an email address, a card number, a phone number or a bearer token replaced. */
export function scrub(text: string): string {
  // Fast path: nothing that could be one of them (most lines are ids, routes and counts).
  if (!/[@\d]|bearer|basic/i.test(text)) return text;
  return text
    .replace(BEARER, '$1 [redacted]')
    .replace(EMAIL, '[email]')
    .replace(CARD_LIKE, (match) => (luhn(match.replace(/[ -]/g, '')) ? '[card]' : match))
    .replace(PHONE, '[phone]');
}

/** An error as a log object: its type, scrubbed message and stack, and code — no other property (they may hold input). */
function errorSerializer(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrub(error) : error;
  const serialized = stdSerializers.err(error);
  const code = (error as { code?: unknown }).code;
  return {
    type: serialized.type,
    message: scrub(serialized.message),
    ...(serialized.stack ? { stack: scrub(serialized.stack) } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  };
}

export interface LoggerOptions {
  /** Default info. */
  level?: LogLevel;
  /**
   * Where lines go (default: standard output, written synchronously so none is lost on a crash; the
   * server gives its {@link bufferedDestination}).
   */
  destination?: DestinationStream;
}

/** The most a buffered log holds before it writes (pino's own figure for asynchronous logging). */
const BUFFER_BYTES = 4096;
/** A quiet server's buffered lines reach the log within this long. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * The server's log stream (decision 0029): lines are gathered and written 4 KB at a time, in the
 * background, instead of one blocking write per line — a blocking write per access line cost the
 * signed-in read ~15 µs of its ~270. What is gathered is written within a second, at once for a
 * warning or an error (createLogger's hook), and on exit, an uncaught exception or a signal (pino
 * registers those); only a power cut or `kill -9` can lose the last second's info lines.
 */
export function bufferedDestination(dest: number | string = 1): DestinationStream {
  const stream = pino.destination({ dest, minLength: BUFFER_BYTES, sync: false });
  const timer = setInterval(() => {
    if (!(stream as { destroyed?: boolean }).destroyed) stream.flush();
  }, LOG_FLUSH_INTERVAL_MS);
  timer.unref();
  stream.on('close', () => clearInterval(timer));
  return stream;
}

/** pino's number for `warn`: lines at this level or above are written at once. */
const WARN = 40;

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: errorSerializer, error: errorSerializer },
      hooks: {
        logMethod(args, method, level) {
          // Every text argument (the message and its interpolation values) is scrubbed.
          for (let i = 0; i < args.length; i += 1) if (typeof args[i] === 'string') args[i] = scrub(args[i] as string);
          method.apply(this, args);
          // A buffered destination writes a warning or an error at once (a no-op on a synchronous one).
          if (level >= WARN) this.flush();
        },
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A logger that writes nothing (tests and benchmarks that do not read the log). */
export function silentLogger(): Logger {
  return createLogger({ level: 'silent' });
}

/** Severity of a job runner line (adapters/jobs/runner.ts). */
export type JobLogLevel = 'info' | 'warn' | 'error';

/** The job runner's line function, writing to `logger` (component "jobs"). */
export function jobLog(logger: Logger): (line: string, level?: JobLogLevel) => void {
  const jobs = logger.child({ component: 'jobs' });
  return (line, level = 'info') => jobs[level](line.replace(/^\[jobs\] /, ''));
}
