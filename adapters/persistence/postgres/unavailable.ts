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

/**
 * Network failures, and the server refusing us: shutting down (57P01 admin, 57P02 crash), starting
 * up or not accepting connections (57P03), the connection lost (class 08), no such database, bad login.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '3D000',
  '28P01',
  '28000',
]);
/** A statement on a table that is not there: the database was never migrated. */
const UNDEFINED_TABLE = '42P01';
/**
 * pg's own words for a lost or never-made connection: "Connection terminated (unexpectedly)", a
 * connect timeout, and a pooled client used after its connection died in a restart ("Client has
 * encountered a connection error and is not queryable", "Client was closed and is not queryable").
 */
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|is not queryable/i;

/** An unreachable PostgreSQL server as the domain's Unavailable('database'); `target` is 'host:port'. */
export function postgresUnavailable(target: string): (error: unknown) => DomainError | null {
  return (error) => {
    const unreachable = errorCodes(error).some((c) => UNREACHABLE_CODES.has(c)) || errorChain(error).some((e) => typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message));
    if (unreachable) return errors.unavailable('database', `Cannot reach the database at ${target}: ${driverMessage(error)}`);
    if (errorCodes(error).includes(UNDEFINED_TABLE)) return errors.unavailable('database', notMigrated(`the database at ${target}`, driverMessage(error)));
    return null;
  };
}
