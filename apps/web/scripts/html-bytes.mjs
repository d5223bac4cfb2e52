#!/usr/bin/env node
/**
 * Bytes of the public pages' server HTML (DESIGN section 8: Lighthouse's simulated LCP grows
 * with the document's size): the whole document and the loader data React Router streams into
 * it (the `streamController.enqueue(...)` scripts), raw and gzip, then each route's share of
 * that data as its own `.data` answer (raw). Measures bytes, not time: safe on a busy machine.
 *   node apps/web/scripts/html-bytes.mjs         starts the built shop on port 3292
 *   HTML_BYTES_URL=http://host:port node ...     measures a running shop instead
 */
import { gzipSync } from 'node:zlib';
import { publicPages, startShop } from './initial-js.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzip = (text) => gzipSync(text).length;

/** The loader data in a page: the bodies of the scripts that feed React Router's stream. */
function loaderDataOf(html) {
  return [...html.matchAll(/<script\b[^>]*>(window\.__reactRouterContext\.streamController\.enqueue\([\s\S]*?)<\/script>/g)]
    .map(([, body]) => body)
    .join('');
}

async function routeShares(baseUrl, pagePath, html) {
  const ids = /window\.__reactRouterRouteModules = (\{[^}]*\})/.exec(html)?.[1].match(/"([^"]+)":/g)?.map((id) => id.slice(1, -2)) ?? [];
  const url = new URL(pagePath, baseUrl);
  url.pathname = `${url.pathname}.data`;
  const shares = [];
  for (const id of ids) {
    url.searchParams.set('_routes', id);
    shares.push(`${id} ${kb((await (await fetch(url)).arrayBuffer()).byteLength)}`);
  }
  return shares.join(', ');
}

async function main() {
  const shop = process.env.HTML_BYTES_URL ? { url: process.env.HTML_BYTES_URL, stop() {} } : await startShop(3292);
  try {
    console.log('| page | HTML raw | HTML gzip | loader data raw | loader data gzip | per route (.data, raw kB) |\n|---|---|---|---|---|---|');
    for (const [name, pagePath] of Object.entries(await publicPages(shop.url))) {
      const html = await (await fetch(`${shop.url}${pagePath}`)).text();
      const data = loaderDataOf(html);
      const cells = [kb(Buffer.byteLength(html)), kb(gzip(html)), kb(Buffer.byteLength(data)), kb(gzip(data)), await routeShares(shop.url, pagePath, html)];
      console.log(`| ${name} | ${cells.join(' | ')} |`);
    }
  } finally {
    shop.stop();
  }
}

await main();
