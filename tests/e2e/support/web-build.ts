import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const INPUTS = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/landing-size-plugin.ts', 'apps/web/prerender-plugin.ts', 'core'];
const LOCK = path.join(os.tmpdir(), 'evisa-web-build.lock');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'routeTree.gen.ts') continue; // written by the build itself
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function isFresh(): boolean {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return INPUTS.every((input) => newestMtime(path.join(REPO_ROOT, input)) <= built);
}

async function acquireLock(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      // A lock left by a crashed run is ignored after 3 minutes.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 180_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* gone already */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`Could not acquire the web build lock ${LOCK}`);
}

/**
 * Builds the SPA into apps/web/dist (what the HTTP app serves) unless it is newer than every
 * source. A lock keeps several browser suites from building at the same time.
 */
export async function ensureWebBuild(): Promise<{ built: boolean; report: string }> {
  await acquireLock();
  try {
    if (isFresh()) return { built: false, report: 'apps/web/dist is up to date' };
    const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts'], {
      cwd: REPO_ROOT,
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const report = stdout.split('\n').find((l) => l.startsWith('landing route initial JS')) ?? '';
    return { built: true, report };
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
