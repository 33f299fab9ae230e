#!/usr/bin/env node
// `evisa <command>`: the agency's operator CLI. From a checkout it runs apps/cli/main.ts through
// tsx; an installation without tsx (the production image, `npm ci --omit=dev`) runs the built
// dist/apps/cli/main.js with plain node.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'apps', 'cli', 'main.js');
let tsx = null;
try {
  tsx = await import('tsx/esm/api');
} catch {
  // No tsx here: the production build.
}
if (tsx) {
  tsx.register();
  await import(pathToFileURL(path.join(root, 'apps', 'cli', 'main.ts')).href);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  console.error('evisa: neither tsx (a development install) nor dist/ (run `npm run build`) is here.');
  process.exit(1);
}
