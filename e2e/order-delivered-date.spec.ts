/**
 * "Mark delivered" asks the day the parcel was delivered (the return windows count from it), on a
 * phone without JavaScript: staff pay and dispatch a bank-transfer order, the form offers today,
 * and the order's timeline says which day it was marked delivered on.
 */
import { expect, test } from '@playwright/test';
import { newCustomer, placeBankOrder, screenshots, setUpOwner } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.delivered@example.com', password: 'boxes and tape 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

test('staff on a phone without JavaScript mark an order delivered on the day it was, and the timeline says that day', async ({ browser }) => {
  test.setTimeout(180_000);
  const setup = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  await setUpOwner(setup, shop, OWNER);
  const customer = newCustomer();
  const signedUp = await setup.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  const { orderId } = await placeBankOrder(setup.request, (await signedUp.json()).token);

  // The same staff session, on a phone with JavaScript off.
  const phone = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, storageState: await setup.context().storageState() });
  const staff = await phone.newPage();
  await staff.goto(`/admin/orders/${orderId}`);
  const payment = staff.getByTestId('payment-form');
  await payment.getByLabel('Bank reference').fill('FASTER PAYMENT');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByText('The payment is recorded.')).toBeVisible();
  const dispatch = staff.getByTestId('dispatch-form');
  await dispatch.getByLabel('Carrier').selectOption('DPD');
  await dispatch.getByLabel(/Tracking number/).fill('15501234567890');
  await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(staff.getByText('Dispatched. The customer is e-mailed the tracking link.')).toBeVisible();

  const deliver = staff.getByTestId('deliver-form');
  const day = deliver.getByLabel(/^Delivered on/);
  const today = await day.inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // Today is the latest day, and the dispatch day the earliest: it left today.
  await expect(day).toHaveAttribute('max', today);
  await expect(day).toHaveAttribute('min', today);
  await screenshots(staff, 'order-deliver-form', [1280, 390]);
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(staff.getByText('Marked delivered.')).toBeVisible();
  const shown = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(staff.getByTestId('order-timeline')).toContainText(`delivered on: ${shown}`);
  await screenshots(staff, 'order-delivered', [1280, 390]);
});
