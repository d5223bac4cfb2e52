import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../testing/test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  route?: string | null;
  responseTime?: number;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  error?: unknown;
}

describe('request log at the default level (info)', () => {
  let app: App;
  let drop: () => Promise<void>;
  const lines: LogLine[] = [];
  const ofRequest = (id: string) => lines.filter((line) => line.reqId === id);
  const get = (url: string, id: string) => app.inject({ url, headers: { 'x-request-id': id } });

  beforeAll(async () => {
    const created = await createTestDatabase('pglite');
    drop = created.drop;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
        done();
      },
    });
    app = await buildApp({ config: loadConfig({ DATA_DIR: '/tmp/shop-test-data', LOG_LEVEL: 'info' }), database: created.database, logger: { stream } });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('writes one line per request: method, URL, route pattern, status and time under its request id', async () => {
    expect((await get('/api/products/GetById/999999', 'one-line-1')).statusCode).toBe(404);
    const [line, ...more] = ofRequest('one-line-1');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      route: '/api/products/GetById/:id',
      req: { method: 'GET', url: '/api/products/GetById/999999' },
      res: { statusCode: 404 },
    });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('leaves catalogue answers served from the cache out (they are at debug)', async () => {
    expect((await get('/api/categories', 'cached-1')).statusCode).toBe(200);
    expect((await get('/api/categories', 'cached-2')).statusCode).toBe(200);
    expect(ofRequest('cached-1').map((line) => line.msg)).toEqual(['request completed']);
    expect(ofRequest('cached-2')).toEqual([]);
  });

  it('still logs a refused request in one line, and a bad body with its reason', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/account', headers: { 'content-type': 'application/json', 'x-request-id': 'refused-1' }, payload: '{"email":' });
    expect(refused.statusCode).toBe(400);
    expect(ofRequest('refused-1').filter((line) => line.msg === 'request completed')).toHaveLength(1);
    expect(ofRequest('refused-1').find((line) => line.msg === 'request completed')!.res!.statusCode).toBe(400);
  });
});
