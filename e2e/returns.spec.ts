/**
 * Returns within the shop's windows (SPEC section 9, docs/returns.md), on a shop server of this
 * spec's own (its log gives the owner's setup link):
 *
 * - a customer's bank-transfer order is paid, dispatched and delivered by staff;
 * - the customer opens a return of one pack from the order page (unwanted and unopened, with a
 *   photo), staff find it in the returns queue, approve it with where to send it, record the
 *   goods received back to stock and refund it; the customer's order page shows every step;
 * - with JavaScript disabled, a customer opens a return with the plain multipart form; a large
 *   body from someone not signed in is refused (413); another customer's order is not found.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, placeBankOrder, setUpOwner, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.returns@example.com', password: 'boxes and tape 2026' };
/** A photo of noise, about 270 kB: more than the 100 kB a page takes from anyone not signed in. */
const photo = () => sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer();

/** Full-page screenshots at desktop and phone widths into E2E_SHOTS_DIR, when set, for a person to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

// The journeys share one shop, in one worker one after the other: run in parallel, each worker
// started a shop of its own for its share of them (a start is seconds of both cores' time).
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

/** A new customer with a bank-transfer order that staff have paid, dispatched and marked delivered; the context is signed in. */
async function customerWithDeliveredOrder(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await acceptCookies(page);
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  const { orderId, itemNames } = await placeBankOrder(page.request, (await signedUp.json()).token);
  const signedIn = await page.request.post('/signin', { form: { intent: 'signin', email: customer.email, password: customer.password }, headers: { origin: shop.baseURL }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);

  await staff.goto(`/admin/orders/${orderId}`);
  const payment = staff.getByTestId('payment-form');
  await payment.getByLabel('Bank reference').fill('FASTER PAYMENT');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByText('The payment is recorded.')).toBeVisible();
  const dispatch = staff.getByTestId('dispatch-form');
  await dispatch.getByLabel('Carrier').selectOption('DPD');
  await dispatch.getByLabel('Tracking number').fill('15501234567890');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(staff.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();
  await staff.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(staff.getByText('Marked delivered.')).toBeVisible();
  return { page, context, orderId, itemNames, customer };
}

test('a customer returns a pack, staff approve, receive and refund it, and the customer sees each step', async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context, orderId } = await customerWithDeliveredOrder(browser);

  await page.goto(`/order-detail?orderId=${orderId}`);
  // The link navigates in the page once React has hydrated it: click it then, not mid-hydration.
  await waitForHydration(page);
  const section = page.getByTestId('order-returns');
  await section.getByRole('link', { name: 'Return or claim items' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-return\\?orderId=${orderId}$`));
  const windows = page.getByTestId('return-windows');
  await expect(windows.locator('[data-reason="unwanted"]')).toContainText('Unwanted and unopened: open until');
  await expect(windows.locator('[data-reason="damaged"]')).toContainText('open until');

  await screenshot(page, 'order-return');
  const form = page.getByTestId('return-form');
  await form.locator('input[type="number"]').first().fill('1');
  await form.getByLabel(/Unwanted and unopened/).check();
  await form.getByLabel('What is wrong?').fill('We ordered one pack too many; it is still sealed.');
  const buffer = await photo();
  expect(buffer.byteLength).toBeGreaterThan(100 * 1024);
  await form.getByLabel(/Photos/).setInputFiles({ name: 'sealed-pack.png', mimeType: 'image/png', buffer });
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderId=${orderId}`));
  const mine = page.getByTestId('customer-return');
  await expect(mine.getByTestId('customer-return-state')).toHaveText('Requested');
  await expect(mine.getByTestId('customer-return-description')).toContainText('We ordered one pack too many; it is still sealed.');
  await expect(mine.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  const returnId = await mine.getAttribute('data-return-id');

  // Staff: the queue, then the return.
  await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
  const row = staff.getByTestId('returns-queue').getByRole('row').filter({ hasText: `Return ${returnId}` });
  await expect(row).toContainText('Unwanted and unopened');
  await expect(row).toContainText('Approve or refuse');
  await screenshot(staff, 'admin-returns');
  await row.getByRole('link', { name: `Return ${returnId}` }).click();
  await screenshot(staff, 'admin-return');
  await expect(staff.getByRole('img', { name: "Customer's photo 1" })).toBeVisible();
  const approve = staff.getByTestId('approve-form');
  await approve.getByLabel('Instructions for the customer').fill('Send it to Packaging Supplies, Unit 4, Leeds LS11 5QN, with the return number on the parcel.');
  await approve.getByRole('button', { name: 'Approve and e-mail' }).click();
  await expect(staff.getByText('Approved. The customer is e-mailed the instructions.')).toBeVisible();

  await page.reload();
  await expect(mine.getByTestId('customer-return-state')).toHaveText('Approved');
  await expect(mine.getByTestId('customer-return-steps')).toContainText('Please send the goods back: Send it to Packaging Supplies, Unit 4');

  await staff.getByTestId('receive-form').getByRole('button', { name: 'Record goods received' }).click();
  await expect(staff.getByText('The goods are recorded as received.')).toBeVisible();
  await page.reload();
  await expect(mine.getByTestId('customer-return-state')).toHaveText('Goods received');

  const refund = staff.getByTestId('return-refund-form');
  const amount = await refund.getByLabel('Amount (£)').inputValue();
  expect(Number(amount)).toBeGreaterThan(0);
  await refund.getByRole('button', { name: 'Record refund and e-mail' }).click();
  await expect(staff.getByText('Refunded. The customer is e-mailed')).toBeVisible();
  await expect(staff.getByTestId('admin-return-state')).toHaveText('Refunded');

  await page.reload();
  await expect(mine.getByTestId('customer-return-state')).toHaveText('Refunded');
  await screenshot(page, 'order-detail-returns');
  const steps = mine.getByTestId('customer-return-steps').getByRole('listitem');
  await expect(steps).toHaveText([/^Requested: unwanted and unopened\./, /^Approved\. Please send the goods back/, /^Goods received\./, new RegExp(`^Refunded £${amount.replace('.', '\\.')}\\.`)]);

  // The order's timeline for staff names each step, and the refund is in its money.
  await staff.goto(`/admin/orders/${orderId}`);
  await expect(staff.getByTestId('order-timeline')).toContainText('Return refunded by Olive Owner');
  await screenshot(staff, 'admin-order');
  await expect(staff.getByTestId('payment-records')).toContainText(`Refunded £${amount}`);
  await context.close();
});

