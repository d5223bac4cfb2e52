/**
 * Every money state has its form (DESIGN section 10 "Money"), through the back-office pages'
 * loaders and actions over real core services (PGlite), as staff use them:
 * - a cancelled order's page offers the payment form; the money recorded shows as a refund due,
 *   and its refund form pays it back;
 * - a claim on an unpaid trade-account order offers "Credit note (reduces what the customer
 *   owes)", which lowers what is due on the order;
 * - a part-dispatched, invoiced order's page offers to take off the packs left to send: a credit
 *   note credits them and the order is Dispatched, out of the dispatch queue.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { createCoreServices, demoShopConfig, type CoreServices, type StaffMember } from '@shop/core';
import { insertFixtureCustomer, insertFixtureOrder } from '../../../../../packages/core/src/documents/document-fixtures.ts';
import { action as orderAction, loader as orderLoader } from './order';
import { action as returnAction, loader as returnLoader } from './return';

type Handler = (args: never) => unknown;

let database: DatabaseHandle;
let drop: () => Promise<void>;
let services: CoreServices;
const owner: StaffMember = { staffId: 1, email: 'olive@example.com', name: 'Olive Owner', role: 'owner', totpEnabled: false };

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite'));
  services = createCoreServices(database, { shop: demoShopConfig });
  await database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'olive@example.com', 'Olive Owner', 'owner')`);
  await database.db.execute(sql`SELECT setval(pg_get_serial_sequence('staff', 'staff_id'), 1)`);
});
afterAll(async () => drop?.());

/** What a loader or action answered: its status and data (a redirect has none). */
async function call(handler: Handler, url: string, params: Record<string, string>, body?: URLSearchParams) {
  const context = { services, secure: false, memo: new Map<string, unknown>([['staff', Promise.resolve({ staff: owner, awaitingSecondFactor: false })]]) };
  const request = new Request(`http://shop.test${url}`, body ? { method: 'POST', body } : {});
  let result: unknown;
  try {
    result = await handler({ request, context, params } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, body: wrapped.data as Record<string, never> };
  throw result;
}

const orderPage = async (orderId: number) => {
  const { body } = await call(orderLoader, `/admin/orders/${orderId}`, { orderId: String(orderId) });
  return body as unknown as { order: Awaited<ReturnType<CoreServices['orderAdministration']['detail']>>; allowed: Record<string, boolean> };
};
const postOrder = (orderId: number, form: Record<string, string>) => call(orderAction, `/admin/orders/${orderId}`, { orderId: String(orderId) }, new URLSearchParams(form));

describe('every money state has its form', () => {
  it("a cancelled order's page records money received after cancelling; it shows a refund due, refunded from the same page", async () => {
    const userId = await insertFixtureCustomer(database.db);
    // Placed before the payment's day (a payment cannot predate its order).
    const { orderId, totalPence } = await insertFixtureOrder(database.db, { created: new Date('2025-12-20T10:00:00Z'), userId, paymentMethod: 'bank', paidPence: 0 });
    await services.orderAdministration.cancel(owner, orderId, (await services.orderAdministration.detail(orderId, owner)).version, 'Out of stock');
    let page = await orderPage(orderId);
    expect(page.allowed).toMatchObject({ recordPayment: true, recordRefund: false });

    const amount = (totalPence / 100).toFixed(2);
    expect(await postOrder(orderId, { intent: 'payment', version: String(page.order.version), amount, received_on: '2026-01-02', bank_reference: 'LATE TRANSFER' })).toEqual({
      status: 302,
      body: null,
    });
    page = await orderPage(orderId);
    expect(page.order.payment).toMatchObject({ status: 'refund_due', refundDuePence: totalPence, owedPence: totalPence });
    expect(page.allowed).toMatchObject({ recordRefund: true });

    expect(await postOrder(orderId, { intent: 'refund', version: String(page.order.version), amount, received_on: '2026-01-03', bank_reference: 'REFUND' })).toEqual({ status: 302, body: null });
    expect((await orderPage(orderId)).order.payment).toMatchObject({ status: 'refunded', refundDuePence: 0 });
  });

  it('a claim on an unpaid account order is settled from its page by a credit note, and the order owes that much less', async () => {
    const userId = await insertFixtureCustomer(database.db);
    await services.tradeAccounts.open(1, userId, 5000_00);
    const { orderId, totalPence } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', paidPence: 0 });
    await services.orderAdministration.dispatch(owner, orderId, (await services.orderAdministration.detail(orderId, owner)).version, { carrier: 'Own van', trackingNumber: '' });
    const [row] = await queryRows<{ return_id: number }>(
      database.db,
      sql`INSERT INTO returns (order_id, user_id, reason, description, window_until, state, goods_back, instructions)
          VALUES (${orderId}, ${userId}, 'damaged', 'Crushed in transit.', '2099-01-01', 'approved', false, 'Keep them.') RETURNING return_id`,
    );
    const returnId = String(row!.return_id);
    await database.db.execute(sql`INSERT INTO return_lines (return_id, order_line_id, count) SELECT ${Number(returnId)}, order_line_id, 1 FROM order_lines WHERE order_id = ${orderId} LIMIT 1`);

    const { body } = await call(returnLoader, `/admin/returns/${returnId}`, { returnId });
    const loaded = body as unknown as { allowed: Record<string, boolean>; found: { version: number; order: { duePence: number } } };
    // Nothing paid: no refund to make, but a credit note.
    expect(loaded.allowed).toMatchObject({ refund: false, credit: true, replace: true });
    expect(loaded.found.order.duePence).toBe(totalPence);

    const credit = (amount: string) =>
      call(returnAction, `/admin/returns/${returnId}`, { returnId }, new URLSearchParams({ intent: 'credit', version: String(loaded.found.version), amount }));
    expect(await credit('lots')).toMatchObject({ status: 400, body: { fields: { amount: 'Enter the amount in pounds, for example 65.99.' } } });
    expect(await credit('30.00')).toEqual({ status: 302, body: null });

    const page = await orderPage(orderId);
    expect(page.order.payment).toMatchObject({ creditedPence: 30_00, duePence: totalPence - 30_00 });
    const [note] = await queryRows<{ kind: string; total_pence: number }>(database.db, sql`SELECT kind, total_pence FROM credit_notes WHERE order_id = ${orderId}`);
    expect(note).toEqual({ kind: 'credit', total_pence: 30_00 });
  });

  it("a part-dispatched invoiced order's page takes off the packs left to send: credit note, Dispatched, out of the queue", async () => {
    const userId = await insertFixtureCustomer(database.db);
    await services.tradeAccounts.open(1, userId, 5000_00);
    const { orderId } = await insertFixtureOrder(database.db, { userId, paymentMethod: 'account', paidPence: 0 });
    const lines = (await queryRows<{ order_line_id: number }>(database.db, sql`SELECT order_line_id FROM order_lines WHERE order_id = ${orderId} ORDER BY order_line_id`)).map((r) =>
      Number(r.order_line_id),
    );
    await services.orderAdministration.shipments.ship(owner, orderId, (await services.orderAdministration.detail(orderId, owner)).version, {
      carrier: 'Own van',
      trackingNumber: '',
      lines: [{ orderLineId: lines[0]!, count: 2 }],
    });
    let page = await orderPage(orderId);
    expect(page.order.progressLabel).toBe('Part dispatched');
    expect(page.allowed.cancelLines).toBe(true);
    expect((await services.dispatchDesk.queue()).rows.map((r) => r.orderId)).toContain(orderId);

    const form: Record<string, string> = { intent: 'cancel-lines', version: String(page.order.version), reason: 'Discontinued by the maker' };
    // The form lists the lines with packs left to send (the boxes have all gone).
    lines.slice(1).forEach((id, i) => {
      form[`lines[${i}].order_line_id`] = String(id);
      form[`lines[${i}].count`] = String(page.order.shipping.lines.find((l) => l.orderLineId === id)!.remainingPacks);
    });
    expect(await postOrder(orderId, form)).toEqual({ status: 302, body: null });

    page = await orderPage(orderId);
    expect(page.order.status).toBe('Dispatched');
    expect(page.allowed.cancelLines).toBe(false);
    // 1 x £74.99 + 3 x £18.99 = £131.96 ex VAT, £26.39 VAT.
    expect(page.order.payment.creditedPence).toBe(158_35);
    expect((await services.dispatchDesk.queue()).rows.map((r) => r.orderId)).not.toContain(orderId);
  });
});
