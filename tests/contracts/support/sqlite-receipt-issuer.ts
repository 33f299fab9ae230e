// Worker for persistence.sqlite-processes.test.ts: on its own connection to the shared SQLite file
// (as the server and a CLI run are), records the given applications' initial fees, each with its
// receipt, and answers what each commit did.
import { parentPort, workerData } from 'node:worker_threads';
import { createSqlitePersistence } from '../../../adapters/persistence/sqlite/index.js';
import { paymentReceipt } from '../../../core/domain/receipt.js';

const { file, applicationIds } = workerData as { file: string; applicationIds: number[] };
const p = createSqlitePersistence(file);
const outcomes: string[] = [];
const now = new Date('2026-03-02T09:05:00.000Z');
for (const id of applicationIds) {
  const a = (await p.applications.findById(id))!;
  const pi = `pi_worker_${id}`;
  const result = await p.applications.commit({
    application: { ...a, initialPaymentId: pi, updatedAt: now },
    expectedVersion: a.version,
    payment: { userId: a.userId, type: 'initial', providerPaymentId: pi, amount: 1000, currency: 'gbp', status: 'succeeded', createdAt: now },
    receipt: paymentReceipt({
      providerPaymentId: pi,
      paymentType: 'initial',
      payer: { userId: a.userId, fullName: 'Worker Payer', email: 'worker@example.com' },
      travellers: [a],
      amountEach: 1000,
      currency: 'gbp',
      card: null,
      applicationId: a.id,
      groupId: null,
      issuedAt: now,
    }),
  });
  outcomes.push(result.outcome);
}
await p.close();
parentPort?.postMessage(outcomes);
