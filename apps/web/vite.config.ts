import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const FRAMEWORK_PACKAGES = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;
const SHARED_SHOP_CODE = /\/apps\/web\/app\/(components|lib|state)\/|\/packages\/contract\//;
// Code of a few pages only (checkout steps, orders, account forms, basket, static pages, the
// product page's pack table and tabs, the back office's frame) stays in those pages' chunks, out
// of every storefront page's start-up: a customer never downloads the back office, and the
// landing page not the product page's table. (The structured data and the dispatch promise are
// on most public pages: in the shared chunk they cost no request of their own.)
const PAGE_SPECIFIC_CODE =
  /\/components\/(checkout|orders|account|cart|admin)\/|\/components\/static-page\.tsx|\/components\/catalogue\/(size-selector|pack-table|order-quantity|product-info-tabs)\./;

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
        // Fewer, larger files for the browser: a page needs 5 scripts instead of 14, which
        // matters on slow mobile connections (each request waits for its own round trip).
        // React and React Router in one chunk, the shell's shared code in another; each
        // route, and the checkout-only components, stay in their own chunks.
        manualChunks: isSsrBuild
          ? undefined
          : (id: string) => {
              if (FRAMEWORK_PACKAGES.test(id)) return 'framework';
              if (SHARED_SHOP_CODE.test(id) && !PAGE_SPECIFIC_CODE.test(id)) return 'shop';
              return undefined;
            },
      },
    },
  },
}));
