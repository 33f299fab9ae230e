import { errorCodes } from '../../shared/error-chain.js';

/** Constraint violations, read the same way for SQLite (better-sqlite3) and PostgreSQL (pg). */

export function isUniqueViolation(error: unknown): boolean {
  return errorCodes(error).some((c) => c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY');
}

export function isForeignKeyViolation(error: unknown): boolean {
  return errorCodes(error).some((c) => c === '23503' || c === 'SQLITE_CONSTRAINT_FOREIGNKEY');
}

/** The operator's words for a database without the product's tables: the one command that fixes it. */
export function notMigrated(database: string, driverWords: string): string {
  return `${database[0]!.toUpperCase()}${database.slice(1)} is not migrated (${driverWords}): run \`evisa migrate\` first`;
}
