#!/usr/bin/env node
// `evisa <command>`: the agency's operator CLI (apps/cli/main.ts), run through tsx in this process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps', 'cli', 'main.ts')).href);
