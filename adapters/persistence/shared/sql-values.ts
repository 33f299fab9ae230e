import { APPLICATION_STATUSES } from '../../../core/domain/status.js';

export const STATUS_VALUES: readonly string[] = APPLICATION_STATUSES;

/** 'a', 'b' — for CHECK constraints built from the domain's constant lists (never user input). */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}
