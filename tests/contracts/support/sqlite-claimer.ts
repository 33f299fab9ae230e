// Worker for persistence.sqlite-processes.test.ts: opens the shared SQLite file in its own thread
// (its own connection, as a second process would) and claims outbox mails until none are due.
import { parentPort, workerData } from 'node:worker_threads';
import { createSqlitePersistence } from '../../../adapters/persistence/sqlite/index.js';

const { file, now, leaseUntil } = workerData as { file: string; now: string; leaseUntil: string };
const p = createSqlitePersistence(file);
const claimed: number[] = [];
for (;;) {
  const batch = await p.outbox.claimDue(new Date(now), new Date(leaseUntil), 3);
  if (batch.length === 0) break;
  claimed.push(...batch.map((m) => m.id));
}
await p.close();
parentPort?.postMessage(claimed);
