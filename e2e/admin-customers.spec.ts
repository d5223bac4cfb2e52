/**
 * The back office's customers, dashboard and exports in the browser, on a
 * shop server of this spec's own over PostgreSQL (TEST_DATABASE_URL, default the local server),
 * so its customers and orders can be written with SQL: the owner is set up from the logged
 * link; the dashboard shows today's orders, bank transfers awaiting payment, orders ready to
 * dispatch and an overdue trade account; Customers finds one by postcode; their page shows
 * details, addresses, orders and the trade account; "Disable customer" asks first, then disables
 * (and Enable undoes it); Exports downloads the orders CSV. Pages at 1280 and 800 px, axe clean.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { expect, test } from '@playwright/test';
import { adminScreenshot, expectNoSeriousA11yViolations, setUpOwner } from './fixtures';
import { startShopOnOwnDatabase, type ShopOnOwnDatabase } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'boxes and tape 2026' };

let shop: ShopOnOwnDatabase;


const address = (postcode: string, company: string) =>
  JSON.stringify({ reference: 'Warehouse', contact_name: 'Alice Walker', region: '12', company_name: company, address: '1 Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: postcode, phone: '0113 496 0123' });

/** Customers and orders written as the shop would have stored them (amounts: net + 20% VAT). */
async function seed(client: pg.Client): Promise<{ aliceId: number }> {
  const user = async (first: string, last: string, email: string, company: string | null, vat: string | null) =>
    Number(
      (
        await client.query(
          `INSERT INTO users (first_name, last_name, email, password_hash, phone, company_name, vat_number, newsletter, created_at)
           VALUES ($1, $2, $3, 'not-a-hash', '0113 496 0123', $4, $5, true, now() - interval '40 days') RETURNING user_id`,
          [first, last, email, company, vat],
        )
      ).rows[0].user_id,
    );
  const aliceId = await user('Alice', 'Walker', 'alice@walkercrafts.example', 'Walker Crafts Ltd', 'GB123456789');
  const bobId = await user('Bob', 'Stone', 'bob@example.com', null, null);
  for (let i = 0; i < 8; i++) await user('Test', `Customer ${i + 1}`, `test${i + 1}@example.com`, null, null);
  await client.query(
    `INSERT INTO addresses (user_id, reference, contact_name, region, company_name, address, town, country, post_code, phone, type) VALUES
     ($1, 'Head office', 'Alice Walker', '12', 'Walker Crafts Ltd', '1 Boar Lane', 'Leeds', 'United Kingdom', 'LS1 4AP', '0113 496 0123', 'Billing'),
     ($1, 'Warehouse', 'Goods In', '12', 'Walker Crafts Ltd', 'Unit 4, Canal Wharf', 'Leeds', 'United Kingdom', 'LS11 5PS', '0113 496 0456', NULL),
     ($2, 'Home', 'Bob Stone', '1', '', '2 Quarry Road', 'Bath', 'United Kingdom', 'BA1 1AA', '01225 000000', NULL)`,
    [aliceId, bobId],
  );
  const order = async (userId: number, method: string, net: number, paid: number | 'all', status: string, created: string, due: string | null = null) => {
    const vat = Math.round(net * 0.2);
    await client.query(
      `INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence,
                           total_pence, created, paid_pence, payment_due_date, purchase_order_number)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, 0, $7, $8, $9::timestamptz, $10, $11::date, $12)`,
      [userId, address('LS1 4AP', 'Walker Crafts Ltd'), method, method === 'bank' ? 'BXW1001' : method === 'paypal' ? `PAYPAL-${randomBytes(4).toString('hex')}` : '', status, net, vat, net + vat, created,
       paid === 'all' ? net + vat : paid, due, method === 'account' ? 'PO-4471' : null],
    );
  };
  await order(aliceId, 'paypal', 12_450, 'all', 'PendingDelivery', new Date(Date.now() - 60_000).toISOString());
  await order(bobId, 'bank', 8_990, 0, 'PendingDelivery', new Date(Date.now() - 30_000).toISOString());
  await order(aliceId, 'account', 45_000, 0, 'Dispatched', new Date(Date.now() - 20 * 86_400_000).toISOString(), new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10));
  await order(aliceId, 'paypal', 3_300, 'all', 'Delivered', new Date(Date.now() - 30 * 86_400_000).toISOString());
  return { aliceId };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startShopOnOwnDatabase('customers');
});
test.afterAll(async () => shop?.stop());

