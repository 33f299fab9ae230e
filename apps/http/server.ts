import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Agency } from '../shared/agency.js';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import { createAgency, type GivenAdapters } from '../shared/composition-root.js';
import { agencyJobs } from '../shared/jobs.js';
import { createApp, type AppOptions, type HttpApp } from './app.js';

export interface RunningServer {
  /** Where the server listens, e.g. http://localhost:3000. */
  url: string;
  port: number;
  agency: Agency;
  app: HttpApp;
  /**
   * Stops accepting connections, lets in-flight requests and running jobs finish (up to `graceMs`
   * each; jobs still running then are handed back to the queue), then closes the database.
   */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Adapters to use instead of those the environment selects (tests). */
  overrides?: GivenAdapters;
  app?: AppOptions;
  log?: (message: string) => void;
}

/**
 * Composes the agency from the environment, applies migrations, serves the app with
 * @hono/node-server, and works the agency's background jobs beside it (apps/shared/jobs.ts: mail,
 * passport checks, reminders, retention, pruning) — each job on exactly one node, whichever
 * node queued it.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => console.log(message));
  const agency = await createAgency(env, options.overrides);
  let server: Server | null = null;
  const jobs = createJobRunner({ store: agency.persistence.jobs, log });
  try {
    await agency.persistence.migrate();
    const app = createApp(agency, options.app);

    const listening = new Promise<AddressInfo>((resolve, reject) => {
      server = serve({ fetch: app.fetch, hostname: agency.config.host, port: agency.config.port }, (info) => resolve(info)) as Server;
      server.once('error', reject);
    });
    const info = await listening;
    const httpServer = server as unknown as Server;
    // Slow clients must not hold a connection (and a request slot) for ever.
    httpServer.requestTimeout = 120_000;
    httpServer.headersTimeout = 30_000;
    let stopping: Promise<void> | null = null;
    // Once stopping, a keep-alive connection is closed as soon as its answer is sent.
    httpServer.on('request', (_request, response) => response.once('finish', () => stopping && setImmediate(() => httpServer.closeIdleConnections())));
    await jobs.start(agencyJobs(agency));

    const host = agency.config.host === '0.0.0.0' || agency.config.host === '::' ? 'localhost' : agency.config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
    return {
      url,
      port: info.port,
      agency,
      app,
      stop(graceMs = 10_000) {
        stopping ??= (async () => {
          await new Promise<void>((resolve) => {
            const force = setTimeout(() => httpServer.closeAllConnections(), graceMs);
            force.unref();
            httpServer.close(() => {
              clearTimeout(force);
              resolve();
            });
            httpServer.closeIdleConnections();
          });
          // Running jobs may finish within the grace period; the rest go back to the queue.
          await jobs.stop(graceMs);
          await agency.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    (server as Server | null)?.close();
    await jobs.stop(0).catch(() => undefined);
    await agency.close().catch(() => undefined);
    throw error;
  }
}
