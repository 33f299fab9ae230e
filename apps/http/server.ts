import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Agency } from '../shared/agency.js';
import { createAgency, type GivenAdapters } from '../shared/composition-root.js';
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
}

/**
 * Composes the agency from the environment, applies migrations, and serves the app with
 * @hono/node-server; the outbox sender and the session sweeper run beside it.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => console.log(message));
  const agency = await createAgency(env, options.overrides);
  let server: Server | null = null;
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
          await outbox.stop();
          await agency.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    (server as Server | null)?.close();
    await agency.close().catch(() => undefined);
    throw error;
  }
}
