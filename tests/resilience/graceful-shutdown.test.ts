/**
 * Operations, on the real server process (PGlite):
 *  - /healthz (the process is up) and /readyz (the database answers) exist and answer JSON;
 *  - logs are JSON lines, and every line of a request carries its request id (`reqId`): the
 *    caller's x-request-id when it is a sane token, else a fresh UUID;
 *  - SIGTERM is a graceful shutdown: new connections are refused at once, a request already in
 *    flight still completes (its write committed), the database is closed, and the process
 *    exits 0, well before the 10 s forced exit.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../apps/server/src/testing/until.ts';
import { call, createDataDir, expectStatus, type ServerProcess, startServer, stopAllServers } from './server-process.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { url?: string };
}

/** True once a TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('operations: health checks, request ids in JSON logs, graceful shutdown [pglite]', () => {
  let dataDir: string;
  let server: ServerProcess;
  // debug: the test waits for a request's arrival ('incoming request', logged at debug).
  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });

  beforeAll(async () => {
    dataDir = await createDataDir('shop-ops', { seeded: true });
    server = await startServer({ label: 'operations', env: env() });
  });

  afterAll(async () => {
    await stopAllServers();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const logLines = (): LogLine[] => server.logs.map((line) => JSON.parse(line) as LogLine);

  it('/healthz says the process is up and /readyz that the database answers', async () => {
    const health = await call(server.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await call(server.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('logs JSON lines; each line of a request carries its reqId, taken from a sane x-request-id or a fresh UUID', async () => {
    const traced = `lb-${randomUUID()}`;
    await expectStatus(200, server.baseUrl, 'GET', '/api/products/Search?filter=box', { headers: { 'x-request-id': traced } });
    const probe = randomUUID();
    await expectStatus(200, server.baseUrl, 'GET', `/healthz?probe=${probe}`, { headers: { 'x-request-id': 'not a <sane> id' } });
    const lastId = `last-${randomUUID()}`;
    await expectStatus(200, server.baseUrl, 'GET', `/healthz?probe=${probe}-2`);
    await expectStatus(200, server.baseUrl, 'GET', '/healthz', { headers: { 'x-request-id': lastId } });
    // The child's stdout reaches us a moment after the answers: up to the last request's completion.
    await until(async () => server.logs.some((line) => line.includes(lastId) && line.includes('request completed')), 5_000, 'the last request in the log');

    // Every stdout line is one JSON object (nothing else is printed there).
    expect(() => logLines()).not.toThrow();
    const lines = logLines();

    const ofTraced = lines.filter((l) => l.reqId === traced);
    expect(ofTraced.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(ofTraced.find((l) => l.msg === 'incoming request')!.req!.url).toBe('/api/products/Search?filter=box');

    const idOf = (url: string) => {
      const incoming = lines.find((l) => l.msg === 'incoming request' && l.req?.url === url);
      expect(incoming, url).toBeDefined();
      return incoming!.reqId!;
    };
    const replaced = idOf(`/healthz?probe=${probe}`);
    const generated = idOf(`/healthz?probe=${probe}-2`);
    expect(replaced).toMatch(UUID); // the malformed incoming id was not trusted
    expect(generated).toMatch(UUID);
    expect(generated).not.toBe(replaced);
    // The completion line of the same request carries the same id.
    expect(lines.filter((l) => l.reqId === generated).map((l) => l.msg)).toContain('request completed');
  });

  it('SIGTERM: refuses new connections, completes the in-flight request, closes the database and exits 0', async () => {
    const email = `shutdown-${randomUUID()}@example.com`;
    const body = JSON.stringify({ first_name: 'Grace', last_name: 'Fulshutdown', email, password: 'correct horse', phone: '0113 496 0999' });

    // An idle keep-alive connection (one answered request, then nothing) must not hold the shutdown.
    const idleAgent = new http.Agent({ keepAlive: true });
    const idleAnswer = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.port, path: '/healthz', agent: idleAgent }, (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        })
        .once('error', reject);
    });
    expect(idleAnswer).toBe(200);

    // The in-flight request, on a keep-alive connection as a browser or load balancer keeps:
    // headers and the first bytes of the body are on the server...
    const keepAlive = new http.Agent({ keepAlive: true });
    const inFlightId = `in-flight-${randomUUID()}`;
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/users',
      agent: keepAlive,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': inFlightId },
    });
    const answered = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      request.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }));
      });
      request.once('error', reject);
    });
    request.write(body.slice(0, 20));
    await until(async () => server.logs.some((line) => line.includes(inFlightId) && line.includes('incoming request')), 5_000, 'the server to have the request');

    // ...when SIGTERM arrives.
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // It stops accepting new connections.
    await until(() => refused(server.port), 5_000, 'the server to refuse new connections after SIGTERM');
    expect(server.hasExited()).toBe(false); // still finishing the request in flight

    // The rest of the body arrives; the request completes normally.
    request.end(body.slice(20));
    const response = await answered;
    expect(response.status, response.body).toBe(200);
    expect(response.connection).toBe('close'); // the client must not reuse the connection
    const signedUp = JSON.parse(response.body) as { userId: number; token: string };
    expect(signedUp.userId).toBeGreaterThan(0);

    // Then the database is closed and the process exits 0, without the forced exit.
    const exit = await server.exited;
    idleAgent.destroy();
    keepAlive.destroy();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
    const messages = logLines().map((l) => l.msg);
    expect(messages).toContain('shutting down: no new connections, finishing in-flight requests');
    expect(messages).toContain('database closed');

    // The in-flight request's write was committed before the database closed.
    server = await startServer({ label: 'operations after restart', env: env() });
    const signIn = await call<{ userId: number }>(server.baseUrl, 'POST', '/api/account', { body: { email, password: 'correct horse' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.userId).toBe(signedUp.userId);
  });
});
