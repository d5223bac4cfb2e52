/**
 * A day's order in the back office, in the browser: a customer places a bank-transfer
 * order; the owner (set up from the logged link) finds it under "Awaiting dispatch" awaiting payment,
 * records the £500 the customer sent (confirmed, as it is more than is due), refunds the excess the
 * refund form offers, opens the picking list, dispatches it with Royal Mail and a tracking
 * number; the customer's order detail then reads Dispatched with the tracking link and offers the
 * VAT invoice, which downloads as a PDF. Pages at 1280 px and on an 800 px tablet, axe clean.
 */
import { expect, test } from '@playwright/test';
import { adminScreenshot, expectNoSeriousA11yViolations, newCustomer, placeBankOrder } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.orders@example.com', password: 'boxes and tape 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

test('staff record a bank payment, print the picking list and dispatch; the customer sees Dispatched and downloads the invoice', async ({ browser }) => {
  test.setTimeout(180_000);
  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = await customerContext.newPage();
  const customer = newCustomer();
  const signedUp = await customerPage.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  const { orderId } = await placeBankOrder(customerPage.request, (await signedUp.json()).token);

  // The owner, from the setup link the server logged.
  const staffContext = await browser.newContext({ baseURL: shop.baseURL });
  const page = await staffContext.newPage();
  await page.goto(shop.setupLink!);
  await page.getByLabel('Your name').fill(OWNER.name);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByLabel('Password again').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create the owner and sign in' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin`);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByTestId('order-tabs').getByRole('link', { name: /Awaiting dispatch/ }).click();
  const row = page.getByTestId('orders-table').getByRole('row', { name: new RegExp(`#${orderId}`) });
  await expect(row).toContainText('Awaiting payment');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-orders');
  // On an 820 px tablet the state and payment column is on screen, not scrolled off to the right.
  await page.setViewportSize({ width: 820, height: 900 });
  const stateCell = row.getByRole('cell').filter({ hasText: 'Awaiting payment' });
  await expect(stateCell).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('link', { name: `#${orderId}` }).click();

  await expect(page.getByTestId('admin-order-state')).toHaveText('Awaiting dispatch');
  await expect(page.getByText('Awaiting payment: it can be dispatched once the payment is recorded.')).toBeVisible();
  // The customer sent £473.01 more than the order's total: refused until confirmed, then owed back.
  const payment = page.getByTestId('payment-form');
  const gbp = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
  const duePence = Math.round(Number(await page.locator('#payment-amount').inputValue()) * 100);
  const sentPence = duePence + 473_01;
  await page.locator('#payment-amount').fill((sentPence / 100).toFixed(2));
  await payment.getByLabel('Bank reference').fill('FASTER PAYMENT 1182');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  const confirm = page.getByTestId('confirm-overpayment');
  await expect(confirm).toHaveText(`Record ${gbp(sentPence)} although only ${gbp(duePence)} is due`);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('checkbox').check();
  await page.getByTestId('payment-form').getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('The payment is recorded.')).toBeVisible();
  await expect(page.getByTestId('admin-order-payment')).toHaveText('Refund due');
  const owed = 473.01;
  await expect(page.getByTestId('refund-due')).toHaveText(`£${owed.toFixed(2)}`);
  // The refund form offers what is owed; each form's fields have their own ids.
  await expect(page.locator('#refund-amount')).toHaveValue(owed.toFixed(2));
  expect(await page.locator('[id="payment-amount"], [id="refund-amount"]').count()).toBe(2);
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('refund-form').getByLabel('Bank reference').fill('REFUND OVERPAID');
  await page.getByTestId('refund-form').getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('The refund is recorded.')).toBeVisible();
  await expect(page.getByTestId('admin-order-payment')).toHaveText('Paid');

  const pickingList = await page.request.get(`/admin/orders/${orderId}/picking-list.pdf`);
  expect(pickingList.status()).toBe(200);
  expect(pickingList.headers()['content-type']).toBe('application/pdf');

  const dispatch = page.getByTestId('dispatch-form');
  await dispatch.getByLabel('Carrier').selectOption('Royal Mail');
  await dispatch.getByLabel('Tracking number').fill('AB123456789GB');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(page.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();
  await expect(page.getByTestId('admin-order-state')).toHaveText('Dispatched');
  await expect(page.getByTestId('order-timeline')).toContainText('Payment recorded by Olive Owner');
  await expect(page.getByTestId('order-timeline')).toContainText('Dispatched by Olive Owner');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-order');

  // The customer signs in and reads what happened.
  const signedIn = await customerPage.request.post('/signin', {
    form: { intent: 'signin', email: customer.email, password: customer.password },
    headers: { origin: shop.baseURL },
    maxRedirects: 0,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  await customerPage.goto(`/order-detail?orderId=${orderId}`);
  await expect(customerPage.getByTestId('order-status')).toHaveText('Dispatched');
  await expect(customerPage.getByTestId('order-fulfilment')).toContainText('with Royal Mail, tracking AB123456789GB.');
  await expect(customerPage.getByTestId('order-tracking-link')).toHaveAttribute('href', /royalmail\.com.*AB123456789GB/);
  const invoice = customerPage.getByRole('link', { name: /Download VAT invoice/ });
  await expect(invoice).toBeVisible();
  const pdf = await customerPage.request.get((await invoice.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await adminScreenshot(customerPage, 'customer-order-dispatched');
  await customerContext.close();
  await staffContext.close();
});
