// The hexagon's dependency rule, enforced in `npm test`: core/ is framework-free.
import tseslint from 'typescript-eslint';

const forbiddenInCore = [
  'hono', 'hono/*', '@hono/*',
  'drizzle-orm', 'drizzle-orm/*', 'drizzle-kit',
  'pg', 'pg-*', 'better-sqlite3',
  'minio', 'stripe', 'nodemailer', 'nodemailer/*',
  'react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/*',
  'commander', 'inversify', 'reflect-metadata',
  '**/adapters/**', '**/apps/**',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'apps/web/dist/**', 'test-artifacts/**', '**/routeTree.gen.ts', 'adapters/persistence/*/migrations/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    rules: {},
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: forbiddenInCore, message: 'core/ must stay framework-free: it may import only zod and other core/ files.' }],
      }],
    },
  },
);
