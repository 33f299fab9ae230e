import type { Ports } from '../ports/index.js';
import { DELETED_AT_RETENTION } from '../domain/document.js';
import { DAY_MS } from './shared.js';

/**
 * Operator task (CLI): deletes the traveller's papers (passport copies and reply documents, files and
 * rows) of applications finished (completed or rejected) more than `olderThanDays` days ago. A dry run
 * only counts them.
 */
export function makePurgeDocuments(ports: Pick<Ports, 'documents' | 'files' | 'clock'>) {
  return async function purgeDocuments(options: { olderThanDays: number; dryRun: boolean }): Promise<{ documents: number; files: number }> {
    const days = Math.max(0, options.olderThanDays);
    const finishedBefore = new Date(ports.clock.now().getTime() - days * DAY_MS);
    const due = await ports.documents.listOfApplicationsFinishedBefore(DELETED_AT_RETENTION, finishedBefore);
    let files = 0;
    for (const document of due) {
      const exists = await ports.files.exists(document.storageKey);
      if (exists) files += 1;
      if (options.dryRun) continue;
      if (exists) await ports.files.delete(document.storageKey);
      await ports.documents.delete(document.id);
    }
    return { documents: due.length, files };
  };
}
