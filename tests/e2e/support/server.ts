import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './web-build.js';

export interface AgencyServer {
  url: string;
  dataDir: string;
  /** Everything the server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node --import tsx apps/http/main.ts`) on a free port with a fresh
 * DATA_DIR (SQLite, local uploads, .eml outbox, the built-in test payment provider).
 */
export async function startAgencyServer(env: Record<string, string> = {}): Promise<AgencyServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evisa-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/http/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STORAGE_URL: '',
      MAIL_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      AGENCY_EMAIL: 'help@evisa-e2e.example',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 60 s:\n${output}`)), 60_000);
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the operator CLI against a server's DATA_DIR (e.g. `create-admin`). */
export async function runCli(server: AgencyServer, args: string[]): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/cli/main.ts', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', STORAGE_URL: '', MAIL_URL: '' } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    );
  });
}
