import { errors, type DomainError } from '../../../core/domain/errors.js';
import { driverMessage, errorCodes } from '../../shared/error-chain.js';
import { notMigrated } from '../shared/driver-errors.js';

/** Another connection (or process) holds the write lock past busy_timeout. */
const BUSY = /^SQLITE_BUSY/;
/** The file cannot be used: disk, permissions, space, memory, damage. */
const BROKEN = /^SQLITE_(IOERR|CANTOPEN|FULL|READONLY|PERM|NOMEM|CORRUPT|NOTADB|PROTOCOL)/;

/**
 * SQLite's infrastructure failures as the domain's Unavailable('database'), and a file that was never
 * migrated. Constraint violations and other SQL errors stay what they are: they are no outage.
 */
export function sqliteUnavailable(file: string): (error: unknown) => DomainError | null {
  return (error) => {
    const codes = errorCodes(error);
    if (codes.some((c) => BUSY.test(c))) {
      return errors.unavailable('database', `The SQLite database at ${file} is busy (another process is writing to it): ${driverMessage(error)}`, { busy: true });
    }
    if (codes.some((c) => BROKEN.test(c))) {
      return errors.unavailable('database', `Cannot use the SQLite database at ${file}: ${driverMessage(error)}`);
    }
    if (driverMessage(error).startsWith('no such table:')) return errors.unavailable('database', notMigrated(`the SQLite database at ${file}`, driverMessage(error)));
    return null;
  };
}
