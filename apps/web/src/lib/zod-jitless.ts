// zod compiles object parsers with `new Function` when it may. Our Content-Security-Policy forbids
// eval, so zod's probe for it is a CSP violation the browser reports on every page with a form
// (Lighthouse's best-practices audit counts it); the interpreted parsers are fast enough for forms.
// This is zod's `config({ jitless: true })` without importing zod into the landing route (its core
// keeps the config on this global and adopts one that exists). Imported first by main.tsx, so it runs
// before any schema is built; tests/e2e/prerender.test.ts fails if a form page probes eval again.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
