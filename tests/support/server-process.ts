import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** A server process started from the real entry (apps/http/main.ts), as one node of N. */
export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Its own folder (DATA_DIR), for the caller to remove. */
  dataDir: string;
  /** Everything it printed so far. */
  output: () => string;
}

/**
 * Starts a node with `env` (and a DATA_DIR of its own) and answers once it logs where it listens.
 * `wrap` runs the node through another command (`unshare … sh -c '…; exec "$@"'`): it is given the
 * node's command line and answers the one to spawn, which must end by exec-ing it.
 */
export function startServerProcess(name: string, env: NodeJS.ProcessEnv, options: { wrap?: (argv: string[]) => string[] } = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `evisa-${name}-`));
  const argv = [process.execPath, '--import', 'tsx', path.join(ROOT, 'apps/http/main.ts')];
  const [file, ...args] = options.wrap ? options.wrap(argv) : argv;
  const child = spawn(file!, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node ${name} logged no URL: ${out}`)), 60_000);
    child.on('exit', (code, signal) => reject(new Error(`node ${name} exited with ${code ?? signal}: ${out}`)));
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ name, url: match[1]!, child, dataDir, output: () => out });
      }
    });
  });
}

/** Stops the nodes (SIGTERM, as an orchestrator does) and answers once every one has exited. */
export async function stopServerProcesses(nodes: readonly ServerProcess[]): Promise<void> {
  await Promise.all(
    nodes.map(
      (node) =>
        new Promise<void>((resolve) => {
          if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
          node.child.once('exit', () => resolve());
          node.child.kill('SIGTERM');
        }),
    ),
  );
}
