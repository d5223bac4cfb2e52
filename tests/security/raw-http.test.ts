/**
 * HTTP as an outside test sends it, over real sockets to a listening app
 * with the storefront.
 *  - A missing or malformed Host (or X-Forwarded-Host from the trusted loopback proxy) never
 *    makes a page answer 500.
 *  - Fastify's own errors answer in DESIGN's JSON shape `{ error, message }`: a malformed URL
 *    (`/api/%`), a method pages do not answer (`PUT /landing`: 405 with Allow), a request the
 *    HTTP parser refuses.
 *  - Slow clients cannot hold a connection: one that sends nothing is closed, a body trickled
 *    a byte at a time is cut with a 408, and an ordinary keep-alive connection still serves
 *    several requests. The app runs with short timeouts so this takes seconds.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { createSecurityApp, type SecurityApp } from './support.ts';

const buildDir = STOREFRONT_BUILD_DIR;
const storefrontBuilt = storefrontIsBuilt();
const noBuild = storefrontBuilt ? '' : ' (SKIPPED: no storefront build at apps/web/build; run `npm run build` first)';

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_500;

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Everything the server sent until it closed the connection (or `waitMs` passed). */
function exchange(port: number, request: string, waitMs = 10_000): Promise<{ text: string; closedByServer: boolean; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closedByServer: false, elapsedMs: Date.now() - started });
    }, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closedByServer: true, elapsedMs: Date.now() - started });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** The first response in raw HTTP/1.1 text (chunked bodies joined). */
function parseResponse(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  expect(end, `no complete response in ${JSON.stringify(text.slice(0, 200))}`).toBeGreaterThan(0);
  const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  let body = text.slice(end + 4);
  if (headers.get('transfer-encoding') === 'chunked') {
    let joined = '';
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.slice(at, lineEnd), 16);
      if (!size) break;
      joined += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = joined;
  } else if (headers.has('content-length')) body = body.slice(0, Number(headers.get('content-length')));
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

async function send(port: number, request: string): Promise<RawAnswer> {
  return parseResponse((await exchange(port, request)).text);
}

function expectErrorShape(answer: RawAnswer, status: number, error?: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ error: error ?? expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) });
  expect(body).not.toHaveProperty('statusCode'); // Fastify's own shape
  expect(body).not.toHaveProperty('code');
}

