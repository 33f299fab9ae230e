import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Agency } from '../shared/agency.js';
import { jobLog, type Logger } from '../shared/logger.js';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import { createAgency, type GivenAdapters } from '../shared/composition-root.js';
import { agencyJobs } from '../shared/jobs.js';
import { createApp, type AppOptions, type HttpApp } from './app.js';

export interface RunningServer {
  /** Where the server listens, e.g. http://localhost:3000. */
  url: string;
  port: number;
  /** METRICS_PORT's listener on 127.0.0.1 (GET /metrics without a token), or null when it is off. */
  metricsUrl: string | null;
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
  /** The server's logger: its request lines, its job runner's lines (default: the agency's, at LOG_LEVEL on standard output). */
  logger?: Logger;
}

/**
 * Composes the agency from the environment, applies migrations, serves the app with
 * @hono/node-server, and works the agency's background jobs beside it (apps/shared/jobs.ts: mail,
 * passport checks, reminders, retention, pruning) — each job on exactly one node, whichever
 * node queued it.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const agency = await createAgency(env, options.overrides);
  const logger = options.logger ?? agency.logger;
  let server: Server | null = null;
  let metricsServer: Server | null = null;
  const jobs = createJobRunner({ store: agency.persistence.jobs, log: jobLog(logger) });
  try {
    await agency.persistence.migrate();
    const app = createApp(agency, { logger, ...options.app });

    const listening = new Promise<AddressInfo>((resolve, reject) => {
      server = serve({ fetch: app.fetch, hostname: agency.config.host, port: agency.config.port }, (info) => resolve(info)) as Server;
      server.once('error', reject);
    });
    const info = await listening;
    const httpServer = server as unknown as Server;
    let metricsUrl: string | null = null;
    if (agency.config.metricsPort !== null) {
      // Prometheus on the same machine (or a sidecar) scrapes here without a token: loopback only.
      const metricsApp = new Hono()
        .get('/metrics', async (c) => c.body(await agency.metrics.render(agency), 200, { 'Content-Type': agency.metrics.contentType, 'Cache-Control': 'no-store' }))
        .notFound((c) => c.json({ message: 'Not found.' }, 404))
        .onError((error, c) => {
          logger.error({ err: error, component: 'metrics' }, 'GET /metrics failed');
          return c.json({ message: 'The metrics could not be read.' }, 500);
        });
      const metricsInfo = await new Promise<AddressInfo>((resolve, reject) => {
        metricsServer = serve({ fetch: metricsApp.fetch, hostname: '127.0.0.1', port: agency.config.metricsPort! }, (address) => resolve(address)) as Server;
        metricsServer.once('error', reject);
      });
      metricsUrl = `http://127.0.0.1:${metricsInfo.port}`;
    }
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
      metricsUrl,
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
          await new Promise<void>((resolve) => {
            const metrics = metricsServer as Server | null;
            if (!metrics) return resolve();
            metrics.close(() => resolve());
            metrics.closeAllConnections();
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
    (metricsServer as Server | null)?.close();
    await jobs.stop(0).catch(() => undefined);
    await agency.close().catch(() => undefined);
    throw error;
  }
}
