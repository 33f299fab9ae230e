// Worker for persistence.sqlite-processes.test.ts: opens the shared SQLite file in its own thread
// (its own connection, as a second process would) and takes deliver-mail jobs until none is due.
import { parentPort, workerData } from 'node:worker_threads';
import { createSqlitePersistence } from '../../../adapters/persistence/sqlite/index.js';

const { file } = workerData as { file: string };
const p = createSqlitePersistence(file);
const taken: number[] = [];
for (;;) {
  const batch = await p.jobs.fetch('deliver-mail', 3);
  if (batch.length === 0) break;
  taken.push(...batch.map((job) => (job.input as { mailId: number }).mailId));
}
await p.close();
parentPort?.postMessage(taken);
