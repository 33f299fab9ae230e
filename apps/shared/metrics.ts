import { statSync } from 'node:fs';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { addCalendarDays, londonDateOf, londonMidnight } from '../../core/domain/working-days.js';
import type { Agency } from './agency.js';

/**
 * What an operator watches (docs/decisions/0029, docs/deployment.md "Watching it"), in Prometheus's
 * text format, one registry per agency (each test's agency counts alone). The counters are counted
 * at the edges — the HTTP app (request durations) and the use cases' outcomes as the composition
 * root hands them out (instrumented-use-cases.ts) — never in core/. The gauges are read when
 * scraped: job queues and the database's connections on every scrape, the guarantee deadlines at
 * most once a minute. Process metrics (CPU, memory, event loop, GC) come from prom-client's
 * defaults, collected once per process.
 *
 * Several nodes each report their own counters; the gauges read from the database (queues,
 * deadlines) are the same on every node: alert on their max(), not their sum().
 */
export class AgencyMetrics {
  readonly registry = new Registry();

  /** Every answer of the HTTP app, by Hono's matched route pattern (never the raw URL), method and status. */
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until its headers), by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** sent; bounced (the recipient refused for good); refused (the message refused for good); failed (an attempt failed: retried). */
  readonly mails = new Counter({
    name: 'evisa_mails_total',
    help: 'Mail delivery attempts by outcome: sent, bounced, refused (for good), failed (retried later).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** sent; refused (for good); given_up (out of attempts); failed (an attempt failed: retried). */
  readonly texts = new Counter({
    name: 'evisa_texts_total',
    help: 'Text message delivery attempts by outcome: sent, refused (for good), given_up, failed (retried later).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** recorded (a new payment); already_recorded; refused (the payment is not one to record: declined, wrong amount…); error. */
  readonly payments = new Counter({
    name: 'evisa_payments_total',
    help: 'Fee payments confirmed with the provider, by fee type and outcome: recorded, already_recorded, refused, error.',
    labelNames: ['type', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Each refund settled: succeeded, failed, or pending (under way at the provider). */
  readonly refunds = new Counter({
    name: 'evisa_refunds_total',
    help: 'Refunds settled, by outcome: succeeded, failed, pending (under way at the payment provider).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** scan: a traveller's photo (POST /api/passport-scan); check: a stored passport copy (the check-passport job). */
  readonly passportScans = new Histogram({
    name: 'evisa_passport_scan_duration_seconds',
    help: 'Passport scans by kind (scan: a photo read for the form; check: a stored copy) and outcome (read, unreadable, refused, failed).',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.25, 0.5, 1, 2, 4, 6, 10, 20, 35],
    registers: [this.registry],
  });

  readonly #queueWaiting = new Gauge({
    name: 'evisa_job_queue_waiting',
    help: 'Jobs waiting to run (queued, or waiting for a retry), per queue.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly #queueRunning = new Gauge({ name: 'evisa_job_queue_running', help: 'Jobs running now, per queue (every node).', labelNames: ['queue'] as const, registers: [this.registry] });
  readonly #queueFailed = new Gauge({ name: 'evisa_job_queue_failed', help: 'Jobs failed for good (evisa jobs retry), per queue.', labelNames: ['queue'] as const, registers: [this.registry] });
  readonly #queueOldest = new Gauge({
    name: 'evisa_job_queue_oldest_waiting_seconds',
    help: 'How long the job waiting longest for a worker has been due, per queue (0: none is due).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly #poolConnections = new Gauge({
    name: 'evisa_db_pool_connections',
    help: "This process's database connections by state: in_use, idle, waiting (requests waiting for one).",
    labelNames: ['state'] as const,
    registers: [this.registry],
  });
  readonly #poolMax = new Gauge({ name: 'evisa_db_pool_max', help: "The most database connections this process opens (PostgreSQL's DATABASE_POOL_SIZE; SQLite: 1).", registers: [this.registry] });
  readonly #sqliteBytes = new Gauge({
    name: 'evisa_sqlite_file_bytes',
    help: "The embedded SQLite database's size on disk, by file (database, wal).",
    labelNames: ['file'] as const,
    registers: [this.registry],
  });
  readonly #dueToday = new Gauge({
    name: 'evisa_guarantee_deadlines_due_today',
    help: 'Applications whose 5-working-day guarantee deadline falls today (London) and that are not answered yet (read at most once a minute).',
    registers: [this.registry],
  });
  readonly #missed = new Gauge({
    name: 'evisa_guarantee_deadlines_missed',
    help: 'Applications whose guarantee deadline has passed and that are not answered yet (read at most once a minute).',
    registers: [this.registry],
  });

  /** The guarantee counts and when they were read (performance.now()), or the read under way. */
  #deadlines: { at: number; read: Promise<{ dueToday: number; missed: number }> } | null = null;

  /** The whole exposition: this agency's families, then the process's. */
  async render(agency: Pick<Agency, 'persistence' | 'ports' | 'config'>): Promise<string> {
    await this.#collect(agency);
    return (await this.registry.metrics()) + (await processRegistry().metrics());
  }

  readonly contentType = this.registry.contentType;

  async #collect(agency: Pick<Agency, 'persistence' | 'ports' | 'config'>): Promise<void> {
    const { persistence, ports, config } = agency;
    const [queues, deadlines] = await Promise.all([persistence.jobs.stats(), this.#guaranteeDeadlines(ports)]);
    const now = Date.now();
    for (const queue of queues) {
      this.#queueWaiting.set({ queue: queue.name }, queue.queued);
      this.#queueRunning.set({ queue: queue.name }, queue.active);
      this.#queueFailed.set({ queue: queue.name }, queue.failed);
      this.#queueOldest.set({ queue: queue.name }, queue.oldestDueAt ? Math.max(0, (now - queue.oldestDueAt.getTime()) / 1000) : 0);
    }
    const pool = persistence.connections();
    this.#poolConnections.set({ state: 'in_use' }, pool.inUse);
    this.#poolConnections.set({ state: 'idle' }, pool.idle);
    this.#poolConnections.set({ state: 'waiting' }, pool.waiting);
    this.#poolMax.set(pool.max);
    if (persistence.dialect === 'sqlite') {
      this.#sqliteBytes.set({ file: 'database' }, fileSize(config.sqliteFile));
      this.#sqliteBytes.set({ file: 'wal' }, fileSize(`${config.sqliteFile}-wal`));
    }
    this.#dueToday.set(deadlines.dueToday);
    this.#missed.set(deadlines.missed);
  }

  /**
   * Unanswered applications whose deadline is today (London) and those already past, from the
   * admin's overdue counts (per-day rollups: a few indexed reads), read at most once a minute.
   * Every deadline is the last instant of a London day (core/domain/guarantee.ts), so those due
   * today are the overdue ones at tomorrow's midnight less those at today's.
   */
  #guaranteeDeadlines(ports: Pick<Agency['ports'], 'applications' | 'clock'>): Promise<{ dueToday: number; missed: number }> {
    const fresh = this.#deadlines && performance.now() - this.#deadlines.at < 60_000;
    if (!fresh) {
      const read = (async () => {
        const now = ports.clock.now();
        const today = londonDateOf(now);
        const overdueAt = async (at: Date) => Object.values(await ports.applications.countByStatus({ overdueAt: at })).reduce((sum, n) => sum + (n ?? 0), 0);
        const [beforeTomorrow, beforeToday, missed] = await Promise.all([overdueAt(londonMidnight(addCalendarDays(today, 1))), overdueAt(londonMidnight(today)), overdueAt(now)]);
        return { dueToday: beforeTomorrow - beforeToday, missed };
      })();
      this.#deadlines = { at: performance.now(), read };
      // A failed read is not kept: the next scrape tries again.
      read.catch(() => {
        if (this.#deadlines?.read === read) this.#deadlines = null;
      });
    }
    return this.#deadlines!.read;
  }
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

let processMetrics: Registry | null = null;

/** The process's own metrics (prom-client's defaults: CPU, memory, heap, event loop lag, GC, handles), registered once per process on first use. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}
