/**
 * A visitor who closes the connection while a page is still arriving (navigates away, loses
 * signal) must cost the shop nothing. The server process ended on it once: the streamed page's
 * inner stream was destroyed by the cancelled response with no one listening for its error
 * (a CI run lost its server in the middle of the browser tests). The real server process, its
 * storefront build and the demo catalogue, over raw sockets: the answer is read up to its first
 * bytes, then the connection is dropped.
 */
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { createDataDir, type ServerProcess, sleep, startServer, stopAllServers } from './server-process.ts';

const storefrontBuilt = storefrontIsBuilt();
const noBuild = storefrontBuilt ? '' : ' (SKIPPED: no storefront build at apps/web/build; run `npm run build` first)';

/** Sends a request and drops the connection as soon as the first bytes of the answer arrive. */
function closeAfterFirstBytes(port: number, request: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.once('data', () => socket.destroy());
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

describe.skipIf(!storefrontBuilt)(`visitors who leave while a page is arriving${noBuild}`, () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await createDataDir('shop-left-mid-page', { seeded: true });
    server = await startServer({ label: 'left mid-page', env: { DATA_DIR: dataDir } });
  });

  afterAll(async () => {
    await stopAllServers();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('pages dropped after their first bytes, compressed (br, gzip) or not, leave the server answering', async () => {
    const [first] = (await (await fetch(`${server.baseUrl}/api/products/GetLanding?condition=`)).json()) as { product_id: number }[];
    expect(first).toBeDefined();
    const pages = ['/landing', '/products?search=tape', `/product-detail?productCode=${first!.product_id}`, '/about'];
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const page of pages) {
        for (let i = 0; i < 10; i++) {
          await closeAfterFirstBytes(server.port, `GET ${page} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${encoding}\r\n\r\n`);
        }
      }
    }
    await sleep(500); // a stream's error is emitted on a later tick
    expect(server.hasExited(), server.errors.slice(-20).join('\n')).toBe(false);
    expect((await fetch(`${server.baseUrl}/landing`)).status).toBe(200);
  });
});
