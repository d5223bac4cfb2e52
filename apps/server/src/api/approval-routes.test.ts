/**
 * Approval requests through the JSON API, on PGlite and PostgreSQL, as an integration would use
 * them: a buyer's order over their limit is refused by POST /api/order and sent for approval
 * instead; the company's admin lists the requests waiting, approves one (the order is placed) and
 * declines another with a reason; nobody outside the company sees or acts on a request (404), a
 * buyer cannot approve (403); the OpenAPI document describes the paths.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApprovalRequestDto, CartDto, OrderDto } from '@shop/contract';
import { jobs } from '@shop/db';
import { bearer, insertBasketCatalogue, type BasketFixture, type Customer } from '../testing/basket-fixtures.ts';
import { addToBasket, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

describeOnPglite('approval requests over the API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  /** A company with a trade account: its admin (with the shared address), and a buyer with a limit of £30 an order, signed in. */
  async function company(): Promise<{ admin: Customer; buyer: { userId: number; token: string }; addressId: number }> {
    const { customer: admin, addressId } = await readyCustomer(t, []);
    await t.app.services.tradeAccounts.open(null, admin.userId, 100_000);
    const email = `buyer.${++n}.${Date.now()}@example.com`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/company/buyers',
      headers: bearer(admin.token),
      payload: { first_name: 'Ola', last_name: 'Nowak', email, role: 'buyer', order_limit: 30 },
    });
    const { user_id: userId } = invited.json<{ user_id: number }>();
    const link = (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'email.password-reset'))).map((j) => j.payload as { userId: number; token: string }).find((p) => p.userId === userId)!;
    expect((await t.app.inject({ method: 'PUT', url: '/api/forgotpassword', payload: { user_id: userId, token: link.token, password: 'chosen-password' } })).statusCode).toBe(200);
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/account', payload: { email, password: 'chosen-password' } })).json<{ token: string }>();
    return { admin, buyer: { userId, token }, addressId };
  }

  /** The buyer's basket of two boxes (£54.99 ex VAT with delivery) at the company's address. */
  async function basketOverLimit(token: string, addressId: number): Promise<CartDto> {
    await addToBasket(t.app, token, packs.box25, 2);
    const assigned = await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(token), payload: { addressId, cartId: null } });
    return assigned.json<CartDto>();
  }

  const ask = (token: string, cart: CartDto, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/company/approvals', headers: bearer(token), payload: { ...totalsOf(cart), ...extra } });
  const act = (token: string, id: number, move: 'approve' | 'decline' | 'withdraw', payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/company/approvals/${id}/${move}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('an order over the limit is refused by POST /api/order, sent for approval instead, and placed when the admin approves it', async () => {
    const { admin, buyer, addressId } = await company();
    const cart = await basketOverLimit(buyer.token, addressId);
    const refused = await placeOrder(t.app, buyer.token, orderBodyFrom(cart, { payment_method: 'account' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ limit: 'order', message: expect.stringContaining('POST /api/company/approvals') });

    const sent = await ask(buyer.token, cart, { purchase_order_number: 'PO-9', note: 'Gate 2' });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json<ApprovalRequestDto>();
    expect(request).toMatchObject({ state: 'waiting', payment_method: 'account', total: 65.99, purchase_order_number: 'PO-9', note: 'Gate 2', buyer: { user_id: buyer.userId } });

    const waiting = await t.app.inject({ method: 'GET', url: '/api/company/approvals?state=waiting', headers: bearer(admin.token) });
    expect(waiting.json<ApprovalRequestDto[]>().map((r) => [r.approval_request_id, r.can])).toEqual([[request.approval_request_id, { approve: true, decline: true, withdraw: false }]]);
    // The buyer cannot approve their own.
    expect((await act(buyer.token, request.approval_request_id, 'approve')).statusCode).toBe(403);

    const approved = await act(admin.token, request.approval_request_id, 'approve');
    expect(approved.statusCode).toBe(200);
    const placed = approved.json<ApprovalRequestDto>();
    expect(placed).toMatchObject({ state: 'placed', order_id: expect.any(Number) });
    const order = (await t.app.inject({ method: 'GET', url: `/api/order/${placed.order_id}`, headers: bearer(buyer.token) })).json<OrderDto>();
    expect(order).toMatchObject({ payment_method: 'account', total: 65.99, purchase_order_number: 'PO-9' });
    expect((await act(admin.token, request.approval_request_id, 'decline', { reason: 'Too late' })).statusCode).toBe(409);
  });

  it('the admin declines with a reason the buyer reads; an empty reason is a 400', async () => {
    const { admin, buyer, addressId } = await company();
    const request = (await ask(buyer.token, await basketOverLimit(buyer.token, addressId))).json<ApprovalRequestDto>();
    const empty = await act(admin.token, request.approval_request_id, 'decline', { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Say why the order is declined');
    expect((await act(admin.token, request.approval_request_id, 'decline', { reason: 'Over budget this month' })).statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: `/api/company/approvals/${request.approval_request_id}`, headers: bearer(buyer.token) });
    expect(seen.json()).toMatchObject({ state: 'declined', decline_reason: 'Over budget this month', decided_by: expect.any(String) });
  });

  it('nobody outside the company sees or acts on a request: 404 and nothing changes', async () => {
    const a = await company();
    const b = await company();
    const request = (await ask(a.buyer.token, await basketOverLimit(a.buyer.token, a.addressId))).json<ApprovalRequestDto>();
    const id = request.approval_request_id;
    for (const outsider of [b.admin.token, b.buyer.token]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/company/approvals/${id}`, headers: bearer(outsider) })).statusCode).toBe(404);
      expect((await act(outsider, id, 'approve')).statusCode).toBe(404);
      expect((await act(outsider, id, 'decline', { reason: 'No' })).statusCode).toBe(404);
      expect((await act(outsider, id, 'withdraw')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/company/approvals', headers: bearer(outsider) })).json()).toEqual([]);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/company/approvals/${id}` })).statusCode).toBe(401);
    const still = await t.app.inject({ method: 'GET', url: `/api/company/approvals/${id}`, headers: bearer(a.admin.token) });
    expect(still.json()).toMatchObject({ state: 'waiting', order_id: null });
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(spec.paths['/api/company/approvals'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/api/company/approvals/{requestId}'] ?? {})).toEqual(['get']);
    for (const move of ['approve', 'decline', 'withdraw']) expect(Object.keys(spec.paths[`/api/company/approvals/{requestId}/${move}`] ?? {})).toEqual(['post']);
  });
});

function totalsOf(cart: CartDto) {
  return { sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total };
}
