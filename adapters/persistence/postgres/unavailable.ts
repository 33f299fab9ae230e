import { errors, type DomainError } from '../../../core/domain/errors.js';
import { driverMessage, errorChain, errorCodes } from '../../shared/error-chain.js';
import { notMigrated } from '../shared/driver-errors.js';

/** 'host:port' of a postgres:// URL, for messages (never the password). */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

/** Network failures, and the server refusing us: shutting down, starting up, no such database, bad login. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN', '57P01', '57P03', '3D000', '28P01', '28000']);
/** A statement on a table that is not there: the database was never migrated. */
const UNDEFINED_TABLE = '42P01';
/** pg's own words for a lost or never-made connection. */
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect/i;

/** An unreachable PostgreSQL server as the domain's Unavailable('database'); `target` is 'host:port'. */
export function postgresUnavailable(target: string): (error: unknown) => DomainError | null {
  return (error) => {
    const unreachable =
      errorCodes(error).some((c) => UNREACHABLE_CODES.has(c)) ||
      errorChain(error).some((e) => typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message));
    if (unreachable) return errors.unavailable('database', `Cannot reach the database at ${target}: ${driverMessage(error)}`);
    if (errorCodes(error).includes(UNDEFINED_TABLE)) return errors.unavailable('database', notMigrated(`the database at ${target}`, driverMessage(error)));
    return null;
  };
}
