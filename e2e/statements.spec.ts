/**
 * A trade customer's statement of account and open invoices (docs/statements.md), in the browser,
 * on a shop server of this spec's own (its log gives the owner's setup link; test payments are on,
 * the shop being on 127.0.0.1): staff open a trade account, the customer orders three times on
 * account, staff dispatch all three (invoiced) and record a part payment of the first.
 *
 * - Desktop: the customer downloads the month's statement; its closing balance is its opening
 *   balance plus its invoices less its payments, on the page and in the PDF; they choose two open
 *   invoices and pay them by test card in one payment: both are paid (gone from the open invoices,
 *   "Paid" for staff), and the statement shows the one payment.
 * - A 390 px phone without JavaScript: the statement page, the month picker and choosing the last
 *   invoice work; what to pay by bank transfer (the reference and amount) is shown, and the PDF
 *   downloads.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { pdfText } from '../packages/core/src/documents/pdf-text.ts';
import { acceptCookies, expectNoSeriousA11yViolations, newCustomer, screenshots, setUpOwner, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Sam Statements', email: 'sam.statements@example.com', password: 'boxes and tape 2026' };

// One shop, one owner and one trade customer for both journeys, run one after the other.
test.describe.configure({ mode: 'default' });

let shop: OwnShopServer;
let staff: Page;
let customer: { email: string; password: string; token: string; userId: number };
const orderIds: number[] = [];

/** "£1,234.56" (or "-£1.00") as pence. */
function penceOf(text: string): number {
  const match = /(-?)£([\d,]+\.\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return (match[1] ? -1 : 1) * Math.round(Number(match[2]!.replace(/,/g, '')) * 100);
}

/** One order on account of the first pack of a featured product, delivered to a saved address (the basket and payment steps' calls). */
async function placeOnAccount(request: APIRequestContext, token: string, productIndex: number): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const landing = (await (await request.get('/api/products/GetLanding?condition=')).json()) as { product_id: number }[];
  const detail = await (await request.get(`/api/products/GetById/${landing[productIndex]!.product_id}`)).json();
  const pack = detail.product_Sizes[0].packs[0];
  const added = await request.post('/api/cart', {
    headers: auth,
    data: { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 2 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const address = await request.post('/api/address', {
    headers: auth,
    data: { reference: 'Head office', contact_name: 'Alice Walker', region: '12', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123', user_id: 1 },
  });
  const { address_id } = (await address.json()) as { address_id: number };
  const cart = await (await request.put('/api/cart/AssignAddress', { headers: auth, data: { addressId: address_id, cartId: null } })).json();
  const placed = await request.post('/api/order', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: {
      sub_total: cart.subTotal,
      delivery_fee: cart.deliveryFee,
      total_tax: cart.totalTax,
      total: cart.total,
      note: '',
      user_id: 1,
      payment_reference: '',
      status: 'PendingDelivery',
      address_id,
      is_active: true,
      payment_method: 'account',
      orderLines: cart.cartIems.map((line: { product_id: number; product_price_id: number; price: number; qty: number; count: number }) => ({ ...line, is_active: true })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return (await placed.json()) as number;
}

/** Staff dispatch the whole order from its page: on account, that issues its invoice and sets its due date. */
async function dispatchWhole(orderId: number): Promise<void> {
  await staff.goto(`/admin/orders/${orderId}`);
  const dispatch = staff.getByTestId('dispatch-form');
  await dispatch.getByLabel('Carrier').selectOption('DPD');
  await dispatch.getByLabel(/Tracking number/).fill('15501234567890');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(staff.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();
}

async function signedInPage(browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  await acceptCookies(page);
  const signedIn = await page.request.post('/signin', { form: { intent: 'signin', email: customer.email, password: customer.password }, headers: { origin: shop.baseURL }, maxRedirects: 0 });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  return { context, page };
}

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(240_000);
  shop = await startOwnShopServer();
  staff = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  await setUpOwner(staff, shop, OWNER);

  const details = newCustomer();
  const signedUp = await request.post(`${shop.baseURL}/api/users`, {
    data: { first_name: details.firstName, last_name: details.lastName, email: details.email, password: details.password, phone: details.phone },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { userId, token } = (await signedUp.json()) as { userId: number; token: string };
  customer = { email: details.email, password: details.password, token, userId };

  await staff.goto(`/admin/customers/${userId}`);
  await staff.getByLabel('Credit limit (£)').fill('5000');
  await staff.getByRole('button', { name: 'Open trade account' }).click();
  await expect(staff.getByText('The trade account is open')).toBeVisible();

  const api = (await browser.newContext({ baseURL: shop.baseURL })).request;
  for (const index of [0, 1, 2]) orderIds.push(await placeOnAccount(api, token, index));
  for (const orderId of orderIds) await dispatchWhole(orderId);

  // A part payment of the first, by bank transfer, recorded by staff.
  await staff.goto(`/admin/orders/${orderIds[0]}`);
  const payment = staff.getByTestId('payment-form');
  await payment.getByLabel('Amount (£)').fill('10.00');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByTestId('payment-records')).toContainText('£10.00');
});
test.afterAll(async () => shop?.stop());

test('the customer downloads a statement whose closing balance is its invoices less its payments, and pays two open invoices by card in one payment', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInPage(browser);
  await page.goto('/account');
  await page.getByTestId('statement-link').click();
  await expect(page).toHaveURL(/\/account\/statement$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Statement of Account', level: 1 })).toBeVisible();

  // Three open invoices; the statement lists their invoices and the part payment.
  const open = page.getByTestId('open-invoice');
  await expect(open).toHaveCount(3);
  const statement = page.getByTestId('statement');
  await expect(statement.getByTestId('statement-line').and(page.locator('[data-kind="invoice"]'))).toHaveCount(3);
  await expect(statement.getByTestId('statement-line').and(page.locator('[data-kind="payment"]'))).toHaveCount(1);
  const debits = (await statement.getByTestId('line-debit').allTextContents()).filter(Boolean).map(penceOf);
  const credits = (await statement.getByTestId('line-credit').allTextContents()).filter(Boolean).map(penceOf);
  const opening = penceOf((await statement.getByTestId('opening-balance').textContent())!);
  const closing = penceOf((await statement.getByTestId('closing-balance').textContent())!);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  expect(closing).toBe(opening + sum(debits) - sum(credits));
  expect(sum(credits)).toBe(10_00);
  expect(closing).toBe(penceOf((await page.getByTestId('open-invoices-total').textContent())!));
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'statement', [1280, 390]);

  // The PDF says the same.
  const pdf = await page.request.get((await page.getByTestId('statement-pdf').getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(new Uint8Array(await pdf.body()))).join(' ');
  expect(text).toContain('STATEMENT OF ACCOUNT');
  const closingText = (await statement.getByTestId('closing-balance').textContent())!;
  expect(text).toMatch(new RegExp(`Closing balance, \\d+ \\w+ \\d{4} ${closingText.replace(/[£.]/g, '\\$&')}`));
  for (const invoice of await open.locator('a[href^="/order-invoice"]').allTextContents()) expect(text).toContain(invoice);

  // Choose the second and third invoices and pay them by test card in one payment.
  const chosen = [orderIds[1]!, orderIds[2]!];
  let expected = 0;
  for (const orderId of chosen) {
    const row = page.locator(`[data-testid="open-invoice"][data-order-id="${orderId}"]`);
    await row.getByRole('checkbox').check();
    expected += penceOf((await row.getByTestId('amount-due').textContent())!);
  }
  await page.getByTestId('pay-selected').click();
  const pay = page.getByTestId('pay-invoices');
  await expect(pay.getByTestId('pay-total')).toHaveText(`£${(expected / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
  await expect(pay.getByTestId('pay-by-bank-line')).toHaveCount(2);
  await screenshots(page, 'statement-pay', [1280, 390]);
  await pay.getByRole('button', { name: 'Pay with test card' }).click();

  await expect(page.getByTestId('invoices-paid')).toHaveText('Thank you: your card payment is recorded against the invoices you chose.');
  await expect(open).toHaveCount(1);
  await expect(open.first()).toHaveAttribute('data-order-id', String(orderIds[0]));
  const paymentLine = statement.getByTestId('statement-line').and(page.locator('[data-kind="payment"]')).last();
  await expect(paymentLine.getByTestId('line-credit')).toHaveText(`£${(expected / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
  const after = penceOf((await statement.getByTestId('closing-balance').textContent())!);
  expect(after).toBe(closing - expected);

  // Both show paid, for the customer's API and for staff.
  for (const orderId of chosen) {
    const order = await (await page.request.get(`/api/order/${orderId}`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
    expect(order).toMatchObject({ payment_status: 'paid', amount_due: 0 });
    await staff.goto(`/admin/orders/${orderId}`);
    await expect(staff.getByTestId('admin-order-payment')).toHaveText('Paid');
  }
  await context.close();
});

test('on a 390 px phone without JavaScript: the statement, the month picker, what to pay by bank transfer and the PDF', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, width: 390 });
  await page.goto('/account/statement');
  await expect(page.getByRole('heading', { name: 'Statement of Account', level: 1 })).toBeVisible();
  const open = page.getByTestId('open-invoice');
  await expect(open).toHaveCount(1);

  // The month picker is a plain form.
  await page.getByLabel('Month').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/account\/statement\?month=\d{4}-\d{2}$/);
  const statement = page.getByTestId('statement');
  const opening = penceOf((await statement.getByTestId('opening-balance').textContent())!);
  const documents = penceOf((await statement.getByTestId('documents-total').textContent())!);
  const payments = penceOf((await statement.getByTestId('payments-total').textContent())!);
  expect(penceOf((await statement.getByTestId('closing-balance').textContent())!)).toBe(opening + documents - payments);
  // On a phone each document and payment is a short block, not a table to scroll sideways.
  await expect(statement.getByTestId('statement-line-phone').first()).toBeVisible();
  await expect(statement.getByTestId('statement-lines')).toBeHidden();

  // Choosing the last invoice shows what to pay by bank transfer; card payments need JavaScript.
  const due = (await open.first().getByTestId('amount-due').textContent())!;
  await open.first().getByRole('checkbox').check();
  await page.getByTestId('pay-selected').click();
  await expect(page).toHaveURL(new RegExp(`pay=${orderIds[0]}`));
  const pay = page.getByTestId('pay-invoices');
  await expect(pay.getByTestId('pay-total')).toHaveText(due);
  const bank = pay.getByTestId('pay-by-bank');
  await expect(bank).toContainText('Sort code');
  await expect(bank.getByTestId('pay-by-bank-line')).toContainText(/reference BXW-[A-Z0-9]{6}/);
  await expect(bank.getByTestId('pay-by-bank-line')).toContainText(due);
  await expect(pay.getByRole('button', { name: 'Pay with test card' })).toHaveCount(0);
  expect(await pay.innerHTML()).toContain('Paying by card needs JavaScript');
  await screenshots(page, 'statement-nojs', [390]);

  const pdf = await page.request.get((await page.getByTestId('statement-pdf').getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});
