import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingSizeReport } from './landing-size-plugin.js';
import { prerenderPages } from './prerender-plugin.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** `import … from '@core/domain/fees.js'`: the web app's one way into the core (also in tsconfig.json and vitest.config.ts). */
const coreAlias = { '@core': here('../../core') };
/**
 * A feature's modules only define components, hooks and queries: importing one runs nothing. Said to
 * the bundler so that a route importing a feature's public face (features/<name>/index.ts, the only
 * way in: eslint.config.js) carries just what it uses — without it the landing page's bundle took
 * every page the barrels re-export (376 KB gzip against its 120 KB budget). Any other module: the
 * bundler's own judgement (undefined), package.json `sideEffects` included.
 */
const featuresHaveNoSideEffects = (id: string): false | undefined => (/[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]/.test(id) ? false : undefined);
const apiPort = process.env.API_PORT || '3001';

/** What transforms the app's code, for the browser build and the pre-renderer's Node build alike. */
function routerPlugins() {
  return [
    // Must come before react(): it generates the route tree and splits each route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
  ];
}

// The applicant and admin SPA. `npm run build:web` (and `npm run build`) writes apps/web/dist, which the HTTP app serves;
// `npm run dev` runs this dev server with /api proxied to the API.
export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  resolve: { alias: coreAlias },
  plugins: [
    ...routerPlugins(),
    tailwindcss(),
    landingSizeReport(),
    // Pre-renders the public pages with the same components and compresses the assets (issue 15).
    prerenderPages({ entry: here('./src/entry-prerender.tsx'), routerPlugins }),
  ],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { treeshake: { moduleSideEffects: featuresHaveNoSideEffects } },
  },
  server: {
    port: Number(process.env.WEB_PORT || 3000),
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
});
