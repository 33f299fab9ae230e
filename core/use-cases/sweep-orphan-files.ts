import type { Ports } from '../ports/index.js';
import { HOUR_MS } from './shared.js';

/** Files younger than this are left alone: an upload stores its file a moment before its row. */
export const ORPHAN_GRACE_HOURS = 24;
/** Storage keys asked about per query. */
const BATCH = 500;

export interface OrphanSweep {
  /** Stored files looked at. */
  checked: number;
  /** Files older than the grace period that no document row points at. */
  orphans: number;
  /** Of those, deleted (0 in a dry run). */
  deleted: number;
}

/**
 * Operator task (CLI, and part of the retention run): deletes stored files that no document row
 * (nor portal ledger receipt) points at and that are older than `graceHours` — what a crash between storing a file and writing
 * its row leaves behind. Retention and erasure work from rows, so without this nothing would ever
 * remove them. A dry run only counts them.
 */
export function makeSweepOrphanFiles(ports: Pick<Ports, 'files' | 'documents' | 'portal' | 'clock'>) {
  return async function sweepOrphanFiles(options: { graceHours?: number; dryRun: boolean }): Promise<OrphanSweep> {
    const graceHours = Math.max(1, options.graceHours ?? ORPHAN_GRACE_HOURS);
    const cutoff = ports.clock.now().getTime() - graceHours * HOUR_MS;
    const result: OrphanSweep = { checked: 0, orphans: 0, deleted: 0 };
    let batch: string[] = [];

    const settle = async () => {
      // A document row or a portal receipt (docs/product.md §2.16) keeps a file.
      const inUse = await ports.documents.storageKeysInUse(batch);
      for (const key of await ports.portal.receiptKeysInUse(batch)) inUse.add(key);
      for (const key of batch) {
        if (inUse.has(key)) continue;
        result.orphans += 1;
        if (options.dryRun) continue;
        await ports.files.delete(key);
        result.deleted += 1;
      }
      batch = [];
    };

    for await (const file of ports.files.list()) {
      result.checked += 1;
      if (file.modifiedAt.getTime() >= cutoff) continue;
      batch.push(file.key);
      if (batch.length >= BATCH) await settle();
    }
    if (batch.length > 0) await settle();
    return result;
  };
}
