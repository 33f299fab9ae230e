import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** Budget of the landing route's initial JavaScript (issue 6): entry + the `/` route chunk, gzip. */
// 120 KB until the catalogs' engine came (i18next, ICU, react-i18next and the switcher: ~30 KB gzip, docs/decisions/0037),
// which every page needs before it can hydrate; Lighthouse on / is the measure it answers to.
export const LANDING_JS_BUDGET_BYTES = 160 * 1024;

/**
 * Prints, after every build, how much JavaScript (gzip) the landing route needs before it can
 * render: the entry chunk, the `/` route's split component chunk, and everything they import
 * statically. Fails the build when the budget is exceeded.
 */
export function landingSizeReport(): Plugin {
  return {
    name: 'landing-size-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & ChunkLike => c.type === 'chunk') as unknown as ChunkLike[];
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const landing = chunks.find((c) => (c.facadeModuleId ?? '').replace(/\\/g, '/').includes('/routes/index.tsx') || c.moduleIds.some((id) => /\/routes\/index\.tsx\?tsr-split/.test(id)));
      if (!entry) return;
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        byName.get(name)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      if (landing) visit(landing.fileName);
      let total = 0;
      const parts: string[] = [];
      for (const name of seen) {
        const chunk = byName.get(name);
        if (!chunk) continue;
        const size = gzipSync(chunk.code).length;
        total += size;
        parts.push(`${name} ${(size / 1024).toFixed(1)} KB`);
      }
      const summary = `landing route initial JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${LANDING_JS_BUDGET_BYTES / 1024} KB) = ${parts.join(' + ')}`;
      this.info(summary);
      console.log(`\n${summary}`);
      if (total > LANDING_JS_BUDGET_BYTES) this.error(`The landing route's initial JavaScript is over budget: ${summary}`);
    },
  };
}
