import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, addAddressByPostcode, expectNoSeriousA11yViolations, latestOutboxMail, newCustomer, signInAs, waitForHydration } from './fixtures';

/** A signed-in customer (created through the API) with one pack in the basket. */
async function customerWithBasket(page: Page): Promise<{ userId: number; token: string; email: string }> {
  const customer = newCustomer();
  const response = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(response.status()).toBe(200);
  const { userId, token } = await response.json();
  await signInAs(page, customer.email, customer.password);
  const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  await page.goto(`/product-detail?productCode=${landing[0].product_id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  return { userId, token, email: customer.email };
}

test.beforeEach(async ({ page }) => acceptCookies(page));

test('a customer checks out by bank transfer, sees the order, its history entry and the confirmation e-mail', async ({ page }) => {
  await customerWithBasket(page);
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Checkout & Proceed To Payment' }).or(page.getByRole('button', { name: 'Checkout & Proceed To Payment' })).click();
  await expect(page).toHaveURL(/\/delivery$/);
  await expect(page.getByRole('heading', { name: 'Your Billing & Delivery Details' })).toBeVisible();
  await expect(page.getByText('No Address Selected').first()).toBeVisible();

  await addAddressByPostcode(page, 'Head office');
  await page.getByRole('button', { name: 'Deliver to this Address' }).first().click();
  await expect(page).toHaveURL(/\/payment$/);

  await page.getByRole('tab', { name: 'Bank Transfer' }).click();
  const bank = await (await page.request.get('/api/payments/config')).json();
  expect(bank.currency).toBe('GBP');
  // The order's own reference (prefix, hyphen, six characters), known before paying and kept on reload.
  const reference = (await page.getByTestId('bank-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^[A-Z]+-[A-Z0-9]{6}$/);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Bank Transfer' }).click();
  await expect(page.getByTestId('bank-reference')).toHaveText(reference);
  await page.getByRole('textbox', { name: /note/i }).fill('Leave at reception');
  await page.getByRole('button', { name: "I've made my bank transfer" }).click();

  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByTestId('order-number')).toHaveText(orderId);
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
  await expect(page.getByText('Leave at reception')).toBeVisible();
  await expect(page.getByText('Alice Walker').first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  await page.goto('/order-history');
  await waitForHydration(page);
  const row = page.getByRole('row').filter({ hasText: orderId }).or(page.getByTestId(`order-${orderId}`));
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText(reference);
  await row.first().getByRole('link', { name: /View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderId=${orderId}$`));

  const mail = await latestOutboxMail(new RegExp(`Order number ${orderId},`));
  expect(mail.text).toContain(`Reference: ${reference}`);
});

test('a customer pays with a test card payment and lands on the order', async ({ page }) => {
  await customerWithBasket(page);
  await page.goto('/delivery');
  await waitForHydration(page);
  await addAddressByPostcode(page, 'Warehouse');
  await page.getByRole('button', { name: 'Deliver to this Address' }).first().click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('tab', { name: 'Card / Wallet' }).click();
  await expect(page.getByText(/Test payments/)).toBeVisible();
  await page.getByRole('button', { name: 'Pay with test card' }).click();
  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
  await expect(page.getByTestId('order-placed')).toBeVisible();
  // The shop runs on 127.0.0.1: test payments are on, and the order says it was paid by one.
  await expect(page.getByTestId('test-payment').first()).toHaveText('Test payment');
});

test('a customer edits an address and marks another one as billing', async ({ page }) => {
  await customerWithBasket(page);
  await page.goto('/delivery');
  await waitForHydration(page);
  await addAddressByPostcode(page, 'First site');
  // One address: it is the billing address and cannot be "marked" again.
  await expect(page.getByRole('button', { name: 'Mark as billing' })).toHaveCount(0);
  await addAddressByPostcode(page, 'Second site');
  await expect(page.getByRole('button', { name: 'Mark as billing' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Mark as billing' }).click();
  await expect(page.getByRole('button', { name: 'Mark as billing' })).toHaveCount(1); // now on the first one

  await page.getByRole('button', { name: 'Edit' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add/Update Address' });
  await dialog.getByLabel('Contact Name').fill('Bob Stone');
  await dialog.getByTestId('save-address').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Bob Stone').first()).toBeVisible();
});

test('checkout and past orders ask a visitor to sign in first', async ({ page }) => {
  await page.goto('/delivery');
  await expect(page).toHaveURL(/\/signin\?return=delivery/);
  await page.goto('/order-history');
  await expect(page).toHaveURL(/\/signin/);
});

test('no serious accessibility violations on delivery, payment, order detail and order history', async ({ page }) => {
  // Four pages and four axe runs: about 40 s alone, over the 60 s default beside a second browser on two cores.
  test.setTimeout(150_000);
  await customerWithBasket(page);
  await page.goto('/delivery');
  await waitForHydration(page);
  await addAddressByPostcode(page, 'Accessible');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Deliver to this Address' }).first().click();
  await expect(page).toHaveURL(/\/payment$/);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Bank Transfer' }).click();
  await page.getByRole('button', { name: "I've made my bank transfer" }).click();
  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
  await expect(page.getByTestId('order-number')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/order-history');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: /View/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
