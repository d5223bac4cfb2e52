import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeOnEachDatabase('POST /api/session', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { SESSION_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  /** Each test from its own address, so the per-IP limit of one does not touch another. */
  let nextAddress = 0;
  const newAddress = () => `10.20.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;

  it('makes a session without a body, with an empty JSON body, and with the storefront\'s { ip: "" }', async () => {
    const requests = [
      {},
      { headers: { 'content-type': 'application/json' } },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '  \n' },
      { payload: { ip: '' } },
      { payload: {} },
    ];
    const ids = new Set<string>();
    for (const request of requests) {
      const response = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: newAddress(), ...request });
      expect(response.statusCode, JSON.stringify(request)).toBe(200);
      expect(response.json<string>()).toMatch(UUID);
      ids.add(response.json<string>());
    }
    expect(ids.size).toBe(requests.length);
  });

  it('still refuses malformed JSON, and other routes still refuse an empty JSON body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: newAddress(),
      headers: { 'content-type': 'application/json' },
      payload: '{"ip":',
    });
    expect(malformed.statusCode).toBe(400);
    const emptyElsewhere = await t.app.inject({ method: 'POST', url: '/api/account', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyElsewhere.statusCode).toBe(400);
    expect(emptyElsewhere.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('limits new sessions per client IP: 429 with Retry-After after the limit, other addresses unaffected', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: address })).statusCode).toBe(200);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: newAddress() })).statusCode).toBe(200);
  });
});