describe('security: raw HTTP (Host headers, Fastify errors, slow clients)', () => {
  let t: SecurityApp;
  let port: number;

  beforeAll(async () => {
    t = await createSecurityApp('pglite', {
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      },
      ...(storefrontBuilt ? { storefront: { buildDir } } : {}),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  describe('Host headers', () => {
    const hostCases: [string, string][] = [
      ['HTTP/1.0 with no Host', 'GET / HTTP/1.0\r\n\r\n'],
      ['HTTP/1.0 with no Host, a page', 'GET /landing HTTP/1.0\r\n\r\n'],
      ['Host: [', 'GET /landing HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n'],
      ['an empty Host', 'GET /landing HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n'],
      ['Host: @', 'GET /landing HTTP/1.1\r\nHost: @\r\nConnection: close\r\n\r\n'],
      ['Host: a:b:c', 'GET /landing HTTP/1.1\r\nHost: a:b:c\r\nConnection: close\r\n\r\n'],
      ['Host: [::1', 'GET /landing HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n'],
      ['X-Forwarded-Host: [ from the loopback proxy', 'GET /landing HTTP/1.1\r\nHost: shop.test\r\nX-Forwarded-Host: [\r\nConnection: close\r\n\r\n'],
      ['X-Forwarded-Host: a:b:c, a page action', 'POST /signin HTTP/1.1\r\nHost: shop.test\r\nX-Forwarded-Host: a:b:c\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b'],
      ['a .data request with Host: [', 'GET /landing.data HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n'],
    ];

    it.skipIf(!storefrontBuilt).each(hostCases)(`%s: a page answers below 500${noBuild}`, async (_label, request) => {
      const answer = await send(port, request);
      expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
      if (answer.status >= 400 && answer.headers.get('content-type')?.startsWith('application/json')) expectErrorShape(answer, answer.status);
    });

    it('an HTTP/1.1 request with no Host is refused with a 400 in the JSON error shape', async () => {
      expectErrorShape(await send(port, 'GET /landing HTTP/1.1\r\nConnection: close\r\n\r\n'), 400);
    });
  });

  describe("Fastify's own errors in DESIGN's shape", () => {
    it.each(['/api/%', '/api/products/GetById/%E0%A4%A', '/%', '/landing%'])('a malformed URL (%s) answers 400 JSON', async (url) => {
      expectErrorShape(await send(port, `GET ${url} HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n`), 400, 'invalid_request');
    });

    it.skipIf(!storefrontBuilt).each([
      ['PUT', '/landing'],
      ['DELETE', '/products'],
      ['PATCH', '/about'],
      ['OPTIONS', '/landing'],
      ['DELETE', '/no-such-page'],
    ])(`%s %s: a method pages do not answer is a 405 JSON naming the allowed ones${noBuild}`, async (method, url) => {
      const answer = await send(port, `${method} ${url} HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expectErrorShape(answer, 405, 'method_not_allowed');
      expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    });

    it.each([
      ['PUT', '/api/nothing-here'],
      ['DELETE', '/api/categories'],
      ['PUT', '/media/nothing.svg'],
    ])('%s %s: outside the pages an unknown route is a 404 JSON', async (method, url) => {
      expectErrorShape(await send(port, `${method} ${url} HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`), 404, 'not_found');
    });

    it('a request the HTTP parser refuses answers 400 JSON', async () => {
      expectErrorShape(await send(port, 'GET /landing HTTP/1.1\r\nHost: shop.test\r\nBad Header Line\r\n\r\n'), 400, 'invalid_request');
    });

    it('headers over the size limit answer 431 JSON', async () => {
      expectErrorShape(await send(port, `GET /landing HTTP/1.1\r\nHost: shop.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
    });
  });

  describe('slow clients', () => {
    it('a connection that never sends anything is closed', async () => {
      const { text, closedByServer, elapsedMs } = await exchange(port, '', REQUEST_TIMEOUT_MS + 5_000);
      expect(closedByServer).toBe(true);
      expect(elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      // Nothing was asked, so at most a 408 was answered.
      if (text) expectErrorShape(parseResponse(text), 408, 'request_timeout');
    });

    it('headers sent a line at a time and never finished are answered 408 and closed', async () => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /api/categories HTTP/1.1\r\nHost: shop.test\r\n');
      const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 300);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 5_000))]);
      clearInterval(trickle);
      socket.destroy();
      expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      expectErrorShape(parseResponse(Buffer.concat(received).toString('latin1')), 408, 'request_timeout');
    });

    it('a body trickled a byte at a time is cut with a 408 once the request time is up', async () => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const body = JSON.stringify({ error: 'x'.repeat(200), request: '', extra_info: '', external_id: 'slow' });
      socket.write(`POST /api/OrderLog HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      let sent = 0;
      const trickle = setInterval(() => {
        if (socket.writable && sent < body.length) socket.write(body[sent++]!);
      }, 200);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 5_000))]);
      clearInterval(trickle);
      socket.destroy();
      expect(sent).toBeLessThan(body.length);
      expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      expectErrorShape(parseResponse(Buffer.concat(received).toString('latin1')), 408, 'request_timeout');
    });

    it('an ordinary keep-alive connection serves several requests, then closes when left idle', async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let buffered = '';
      socket.on('data', (chunk) => (buffered += chunk.toString('latin1')));
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
      const nextResponse = async () => {
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline) {
          const end = buffered.indexOf('\r\n\r\n');
          if (end > 0) {
            const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
            if (buffered.length >= end + 4 + length) {
              const answer = parseResponse(buffered.slice(0, end + 4 + length));
              buffered = buffered.slice(end + 4 + length);
              return answer;
            }
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`no complete response: ${JSON.stringify(buffered.slice(0, 200))}`);
      };
      for (let i = 0; i < 3; i++) {
        socket.write('GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n');
        const answer = await nextResponse();
        expect(answer.status).toBe(200);
        expect(answer.headers.get('connection')).not.toBe('close');
        // A pause shorter than the keep-alive timeout keeps the connection.
        await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_TIMEOUT_MS / 3));
      }
      const idleSince = Date.now();
      const closedAt = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), KEEP_ALIVE_TIMEOUT_MS + 5_000))]);
      socket.destroy();
      expect(closedAt, 'the idle keep-alive connection was not closed').toBeGreaterThan(0);
      expect(closedAt - idleSince).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + 1_500);
    });
  });
});
