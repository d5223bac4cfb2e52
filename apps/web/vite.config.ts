import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// React DOM (and React Router's DOM entry, which imports it) is imported by entry.client.tsx
// alone, dynamically: it is not among the module preloads of a page's HTML (decision record 011).
const REACT_DOM = /\/node_modules\/(react-dom|scheduler)\/|\/node_modules\/react-router\/dist\/\w+\/dom-export\./;
const FRAMEWORK = /\/node_modules\/(react|react-router|cookie|set-cookie-parser)\/|vite\/preload-helper/;
// The shell of every storefront page (root and the shop frame: header, footer, cookie banner)
// and the code the public pages share (cards, breadcrumb, structured data) go in one chunk;
// the rest of a page's code stays with that page, so a customer never loads the back office.
const SHELL_ROUTES = /\/app\/(root|routes\/shop-frame)\.tsx/;
// (A route module enters the browser build as `<file>?__react-router-build-client-route`.)
const PUBLIC_PAGES = /\/app\/routes\/(landing|category|products|product-detail|checkout|signin)\.tsx\?/;
const SHOP_CODE = /\/apps\/web\/app\/|\/packages\/contract\//;

type ChunkMeta = { getModuleIds(): IterableIterator<string>; getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The browser build's chunks: React and React Router, React DOM, the shop's shared code, then Rollup's own split. */
function browserChunks() {
  let shop: Set<string> | undefined;
  return (id: string, meta: ChunkMeta): string | undefined => {
    if (REACT_DOM.test(id)) return 'react-dom';
    if (FRAMEWORK.test(id)) return 'framework';
    shop ??= sharedShopCode(meta);
    return shop.has(id) ? 'shop' : undefined;
  };
}

/** What the shell imports, and what two or more of the public pages import. */
function sharedShopCode(meta: ChunkMeta): Set<string> {
  const modules = [...meta.getModuleIds()];
  const shared = staticImportsOf(modules.filter((id) => SHELL_ROUTES.test(id)), meta);
  const seen = new Set<string>();
  for (const page of modules.filter((id) => PUBLIC_PAGES.test(id))) {
    for (const id of staticImportsOf([page], meta)) {
      if (seen.has(id)) shared.add(id);
      seen.add(id);
    }
  }
  return new Set([...shared].filter((id) => SHOP_CODE.test(id)));
}

/** The modules `entries` import, directly or through others, statically. */
function staticImportsOf(entries: string[], meta: ChunkMeta): Set<string> {
  const found = new Set<string>();
  const queue = [...entries];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * The server build leaves the workspace packages out: the server process (run with tsx) loads
 * core, db and contract once, for the API and the pages alike, so the services in the load
 * context and the page modules share one copy of each class and a domain error thrown by core
 * is `instanceof` its class in an action (DESIGN section 2). Done here because Vite's
 * `ssr.external` keeps only .js files external, and these packages are TypeScript sources.
 */
const workspacePackagesExternal: Plugin = {
  name: 'shop:workspace-packages-external',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.config.consumer === 'server',
  resolveId: (id) => (/^@shop\/(contract|core|db)(\/|$)/.test(id) ? { id, external: true } : null),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), workspacePackagesExternal],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // Few files for the browser (each request waits for its own round trip on a slow phone),
        // and on each page only the code it shows.
        manualChunks: isSsrBuild ? undefined : browserChunks(),
      },
    },
  },
}));
