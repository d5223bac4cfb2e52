/**
 * Where `npm run build` writes the storefront, and whether it is there: the server serves pages
 * only with it; tests and benchmarks that need pages skip (and say so) without it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** apps/web/build of this repository. */
export const STOREFRONT_BUILD_DIR = path.resolve(import.meta.dirname, '../../../web/build');

/** The server bundle of a storefront build (React Router's build/server/index.js). */
export function storefrontServerEntry(buildDir: string): string {
  return path.join(buildDir, 'server', 'index.js');
}

export function storefrontIsBuilt(buildDir: string = STOREFRONT_BUILD_DIR): boolean {
  return existsSync(storefrontServerEntry(buildDir));
}
