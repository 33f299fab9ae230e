/**
 * The applicants' writes during `BENCH_WRITER=n npm run bench:admin`, run in its own process (so its
 * work is not on the server's event loop nor in its RSS): every 1/n s it starts one application's
 * creation and payment through the HTTP API, as a browser would —
 *   POST /api/applications, POST /api/payments/initial/{id}, POST /api/test-payments/{intent}/confirm
 *   (the built-in test provider's card 4242…), POST /api/payments/initial/confirm/{id}
 * — on an open-loop schedule (a slow answer does not slow the next start), taking turns over the
 * signed-in applicants it is given. On SIGTERM it stops starting new ones, lets those under way
 * finish and prints one JSON line: how many were done, the rate achieved, errors, and the p50 / p95
 * of one whole create-and-pay.
 *
 * argv: origin, rate per second, then the applicants' session cookies (one per argument).
 */
import { benchApplicationForm } from './application-form.js';

const [origin, rateArg, ...cookies] = process.argv.slice(2);
const rate = Number(rateArg);
if (!origin || !(rate > 0) || cookies.length === 0) throw new Error('usage: writer.ts <origin> <rate per second> <cookie>…');

const SURNAMES = ['Writer', 'Lovelace', 'Hopper', 'Turing', 'Noether', 'Curie', 'Franklin', 'Babbage'];

async function post(path: string, cookie: string, body: object = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

let sequence = 0;
/** One application created and its initial fee paid, as the applicant's browser does it. */
async function createAndPay(cookie: string): Promise<void> {
  sequence += 1;
  const created = await post('/api/applications', cookie, benchApplicationForm({ surname: SURNAMES[sequence % SURNAMES.length], passportNumber: String(100_000_000 + sequence) }));
  const id = created.id as number;
  const intent = await post(`/api/payments/initial/${id}`, cookie);
  const paymentIntentId = intent.paymentIntentId as string;
  await post(`/api/test-payments/${encodeURIComponent(paymentIntentId)}/confirm`, cookie, { cardNumber: '4242 4242 4242 4242' });
  await post(`/api/payments/initial/confirm/${id}`, cookie, { paymentIntentId });
}

const times: number[] = [];
const errors: string[] = [];
const underWay = new Set<Promise<void>>();
const started = performance.now();
let starts = 0;
let stopping = false;

function start(): void {
  const cookie = cookies[starts % cookies.length]!;
  starts += 1;
  const t0 = performance.now();
  const run = createAndPay(cookie).then(
    () => void times.push(performance.now() - t0),
    (e: unknown) => void errors.push(e instanceof Error ? e.message : String(e)),
  );
  underWay.add(run);
  void run.finally(() => underWay.delete(run));
}

// Open loop: start k is due at k/rate s after the first, whatever the answers' times.
function tick(): void {
  if (stopping) return;
  const due = Math.floor(((performance.now() - started) / 1000) * rate) + 1;
  while (starts < due) start();
  setTimeout(tick, Math.max(1, 1000 / rate / 2));
}
tick();

process.on('SIGTERM', () => {
  stopping = true;
  const seconds = (performance.now() - started) / 1000;
  void Promise.allSettled([...underWay]).then(() => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
    console.log(
      JSON.stringify({
        started: starts,
        done: times.length,
        seconds,
        rate: times.length / seconds,
        errors: errors.length,
        firstError: errors[0] ?? null,
        p50: at(50),
        p95: at(95),
        max: sorted.at(-1) ?? NaN,
      }),
    );
    process.exit(0);
  });
});
