/**
 * An HTTPS front for measuring pages as the deploy guide serves them (docs/deploy.md: Caddy or
 * nginx terminating TLS and speaking HTTP/2 to browsers, HTTP/1.1 to the shop): a local HTTP/2
 * server with a throwaway self-signed certificate (made with the openssl command) that passes
 * each request on to the shop, saying the visit came over HTTPS. For `npm run lighthouse` only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, constants } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers HTTP/2 forbids (connection-specific): dropped from the shop's HTTP/1.1 answers. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-front-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttpsFront(shopUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const shop = new URL(shopUrl);
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (incoming, outgoing) => {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(incoming.headers)) if (!name.startsWith(':')) headers[name] = value;
    headers.host = incoming.headers[constants.HTTP2_HEADER_AUTHORITY] as string | undefined ?? incoming.headers.host;
    headers['x-forwarded-proto'] = 'https';
    headers['x-forwarded-for'] = incoming.socket.remoteAddress ?? '127.0.0.1';
    const upstream = httpRequest({ host: shop.hostname, port: shop.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      const answerHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
      outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end()));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://localhost:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
