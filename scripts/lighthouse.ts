/**
 * `npm run lighthouse`: Lighthouse (mobile preset, Debian's Chromium) on the public pages of a
 * freshly started shop, printing performance score, LCP, TBT, CLS, the initial JavaScript (kB
 * gzip: what the page's HTML names, apps/web/scripts/initial-js.mjs) and all the JavaScript the
 * page loaded (kB transferred, React DOM included). Budgets: DESIGN section 8.
 *   LIGHTHOUSE_URL=http://host:port   measure a running shop instead of starting one
 *   LIGHTHOUSE_FRONT=https            load the pages through a local HTTPS front speaking HTTP/2
 *                                     (scripts/https-front.ts), as docs/deploy.md serves them,
 *                                     instead of from the shop's own HTTP/1.1 port
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { gzipSize, publicPages, scriptsOf } from '../apps/web/scripts/initial-js.mjs';
import { compileServer, COMPILED_SERVER_ARGS } from './compile-server.mjs';
import { startHttpsFront } from './https-front.ts';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function startShop(): Promise<{ url: string; stop(): void }> {
  const port = 3290;
  await compileServer();
  const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-lh-')) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the shop did not start');
}

const shop = process.env.LIGHTHOUSE_URL ? { url: process.env.LIGHTHOUSE_URL, stop() {} } : await startShop();
const pages = await publicPages(shop.url);
const front = process.env.LIGHTHOUSE_FRONT === 'https' ? await startHttpsFront(shop.url) : null;
const pagesUrl = front?.url ?? shop.url;

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The HTTPS front's certificate is a throwaway self-signed one.
    ...(front ? ['--ignore-certificate-errors'] : []),
  ],
});
const rows: string[][] = [];
/** What the LCP is made of, per page: the element and the four phases Lighthouse reports. */
const lcpBreakdowns: string[] = [];
try {
  for (const [name, pagePath] of Object.entries(pages)) {
    // Warm the server's caches once; Lighthouse itself loads the page cold in the browser.
    const html = await (await fetch(`${shop.url}${pagePath}`)).text();
    const initialKb = scriptsOf(html).reduce((sum, url) => sum + gzipSize(url), 0) / 1024;
    const result = await lighthouse(`${pagesUrl}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result!.lhr;
    const audit = (id: string) => lhr.audits[id]!;
    const scripts = (audit('network-requests').details as unknown as { items: { resourceType: string; transferSize: number }[] }).items.filter((i) => i.resourceType === 'Script');
    const jsKb = scripts.reduce((sum, i) => sum + i.transferSize, 0) / 1024;
    lcpBreakdowns.push(`${name}: ${describeLcp(audit('largest-contentful-paint-element').details)}`);
    // A score of 0 is Lighthouse failing to measure the page (for example no paint seen): say why.
    if (lhr.runtimeError) lcpBreakdowns.push(`${name}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    rows.push([
      name,
      String(Math.round((lhr.categories.performance!.score ?? 0) * 100)),
      `${((audit('largest-contentful-paint').numericValue ?? 0) / 1000).toFixed(2)} s`,
      `${Math.round(audit('total-blocking-time').numericValue ?? 0)} ms`,
      (audit('cumulative-layout-shift').numericValue ?? 0).toFixed(3),
      `${initialKb.toFixed(1)} kB`,
      `${jsKb.toFixed(1)} kB`,
    ]);
  }
} finally {
  await chrome.kill();
  await front?.close();
  shop.stop();
}
const header = ['page', 'performance', 'LCP', 'TBT', 'CLS', 'initial JS (gzip)', 'all JS (transferred)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\nLighthouse (mobile preset, ${chromePath}, pages ${front ? 'through an HTTPS front over HTTP/2' : "from the shop's HTTP/1.1 port"}); budgets: performance >= 95, LCP <= 1.5 s, CLS <= 0.02, initial JS <= 100 kB gzip\n`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
console.log('\nLCP element and phases (simulated mobile):');
for (const breakdown of lcpBreakdowns) console.log(`- ${breakdown}`);

function describeLcp(details: unknown): string {
  const lists = ((details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)?.items ?? []).map((table) => table.items ?? []);
  const node = lists[0]?.[0]?.node as { snippet?: string; nodeLabel?: string } | undefined;
  const phases = (lists[1] ?? []).map((p) => `${String(p.phase ?? p.label)} ${Math.round(Number(p.timing ?? 0))} ms`).join(', ');
  const element = (node?.snippet ?? node?.nodeLabel ?? 'unknown').replace(/\s+/g, ' ').slice(0, 90);
  return `${element}${phases ? ` (${phases})` : ''}`;
}
