import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, type AddressDto, type CartDto } from '@shop/contract';
import { DEMO_POSTCODES } from '../adapters/postcodes/demo-postcode-lookup.ts';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, createAddress, validAddress } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

describeOnEachDatabase('addresses API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { ...relaxedLimits, POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: '10000' } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('the address book', () => {
    it('saves an address for the signed-in user; the first one becomes the billing address', async () => {
      const alice = await signUp(t.app);
      const response = await request('POST', '/api/address', alice.token, validAddress({ user_id: 999 }));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const first = response.json<AddressDto>();
      expect(first).toEqual({
        address_id: expect.any(Number),
        reference: 'Warehouse',
        contact_name: 'Alice Walker',
        region: '12',
        company_name: 'Walker Crafts Ltd',
        address: 'Boar Lane',
        town: 'Leeds',
        country: 'United Kingdom',
        post_code: 'LS1 4AP',
        phone: '0113 496 0123',
        type: 'Billing',
        user_id: alice.userId,
        is_active: true,
      });
      const second = await createAddress(t.app, alice.token, { reference: 'Office', company_name: undefined });
      expect(second).toMatchObject({ type: null, company_name: '', reference: 'Office' });

      const list = await request('GET', `/api/address/GetBy/${alice.userId}`, alice.token);
      expect(list.statusCode).toBe(200);
      expect(list.json<AddressDto[]>().map((a) => [a.address_id, a.type])).toEqual([
        [first.address_id, 'Billing'],
        [second.address_id, null],
      ]);
      expect((await request('GET', `/api/address/${second.address_id}`, alice.token)).json()).toEqual(second);
    });

    it('two first addresses saved at once still make exactly one billing address', async () => {
      const alice = await signUp(t.app);
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => createAddress(t.app, alice.token, { reference: `Site ${i}` })));
      expect(results.filter((a) => a.type === 'Billing')).toHaveLength(1);
    });

    it('changes an address, keeping its billing mark', async () => {
      const alice = await signUp(t.app);
      const saved = await createAddress(t.app, alice.token);
      const response = await request('PUT', '/api/address', alice.token, { ...validAddress({ town: 'Bradford', post_code: 'BD1 1AA' }), address_id: saved.address_id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...saved, town: 'Bradford', post_code: 'BD1 1AA' });
    });

    it('marks another address as billing, with { address_id } or a bare id, and answers them all', async () => {
      const alice = await signUp(t.app);
      const a = await createAddress(t.app, alice.token, { reference: 'A' });
      const b = await createAddress(t.app, alice.token, { reference: 'B' });
      const c = await createAddress(t.app, alice.token, { reference: 'C' });
      const byObject = await request('PUT', '/api/address/MarkAsBilling', alice.token, { address_id: b.address_id });
      expect(byObject.statusCode).toBe(200);
      expect(byObject.json<AddressDto[]>().map((x) => [x.reference, x.type])).toEqual([
        ['A', null],
        ['B', 'Billing'],
        ['C', null],
      ]);
      const bare = await t.app.inject({
        method: 'PUT',
        url: '/api/address/MarkAsBilling',
        headers: { ...bearer(alice.token), 'content-type': 'application/json' },
        payload: String(c.address_id),
      });
      expect(bare.statusCode).toBe(200);
      expect(bare.json<AddressDto[]>().filter((x) => x.type === 'Billing').map((x) => x.address_id)).toEqual([c.address_id]);
      expect(a.type).toBe('Billing');
    });

    it.each([
      ['reference', '', fieldMessages.reference],
      ['reference', 'r'.repeat(101), fieldMessages.reference],
      ['contact_name', '   ', fieldMessages.contactName],
      ['region', 'x'.repeat(51), fieldMessages.region],
      ['address', 'a'.repeat(501), fieldMessages.address],
      ['town', '', fieldMessages.town],
      ['country', 'c'.repeat(51), fieldMessages.country],
      ['post_code', '', fieldMessages.postCode],
      ['phone', '0113 496', fieldMessages.addressPhone],
      ['phone', '0113 496 0123 456', fieldMessages.addressPhone],
      ['phone', undefined, fieldMessages.addressPhone],
    ])('refuses %s %j with the form message "%s"', async (field, value, message) => {
      const alice = await signUp(t.app);
      const response = await request('POST', '/api/address', alice.token, validAddress({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toContainEqual({ field, message });
    });

    it('stores the postcode normalised, whether added or changed ("ls1 4ap" -> "LS1 4AP"); an Eircode too', async () => {
      const alice = await signUp(t.app);
      const added = await request('POST', '/api/address', alice.token, validAddress({ post_code: 'ls1 4ap' }));
      expect(added.statusCode).toBe(200);
      expect(added.json<AddressDto>().post_code).toBe('LS1 4AP');
      const changed = await request('PUT', '/api/address', alice.token, { ...validAddress({ post_code: '  bt11aa ' }), address_id: added.json<AddressDto>().address_id });
      expect(changed.json<AddressDto>().post_code).toBe('BT1 1AA');
      expect((await createAddress(t.app, alice.token, { post_code: 'd02x285', town: 'Dublin', country: 'Ireland' })).post_code).toBe('D02 X285');
    });

    it.each([
      ['post_code', 'LS1', fieldMessages.postCodeFormat],
      ['post_code', '12345', fieldMessages.postCodeFormat],
      ['post_code', 'QQ1 1QQ', fieldMessages.postCodeFormat],
      ['post_code', 'LS1 4AP, Leeds', fieldMessages.postCodeFormat],
      ['phone', '0113 496 O123', fieldMessages.addressPhoneFormat],
      ['phone', '(0113) 4960123', fieldMessages.addressPhoneFormat],
      ['phone', '0113-496-0123', fieldMessages.addressPhoneFormat],
      ['phone', '0113 496 +0123', fieldMessages.addressPhoneFormat],
    ])('refuses %s %j with "%s"', async (field, value, message) => {
      const alice = await signUp(t.app);
      const response = await request('POST', '/api/address', alice.token, validAddress({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toContainEqual({ field, message });
    });

    it('accepts a phone number with a leading + and spaces', async () => {
      const alice = await signUp(t.app);
      expect((await createAddress(t.app, alice.token, { phone: '+44 113 4960123' })).phone).toBe('+44 113 4960123');
    });

    it('accepts the longest values the rules allow', async () => {
      const alice = await signUp(t.app);
      const response = await request(
        'POST',
        '/api/address',
        alice.token,
        validAddress({ reference: 'r'.repeat(100), contact_name: 'c'.repeat(100), region: 'g'.repeat(50), address: 'a'.repeat(500), phone: '0'.repeat(15) }),
      );
      expect(response.statusCode).toBe(200);
    });
  });

  describe('only the owner', () => {
    it('without a token every address call is a 401', async () => {
      const alice = await signUp(t.app);
      const saved = await createAddress(t.app, alice.token);
      const calls = [
        request('POST', '/api/address', null, validAddress()),
        request('PUT', '/api/address', null, { ...validAddress(), address_id: saved.address_id }),
        request('PUT', '/api/address/MarkAsBilling', null, { address_id: saved.address_id }),
        request('GET', `/api/address/GetBy/${alice.userId}`, null),
        request('GET', `/api/address/${saved.address_id}`, null),
        request('PUT', '/api/cart/AssignAddress', null, { addressId: saved.address_id, cartId: null }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe('unauthorized');
      }
    });

    it('without a valid token a malformed request is a 401 too: the caller learns nothing about the rules', async () => {
      const calls = [
        request('POST', '/api/address', null, { reference: '' }),
        request('PUT', '/api/address', 'not-a-real-token', { address_id: 'x' }),
        request('PUT', '/api/address/MarkAsBilling', null, {}),
        request('GET', '/api/address/GetBy/abc', null),
        request('GET', '/api/address/-1', null),
        request('PUT', '/api/cart/AssignAddress', null, { addressId: 'nope' }),
        request('GET', '/api/order/abc', null),
        request('POST', '/api/order', null, { total: 'free' }),
        request('GET', '/api/users/abc', null),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(401);
        expect(response.json().error).toBe('unauthorized');
      }
    });

    it('another user\'s token reaches nothing and changes nothing (404)', async () => {
      const alice = await signUp(t.app);
      const mallory = await signUp(t.app);
      const saved = await createAddress(t.app, alice.token);
      await createAddress(t.app, alice.token, { reference: 'Second' });
      await createAddress(t.app, mallory.token, { reference: 'Mine' });

      const calls = [
        request('PUT', '/api/address', mallory.token, { ...validAddress({ town: 'Hacked' }), address_id: saved.address_id, user_id: alice.userId }),
        request('PUT', '/api/address/MarkAsBilling', mallory.token, { address_id: saved.address_id }),
        request('GET', `/api/address/GetBy/${alice.userId}`, mallory.token),
        request('GET', `/api/address/${saved.address_id}`, mallory.token),
        request('PUT', '/api/cart/AssignAddress', mallory.token, { addressId: saved.address_id }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);

      const mine = (await request('GET', `/api/address/GetBy/${alice.userId}`, alice.token)).json<AddressDto[]>();
      expect(mine.map((a) => [a.town, a.type])).toEqual([
        ['Leeds', 'Billing'],
        ['Leeds', null],
      ]);
      // Mallory's own address book stayed hers, and one address.
      const hers = (await request('GET', `/api/address/GetBy/${mallory.userId}`, mallory.token)).json<AddressDto[]>();
      expect(hers.map((a) => a.reference)).toEqual(['Mine']);
    });
  });

  describe('delivering the basket to an address', () => {
    it('sets the basket\'s address, which the basket then answers', async () => {
      const alice = await signUp(t.app);
      const cart = await addToBasket(t.app, alice.token, packs.box25);
      const address = await createAddress(t.app, alice.token);
      const response = await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: address.address_id, cartId: cart.cart_id });
      expect(response.statusCode).toBe(200);
      const updated = response.json<CartDto>();
      expect(updated.address_id).toBe(address.address_id);
      expect(updated.cartIems[0]!.address_id).toBe(address.address_id);
      expect(updated.count).toBe(1);
    });

    it('refuses a PO box for delivery with a clear message; it is saved and can be the billing address', async () => {
      const alice = await signUp(t.app);
      await addToBasket(t.app, alice.token, packs.box25);
      const street = await createAddress(t.app, alice.token, { reference: 'Street' });
      for (const lines of [{ region: 'PO Box 42', address: 'Stornoway' }, { region: '1', address: 'P.O. Box 7, Harbour Road' }, { region: 'Box 42', address: 'Main Street' }]) {
        const poBox = await createAddress(t.app, alice.token, { ...lines, post_code: 'HS1 2XX', town: 'Stornoway' });
        const refused = await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: poBox.address_id });
        expect(refused.statusCode, JSON.stringify(lines)).toBe(400);
        expect(refused.json()).toMatchObject({
          error: 'invalid_request',
          message: 'We cannot deliver to PO boxes. Please give a street address.',
          fields: [{ field: 'addressId', message: 'We cannot deliver to PO boxes. Please give a street address.' }],
        });
        const billing = await request('PUT', '/api/address/MarkAsBilling', alice.token, { address_id: poBox.address_id });
        expect(billing.statusCode).toBe(200);
      }
      // The basket keeps no PO box as its delivery address.
      const cart = (await request('GET', `/api/cart/${alice.userId}`, alice.token)).json<CartDto>();
      expect(cart.address_id).toBeNull();
      expect((await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: street.address_id })).statusCode).toBe(200);
    });

    it('accepts ids as strings and an empty basket', async () => {
      const alice = await signUp(t.app);
      const address = await createAddress(t.app, alice.token);
      const response = await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: String(address.address_id), cartId: null });
      expect(response.statusCode).toBe(200);
      expect(response.json<CartDto>()).toMatchObject({ address_id: address.address_id, count: 0 });
    });

    it('refuses someone else\'s basket id and unknown addresses', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const bobsCart = await addToBasket(t.app, bob.token, packs.box25);
      const address = await createAddress(t.app, alice.token);
      expect((await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: address.address_id, cartId: bobsCart.cart_id })).statusCode).toBe(404);
      expect((await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: 999_999 })).statusCode).toBe(404);
      expect((await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: 'x' })).statusCode).toBe(400);
      const bobs = await t.app.inject({ method: 'GET', url: `/api/cart/${bob.userId}`, headers: bearer(bob.token) });
      expect(bobs.json<CartDto>().address_id).toBeNull();
    });
  });

  describe('finding addresses by postcode (demo data set)', () => {
    const find = (text: string, quote = '""') => t.app.inject({ method: 'GET', url: `/api/FindAddress/${quote}/${encodeURIComponent(text)}` });

    it('lists the sample addresses of a demo postcode, in any spacing or letter case, clearly labelled', async () => {
      for (const quote of ['""', '%22%22']) {
        const response = await find('ls14ap', quote);
        expect(response.statusCode).toBe(200);
        const entries = response.json<Record<string, string>[]>();
        expect(entries.length).toBeGreaterThan(1);
        expect(entries[0]).toEqual({
          line_1: '12 Boar Lane (demo)',
          building_number: '12',
          building_name: '',
          sub_building_name: '',
          thoroughfare: 'Boar Lane',
          post_town: 'Leeds',
          postcode: 'LS1 4AP',
          country: 'England',
        });
        for (const entry of entries) expect(entry.line_1).toMatch(/\(demo\)$/);
      }
      for (const postcode of DEMO_POSTCODES) {
        expect((await find(postcode.replace(' ', '').toLowerCase())).json<unknown[]>().length, postcode).toBeGreaterThan(0);
      }
    });

    it('answers a Failure with a clear message for a malformed or unknown postcode', async () => {
      const malformed = await find('12345');
      expect(malformed.statusCode).toBe(200);
      expect(malformed.json()).toEqual({
        status: 'Failure',
        erroMsg: '"12345" is not a valid UK postcode. Please check it, or enter your address manually.',
      });
      const unknown = (await find('ZZ99 9ZZ')).json<{ status: string; erroMsg: string }>();
      expect(unknown.status).toBe('Failure');
      expect(unknown.erroMsg).toContain('could not find any addresses for ZZ99 9ZZ');
      expect(unknown.erroMsg).toContain('LS1 4AP');
      expect((await find(' ')).json()).toMatchObject({ status: 'Failure' });
    });
  });
});

describeOnEachDatabase('postcode finder rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  it('limits look-ups per client IP with a 429 in the error shape', async () => {
    const from = (ip: string) => t.app.inject({ method: 'GET', url: '/api/FindAddress/""/M11AE', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await from('10.9.0.1')).statusCode).toBe(200);
    const limited = await from('10.9.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'too_many_requests', message: expect.any(String) });
    expect((await from('10.9.0.2')).statusCode).toBe(200);
  });
});
