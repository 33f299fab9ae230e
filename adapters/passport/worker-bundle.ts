import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The worker thread's code, bundled to plain JavaScript in a temporary file. */
export interface WorkerBundle {
  url: string;
  remove(): Promise<void>;
}

/**
 * Bundles worker.ts and the project files it imports into one JavaScript module, with every npm
 * package left external and addressed by its absolute file URL (so the module resolves them from
 * anywhere, such as the temp folder it is written to).
 *
 * Why not run the TypeScript through tsx in the thread: tsx's loader also processes the packages
 * the thread loads, with their source maps, and pdf.js alone then costs ~400 MB instead of ~30 MB
 * (measured here). Threads therefore start without tsx (execArgv []) and load packages natively.
 */
export async function bundleWorker(): Promise<WorkerBundle> {
  // The production build (npm run build) is JavaScript already: its worker.js is used as it is.
  if (import.meta.url.endsWith('.js')) return { url: new URL('./worker.js', import.meta.url).href, remove: async () => {} };
  const { build } = await import('esbuild');
  const entry = new URL('./worker.ts', import.meta.url);
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    // The adapter finds package data (tesseract's model, pdf.js's fonts) from its own location.
    define: { 'import.meta.url': JSON.stringify(entry.href) },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-by-absolute-url',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('node:') ? { path: args.path, external: true } : { path: pathToFileURL(require.resolve(args.path)).href, external: true },
          );
        },
      },
    ],
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'evisa-passport-worker-'));
  const file = path.join(dir, 'worker.mjs');
  await writeFile(file, result.outputFiles[0]!.text);
  return { url: pathToFileURL(file).href, remove: () => rm(dir, { recursive: true, force: true }) };
}
