/**
 * Where money meets the rest of the shop (DESIGN section 4 "Orders", section 10 "Money"), replayed
 * in the browser as customers and staff meet it, on a shop server of this spec's own (its log
 * gives the owner's setup link; test payments are on, the shop being on 127.0.0.1):
 *
 * - a customer is on the payment page when the last of a size is counted away; they pay by test
 *   card: nothing is ordered, they are told the payment is being returned, and staff find it under
 *   Returned payments, returned;
 * - staff refund an undispatched card order in full without cancelling it: it leaves the dispatch
 *   queue and its page says it will not be dispatched until it is paid again;
 * - a damage claim on a trade-account order not yet paid is settled by a credit note: the order
 *   owes that much less and the credit note is there for staff and the customer;
 * - printed (made-to-order) boxes paid by card leave at 108% of what was ordered: the invoice
 *   issued at dispatch states the units delivered, the customer's page says so with the new total
 *   and offers "Pay £24.00 by card"; paid by test card, nothing is due.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { pdfText } from '../packages/core/src/documents/pdf-text.ts';
import { acceptCookies, newCustomer, setUpOwner, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Meg Money', email: 'meg.money@example.com', password: 'boxes and tape 2026' };

// One shop and one owner for the four journeys, run one after the other (each uses its own
// customer and its own product).
test.describe.configure({ mode: 'default' });

let shop: OwnShopServer;
let staff: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
  staff = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  await setUpOwner(staff, shop, OWNER);
});
test.afterAll(async () => shop?.stop());

/** "£1,234.56" as pence. */
function penceOf(text: string): number {
  const match = /£([\d,]+\.\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
}

/** Pence as the shop writes them: "£1,234.56". */
function poundsOf(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A new customer signed in in a browser context of their own (signed up through the API, as the sign-up page does). */
async function signedInCustomer(browser: Browser) {
  const context = await browser.newContext({ baseURL: shop.baseURL });
  const page = await context.newPage();
  await acceptCookies(page);
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { userId, token } = (await signedUp.json()) as { userId: number; token: string };
  const signedIn = await page.request.post('/signin', {
    form: { intent: 'signin', email: customer.email, password: customer.password },
    headers: { origin: shop.baseURL },
    maxRedirects: 0,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  return { context, page, userId, token, email: customer.email };
}

/** Saves a delivery address for the customer (as the address modal does); answers its id. */
async function saveAddress(request: APIRequestContext, token: string): Promise<number> {
  const address = await request.post('/api/address', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      reference: 'Head office',
      contact_name: 'Alice Walker',
      region: '12',
      address: 'Boar Lane',
      town: 'Leeds',
      country: 'United Kingdom',
      post_code: 'LS1 4AP',
      phone: '0113 496 0123',
      user_id: 1,
    },
  });
  expect(address.status(), await address.text()).toBe(200);
  return ((await address.json()) as { address_id: number }).address_id;
}

/**
 * One pack of the first size of a featured product (the landing page's `productIndex`th) in the
 * customer's basket, to be delivered to a saved address: the basket and delivery steps, through
 * the API they call. Answers the size (for stock counts).
 */
async function basketReadyToPay(request: APIRequestContext, token: string, productIndex: number) {
  const auth = { authorization: `Bearer ${token}` };
  const landing = (await (await request.get('/api/products/GetLanding?condition=')).json()) as { product_id: number }[];
  const detail = await (await request.get(`/api/products/GetById/${landing[productIndex]!.product_id}`)).json();
  const size = detail.product_Sizes[0];
  const pack = size.packs[0];
  const added = await request.post('/api/cart', {
    headers: auth,
    data: { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const addressId = await saveAddress(request, token);
  const assigned = await request.put('/api/cart/AssignAddress', { headers: auth, data: { addressId, cartId: null } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { sizeId: size.product_size_id as number };
}

/** Staff record a stock count of the size in the back office. */
async function countSize(sizeId: number, units: number, reason: string): Promise<void> {
  await staff.goto(`/admin/stock/sizes/${sizeId}`);
  await staff.getByLabel('Units counted').fill(String(units));
  await staff.getByLabel('Reason').fill(reason);
  await staff.getByRole('button', { name: 'Record the count' }).click();
  await expect(staff.getByTestId('stock-history')).toContainText(reason);
}

/** The customer on the payment page, card tab open, ready to pay by test card. */
async function onPaymentPage(page: Page): Promise<void> {
  await page.goto('/payment');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Card / Wallet' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Pay with test card' })).toBeEnabled();
}

/** Staff dispatch the whole order from its page (DPD, with a tracking number). */
async function dispatchWhole(orderId: number): Promise<void> {
  await staff.goto(`/admin/orders/${orderId}`);
  const dispatch = staff.getByTestId('dispatch-form');
  await dispatch.getByLabel('Carrier').selectOption('DPD');
  await dispatch.getByLabel(/Tracking number/).fill('15501234567890');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(staff.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();
}

test('a size sells out while the customer is on the payment page: paying by test card orders nothing, the payment is returned, and staff see it returned', async ({ browser }) => {
  test.setTimeout(150_000);
  const { context, page, token, email } = await signedInCustomer(browser);
  const { sizeId } = await basketReadyToPay(page.request, token, 3);
  await countSize(sizeId, 5000, 'Counted before the sale');
  await onPaymentPage(page);

  // Meanwhile the warehouse finds the shelf empty.
  await countSize(sizeId, 0, 'Shelf found empty');

  await page.getByRole('button', { name: 'Pay with test card' }).click();
  const message = page.getByTestId('payment-message');
  await expect(message).toContainText('Not enough stock');
  await expect(message).toContainText('Nothing was ordered');
  await expect(message).toContainText('is being returned to you in full, so you need not contact us');
  await expect(page).toHaveURL(/\/payment$/);
  const shown = (await message.textContent()) ?? '';
  const reference = /\(reference ([^)\s]+)\)/.exec(shown)?.[1];
  expect(reference, shown).toBeTruthy();
  const amount = /The payment of (£[\d,]+\.\d\d)/.exec(shown)?.[1];
  expect(amount, shown).toBeTruthy();

  // No order came of it.
  await page.goto('/order-history');
  await expect(page.getByTestId('orders-empty')).toContainText('You have not placed any orders yet');

  // Staff find the payment under Returned payments; the job returns it by itself.
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returned payments', exact: true }).click();
  await expect(staff.getByRole('heading', { name: 'Returned payments' })).toBeVisible();
  const row = staff.getByTestId('returned-payment').filter({ hasText: reference! });
  await expect(row).toContainText(email);
  await expect(row).toContainText(amount!);
  await expect(row).toContainText('Not enough stock');
  await expect(async () => {
    await staff.reload();
    await expect(row.getByTestId('returned-payment-state')).toHaveText('Returned', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(/Refund \S+/);
  await context.close();
});

test('a paid order refunded in full, not cancelled, leaves the dispatch queue and its page says it waits to be paid again', async ({ browser }) => {
  test.setTimeout(150_000);
  const { context, page, token } = await signedInCustomer(browser);
  await basketReadyToPay(page.request, token, 0);
  await onPaymentPage(page);
  await page.getByRole('button', { name: 'Pay with test card' }).click();
  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  await expect(page.getByTestId('order-placed')).toBeVisible();

  // Paid: the dispatch desk offers it.
  await staff.goto('/admin/dispatch');
  await expect(staff.getByRole('heading', { name: 'Ready to dispatch' })).toBeVisible();
  const queued = staff.locator(`[data-testid="queue-row"][data-order-id="${orderId}"]`);
  await expect(queued).toHaveCount(1);

  // Staff refund all of it through the provider, leaving "Also cancel the order" unticked.
  await staff.goto(`/admin/orders/${orderId}`);
  await waitForHydration(staff);
  const refund = staff.getByTestId('refund-form');
  await expect(refund.getByRole('heading', { name: 'A refund through the test payment provider' })).toBeVisible();
  const refundable = poundsOf(penceOf((await refund.getByText(/at most £/).textContent()) ?? ''));
  await refund.getByLabel('Amount (£)').fill(refundable.replace(/[£,]/g, ''));
  const alsoCancel = refund.getByRole('checkbox', { name: /Also cancel the order/ });
  // A refund in full offers to cancel too; staff keep the order.
  await expect(alsoCancel).toBeChecked();
  await alsoCancel.uncheck();
  await expect(alsoCancel).not.toBeChecked();
  await refund.getByRole('button', { name: 'Refund through the test payment provider' }).click();
  await expect(staff.getByText('Refunded through the payment provider.')).toBeVisible();
  await expect(staff.getByTestId('payment-records')).toContainText(`Refunded ${refundable}`);
  await expect(staff.getByTestId('admin-order-state')).not.toHaveText('Cancelled');
  const held = 'Refunded in full, not cancelled: it will not be dispatched until it is paid again. Cancel it if it is not to go.';
  await expect(staff.getByTestId('refund-hold')).toHaveText(held);
  await expect(staff.getByTestId('dispatch-hold')).toHaveText(held);
  await expect(staff.getByTestId('dispatch-form')).toHaveCount(0);

  // The dispatch desk no longer offers it.
  await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dispatch', exact: true }).click();
  await expect(staff).toHaveURL(`${shop.baseURL}/admin/dispatch`);
  await expect(staff.getByRole('heading', { name: 'Ready to dispatch' })).toBeVisible();
  await expect(queued).toHaveCount(0);
  await context.close();
});

test('a damage claim on an unpaid trade-account order is settled by a credit note: the order owes that much less', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, token, userId } = await signedInCustomer(browser);

  // A manager opens a trade account for the customer, who orders on account.
  await staff.goto(`/admin/customers/${userId}`);
  await staff.getByLabel('Credit limit (£)').fill('5000');
  await staff.getByRole('button', { name: 'Open trade account' }).click();
  await expect(staff.getByText('The trade account is open')).toBeVisible();
  await basketReadyToPay(page.request, token, 1);
  await page.goto('/payment');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Pay on account' }).click();
  await page.getByRole('button', { name: 'Place order on account' }).click();
  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));

  // Dispatched and delivered, not paid yet (account terms).
  await dispatchWhole(orderId);
  await staff.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(staff.getByText('Marked delivered.')).toBeVisible();
  const dueBefore = penceOf((await staff.locator('dt:text-is("Due") + dd').textContent()) ?? '');
  await expect(staff.getByTestId('admin-credit-notes')).toContainText('None.');

  // The customer claims for a crushed pack.
  await page.goto(`/order-detail?orderId=${orderId}`);
  // The link navigates in the page once React has hydrated it: click it then, not mid-hydration.
  await waitForHydration(page);
  await page.getByTestId('order-returns').getByRole('link', { name: 'Return or claim items' }).click();
  const form = page.getByTestId('return-form');
  await form.locator('input[type="number"]').first().fill('1');
  await form.getByLabel(/Damaged or short delivery/).check();
  await form.getByLabel('What is wrong?').fill('One carton arrived crushed.');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderId=${orderId}`));
  const claim = page.getByTestId('customer-return');
  await expect(claim.getByTestId('customer-return-state')).toHaveText('Requested');
  const returnId = await claim.getAttribute('data-return-id');

  // Staff approve it (nothing needs to come back) and settle it by a credit note.
  await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns', exact: true }).click();
  await staff.getByTestId('returns-queue').getByRole('link', { name: `Return ${returnId}` }).click();
  const approve = staff.getByTestId('approve-form');
  await expect(approve.getByLabel('The goods must come back to us')).not.toBeChecked();
  await approve.getByLabel('Instructions for the customer').fill('Keep the crushed carton; we credit it.');
  await approve.getByRole('button', { name: 'Approve and e-mail' }).click();
  await expect(staff.getByText('Approved. The customer is e-mailed the instructions.')).toBeVisible();

  const credit = staff.getByTestId('return-credit-form');
  await expect(credit.getByRole('heading', { name: 'Credit note (reduces what the customer owes)' })).toBeVisible();
  await expect(credit).toContainText(`${poundsOf(dueBefore)} is still owed on the order.`);
  const creditPence = penceOf(`£${await credit.getByLabel('Amount to credit, VAT included (£)').inputValue()}`);
  expect(creditPence).toBeGreaterThan(0);
  expect(creditPence).toBeLessThan(dueBefore);
  await credit.getByRole('button', { name: 'Issue credit note and e-mail' }).click();
  await expect(staff.getByText('Settled by a credit note: what the customer owes on the order is lower by it.')).toBeVisible();
  await expect(staff.getByTestId('admin-return-state')).toHaveText('Credited');
  await expect(staff.locator('dt:text-is("Still owed") + dd')).toHaveText(poundsOf(dueBefore - creditPence));

  // The order owes less, and its credit note is listed.
  await staff.goto(`/admin/orders/${orderId}`);
  await expect(staff.locator('dt:text-is("Due") + dd')).toHaveText(poundsOf(dueBefore - creditPence));
  await expect(staff.getByTestId('credited')).toHaveText(poundsOf(creditPence));
  const notes = staff.getByTestId('admin-credit-notes');
  await expect(notes.getByRole('link', { name: /^CN-\d{6} \(PDF\)$/ })).toHaveCount(1);
  await expect(notes).toContainText(`${poundsOf(creditPence)} credited`);
  await expect(staff.getByTestId('order-timeline')).toContainText('Return settled by a credit note');

  // The customer sees the claim credited and the credit note on their order.
  await page.reload();
  await expect(claim.getByTestId('customer-return-state')).toHaveText('Credited');
  await expect(claim.getByTestId('customer-return-steps')).toContainText(`Credited ${poundsOf(creditPence)} off what you owe (credit note).`);
  await expect(page.getByTestId('order-credit-notes')).toContainText(`${poundsOf(creditPence)} credited on`);
  await context.close();
});

test('printed boxes paid by card leave at 108%: the invoice is issued at dispatch, the customer is asked for £24.00 by card, pays, and nothing is due', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, token } = await signedInCustomer(browser);
  await saveAddress(page.request, token);

  // The customer asks for 1,000 printed mailer boxes.
  const found = (await (await page.request.get('/api/products/Search?filter=mailer%20box')).json()) as { product_id: number }[];
  await page.goto(`/product-detail?productCode=${found[0]!.product_id}`);
  await page.getByRole('link', { name: 'Ask for a quote' }).click();
  const item = page.getByTestId('quote-item').first();
  await item.getByLabel('Quantity (units)').fill('1000');
  await item.getByLabel('Printed', { exact: true }).check();
  await item.getByLabel('Print colours (if printed)').fill('1 colour, black');
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page.getByTestId('quote-requested')).toContainText(/we have your request Q-\d{6}/);
  const quoteUrl = page.url().replace(/\?.*$/, '');
  const quoteNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Quote ', '').trim();

  // Staff price it: 25p a box, £25 delivery, leaving in 10 working days.
  await staff.goto('/admin/quotes');
  await staff.getByRole('link', { name: quoteNumber }).click();
  const line = staff.getByTestId('quote-line-row').first();
  await line.getByLabel('Description').fill('Printed mailer box, 1 colour');
  await expect(line.getByLabel('Units')).toHaveValue('1000');
  await line.getByLabel('Unit price £').fill('0.25');
  await staff.getByLabel('Delivery charge £ ex-VAT').fill('25.00');
  await staff.getByLabel('Dispatch within (working days)').fill('10');
  await staff.getByRole('button', { name: 'Save prices' }).click();
  await expect(staff.getByTestId('admin-notice')).toContainText('Prices saved');
  await staff.getByRole('button', { name: 'Send the quote to the customer' }).click();
  await expect(staff.getByTestId('admin-notice')).toContainText('Sent');

  // The customer accepts it paying by test card: (£250.00 + £25.00) + 20% VAT.
  await page.goto(quoteUrl);
  await waitForHydration(page);
  await expect(page.getByTestId('quote-total')).toHaveText('£330.00');
  await page.getByTestId('quote-card-payment').getByRole('button', { name: 'Pay with test card' }).click();
  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));

  // The printer delivered 1,080: staff dispatch them, entering the units delivered.
  await staff.goto(`/admin/orders/${orderId}`);
  const dispatch = staff.getByTestId('dispatch-form');
  await expect(dispatch).toContainText('made to order: 1000 units ordered, 90% to 110% may be delivered');
  await dispatch.getByLabel('Units delivered').fill('1080');
  await dispatch.getByLabel('Carrier').selectOption('DPD');
  await dispatch.getByLabel(/Tracking number/).fill('15501234567890');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(staff.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();
  const statement = 'We delivered 1,080 of the 1,000 units';
  await expect(staff.getByTestId('admin-made-to-order')).toContainText(statement);
  await expect(staff.getByTestId('shipments')).toContainText('1080 units delivered');

  // The VAT invoice, issued by the dispatch, is for what was delivered: £270.00 + £25.00 + VAT.
  const invoice = await staff.request.get((await staff.getByTestId('invoice-link').getAttribute('href'))!);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  const invoiceText = (await pdfText(new Uint8Array(await invoice.body()))).join(' ');
  expect(invoiceText).toContain('1,080 units delivered');
  expect(invoiceText).toContain('£354.00');

  // The customer's order page states it and asks for the difference by card.
  await page.goto(`/order-detail?orderId=${orderId}`);
  await waitForHydration(page);
  await expect(page.getByTestId('download-invoice')).toBeVisible();
  const madeToOrder = page.getByTestId('order-made-to-order');
  await expect(madeToOrder).toContainText(statement);
  await expect(madeToOrder).toContainText('so your order total is now £354.00; £24.00 is due.');
  const payDue = page.getByTestId('order-pay-card');
  await expect(payDue.getByRole('heading', { name: 'Pay £24.00 by card' })).toBeVisible();
  await payDue.getByRole('button', { name: 'Pay with test card' }).click();

  // Paid: recorded, nothing more due, no more offer.
  await expect(page.getByTestId('order-paid-by-card')).toHaveText('Thank you: your card payment is recorded against this order.');
  await expect(page.getByTestId('order-pay-card')).toHaveCount(0);
  await expect(madeToOrder).toContainText('nothing more is due');
  await staff.reload();
  await expect(staff.getByTestId('admin-order-payment')).toHaveText('Paid');
  await expect(staff.locator('dt:text-is("Due")')).toHaveCount(0);
  await context.close();
});
