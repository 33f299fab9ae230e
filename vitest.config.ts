import { defineConfig } from 'vitest/config';

// Two projects: node suites (core, contracts, http, cli, e2e) and jsdom suites (web components).
export default defineConfig({
  test: {
    // 2-core machine: keep the worker count small so real-adapter suites do not starve each other.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/web/**', 'node_modules/**'],
          setupFiles: ['tests/support/setup-node.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-web.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