test('without JavaScript a customer opens a return with the plain form; nobody signed in may send photos, and another customer’s order is not found', async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context, orderId } = await customerWithDeliveredOrder(browser, false);
  await page.goto(`/order-return?orderId=${orderId}`);
  const form = page.getByTestId('return-form');
  // Nothing chosen for the customer; sent as it is, the page tells every problem at once.
  await expect(form.getByRole('radio', { checked: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByTestId('return-error')).toContainText('Please correct the fields marked below.');
  await expect(page.getByTestId('return-lines-error')).toHaveText('Choose at least one item and how many packs of it.');
  await expect(page.getByTestId('return-reason-error')).toHaveText('Choose why you are returning the goods.');
  await expect(form.getByLabel('What is wrong?')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Describe what is wrong in 1 to 2000 characters.')).toBeVisible();
  await form.locator('input[type="number"]').first().fill('1');
  await form.getByLabel(/Damaged or short delivery/).check();
  await form.getByLabel('What is wrong?').fill('One carton arrived crushed.');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderId=${orderId}`));
  await expect(page.getByTestId('customer-return').getByTestId('customer-return-state')).toHaveText('Requested');
  await expect(page.getByTestId('customer-return')).toContainText('Damaged or short delivery');

  // Nobody signed in cannot send a large body to the return page.
  const anonymous = await browser.newContext({ baseURL: shop.baseURL });
  const refused = await anonymous.request.post(`/order-return?orderId=${orderId}`, {
    headers: { origin: shop.baseURL },
    multipart: { reason: 'damaged', description: 'x', photos: { name: 'big.png', mimeType: 'image/png', buffer: await photo() } },
  });
  expect(refused.status()).toBe(413);
  await anonymous.close();

  // Someone else's order: not found.
  const other = await customerWithDeliveredOrder(browser, false);
  const response = await other.page.goto(`/order-return?orderId=${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(other.page.getByTestId('order-missing')).toContainText('Order not found');
  await context.close();
  await other.context.close();
});

test("staff take a pack that cannot be supplied off a paid order: a refund due, and the customer's order has one pack fewer", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: shop.baseURL });
  const page = await context.newPage();
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  const { orderId } = await placeBankOrder(page.request, (await signedUp.json()).token);

  await staff.goto(`/admin/orders/${orderId}`);
  const payment = staff.getByTestId('payment-form');
  await payment.getByLabel('Bank reference').fill('FASTER PAYMENT');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByText('The payment is recorded.')).toBeVisible();
  await expect(staff.getByTestId('refund-due')).toHaveCount(0);

  await staff.getByText('Take packs that cannot be supplied off this order…').click();
  const form = staff.getByTestId('cancel-lines-form');
  await form.locator('input[type="number"]').first().fill('1');
  await form.getByLabel('Reason (the customer reads it)').fill('Our supplier is out of this size until January.');
  await screenshot(staff, 'admin-order-cancel-lines');
  await form.getByRole('button', { name: 'Take these packs off the order' }).click();
  await expect(staff.getByText('Those packs are taken off the order and the totals recomputed.')).toBeVisible();
  await expect(staff.getByTestId('refund-due')).toBeVisible();
  await expect(staff.getByTestId('order-timeline')).toContainText('Packs cancelled (cannot be supplied) by Olive Owner');

  const order = await (await page.request.get(`/api/order/${orderId}`, { headers: { authorization: `Bearer ${(await signedUp.json()).token}` } })).json();
  expect(order.orderLines[0].count).toBe(1);
  await context.close();
});

