#!/usr/bin/env node
// `npm run build`: the production artifact in dist/, run with plain `node` (`npm run serve`):
//   1. the web app (Vite) → apps/web/dist, copied to dist/apps/web/dist;
//   2. the server, the CLI and everything they import (core/, adapters/, apps/{http,cli,shared}/)
//      transpiled file by file to JavaScript with esbuild, keeping the folder layout;
//   3. the SQL migrations beside their adapters, the translations (core/i18n/catalogs) and the
//      passport scanner's MRZ model (tessdata/).
// File by file rather than one bundle: code finds its migrations, the passport scanner's worker
// and the web build relative to its own location (import.meta.url), and npm packages stay
// external, installed by `npm ci --omit=dev`. esbuild rather than tsc: it transpiles the ~250 files
// in well under a second and `npm test` already type-checks (tsc would check them a second time).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const outDir = path.resolve(root, process.env.BUILD_OUT_DIR ?? 'dist');
/** `--server-only`: skip the web app (tests of the server build; `npm run build` does both). */
const serverOnly = args.has('--server-only');

const SERVER_SOURCES = ['core', 'adapters', 'apps/http', 'apps/cli', 'apps/shared'];
/** Build-time only: drizzle-kit's configuration imports drizzle-kit (a dev dependency). */
const NOT_SHIPPED = /(\.d\.ts|drizzle\.config\.ts)$/;

function sourcesIn(dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesIn(rel));
    else if (entry.name.endsWith('.ts') && !NOT_SHIPPED.test(entry.name)) out.push(rel);
  }
  return out;
}

function step(label) {
  console.log(`[build] ${label}`);
}

rmSync(outDir, { recursive: true, force: true });

if (!serverOnly) {
  step('web app (vite build)');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const web = spawnSync(process.execPath, [vite, 'build', '--config', 'apps/web/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (web.status !== 0) process.exit(web.status ?? 1);
  cpSync(path.join(root, 'apps/web/dist'), path.join(outDir, 'apps/web/dist'), { recursive: true });
}

step('server and CLI (esbuild, file by file)');
const entryPoints = SERVER_SOURCES.flatMap(sourcesIn);
await build({
  entryPoints,
  outdir: outDir,
  outbase: root,
  absWorkingDir: root,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});

step('migrations');
for (const dialect of ['sqlite', 'postgres']) {
  const from = path.join(root, 'adapters/persistence', dialect, 'migrations');
  cpSync(from, path.join(outDir, 'adapters/persistence', dialect, 'migrations'), { recursive: true });
}

step('translations');
cpSync(path.join(root, 'core/i18n/catalogs'), path.join(outDir, 'core/i18n/catalogs'), { recursive: true });

step('passport MRZ model');
cpSync(path.join(root, 'adapters/passport/tessdata'), path.join(outDir, 'adapters/passport/tessdata'), { recursive: true });

const missing = ['apps/http/main.js', 'apps/cli/main.js', 'adapters/passport/tessdata/mrz.traineddata'].filter((f) => !existsSync(path.join(outDir, f)));
if (missing.length > 0) {
  console.error(`[build] missing from the build: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`[build] ${entryPoints.length} files → ${path.relative(root, outDir) || '.'}/ — run it with \`npm run serve\``);
