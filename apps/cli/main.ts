// The operator CLI's entry: `npm run cli -- <command>`, `evisa <command>` (bin/evisa.mjs), or
// `node --import tsx apps/cli/main.ts <command>`.
// Once per process, before the container is built: the Reflect metadata API inversify reads
// @inject class bindings through (today's bindings are decorator-free and do not need it).
import 'reflect-metadata';
import { run } from './program.js';

// A reader that stops early (`evisa export-applications | head`) is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/** Resolves once everything written so far to `stream` has been handed to the OS. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

const code = await run(process.argv.slice(2));
// Writes to a pipe are asynchronous: wait for them, then exit so that no idle handle keeps us alive.
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
