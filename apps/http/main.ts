// Once per process, before the container is built: the Reflect metadata API inversify reads
// @inject class bindings through (today's bindings are decorator-free and do not need it).
import 'reflect-metadata';
import { ConfigError, LOG_LEVELS, type LogLevel } from '../shared/config.js';
import { createLogger } from '../shared/logger.js';
import { startServer, type RunningServer } from './server.js';

/** `npm start` / `tsx apps/http/main.ts`: the agency's web server. Its log is JSON lines on standard output (apps/shared/logger.ts). */
async function main(): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (error) {
    // Bad configuration is one plain line naming the variable on standard error (the log's own
    // level is part of the configuration); any other failure to start is one fatal log line.
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      const level = process.env.LOG_LEVEL?.trim().toLowerCase();
      const logger = createLogger({ level: (LOG_LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : 'info' });
      logger.fatal(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  }
  const { agency } = running;
  const { logger } = agency;
  const a = agency.adapters;
  // The URL is followed by a space: scripts read it with /listening on (http:\/\/\S+)/.
  logger.info(
    { url: running.url, metricsUrl: running.metricsUrl, publicUrl: agency.config.publicUrl, adapters: a },
    `Egypt e-Visa Agency listening on ${running.url} · database ${a.database} · storage ${a.storage} · mail ${a.mail} · payments ${a.payments}`,
  );
  if (running.metricsUrl) logger.info(`metrics on ${running.metricsUrl}/metrics (this machine only)`);
  if (agency.config.publicUrl !== running.url) logger.info(`public URL ${agency.config.publicUrl}`);
  // The log is buffered (apps/shared/logger.ts): the lines saying where the agency listens are for
  // whoever waits on them (scripts read "listening on"), so they are written now.
  logger.flush();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests…`);
    running
      .stop()
      .then(() => {
        logger.info('Stopped.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
