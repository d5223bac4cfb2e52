/**
 * The Ideal Postcodes adapter against a local imitation of the provider's REST API (node:http
 * on 127.0.0.1), through the whole app: GET /api/FindAddress/""/{postcode}.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostcodeProviderUnavailable } from '@shop/core';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { IdealPostcodesLookup } from './ideal-postcodes-lookup.ts';

const API_KEY = 'ak_test_0123456789';

const downingStreet = {
  postcode: 'SW1A 2AA',
  postcode_inward: '2AA',
  postcode_outward: 'SW1A',
  post_town: 'London',
  dependant_locality: '',
  thoroughfare: 'Downing Street',
  building_number: '10',
  building_name: '',
  sub_building_name: '',
  line_1: 'Prime Minister & First Lord of the Treasury',
  line_2: '10 Downing Street',
  line_3: '',
  premise: '10',
  organisation_name: 'Prime Minister & First Lord of the Treasury',
  country: 'England',
  county: 'London',
  uprn: '100023336956',
  udprn: 23747771,
  longitude: -0.1276,
  latitude: 51.5034,
};

type Behaviour = 'normal' | 'down' | 'slow' | 'bad-key';

describe('Ideal Postcodes adapter against a local imitation', () => {
  let provider: Server;
  let baseUrl: string;
  let behaviour: Behaviour = 'normal';
  const requests: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    provider = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (behaviour === 'slow') return void setTimeout(() => send(200, { result: [downingStreet], code: 2000, message: 'Success' }), 2_000);
      if (behaviour === 'down') return send(503, { code: 5030, message: 'Service unavailable' });
      if (behaviour === 'bad-key' || url.searchParams.get('api_key') !== API_KEY) {
        return send(401, { code: 4010, message: 'Invalid Key. Please ensure that you are using a valid API Key' });
      }
      const match = /^\/v1\/postcodes\/(.+)$/.exec(url.pathname);
      if (!match) return send(404, { code: 4040, message: 'Resource not found' });
      const postcode = decodeURIComponent(match[1]!);
      if (postcode === 'SW1A 2AA') return send(200, { result: [downingStreet, { ...downingStreet, building_number: '11', line_1: '11 Downing Street' }], code: 2000, message: 'Success' });
      return send(404, { code: 4040, message: 'Postcode not found' });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', () => resolve()));
    baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    t = await createTestApp({
      seed: false,
      env: { IDEAL_POSTCODES_API_KEY: API_KEY, IDEAL_POSTCODES_BASE_URL: baseUrl, POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: '10000' },
    });
  });
  afterAll(async () => {
    await t?.close();
    provider.closeAllConnections();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });
  afterEach(() => {
    behaviour = 'normal';
    requests.length = 0;
  });

  const find = (text: string) => t.app.inject({ method: 'GET', url: `/api/FindAddress/%22%22/${encodeURIComponent(text)}` });

  it('found: asks for the normalised postcode with the key, and answers the SPEC fields', async () => {
    const response = await find('sw1a2aa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        line_1: 'Prime Minister & First Lord of the Treasury',
        building_number: '10',
        building_name: '',
        sub_building_name: '',
        thoroughfare: 'Downing Street',
        post_town: 'London',
        postcode: 'SW1A 2AA',
        country: 'England',
      },
      expect.objectContaining({ building_number: '11', line_1: '11 Downing Street' }),
    ]);
    expect(requests).toEqual([`/v1/postcodes/SW1A%202AA?api_key=${API_KEY}`]);
  });

  it('remembers a found postcode, sparing paid look-ups', async () => {
    await find('SW1A 2AA');
    expect(requests).toEqual([]);
  });

  it('not found: a Failure saying so', async () => {
    const response = await find('EC1A 1BB');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'Failure',
      erroMsg: 'We could not find any addresses for EC1A 1BB. Please check the postcode, or enter your address manually.',
    });
    expect(requests).toHaveLength(1);
  });

  it('malformed postcode: a Failure, and the provider is never called', async () => {
    for (const text of ['hello', '12345', 'SW1A 2A', 'SW1A/2AA', 'x'.repeat(50)]) {
      const response = await find(text);
      expect(response.statusCode, text).toBe(200);
      expect(response.json<{ status: string; erroMsg: string }>().erroMsg, text).toMatch(/is not a valid UK postcode/);
    }
    expect(requests).toEqual([]);
  });

  it('provider down, refusing the key or too slow: a Failure telling the customer to type the address', async () => {
    const message = { status: 'Failure', erroMsg: 'The address finder is not available right now. Please enter your address manually.' };
    behaviour = 'down';
    expect((await find('M1 1AE')).json()).toEqual(message);
    behaviour = 'bad-key';
    expect((await find('M1 1AE')).json()).toEqual(message);
    expect(requests).toHaveLength(2);
  });

  it('the adapter reports why the provider is unavailable (for the log)', async () => {
    behaviour = 'slow';
    const slow = new IdealPostcodesLookup({ apiKey: API_KEY, baseUrl, timeoutMs: 200 });
    await expect(slow.find('M1 1AE')).rejects.toThrow(new PostcodeProviderUnavailable('no answer within 200 ms'));
    behaviour = 'down';
    await expect(slow.find('M1 1AE')).rejects.toThrow(/answered 503 \(code 5030\): Service unavailable/);
    const nowhere = new IdealPostcodesLookup({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    await expect(nowhere.find('M1 1AE')).rejects.toThrow(/request failed/);
  });
});
