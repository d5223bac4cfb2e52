/**
 * My account through the API: change the password (the current one needed,
 * every other sign-in ended, limited like sign-in), the company name, VAT number and newsletter
 * choice, and deleting an address (owner only; past orders keep theirs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSettingsMessages, type AddressDto, type OrderDto } from '@shop/contract';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf, createAddress, orderBodyFrom, placeOrder } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000', AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '10000' };

describeOnEachDatabase('my account API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: relaxedLimits });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password } });

  describe('PUT /api/account/password', () => {
    it('needs the right current password: a wrong one is a 400 on that field and changes nothing', async () => {
      const alice = await signUp(t.app);
      const response = await request('PUT', '/api/account/password', alice.token, { current_password: 'not my password', new_password: 'battery staple' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'invalid_request',
        fields: [{ field: 'current_password', message: accountSettingsMessages.currentPasswordWrong }],
      });
      expect((await signIn(alice.email, alice.password)).statusCode).toBe(200);
      expect((await signIn(alice.email, 'battery staple')).statusCode).toBe(401);
      expect((await request('GET', `/api/users/${alice.userId}`, alice.token)).statusCode).toBe(200);
    });

    it('sets the new password, ends every other sign-in and answers a fresh token', async () => {
      const alice = await signUp(t.app);
      const otherDevice = (await signIn(alice.email, alice.password)).json<{ token: string }>().token;
      const response = await request('PUT', '/api/account/password', alice.token, { current_password: alice.password, new_password: 'battery staple' });
      expect(response.statusCode).toBe(200);
      const { userId, token } = response.json<{ userId: number; token: string }>();
      expect(userId).toBe(alice.userId);
      expect(token).not.toBe(alice.token);

      // The other device and the token of the call are signed out; the fresh token works.
      expect((await request('GET', `/api/users/${alice.userId}`, otherDevice)).statusCode).toBe(401);
      expect((await request('GET', `/api/users/${alice.userId}`, alice.token)).statusCode).toBe(401);
      expect((await request('GET', `/api/users/${alice.userId}`, token)).statusCode).toBe(200);

      expect((await signIn(alice.email, alice.password)).statusCode).toBe(401);
      expect((await signIn(alice.email, 'battery staple')).statusCode).toBe(200);
    });

    it('applies SPEC 5\'s password rule to the new one and needs a sign-in', async () => {
      const alice = await signUp(t.app);
      const short = await request('PUT', '/api/account/password', alice.token, { current_password: alice.password, new_password: '1234' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ fields: [{ field: 'new_password', message: accountSettingsMessages.newPassword }] });
      const long = await request('PUT', '/api/account/password', alice.token, { current_password: alice.password, new_password: 'x'.repeat(51) });
      expect(long.statusCode).toBe(400);
      expect((await request('PUT', '/api/account/password', null, { current_password: alice.password, new_password: 'battery staple' })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/account/details', () => {
    it('stores the company name and the VAT number normalised, and GET /api/users/{id} answers them', async () => {
      const alice = await signUp(t.app, { newsletter: true });
      const before = await request('GET', `/api/users/${alice.userId}`, alice.token);
      expect(before.json()).toMatchObject({ company_name: null, vat_number: null, newsletter: true });

      const response = await request('PUT', '/api/account/details', alice.token, {
        company_name: '  Walker Crafts Ltd ',
        vat_number: 'gb 123 4567 89',
        newsletter: false,
      });
      expect(response.statusCode).toBe(200);
      const expected = { user_id: alice.userId, first_name: 'Alice', last_name: 'Walker', email: alice.email, company_name: 'Walker Crafts Ltd', vat_number: 'GB123456789', newsletter: false };
      expect(response.json()).toEqual(expected);
      expect((await request('GET', `/api/users/${alice.userId}`, alice.token)).json()).toEqual(expected);

      const branch = await request('PUT', '/api/account/details', alice.token, { company_name: '', vat_number: 'GB 123 456 789 012', newsletter: true });
      expect(branch.json()).toMatchObject({ company_name: null, vat_number: 'GB123456789012', newsletter: true });
      const cleared = await request('PUT', '/api/account/details', alice.token, { company_name: null, vat_number: null, newsletter: true });
      expect(cleared.json()).toMatchObject({ company_name: null, vat_number: null });
    });

    it.each([
      ['GB12345678', 'eight digits'],
      ['GB1234567890', 'ten digits'],
      ['GB1234567890123', 'thirteen digits'],
      ['123456789', 'no GB'],
      ['FR12345678901', 'another country'],
      ['GB12345678A', 'a letter'],
      ['GBGD001', 'a government department'],
    ])('refuses the VAT number %s (%s) with the field\'s message', async (vat) => {
      const alice = await signUp(t.app);
      const response = await request('PUT', '/api/account/details', alice.token, { company_name: 'Walker Crafts Ltd', vat_number: vat, newsletter: false });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: [{ field: 'vat_number', message: accountSettingsMessages.vatNumber }] });
      expect((await request('GET', `/api/users/${alice.userId}`, alice.token)).json()).toMatchObject({ company_name: null, vat_number: null });
    });

    it('refuses a company name over 100 characters, and needs a sign-in', async () => {
      const alice = await signUp(t.app);
      const long = await request('PUT', '/api/account/details', alice.token, { company_name: 'x'.repeat(101), vat_number: null, newsletter: false });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ fields: [{ field: 'company_name', message: accountSettingsMessages.companyName }] });
      expect((await request('PUT', '/api/account/details', null, { company_name: null, vat_number: null, newsletter: false })).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/address/{id}', () => {
    it('deletes the owner\'s address; another customer\'s answers 404 and stays', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const kept = await createAddress(t.app, alice.token, { reference: 'Head office' });
      const spare = await createAddress(t.app, alice.token, { reference: 'Spare' });

      const stranger = await request('DELETE', `/api/address/${spare.address_id}`, bob.token);
      expect(stranger.statusCode).toBe(404);
      expect((await request('GET', `/api/address/${spare.address_id}`, alice.token)).statusCode).toBe(200);
      expect((await request('DELETE', `/api/address/${spare.address_id}`, null)).statusCode).toBe(401);

      const response = await request('DELETE', `/api/address/${spare.address_id}`, alice.token);
      expect(response.statusCode).toBe(200);
      expect(response.json<AddressDto[]>().map((a) => a.address_id)).toEqual([kept.address_id]);
      expect((await request('GET', `/api/address/${spare.address_id}`, alice.token)).statusCode).toBe(404);
      expect((await request('DELETE', `/api/address/${spare.address_id}`, alice.token)).statusCode).toBe(404);
    });

    it('deleting the billing address makes the oldest remaining one the billing address', async () => {
      const alice = await signUp(t.app);
      const first = await createAddress(t.app, alice.token, { reference: 'First' });
      const second = await createAddress(t.app, alice.token, { reference: 'Second' });
      const third = await createAddress(t.app, alice.token, { reference: 'Third' });
      expect(first.type).toBe('Billing');
      const remaining = (await request('DELETE', `/api/address/${first.address_id}`, alice.token)).json<AddressDto[]>();
      expect(remaining.map((a) => [a.address_id, a.type])).toEqual([
        [second.address_id, 'Billing'],
        [third.address_id, null],
      ]);
    });

    it('a past order keeps its delivery and billing addresses as they were; the basket loses its choice', async () => {
      const alice = await signUp(t.app);
      const address = await createAddress(t.app, alice.token, { reference: 'Warehouse', town: 'Leeds' });
      await addToBasket(t.app, alice.token, packs.box25, 2);
      expect((await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: address.address_id })).statusCode).toBe(200);
      const placed = await placeOrder(t.app, alice.token, orderBodyFrom(await basketOf(t.app, alice)));
      expect(placed.statusCode).toBe(200);
      const orderId = placed.json<number>();

      // The address is edited, then deleted: the order still shows it as it was placed.
      const edited = await request('PUT', '/api/address', alice.token, { ...address, town: 'Bradford', post_code: 'BD1 1AA' });
      expect(edited.statusCode).toBe(200);
      await addToBasket(t.app, alice.token, packs.box25, 1);
      await request('PUT', '/api/cart/AssignAddress', alice.token, { addressId: address.address_id });
      expect((await request('DELETE', `/api/address/${address.address_id}`, alice.token)).statusCode).toBe(200);

      const order = (await request('GET', `/api/order/${orderId}`, alice.token)).json<OrderDto>();
      expect(order.address_id).toBeNull();
      expect(order.address).toMatchObject({ reference: 'Warehouse', town: 'Leeds', post_code: 'LS1 4AP' });
      expect(order.billing_address).toMatchObject({ reference: 'Warehouse', town: 'Leeds', post_code: 'LS1 4AP' });
      expect((await basketOf(t.app, alice)).address_id).toBeNull();
    });
  });
});

describe('changing the password is limited like sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
  });
  afterAll(async () => t?.close());

  it('wrong current passwords count against the e-mail with refused sign-ins; then even the right one waits', async () => {
    const alice = await signUp(t.app);
    const change = (current: string) =>
      t.app.inject({ method: 'PUT', url: '/api/account/password', headers: bearer(alice.token), payload: { current_password: current, new_password: 'battery staple' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/account', payload: { email: alice.email, password: 'guess 1' } })).statusCode).toBe(401);
    expect((await change('guess 2')).statusCode).toBe(400);
    expect((await change('guess 3')).statusCode).toBe(400);
    const limited = await change(alice.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
