// Once per process, before the container is built: the Reflect metadata API inversify reads
// @inject class bindings through (today's bindings are decorator-free and do not need it).
import 'reflect-metadata';
import { ConfigError } from '../shared/config.js';
import { startServer, type RunningServer } from './server.js';

/** `npm start` / `tsx apps/http/main.ts`: the agency's web server. */
async function main(): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (error) {
    // Bad configuration is one line naming the variable; anything else one line too, no stack.
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { agency } = running;
  const a = agency.adapters;
  console.log(`Egypt e-Visa Agency listening on ${running.url}`);
  console.log(`  database ${a.database} · storage ${a.storage} · mail ${a.mail} · payments ${a.payments}`);
  if (agency.config.publicUrl !== running.url) console.log(`  public URL ${agency.config.publicUrl}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests…`);
    running
      .stop()
      .then(() => {
        console.log('Stopped.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
