import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithApplication, makeSqliteApp, TestBrowser, type TestAgency } from '../support/http.js';

/**
 * The one timing test: POST /api/track/request must not tell a known application number
 * from an unknown one — not by status, not by body, not by time. On the SQLite default (the known
 * path writes the code and queues its mail; the unknown path draws and hashes a code too), known
 * and unknown requests are interleaved after a warm-up, and their medians over 50 tries each must
 * lie within 50 ms of each other. The margin is generous on purpose: the paths differ by well
 * under a millisecond here, so only a real leak (waiting on SMTP, an extra round trip per match)
 * would cross it, while a slow shared machine cannot.
 */
let t: TestAgency;
let known: { applicationNumber: string; email: string };
beforeAll(async () => {
  const lots = { limit: 10_000, windowMs: 60 * 60 * 1000 };
  t = await makeSqliteApp({ app: { trackLimits: { address: lots, target: lots, verify: lots } } });
  const applicant = await applicantWithApplication(t);
  known = { applicationNumber: applicant.application.applicationNumber, email: applicant.email };
});
afterAll(async () => {
  await t.close();
});

const TRIES = 50;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

describe('POST /api/track/request does not reveal whether an application number exists', () => {
  it('answers known and unknown numbers with the same status and byte-identical body, in about the same time', async () => {
    const browser = new TestBrowser(t.app, { ip: '192.0.2.77' });
    const unknown = { applicationNumber: 'EV-2611-ZZZZZZ', email: known.email };
    const wrongEmail = { applicationNumber: known.applicationNumber, email: 'someone-else@example.com' };
    const send = async (json: object) => {
      const started = performance.now();
      const res = await browser.post('/api/track/request', json);
      const body = await res.text();
      return { status: res.status, body, ms: performance.now() - started };
    };
    // Warm-up: first calls compile statements and load modules.
    for (let i = 0; i < 5; i += 1) {
      await send(known);
      await send(unknown);
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < TRIES; i += 1) {
      // Alternate which goes first, so drift in the machine's load falls on both alike.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const which of order) {
        const answer = await send(which === 'known' ? known : unknown);
        answers.add(`${answer.status} ${answer.body}`);
        times[which].push(answer.ms);
      }
    }
    const other = await send(wrongEmail);
    answers.add(`${other.status} ${other.body}`);

    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^200 \{"message":"If this application number belongs/);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);
    // The known number really was mailed each time (the test measured the path that does the work).
    const mails = (await t.ports.outbox.list({ to: known.email })).filter((m) => m.template === 'tracking_code');
    expect(mails).toHaveLength(TRIES + 5);
  });
});
