/**
 * Record ids are 32-bit integers on both databases (PostgreSQL `integer`; SQLite's wider integers
 * are held to the same range so both answer alike): anything larger names no record.
 */
export const MAX_STORED_ID = 2_147_483_647;

export function isStoredId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_STORED_ID;
}
