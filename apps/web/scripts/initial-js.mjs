#!/usr/bin/env node
/**
 * Initial JavaScript of the public pages (DESIGN section 8's budget, decision record 011): the
 * scripts and module preloads a page's server HTML names, and the imports of its inline module
 * script, summed as the gzip (and brotli, as the server sends them) files `npm run build` wrote
 * (scripts/precompress.mjs). What those scripts import later (React DOM, from entry.client.tsx)
 * is not counted.
 *   node apps/web/scripts/initial-js.mjs [--files]        starts the built shop on port 3291
 *   INITIAL_JS_URL=http://host:port node ...              measures a running shop instead
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileServer, COMPILED_SERVER_ARGS } from '../../../scripts/compile-server.mjs';

const repo = path.resolve(import.meta.dirname, '../../..');
const client = path.resolve(import.meta.dirname, '../build/client');

/** Every /assets/*.js the page's HTML names: script src, module preloads, imports in inline module scripts. */
export function scriptsOf(html) {
  const found = new Set();
  for (const [, element, attributes] of html.matchAll(/<(script|link)\b([^>]*)>/g)) {
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(attributes)?.[1];
    if (url && (element === 'script' || /rel="modulepreload"/.test(attributes))) found.add(url);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, url] of body.matchAll(/import\s*(?:[\w{}\s,*]*from\s*)?\(?\s*"([^"]+\.js)"/g)) found.add(url);
  }
  return [...found].filter((url) => url.startsWith('/assets/'));
}

/** The gzip size in bytes of a built script, by its URL. */
export const gzipSize = (url) => statSync(path.join(client, `${url}.gz`)).size;
const brotliSize = (url) => statSync(path.join(client, `${url}.br`)).size;

/** The public pages the budget is for, by name. */
export async function publicPages(baseUrl) {
  const landing = await (await fetch(`${baseUrl}/api/products/GetLanding?condition=`)).json();
  const categories = await (await fetch(`${baseUrl}/api/categories`)).json();
  return {
    landing: '/landing',
    category: `/category?categoryCode=${categories[0].slug}`,
    products: '/products?search=box',
    'product detail': `/product-detail?productCode=${landing[0].product_id}`,
    basket: '/checkout',
    'sign-in': '/signin',
  };
}

/** Starts the built shop (as `npm start` in production) on a fresh data directory. */
export async function startShop(port = Number(process.env.INITIAL_JS_PORT ?? 3291)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-js-'));
  await compileServer();
  const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    child.kill('SIGTERM');
  };
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the shop did not start');
}

async function main() {
  const shop = process.env.INITIAL_JS_URL ? { url: process.env.INITIAL_JS_URL, stop() {} } : await startShop();
  try {
    const files = process.argv.includes('--files');
    const kb = (scripts, size) => (scripts.reduce((sum, url) => sum + size(url), 0) / 1024).toFixed(1);
    console.log('| page | scripts | initial JS (kB gzip) | (kB brotli) |\n|---|---|---|---|');
    for (const [name, pagePath] of Object.entries(await publicPages(shop.url))) {
      const scripts = scriptsOf(await (await fetch(`${shop.url}${pagePath}`)).text());
      console.log(`| ${name} | ${scripts.length} | ${kb(scripts, gzipSize)} | ${kb(scripts, brotliSize)} |`);
      if (files) for (const url of scripts) console.log(`|   | ${url} | ${kb([url], gzipSize)} | ${kb([url], brotliSize)} |`);
    }
  } finally {
    shop.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
