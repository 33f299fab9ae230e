// The hexagon's dependency rule, enforced in `npm test` (tests/lint/dependency-rule.test.ts shows
// each layer's rule catching an offending import):
//   core/     imports only zod and core/ (framework-free);
//   adapters/ never import apps/;
//   apps/     never import a database driver, drizzle, or persistence's dialect folders (schemas,
//             queries): they reach the database through adapters/persistence's Persistence;
//   nothing outside tests/ imports tests/ (bench/ seeds with the CLI's demo data).
// The web app's borders (apps/web/src, rule web/borders below; bulletproof-react's zones):
//   features/<a>/ never import features/<b>/ — what one feature shows of another, the route composes;
//   shared code (api/, components/, lib/, hooks/) never imports features/;
//   routes/ (and the app's other files) import a feature through its public face, features/<name>/index.ts.
// no-restricted-imports does not see dynamic `import('…')`: no-restricted-syntax repeats each rule
// for them (esquery regexes cannot contain '/', hence the '.' between path segments).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const FRAMEWORKS = [
  'hono',
  'hono/*',
  '@hono/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'drizzle-kit',
  'pg',
  'pg-*',
  'better-sqlite3',
  '@electric-sql/*',
  'minio',
  'stripe',
  'nodemailer',
  'nodemailer/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@tanstack/*',
  'commander',
  'inversify',
  'reflect-metadata',
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
  useCaseFaces: {
    group: ['./use-cases.js', './index.js'],
    dynamic: '/^..(use-cases|index).js$/',
    message:
      'A use case imports Actor and the views from ./types.js, another use case from its own file: use-cases.ts and index.ts import every use case, so importing them closes a circle through the folder.',
  },
  noDatabase: {
    group: [...DATABASE_DRIVERS, ...PERSISTENCE_INSIDES],
    dynamic: '/^(pg$|pg-|better-sqlite3$|@electric-sql.|drizzle-)|persistence.(sqlite|postgres|shared)./',
    message: 'apps/ reach the database through Persistence (adapters/persistence/index.ts): no driver, drizzle or dialect schema.',
  },
};

const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src');
const SHARED_WEB = new Set(['api', 'components', 'lib', 'hooks']);

/** web/borders: resolves each relative import of an apps/web/src file and refuses one across a border. */
const webBorders = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      featureToFeature:
        "A feature never imports another feature ('{{from}}' imports '{{to}}'): the route composes them from each one's public face (features/<name>/index.ts), or the shared piece moves to api/, lib/ or components/.",
      sharedToFeature: "Shared code (api/, components/, lib/, hooks/) never imports a feature ('{{to}}'): move what both need into the shared layer.",
      publicFaceOnly: "Routes import a feature through its public face only: '{{to}}' is inside features/{{feature}}/ (import features/{{feature}}/index.js).",
    },
  },
  create(context) {
    const file = path.relative(WEB_SRC, context.filename).split(path.sep).join('/');
    if (file.startsWith('..') || path.isAbsolute(file)) return {};
    const [zone, second] = file.split('/');
    const own = zone === 'features' ? second : null;
    const check = (node) => {
      const spec = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const m = /^features\/([^/]+)(?:\/(.+))?$/.exec(target);
      if (!m) return;
      const [, feature, rest] = m;
      const data = { from: own, to: spec, feature };
      if (own) {
        if (feature !== own) context.report({ node, messageId: 'featureToFeature', data });
      } else if (SHARED_WEB.has(zone)) {
        context.report({ node, messageId: 'sharedToFeature', data });
      } else if (!/^index(\.(js|ts|tsx))?$/.test(rest ?? 'index')) {
        context.report({ node, messageId: 'publicFaceOnly', data });
      }
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
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
  { files: ['core/use-cases/*.ts'], ignores: ['core/use-cases/use-cases.ts', 'core/use-cases/index.ts'], rules: restrict(rules.core, rules.notTests, rules.useCaseFaces) },
  { files: ['adapters/**/*.ts'], rules: restrict(rules.notApps, rules.notTests) },
  { files: ['apps/**/*.{ts,tsx}'], rules: restrict(rules.noDatabase, rules.notTests) },
  { files: ['apps/web/src/**/*.{ts,tsx}'], plugins: { web: { rules: { borders: webBorders } } }, rules: { 'web/borders': 'error' } },
);
