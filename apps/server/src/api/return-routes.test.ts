/**
 * Returns through the JSON API: GET /api/order/{id}/returns reads the windows and the caller's
 * returns, POST opens one within its window; another user's order answers 404, a closed window
 * a 400 saying why, and no sign-in a 401.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { insertFixtureOrder } from '../../../../packages/core/src/documents/document-fixtures.ts';
import { bearer, signUp } from '../testing/basket-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';
import { openReturn } from '../../../web/app/server/orders/returns.server.ts';

describeOnPglite('returns API', (kind) => {
  let t: TestApp;
  const now = new Date('2026-11-27T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
  });
  afterAll(async () => t?.close());

  /** A customer's order delivered on `deliveredAt`, and its first line. */
  async function delivered(deliveredAt: string) {
    const customer = await signUp(t.app);
    const order = await insertFixtureOrder(t.database.db, { userId: customer.userId, paymentMethod: 'bank', paidPence: 'total', status: 'Delivered', dispatchedAt: new Date(deliveredAt) });
    await t.database.db.execute(sql`UPDATE orders SET delivered_at = ${deliveredAt}::timestamptz WHERE order_id = ${order.orderId}`);
    const [line] = await queryRows<{ order_line_id: number }>(t.database.db, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${order.orderId} ORDER BY order_line_id LIMIT 1`);
    return { customer, orderId: order.orderId, lineId: Number(line!.order_line_id) };
  }

  it('opens a return within its window and lists it with its first step', async () => {
    const { customer, orderId, lineId } = await delivered('2026-11-26T12:00:00Z');
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/returns`,
      headers: bearer(customer.token),
      payload: { reason: 'damaged', description: 'Crushed carton.', lines: [{ order_line_id: lineId, count: 1 }] },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ reason: 'damaged', state: 'requested', window_until: '2026-11-29', lines: [{ order_line_id: lineId, count: 1 }] });

    const read = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/returns`, headers: bearer(customer.token) });
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body.windows.find((w: { reason: string }) => w.reason === 'damaged')).toMatchObject({ open: true, delivered_on: '2026-11-26', until: '2026-11-29' });
    expect(body.returns).toHaveLength(1);
    expect(body.returns[0].steps[0].text).toBe('Requested: damaged or short delivery.');
  });

  it("answers 404 for another user's order, 400 with the reason for a closed window, 401 without sign-in", async () => {
    const { customer, orderId, lineId } = await delivered('2026-11-20T12:00:00Z');
    const stranger = await signUp(t.app);
    const payload = { reason: 'damaged', description: 'Crushed.', lines: [{ order_line_id: lineId, count: 1 }] };
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/returns`, headers: bearer(stranger.token), payload })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/returns`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    const closed = await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/returns`, headers: bearer(customer.token), payload });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe('Damage must be reported within 3 days of delivery; this order was delivered on 20 November 2026.');
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/returns` })).statusCode).toBe(401);
  });

  it('the return page and the API refuse the same request with the same messages', async () => {
    const { customer, orderId, lineId } = await delivered('2026-11-26T12:00:00Z');
    const context = { services: t.app.services, secure: false, memo: new Map<string, unknown>() };
    /** The field messages of the API's refusal, and of the page's (its form as the page posts it). */
    type ReturnRequest = { reason: string; description: string; lines: readonly { order_line_id: number; count: number }[] };
    async function refusals(request: ReturnRequest) {
      const api = await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/returns`, headers: bearer(customer.token), payload: request });
      expect(api.statusCode).toBe(400);
      const form = new FormData();
      form.set('reason', request.reason);
      form.set('description', request.description);
      // The page lists every line of the order; those not returned are left at 0.
      const rows = request.lines.length > 0 ? request.lines : [{ order_line_id: lineId, count: 0 }];
      rows.forEach((line, i) => {
        form.set(`lines[${i}].order_line_id`, String(line.order_line_id));
        form.set(`lines[${i}].count`, String(line.count));
      });
      const page = await openReturn(new Request('http://shop.test/order-return', { method: 'POST', body: form }), context as never, customer.userId, orderId);
      if (!('answer' in page) || !page.answer) throw new Error('the page opened the return');
      expect(page.answer.init?.status).toBe(400);
      const apiMessages = (api.json().fields as { message: string }[]).map((field) => field.message);
      return { api: [...new Set(apiMessages)].sort(), page: [...new Set(Object.values(page.answer.data.fields))].sort() };
    }
    const good = { reason: 'damaged', description: 'Crushed carton.', lines: [{ order_line_id: lineId, count: 1 }] };
    const cases: [ReturnRequest, string][] = [
      [{ ...good, lines: [] }, 'Choose at least one item and how many packs of it.'],
      [{ ...good, reason: 'broken' }, 'Choose why you are returning the goods.'],
      [{ ...good, description: '   ' }, 'Describe what is wrong in 1 to 2000 characters.'],
      [{ ...good, description: 'x'.repeat(2001) }, 'Describe what is wrong in 1 to 2000 characters.'],
      [{ ...good, lines: [{ order_line_id: lineId, count: 1001 }] }, 'Choose at least one item and how many packs of it.'],
    ];
    for (const [bad, message] of cases) {
      const { api, page } = await refusals(bad);
      expect(api, JSON.stringify(bad).slice(0, 80)).toEqual([message]);
      expect(page).toEqual(api);
    }
  });
});
