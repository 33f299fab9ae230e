import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
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

/** A lock without a recorded holder (one taken by an older version of this file) counts as left by a crashed run after this. */
const UNOWNED_LOCK_STALE_MS = 180_000;
/** How often a waiter checks that the holder still runs: a holder that dies never removes the lock. */
const HOLDER_CHECK_MS = 5_000;
/** Longer than any build: a waiter gives up then. */
const ACQUIRE_TIMEOUT_MS = 600_000;

/** Whether the lock was left behind: its holder's process is gone (or, holder unknown, it is old). */
function lockIsStale(): boolean {
  try {
    const holder = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    if (Number.isInteger(holder) && holder > 0) {
      try {
        process.kill(holder, 0);
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ESRCH';
      }
    }
  } catch {
    /* no holder recorded (yet, or an older version's lock) */
  }
  try {
    return Date.now() - statSync(LOCK).mtimeMs > UNOWNED_LOCK_STALE_MS;
  } catch {
    return false; // gone already: the next attempt takes it
  }
}

/**
 * Takes the lock folder (mkdir is atomic). A waiter is woken by the lock's removal (a watch on the
 * folder that holds it, set up before each attempt so a removal in between is not missed); the
 * periodic check only covers a holder that died without removing it.
 */
async function acquireLock(): Promise<void> {
  const giveUpAt = Date.now() + ACQUIRE_TIMEOUT_MS;
  for (;;) {
    let wake: () => void = () => undefined;
    const changed = new Promise<void>((resolve) => (wake = resolve));
    const watcher = watch(path.dirname(LOCK), (_event, name) => {
      if (name === null || name === path.basename(LOCK)) wake();
    });
    try {
      try {
        mkdirSync(LOCK);
        writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (lockIsStale()) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > giveUpAt) throw new Error(`Could not acquire the web build lock ${LOCK}`);
      let check: NodeJS.Timeout | undefined;
      await Promise.race([changed, new Promise<void>((resolve) => (check = setTimeout(resolve, HOLDER_CHECK_MS)))]);
      clearTimeout(check);
    } finally {
      watcher.close();
    }
  }
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
