#!/usr/bin/env node
// `npm run dev`: the API on API_PORT (default 3001), restarted on change by `tsx watch`, and the
// Vite dev server (apps/web/vite.config.ts proxies /api to API_PORT). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '3000';
const viteConfig = path.join(root, 'apps', 'web', 'vite.config.ts');

const children = [];
function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} exited (${signal ?? code})`);
    stopAll(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

run('api', [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', '--clear-screen=false', 'apps/http/main.ts'], {
  PORT: apiPort,
  HOST: process.env.HOST ?? '127.0.0.1',
  // Mail links and the CSRF origin check use the address the browser sees: Vite's.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
});
if (existsSync(viteConfig)) {
  run('web', [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', viteConfig], { API_PORT: apiPort, WEB_PORT: webPort });
} else {
  console.log('[dev] apps/web/vite.config.ts not found: running the API only.');
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
