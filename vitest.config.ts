import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast` (`vitest run --mode fast`) is the inner loop: the node suites that run inside
 * the test process. The web suites are left out (about 70 s of CPU on their own: the loop would not
 * stay under a minute on two cores); `npx vitest run --project web` runs them. `npm test` (CI's
 * gate) runs every suite.
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
  'tests/http/**/*.test.ts',
];
/** HTTP tests that start a listening server, a child process, PostgreSQL or a Stripe-compatible server. */
const SLOW_HTTP_TESTS = [
  'tests/http/server.test.ts',
  'tests/http/client-abort.test.ts',
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
    test: {
      name: 'node',
      environment: 'node',
      include: fast ? FAST_NODE_TESTS : ['tests/**/*.test.ts'],
      exclude: ['tests/web/**', 'node_modules/**', ...(fast ? SLOW_HTTP_TESTS : [])],
      setupFiles: ['tests/support/setup-node.ts'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
  const web = {
    esbuild: { jsx: 'automatic' as const },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['tests/web/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/support/setup-web.ts'],
      testTimeout: 30_000,
    },
  };
  return {
    test: {
      // 2-core machine: keep the worker count small so real-adapter suites do not starve each other.
      maxWorkers: 2,
      projects: fast ? [node] : [node, web],
    },
  };
});
