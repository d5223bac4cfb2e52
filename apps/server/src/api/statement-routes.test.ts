/**
 * Open invoices and the statement of account through the JSON API, as an integration sees them:
 * two orders on account dispatched (invoiced), one part paid by staff; the statement's closing
 * balance is its opening balance plus documents less payments; both invoices are paid in one
 * test card payment; another customer sees nothing of it and gets 404 paying it; the OpenAPI
 * document describes every call.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenInvoicesDto, StatementDto } from '@shop/contract';
import { staff } from '@shop/db';
import type { StaffMember } from '@shop/core';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

describeOnPglite('open invoices and statements in the API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let manager: StaffMember;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await t.database.db
      .insert(staff)
      .values({ email: 'mona.statements@example.com', name: 'Mona Manager', role: 'manager' })
      .returning({ staff_id: staff.staffId });
    manager = { staffId: Number(row!.staff_id), email: 'mona.statements@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
  });
  afterAll(async () => t?.close());

  const admin = () => t.app.services.orderAdministration;
  const version = async (orderId: number) => (await admin().detail(orderId, manager)).version;

  /** A customer with a trade account and two orders on account, dispatched; £10.00 of the first paid by bank transfer. */
  async function tradeCustomerWithTwoInvoices() {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    await t.app.services.tradeAccounts.open(manager.staffId, customer.userId, 1_000_00, 30);
    const first = (await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'account' }))).json<number>();
    const again = await t.app.inject({ method: 'POST', url: '/api/cart', headers: bearer(customer.token), payload: { user_id: 1, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId, price: 25, qty: packs.box25.qty, count: 2 } });
    expect(again.statusCode, again.body).toBe(200);
    const second = (await placeOrder(t.app, customer.token, orderBodyFrom(again.json(), { payment_method: 'account' }))).json<number>();
    for (const orderId of [first, second]) {
      await admin().shipments.ship(manager, orderId, await version(orderId), { carrier: 'DPD', trackingNumber: `T${orderId}`, lines: 'rest' });
    }
    await admin().recordPayment(manager, first, await version(first), { amountPence: 10_00, receivedOn: t.app.services.statements.today(), bankReference: 'BACS WALKER' });
    return { customer, first, second };
  }

  it('lists the open invoices and a statement whose closing balance is its opening plus documents less payments, as JSON and PDF', async () => {
    const { customer, first, second } = await tradeCustomerWithTwoInvoices();
    const open = await t.app.inject({ method: 'GET', url: '/api/account/invoices', headers: bearer(customer.token) });
    expect(open.statusCode, open.body).toBe(200);
    const invoices = open.json<OpenInvoicesDto>();
    expect(invoices.invoices.map((invoice) => invoice.order_id).sort()).toEqual([first, second].sort());
    expect(invoices.invoices.find((invoice) => invoice.order_id === first)).toMatchObject({ paid: 10, invoice_number: expect.stringMatching(/^INV-\d{6}$/), days_overdue: 0 });

    const response = await t.app.inject({ method: 'GET', url: '/api/account/statement', headers: bearer(customer.token) });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json<StatementDto>();
    expect(statement.lines.map((line) => line.kind)).toEqual(['invoice', 'invoice', 'payment']);
    const pence = (pounds: number) => Math.round(pounds * 100);
    expect(pence(statement.closing_balance)).toBe(pence(statement.opening_balance) + pence(statement.documents_total) - pence(statement.payments_total));
    expect(statement.closing_balance).toBe(invoices.total_due);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/account/statement/pdf?month=${statement.month}`, headers: bearer(customer.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="statement-${statement.month}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const badMonth = await t.app.inject({ method: 'GET', url: '/api/account/statement?month=2026-13', headers: bearer(customer.token) });
    expect(badMonth.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/statement' })).statusCode).toBe(401);
  });

  it('pays both invoices in one test card payment; another customer sees none of it and gets 404 paying it', async () => {
    const { customer, first, second } = await tradeCustomerWithTwoInvoices();
    const stranger = await signUp(t.app);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/account/invoices', headers: bearer(stranger.token) })).json<OpenInvoicesDto>();
    expect(theirs).toEqual({ invoices: [], total_due: 0, overdue_due: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/statement', headers: bearer(stranger.token) })).json<StatementDto>().lines).toEqual([]);

    const { total_due } = (await t.app.inject({ method: 'GET', url: '/api/account/invoices', headers: bearer(customer.token) })).json<OpenInvoicesDto>();
    const mint = async () => (await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: total_due } })).json<{ id: string }>().id;
    const strangersTry = await t.app.inject({ method: 'POST', url: '/api/account/invoices/pay', headers: bearer(stranger.token), payload: { order_ids: [first, second], payment_reference: await mint() } });
    expect(strangersTry.statusCode).toBe(404);

    const reference = await mint();
    const paid = await t.app.inject({ method: 'POST', url: '/api/account/invoices/pay', headers: bearer(customer.token), payload: { order_ids: [second, first], payment_reference: reference } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ recorded: true, amount: total_due });
    expect(paid.json().paid.map((part: { order_id: number }) => part.order_id).sort()).toEqual([first, second].sort());
    const after = (await t.app.inject({ method: 'GET', url: '/api/account/invoices', headers: bearer(customer.token) })).json<OpenInvoicesDto>();
    expect(after.invoices).toEqual([]);
    for (const orderId of [first, second]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(customer.token) })).json()).toMatchObject({ payment_status: 'paid', amount_due: 0 });
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/account/invoices/pay', headers: bearer(customer.token), payload: { order_ids: [first, second], payment_reference: reference } });
    expect(again.json()).toMatchObject({ recorded: false });
    const empty = await t.app.inject({ method: 'POST', url: '/api/account/invoices/pay', headers: bearer(customer.token), payload: { order_ids: [], payment_reference: reference } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Choose at least one invoice to pay.');
  });

  it('documents the calls in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    for (const [route, method] of [
      ['/api/account/invoices', 'get'],
      ['/api/account/invoices/pay', 'post'],
      ['/api/account/statement', 'get'],
      ['/api/account/statement/pdf', 'get'],
    ] as const) {
      expect(spec.paths[route]?.[method]?.summary, `${method} ${route}`).toBeTruthy();
    }
  });
});
