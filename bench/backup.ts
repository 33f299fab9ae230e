// `npm run bench:backup`: backup and restore figures of the demo seed on this machine (not a
// timed test). Seeds BENCH_APPLICATIONS (default 100,000) demo applications with their files, then
// times `evisa backup`, the archive's size, `evisa restore` into a fresh place, and
// `evisa backup verify`.
// On SQLite in a temp DATA_DIR, or with BENCH_DATABASE_URL=postgres://… on that PostgreSQL database
// (EMPTIED and migrated before the seed: use your own, e.g. `createdb bench_me`); the restore goes
// into a new database beside it (dropped afterwards).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_DATABASE_URL, BENCH_DIALECT, databaseEnv, emptyBenchDatabase } from './support/database.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(ROOT, 'apps', 'cli', 'main.ts');
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EVISA_NO_PROGRESS: '1' };
  for (const name of ['DATABASE_URL', 'STORAGE_URL', 'MAIL_URL', 'BACKUP_DIR', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[name];
  return { ...env, ...extra };
}

async function cli(args: string[], env: Record<string, string>): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - started, stdout }) : reject(new Error(`evisa ${args[0]} exited ${code}: ${stderr || stdout}`))));
  });
}

/** The command's own lines that time its steps (database copy, files, checks). */
function steps(stdout: string): void {
  for (const line of stdout.split('\n')) if (/\d+\.\d s\)?\.?$/.test(line.trim()) && !line.startsWith(' ')) console.log(`    ${line.trim()}`);
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function duSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-bench-backup-'));
  const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evisa-bench-restore-'));
  const source = { DATA_DIR: dataDir, ...databaseEnv() };
  let restoreUrl = '';
  try {
    await emptyBenchDatabase();
    await cli(['migrate'], source);
    const seeded = await cli(['seed-demo', '--applications', String(APPLICATIONS), '--seed', '7'], source);
    console.log(`${BENCH_DIALECT}: seeded ${APPLICATIONS.toLocaleString('en-GB')} applications in ${s(seeded.ms)}`);
    if (!BENCH_DATABASE_URL) console.log(`  database file: ${mb(fs.statSync(path.join(dataDir, 'agency.sqlite')).size)}`);
    console.log(
      `  stored files: ${fs
        .readdirSync(path.join(dataDir, 'uploads'))
        .filter((n) => !n.endsWith('.meta.json'))
        .length.toLocaleString('en-GB')} (${mb(duSize(path.join(dataDir, 'uploads')))} with sidecars)`,
    );

    const backup = await cli(['backup'], source);
    const archive = fs.readdirSync(path.join(dataDir, 'backups')).find((n) => n.endsWith('.tar'))!;
    const archivePath = path.join(dataDir, 'backups', archive);
    const manifest = JSON.parse(await readManifest(archivePath)) as { database: { size: number }; files: unknown[] };
    console.log(`  evisa backup: ${s(backup.ms)}; archive ${mb(fs.statSync(archivePath).size)} (database part ${mb(manifest.database.size)}, ${manifest.files.length.toLocaleString('en-GB')} files)`);
    steps(backup.stdout);

    const target: Record<string, string> = { DATA_DIR: restoreDir };
    if (BENCH_DATABASE_URL) {
      const u = new URL(BENCH_DATABASE_URL);
      const name = `evisa_bench_restore_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      u.pathname = `/${name}`;
      restoreUrl = u.toString();
      target.DATABASE_URL = restoreUrl;
    }
    const restored = await cli(['restore', archivePath], target);
    console.log(`  evisa restore: ${s(restored.ms)}`);
    steps(restored.stdout);
    const verified = await cli(['backup', 'verify', archivePath], source);
    console.log(`  evisa backup verify: ${s(verified.ms)}`);
    steps(verified.stdout);
  } finally {
    if (restoreUrl) {
      const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${new URL(restoreUrl).pathname.slice(1)}" with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(restoreDir, { recursive: true, force: true });
  }
}

/** The manifest (the archive's last entry) read with tar-stream, for the part sizes. */
async function readManifest(file: string): Promise<string> {
  const tar = await import('tar-stream');
  const extract = tar.extract();
  fs.createReadStream(file).pipe(extract);
  let text = '';
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.name === 'manifest.json') text = Buffer.concat(chunks).toString('utf8');
  }
  return text;
}

await main();
