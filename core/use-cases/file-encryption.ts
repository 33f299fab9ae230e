import { isDomainError } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';

/** Failures listed by name in a run's result (the count covers them all). */
const FAILURES_LISTED = 5;

export interface FileFailure {
  key: string;
  reason: string;
}

/** What `evisa encrypt-files` (the encrypt-files job) did. */
export interface EncryptFilesRun {
  /** Stored files looked at. */
  checked: number;
  /** Stored plain before, encrypted now. */
  encrypted: number;
  /** Found encrypted already (by new uploads, or an earlier run). */
  encryptedAlready: number;
  /** Files of no bytes, left as they are: nothing to hide (and an upload under way has none yet). */
  empty: number;
  /** Gone between the listing and their turn (deleted meanwhile). */
  gone: number;
  failed: number;
  /** The first few failures. */
  failures: FileFailure[];
  /** The key id they are encrypted under. */
  keyId: string;
}

/** What `evisa rotate-file-key` (the rotate-file-key job) did. */
export interface RotateFileKeyRun {
  checked: number;
  /** Data keys wrapped under the current key now (their bodies unchanged). */
  rewrapped: number;
  /** Found under the current key already. */
  current: number;
  /** Stored before encryption: `evisa encrypt-files` encrypts them (under the current key). */
  plain: number;
  gone: number;
  failed: number;
  failures: FileFailure[];
  /** The current key id. */
  keyId: string;
}

/**
 * Walks every stored file, doing `each` to it; a file that fails is counted (its reason kept for
 * the first few) and the walk goes on, except when the store itself is unavailable: then the
 * walk stops there (its job is retried, and the files done stay done).
 */
export async function everyStoredFile<O extends string>(
  ports: Pick<Ports, 'files'>,
  each: (key: string) => Promise<O>,
): Promise<{ checked: number; outcomes: Map<O, number>; failed: number; failures: FileFailure[] }> {
  const outcomes = new Map<O, number>();
  const failures: FileFailure[] = [];
  let checked = 0;
  let failed = 0;
  for await (const file of ports.files.list()) {
    checked += 1;
    try {
      const outcome = await each(file.key);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    } catch (error) {
      if (isDomainError(error, 'Unavailable')) throw error;
      failed += 1;
      if (failures.length < FAILURES_LISTED) failures.push({ key: file.key, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { checked, outcomes, failed, failures };
}