test('on a phone with JavaScript, a return sent without a reason or a description marks every field and focuses the first', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context, orderId } = await customerWithDeliveredOrder(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/order-return?orderId=${orderId}`);
  await waitForHydration(page);
  const form = page.getByTestId('return-form');
  await expect(form.getByRole('radio', { checked: true })).toHaveCount(0);
  const firstCount = form.locator('input[type="number"]').first();
  await firstCount.fill('1');
  await form.getByRole('button', { name: 'Send my request' }).click();

  // The reason is the first field wrong: focused, and every wrong field marked with its message.
  const firstReason = form.getByRole('radio').first();
  await expect(firstReason).toBeFocused();
  await expect(firstReason).toHaveAttribute('aria-invalid', 'true');
  await expect(firstReason).toHaveAttribute('aria-describedby', 'return-reason-error');
  await expect(page.locator('#return-reason-error')).toHaveText('Choose why you are returning the goods.');
  const description = form.getByLabel('What is wrong?');
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await description.getAttribute('aria-describedby')}`)).toHaveText('Describe what is wrong in 1 to 2000 characters.');
  await expect(firstCount).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`/order-return\\?orderId=${orderId}$`));
  await screenshot(page, 'order-return-refused');
  await context.close();
});

test('signed out, the return form sends the customer to sign in and back to the form', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, orderId, customer } = await customerWithDeliveredOrder(browser);
  await context.close();
  const visitor = await browser.newContext({ baseURL: shop.baseURL, viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await acceptCookies(page);
  await page.goto(`/order-return?orderId=${orderId}`);
  await expect(page).toHaveURL(/\/signin\?return=order-return%3ForderId%3D\d+$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order-return\\?orderId=${orderId}$`));
  await expect(page.getByTestId('return-form')).toBeVisible();
  await visitor.close();
});
