import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Agency } from '../../../apps/shared/agency.js';
import { createAgency } from '../../../apps/shared/composition-root.js';
import { parseMail, type ParsedMail } from '../../support/smtp-server.js';
import { startTestPostgres, type TestPostgres } from '../../support/postgres.js';
import { startStripeServer, type StripeTestServer } from '../../support/stripe-server.js';
import { TEST_FILE_ENCRYPTION_KEYS } from '../../support/memory-ports.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MAIN = path.join(ROOT, 'apps', 'cli', 'main.ts');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The variables of the environment contract: never inherited from the developer's shell. */
const CONTRACT = [
  'DATA_DIR',
  'DATABASE_URL',
  'STORAGE_URL',
  'FILE_ENCRYPTION_KEYS',
  'MAIL_URL',
  'MAIL_FROM',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'PUBLIC_URL',
  'AGENCY_EMAIL',
  'AGENCY_NAME',
];

export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONTRACT) delete base[name];
  // vitest's worker settings must not leak into the CLI process.
  delete base.NODE_OPTIONS;
  delete base.VITEST;
  // A fixed file encryption keyring, as an operator sets one, unless the test gives its own (the
  // embedded default's key file, made and announced once, is tested in tests/http/file-encryption-config.test.ts).
  return { ...base, EVISA_NO_PROGRESS: '1', FILE_ENCRYPTION_KEYS: TEST_FILE_ENCRYPTION_KEYS, ...env };
}

/** Runs `node --import tsx apps/cli/main.ts …args` as a subprocess (stdin closed: not a terminal). */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the package's `evisa` bin (bin/evisa.mjs) from another working directory, as an installed command would. */
export function runBin(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'bin', 'evisa.mjs'), args, { cwd: os.tmpdir(), env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Where a CLI test suite keeps its data: a temp DATA_DIR, plus a PostgreSQL database when asked. */
export interface Backend {
  name: 'sqlite' | 'postgres';
  env: Record<string, string>;
  dataDir: string;
  /** The Stripe-compatible server payments go to (reconciliation needs a gateway both processes see). */
  stripe: StripeTestServer;
  /** The agency in this test process, on the same database and folders, to arrange and assert. */
  agency(): Promise<Agency>;
  stop(): Promise<void>;
}

export async function startBackend(name: 'sqlite' | 'postgres'): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `evisa-cli-${name}-`));
  let postgres: TestPostgres | null = null;
  const stripe = await startStripeServer();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AGENCY_EMAIL: 'help@evisa.test',
    PUBLIC_URL: 'https://evisa.test',
    FILE_ENCRYPTION_KEYS: TEST_FILE_ENCRYPTION_KEYS,
    STRIPE_SECRET_KEY: stripe.config.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.config.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.config.webhookSecret,
    STRIPE_API_URL: stripe.config.apiUrl,
  };
  if (name === 'postgres') {
    postgres = await startTestPostgres();
    env.DATABASE_URL = postgres.url;
  }
  let open: Agency | null = null;
  return {
    name,
    env,
    dataDir,
    stripe,
    async agency() {
      if (!open) {
        open = await createAgency({ ...env });
        await open.persistence.migrate();
      }
      return open;
    },
    async stop() {
      await open?.close();
      await postgres?.stop();
      await stripe.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OutboxMail extends ParsedMail {
  file: string;
}

/** Every mail delivered to DATA_DIR/outbox as .eml files. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map(async (file) => ({ file, ...(await parseMail(fs.readFileSync(path.join(dir, file)))) })));
}

/** The first stderr line, and that no stack trace was printed. */
export function oneLineError(result: CliResult): string {
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  if (lines.some((l) => /^\s+at .+:\d+/.test(l))) throw new Error(`A stack trace was printed:\n${result.stderr}`);
  return lines[0] ?? '';
}

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`), typing `input`: how an operator at a
 * terminal answers a confirmation prompt.
 */
export function runCliOnTerminal(args: string[], env: Record<string, string>, input: string): Promise<CliResult> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, '--import', 'tsx', MAIN, ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      // Type the answer once the prompt is shown.
      if (input && stdout.includes('to confirm: ')) {
        child.stdin.end(input);
        input = '';
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
