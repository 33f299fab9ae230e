#!/usr/bin/env node
// `npm start`: builds the SPA when its build is missing or older than its sources, then runs the
// server (apps/http/main.ts through tsx), forwarding SIGTERM/SIGINT so it can drain and close.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps', 'web');
const viteConfig = path.join(webDir, 'vite.config.ts');
const builtIndex = path.join(webDir, 'dist', 'index.html');

/** Newest modification time among the sources under dir (dist and dependencies excluded): the web app and the core it imports, its catalogs included. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebIfNeeded() {
  if (process.env.SKIP_WEB_BUILD === '1') return;
  if (!existsSync(viteConfig)) {
    console.log('[start] apps/web/vite.config.ts not found: serving the API only.');
    return;
  }
  const stale = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < Math.max(newestSource(webDir), newestSource(path.join(root, 'core')));
  if (!stale) return;
  console.log('[start] building the web app (vite build)…');
  const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [viteBin, 'build', '--config', viteConfig], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    if (existsSync(builtIndex)) {
      console.error('[start] the web build failed: serving the previous build.');
      return;
    }
    console.error('[start] the web build failed: serving the API only.');
  }
}

buildWebIfNeeded();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'http', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
