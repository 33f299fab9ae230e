import { InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { isAdminTabId, ADMIN_TAB_IDS, type AdminTabId } from '../../core/domain/admin-tabs.js';
import { APPLICATION_STATUSES, parseStatus, type ApplicationStatus } from '../../core/domain/status.js';
import { toCalendarDate } from '../../core/schemas/dates.js';
import { UsageError } from './errors.js';

/**
 * Flag parsers for commander: a bad value throws InvalidArgumentError, which commander reports as
 * one line naming the flag (exit 2).
 */
export function wholeNumber(options: { min?: number; max?: number } = {}) {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = options;
  return (value: string): number => {
    if (!/^\s*\d+\s*$/.test(value)) throw new InvalidArgumentError(`It must be a whole number (got '${value}').`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`It must be between ${min} and ${max.toLocaleString('en-GB')} (got ${value}).`);
    return n;
  };
}

/** 'YYYY-MM-DD' (midnight UTC) or a full ISO 8601 timestamp. */
export function isoDate(value: string): Date {
  const trimmed = value.trim();
  const day = toCalendarDate(trimmed);
  if (day && day === trimmed) return new Date(`${day}T00:00:00.000Z`);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) && day) {
    const d = new Date(trimmed);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new InvalidArgumentError(`It must be a date such as 2026-01-31 or 2026-01-31T09:00:00Z (got '${value}').`);
}

export function adminTab(value: string): AdminTabId {
  const v = value.trim().toLowerCase();
  if (!isAdminTabId(v)) throw new InvalidArgumentError(`Choose one of ${ADMIN_TAB_IDS.join(', ')} (got '${value}').`);
  return v;
}

export function applicationStatus(value: string): ApplicationStatus {
  const status = parseStatus(value);
  if (!status) throw new InvalidArgumentError(`Choose one of ${APPLICATION_STATUSES.join(', ')} (got '${value}').`);
  return status;
}

/** Validates a flag with a shared core schema; the first failure names the flag. */
export function checkFlag<S extends z.ZodType>(flag: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new UsageError(`${flag}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
}

/** Validates several flags at once with an object schema whose keys map to flag names. */
export function checkFlags<S extends z.ZodType>(schema: S, value: Record<string, unknown>, flagNames: Record<string, string>): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue?.path[0] !== undefined ? String(issue.path[0]) : '';
  const flag = flagNames[key] ?? (key ? `--${key}` : 'input');
  throw new UsageError(`${flag}: ${issue?.message ?? 'invalid value'}`);
}
