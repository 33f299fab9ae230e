import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Agency } from '../shared/agency.js';
import { createJobRunner, type JobRunner } from '../../adapters/jobs/index.js';
import { createAgency, type GivenAdapters } from '../shared/composition-root.js';
import { agencyJobs } from '../shared/jobs.js';
import { createApp, type AppOptions, type HttpApp } from './app.js';
import { OutboxSender } from './outbox-sender.js';

export interface RunningServer {
  /** Where the server listens, e.g. http://localhost:3000. */
  url: string;
  port: number;
  agency: Agency;
  app: HttpApp;
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes the database. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Adapters to use instead of those the environment selects (tests). */
  overrides?: GivenAdapters;
  app?: Omit<AppOptions, 'onMailQueued'>;
  log?: (message: string) => void;
  /** Outbox polling period (default 5 s). */
  mailIntervalMs?: number;
  /** pg-boss polling period in seconds (tests; default pg-boss's own). */
  jobPollSeconds?: number;
}

/**
 * Composes the agency from the environment, applies migrations, and serves the app with
 * @hono/node-server; beside it run the outbox sender (every node: each mail is claimed by one),
 * the hourly sweep of expired sessions and rate-limit windows, and the scheduled jobs (reminders,
 * retention) — exactly once across nodes on PostgreSQL (pg-boss), in-process on SQLite. Passport
 * copies left unread by the last run are read.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => console.log(message));
  const agency = await createAgency(env, options.overrides);
  let server: Server | null = null;
  let jobs: JobRunner | null = null;
  try {
    await agency.persistence.migrate();
    const outbox = new OutboxSender(agency.useCases, { intervalMs: options.mailIntervalMs, log });
    const app = createApp(agency, { ...options.app, onMailQueued: () => outbox.kick() });

    const listening = new Promise<AddressInfo>((resolve, reject) => {
      server = serve({ fetch: app.fetch, hostname: agency.config.host, port: agency.config.port }, (info) => resolve(info)) as Server;
      server.once('error', reject);
    });
    const info = await listening;
    const httpServer = server as unknown as Server;
    // Slow clients must not hold a connection (and a request slot) for ever.
    httpServer.requestTimeout = 120_000;
    httpServer.headersTimeout = 30_000;
    outbox.start();
    // Passport copies whose reading the last run did not finish (it ran after their upload's answer).
    void app.passportChecks.resume(() => agency.useCases.pendingPassportChecks());
    // Scheduled work: started only when something is scheduled (so a node with every schedule off
    // needs no job tables). A runner that cannot start is logged; the server still serves.
    const definitions = agencyJobs(agency, () => outbox.kick());
    if (definitions.some((job) => job.schedule)) {
      jobs = createJobRunner({ databaseUrl: agency.persistence.dialect === 'postgres' ? agency.config.databaseUrl : null, jobs: definitions, log, pollSeconds: options.jobPollSeconds });
      await jobs.start().catch((error: unknown) => log(`[jobs] could not start ${jobs?.kind}: ${error instanceof Error ? error.message : String(error)}`));
    }
    // Hourly: expired sessions and ended rate-limit windows (idempotent deletes: any node may run them).
    const sweeper = setInterval(() => {
      app.sessions.sweep().catch((error: unknown) => log(`[sessions] sweep failed: ${error instanceof Error ? error.message : String(error)}`));
      agency.ports.attempts.prune(agency.ports.clock.now()).catch((error: unknown) => log(`[rate-limits] prune failed: ${error instanceof Error ? error.message : String(error)}`));
    }, 60 * 60 * 1000);
    sweeper.unref();

    const host = agency.config.host === '0.0.0.0' || agency.config.host === '::' ? 'localhost' : agency.config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
    let stopping: Promise<void> | null = null;
    return {
      url,
      port: info.port,
      agency,
      app,
      stop(graceMs = 10_000) {
        stopping ??= (async () => {
          clearInterval(sweeper);
          await new Promise<void>((resolve) => {
            const force = setTimeout(() => httpServer.closeAllConnections(), graceMs);
            force.unref();
            // Idle keep-alive connections are closed now; busy ones once their answer is sent.
            const idle = setInterval(() => httpServer.closeIdleConnections(), 100);
            httpServer.close(() => {
              clearTimeout(force);
              clearInterval(idle);
              resolve();
            });
            httpServer.closeIdleConnections();
          });
          await jobs?.stop().catch((error: unknown) => log(`[jobs] stop failed: ${error instanceof Error ? error.message : String(error)}`));
          await outbox.stop();
          app.passportChecks.stop();
          await agency.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    (server as Server | null)?.close();
    await (jobs as JobRunner | null)?.stop().catch(() => undefined);
    await agency.close().catch(() => undefined);
    throw error;
  }
}
