// The hexagon's dependency rule, enforced in `npm test` (tests/lint/dependency-rule.test.ts shows
// each layer's rule catching an offending import):
//   core/     imports only zod and core/ (framework-free);
//   adapters/ never import apps/;
//   apps/     never import a database driver, drizzle, or persistence's dialect folders (schemas,
//             queries): they reach the database through adapters/persistence's Persistence;
//   nothing outside tests/ imports tests/ (bench/ seeds with the CLI's demo data).
// no-restricted-imports does not see dynamic `import('…')`: no-restricted-syntax repeats each rule
// for them (esquery regexes cannot contain '/', hence the '.' between path segments).
import tseslint from 'typescript-eslint';

const FRAMEWORKS = [
  'hono', 'hono/*', '@hono/*',
  'drizzle-orm', 'drizzle-orm/*', 'drizzle-kit',
  'pg', 'pg-*', 'better-sqlite3', '@electric-sql/*',
  'minio', 'stripe', 'nodemailer', 'nodemailer/*',
  'react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/*',
  'commander', 'inversify', 'reflect-metadata',
];
const DATABASE_DRIVERS = ['pg', 'pg-*', 'better-sqlite3', '@electric-sql/*', 'drizzle-orm', 'drizzle-orm/*', 'drizzle-kit'];
const PERSISTENCE_INSIDES = ['**/adapters/persistence/sqlite/**', '**/adapters/persistence/postgres/**', '**/adapters/persistence/shared/**'];

const rules = {
  notTests: {
    group: ['**/tests/**'],
    dynamic: '/^(\\.\\.?.)+tests./',
    message: 'Only tests import tests/: move what is needed out of tests/, next to its user.',
  },
  core: {
    group: [...FRAMEWORKS, '**/adapters/**', '**/apps/**'],
    dynamic: '/^(hono|@hono|drizzle|pg$|pg-|better-sqlite3|@electric-sql|minio$|stripe$|nodemailer|react|@tanstack|commander$|inversify$|reflect-metadata$)|(^|.)(adapters|apps)./',
    message: 'core/ must stay framework-free: it may import only zod and other core/ files.',
  },
  notApps: {
    group: ['**/apps/**'],
    dynamic: '/(^|.)apps./',
    message: 'Adapters never import apps/: dependencies point inward (core ← adapters ← apps).',
  },
  noDatabase: {
    group: [...DATABASE_DRIVERS, ...PERSISTENCE_INSIDES],
    dynamic: '/^(pg$|pg-|better-sqlite3$|@electric-sql.|drizzle-)|persistence.(sqlite|postgres|shared)./',
    message: 'apps/ reach the database through Persistence (adapters/persistence/index.ts): no driver, drizzle or dialect schema.',
  },
};

/** One layer's restrictions, for static and dynamic imports. */
function restrict(...restrictions) {
  return {
    'no-restricted-imports': ['error', { patterns: restrictions.map(({ group, message }) => ({ group, message })) }],
    'no-restricted-syntax': ['error', ...restrictions.map(({ dynamic, message }) => ({ selector: `ImportExpression[source.value=${dynamic}]`, message }))],
  };
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'apps/web/dist/**', 'test-artifacts/**', '**/routeTree.gen.ts', 'adapters/persistence/*/migrations/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    rules: {},
  },
  // Flat config: a later block's rule replaces an earlier one's, so each layer lists all of its own.
  { files: ['**/*.{ts,tsx,js,mjs}'], ignores: ['tests/**'], rules: restrict(rules.notTests) },
  { files: ['core/**/*.ts'], rules: restrict(rules.core, rules.notTests) },
  { files: ['adapters/**/*.ts'], rules: restrict(rules.notApps, rules.notTests) },
  { files: ['apps/**/*.{ts,tsx}'], rules: restrict(rules.noDatabase, rules.notTests) },
);