test('the owner sees the day on the dashboard, finds and disables a customer, and exports the orders', async ({ page }) => {
  test.setTimeout(180_000);
  const { aliceId } = await shop.sql(seed);
  await setUpOwner(page, shop, OWNER);

  // Dashboard.
  await expect(page.getByTestId('dashboard-today')).toContainText('£214.40 ex-VAT');
  await expect(page.getByTestId('dashboard-awaiting-payment')).toContainText('£107.88 still to be paid');
  await expect(page.getByTestId('dashboard-ready')).toContainText('1');
  await expect(page.getByTestId('dashboard-overdue')).toContainText('Walker Crafts Ltd');
  await expect(page.getByTestId('dashboard-overdue')).toContainText('£540.00');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-dashboard-figures');

  // Customers: search by a saved address's postcode.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByTestId('customers-count')).toHaveText('1-10 of 10 customers');
  await adminScreenshot(page, 'admin-customers');
  await page.getByLabel('Search customers').fill('ls11 5ps');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=ls11\+5ps$/);
  await expect(page.getByTestId('customers-table').getByRole('link')).toHaveText(['Alice Walker']);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Alice Walker' }).click();

  // The customer's page.
  await expect(page).toHaveURL(`${shop.baseURL}/admin/customers/${aliceId}`);
  await expect(page.getByTestId('customer-details')).toContainText('GB123456789');
  await expect(page.getByTestId('customer-orders').getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('customer-orders')).toContainText('Overdue');
  await expect(page.getByTestId('customer-addresses')).toContainText('LS11 5PS');
  await page.getByLabel('Credit limit (£)').fill('2500');
  await page.getByRole('button', { name: 'Open trade account' }).click();
  await expect(page.getByText('The trade account is open')).toBeVisible();
  await expect(page.getByTestId('trade-account')).toContainText('£2,500.00');
  await expect(page.getByTestId('trade-account')).toContainText('£540.00');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-customer');

  // Disable: a confirm step first, then disabled; Enable undoes it.
  await page.getByRole('link', { name: 'Disable customer' }).click();
  await expect(page.getByTestId('confirm-disable')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-customer-confirm-disable');
  await page.getByRole('button', { name: 'Yes, disable Alice Walker' }).click();
  await expect(page.getByText('The customer is disabled')).toBeVisible();
  await expect(page.getByTestId('customer-disabled')).toBeVisible();
  const disabledAt = await shop.sql((c) => c.query('SELECT disabled_at FROM users WHERE user_id = $1', [aliceId]));
  expect(disabledAt.rows[0].disabled_at).not.toBeNull();
  await page.getByRole('button', { name: 'Enable customer' }).click();
  await expect(page.getByText('The customer is enabled')).toBeVisible();
  // Each change is in the account history, newest first, with who made it.
  const history = page.getByTestId('customer-history').getByRole('row');
  await expect(history).toHaveCount(4);
  await expect(history.nth(1)).toContainText('Enabled: can sign in again');
  await expect(history.nth(2)).toContainText('Disabled: signed out everywhere');
  await expect(history.nth(3)).toContainText('Trade account opened: credit limit £2,500.00, terms 7 days');

  // A customer who asks by phone: their data as a ZIP, in the history; closing their account is
  // refused while an order of theirs is open, saying which.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-customer-data').click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await page.getByRole('link', { name: 'Close account' }).click();
  await expect(page.getByTestId('confirm-close')).toBeVisible();
  await page.getByLabel('How the customer asked').fill('Phoned, confirmed her postcode');
  await page.getByRole('button', { name: 'Yes, close the account' }).click();
  await expect(page.getByTestId('confirm-close')).toContainText('You can close your account once');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-customer-confirm-close');
  await page.getByTestId('confirm-close').getByRole('link', { name: 'Cancel' }).click();
  await expect(history.nth(1)).toContainText('Data downloaded');

  // Exports: the form, then the file.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-exports');
  const today = await page.getByLabel('To (included)').first().inputValue();
  const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const file = await page.request.get(`${shop.baseURL}/admin/exports/orders.csv?from=${from}&to=${today}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toBe(`attachment; filename="orders-${from}-to-${today}.csv"`);
  const lines = (await file.text()).trim().split('\n');
  expect(lines[0]).toMatch(/^order_number,date_placed,customer/);
  expect(lines).toHaveLength(5);
  const bad = await page.request.get(`${shop.baseURL}/admin/exports/orders.csv?from=${today}&to=2000-01-01`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toBe('The first day must not be after the last day.\n');
});
