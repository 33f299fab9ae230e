import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingSizeReport } from './landing-size-plugin.js';
import { prerenderPages } from './prerender-plugin.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
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
  },
  server: {
    port: Number(process.env.WEB_PORT || 3000),
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
});
