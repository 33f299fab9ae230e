import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The web app's '@core/…' imports (tsconfig.json paths, apps/web/vite.config.ts). */
const coreAlias = { '@core': fileURLToPath(new URL('./core', import.meta.url)) };

/**
 * `npm run test:fast` (`vitest run --mode fast`) is the inner loop: the node suites that run inside
 * the test process, and the web suites. Its test files share their worker's modules (no isolation:
 * the app, React and jsdom's imports are loaded once per worker instead of once per file, which is
 * most of the time); CI's `npm test` runs every suite, each file isolated.
 */
const FAST_NODE_TESTS = [
  'tests/core/**/*.test.ts',
  // The contract suites on memory, SQLite and the other in-process adapters (not PostgreSQL,
  // nor the MinIO, SMTP and Stripe runs against local servers: *.minio/.smtp/.stripe.test.ts).
  'tests/contracts/persistence.memory.test.ts',
  'tests/contracts/persistence.sqlite.test.ts',
  'tests/contracts/persistence.open.test.ts',
  'tests/contracts/sqlite-table-select.test.ts',
  'tests/contracts/file-storage.test.ts',
  'tests/contracts/mailer.test.ts',
  'tests/contracts/payment-gateway.test.ts',
  'tests/contracts/job-store.test.ts',
  'tests/adapters/job-runner.test.ts',
  'tests/http/**/*.test.ts',
];
/**
 * Tests that start a listening server, a child process, PostgreSQL (as every
 * *.postgres.test.ts does) or a Stripe-compatible server, or read real passport images (sharp and
 * OCR: half a minute on its own).
 */
const NOT_IN_FAST_LOOP = [
  'tests/**/*.postgres.test.ts',
  'tests/http/server.test.ts',
  'tests/http/client-abort.test.ts',
  'tests/http/metrics-server.test.ts',
  'tests/http/passport-check.test.ts',
  'tests/http/admin-full-list.test.ts',
  'tests/http/application-groups.test.ts',
  'tests/http/id-range.test.ts',
  'tests/http/payments-webhook.test.ts',
];

// Two projects: node suites (core, contracts, http, cli, e2e) and jsdom suites (web components).
export default defineConfig(({ mode }) => {
  const fast = mode === 'fast';
  const node = {
    resolve: { alias: coreAlias },
    test: {
      name: 'node',
      environment: 'node',
      isolate: !fast,
      include: fast ? FAST_NODE_TESTS : ['tests/**/*.test.ts'],
      exclude: ['tests/web/**', 'node_modules/**', ...(fast ? NOT_IN_FAST_LOOP : [])],
      setupFiles: ['tests/support/setup-node.ts'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
  const web = {
    resolve: { alias: coreAlias },
    esbuild: { jsx: 'automatic' as const },
    test: {
      name: 'web',
      environment: 'jsdom',
      isolate: !fast,
      include: ['tests/web/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/support/setup-web.ts'],
      testTimeout: 30_000,
    },
  };
  return {
    test: {
      // 2-core machine: keep the worker count small so real-adapter suites do not starve each other.
      maxWorkers: 2,
      projects: [node, web],
    },
  };
});
