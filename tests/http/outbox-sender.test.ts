import { describe, expect, it } from 'vitest';
import { OutboxSender } from '../../apps/http/outbox-sender.js';

/** A stand-in for useCases.deliverPendingMail whose runs finish when the test says so. */
function controllableDelivery(batch: { sent: number; failed: number } = { sent: 1, failed: 0 }) {
  const runs: { resolve: () => void }[] = [];
  let active = 0;
  let maxActive = 0;
  return {
    runs,
    get maxActive() {
      return maxActive;
    },
    deliverPendingMail: () =>
      new Promise<{ sent: number; failed: number }>((resolve) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        runs.push({
          resolve: () => {
            active -= 1;
            resolve(batch);
          },
        });
      }),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the outbox sender', () => {
  it('runs once per kick, never two runs at once, and one more run for kicks during a run', async () => {
    const delivery = controllableDelivery();
    const sender = new OutboxSender(delivery, { intervalMs: 60_000 });
    sender.kick();
    sender.kick();
    sender.kick();
    await tick();
    expect(delivery.runs).toHaveLength(1);
    delivery.runs[0].resolve();
    await tick();
    await tick();
    // The kicks that arrived during the first run are served by exactly one more run.
    expect(delivery.runs).toHaveLength(2);
    delivery.runs[1].resolve();
    await tick();
    await tick();
    expect(delivery.runs).toHaveLength(2);
    expect(delivery.maxActive).toBe(1);
    await sender.stop();
  });

  it('keeps draining while full batches come back', async () => {
    let calls = 0;
    const sender = new OutboxSender({
      deliverPendingMail: async () => {
        calls += 1;
        return calls < 3 ? { sent: 25, failed: 0 } : { sent: 4, failed: 0 };
      },
    });
    sender.kick();
    await tick();
    await sender.stop();
    expect(calls).toBe(3);
  });

  it('survives a failing run and logs it', async () => {
    const logs: string[] = [];
    let calls = 0;
    const sender = new OutboxSender(
      {
        deliverPendingMail: async () => {
          calls += 1;
          if (calls === 1) throw new Error('database is locked');
          return { sent: 0, failed: 0 };
        },
      },
      { log: (m) => logs.push(m) },
    );
    sender.kick();
    await tick();
    await tick();
    sender.kick();
    await sender.stop();
    expect(calls).toBe(2);
    expect(logs).toEqual(['[mail] outbox run failed: database is locked']);
  });

  it('stop() waits for the run in progress and ignores later kicks', async () => {
    const delivery = controllableDelivery();
    const sender = new OutboxSender(delivery);
    sender.start();
    await tick();
    expect(delivery.runs).toHaveLength(1);
    let stopped = false;
    const stopping = sender.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    delivery.runs[0].resolve();
    await stopping;
    sender.kick();
    await tick();
    expect(delivery.runs).toHaveLength(1);
  });
});
