import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/web-build.js';

export const ROUTE_TREE = path.join(REPO_ROOT, 'apps/web/src/routeTree.gen.ts');

/**
 * Every path the SPA's router knows, read from the tree TanStack Router generates from
 * apps/web/src/routes (its `FileRoutesByFullPath` interface). Read as text, not imported: importing
 * it would load every page's React code into the test process.
 */
export function routerPaths(source = readFileSync(ROUTE_TREE, 'utf8')): string[] {
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1];
  if (!block) throw new Error(`${ROUTE_TREE} has no FileRoutesByFullPath interface: has TanStack Router changed its generated file?`);
  const paths = Array.from(block.matchAll(/^\s*'([^']+)'\s*:/gm), (m) => m[1]!);
  if (paths.length === 0) throw new Error(`No routes found in ${ROUTE_TREE}`);
  return paths.sort();
}
