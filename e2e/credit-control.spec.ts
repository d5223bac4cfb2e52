/**
 * Credit control in the browser, on a shop server of this spec's own over PostgreSQL (its
 * customers and account orders written with SQL, due dates relative to today): the owner opens
 * Credit control from the navigation and reads the aged debt (buckets, totals, which accounts are
 * on stop), downloads it as CSV, opens a customer on stop and lifts the stop with a note, which
 * the account history then lists and the report no longer shows as on stop. At 1280 px, at a
 * 390 px phone (the bucket columns fold under each customer) and without JavaScript. Pages axe clean.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshots, setUpOwner } from './fixtures';
import { startShopOnOwnDatabase, type ShopOnOwnDatabase } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.credit@example.com', password: 'boxes and tape 2026' };

let shop: ShopOnOwnDatabase;
let walker: number;
let carter: number;
let dean: number;

const address = JSON.stringify({ reference: 'Warehouse', contact_name: 'Alice Walker', region: '12', company_name: 'Walker Crafts Ltd', address: '1 Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123' });

/** Two trade customers on stop (overdue), one paying on time; amounts are net + 20% VAT. */
async function seed(client: pg.Client): Promise<{ walker: number; carter: number; dean: number }> {
  const user = async (first: string, last: string, company: string | null) =>
    Number(
      (
        await client.query(
          `INSERT INTO users (first_name, last_name, email, password_hash, phone, company_name) VALUES ($1, $2, $3, 'not-a-hash', '0113 496 0123', $4) RETURNING user_id`,
          [first, last, `${first.toLowerCase()}@${last.toLowerCase()}.example`, company],
        )
      ).rows[0].user_id,
    );
  const walkerId = await user('Alice', 'Walker', 'Walker Crafts Ltd');
  const carterId = await user('Carl', 'Carter', 'Carter Removals');
  const onTime = await user('Pat', 'Prompt', null);
  const deanId = await user('Dora', 'Dean', 'Dean Joinery');
  await client.query(`INSERT INTO trade_accounts (user_id, credit_limit_pence) VALUES ($1, 500000), ($2, 300000), ($3, 100000), ($4, 100000)`, [walkerId, carterId, onTime, deanId]);
  const order = async (userId: number, net: number, daysOverdue: number) => {
    await client.query(
      `INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, created, paid_pence, payment_due_date)
       VALUES ($1, $2::jsonb, 'account', '', 'Dispatched', $3, 0, $4, $5, now() - interval '60 days', 0, (now() AT TIME ZONE 'Europe/London')::date - $6::int)`,
      [userId, address, net, net * 0.2, net * 1.2, daysOverdue],
    );
  };
  await order(walkerId, 100_00, 12); // £120.00, 1-30 days
  await order(walkerId, 200_00, 45); // £240.00, 31-60 days
  await order(carterId, 50_00, 20); // £60.00, 1-30 days
  await order(onTime, 75_00, -5); // £90.00, current
  await order(deanId, 25_00, 70); // £30.00, 61-90 days
  return { walker: walkerId, carter: carterId, dean: deanId };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startShopOnOwnDatabase('credit');
  ({ walker, carter, dean } = await shop.sql(seed));
});
test.afterAll(async () => shop?.stop());

async function liftStop(page: Page, userId: number, note: string, shot: { name: string; width: number }, axe = true) {
  await page.locator(`[data-testid="aged-debt-row"][data-user-id="${userId}"]`).getByRole('link').click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/customers/${userId}`);
  await expect(page.getByTestId('credit-stop-reason')).toContainText('days overdue (the stop comes after 7 days)');
  // axe runs as a page script: not without JavaScript.
  if (axe) await expectNoSeriousA11yViolations(page);
  await screenshots(page, shot.name, [shot.width]);
  if (shot.width !== 1280) await page.setViewportSize({ width: shot.width, height: 844 });
  await page.getByLabel('Why lift the stop?').fill(note);
  await page.getByRole('button', { name: 'Lift the stop' }).click();
  await expect(page.getByTestId('admin-notice')).toContainText('The stop is lifted');
  await expect(page.getByTestId('credit-stop')).toHaveCount(0);
  await expect(page.getByTestId('customer-history')).toContainText(`Stop lifted: ${note}`);
  await expect(page.getByTestId('customer-history')).toContainText('Olive Owner');
}

test('the owner reads the aged debt, downloads it, and lifts a stop with a note (1280 px, a 390 px phone, without JavaScript)', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await setUpOwner(page, shop, OWNER);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Credit control' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/credit-control`);

  await expect(page.getByTestId('aged-total-currentPence')).toContainText('£90.00');
  await expect(page.getByTestId('aged-total-days1To30Pence')).toContainText('£180.00');
  await expect(page.getByTestId('aged-total-days31To60Pence')).toContainText('£240.00');
  await expect(page.getByTestId('aged-total-days61To90Pence')).toContainText('£30.00');
  await expect(page.getByTestId('aged-total-all')).toContainText('£540.00');
  await expect(page.getByTestId('aged-debt-summary')).toHaveText('4 customers owe on account; 3 accounts are on stop.');
  const rows = page.getByTestId('aged-debt-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Walker Crafts Ltd');
  await expect(rows.first()).toContainText('On stop');
  await expect(page.getByTestId('aged-debt-total-row')).toContainText('£540.00');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'admin-credit-control', [1280, 390]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('aged-debt-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^aged-debt-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
  expect(csv[0]).toBe('Customer,Company,E-mail,Credit limit,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Total,Oldest days overdue,On stop');
  expect(csv.at(-1)).toBe('Total,,,,90.00,180.00,240.00,30.00,0.00,540.00,,');

  await liftStop(page, walker, 'Paying £360 on Friday, agreed with Alice by phone', { name: 'admin-customer-on-stop', width: 1280 });
  await screenshots(page, 'admin-customer-stop-lifted', [1280]);

  // On a phone: the report folds each row's buckets under the customer; Carl's stop is lifted from there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${shop.baseURL}/admin/credit-control`);
  await expect(page.getByTestId('aged-debt-summary')).toHaveText('4 customers owe on account; 2 accounts are on stop.');
  const carterRow = page.locator(`[data-testid="aged-debt-row"][data-user-id="${carter}"]`);
  await expect(carterRow).toContainText('1-30 days overdue');
  await expect(carterRow).toContainText('On stop');
  await expect(page.locator(`[data-testid="aged-debt-row"][data-user-id="${walker}"]`).getByTestId('aged-debt-stop')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await liftStop(page, carter, 'Cheque received, waiting to clear', { name: 'admin-customer-on-stop-phone', width: 390 });
  await screenshots(page, 'admin-customer-stop-lifted-phone', [390]);

  // Without JavaScript: the report reads and the stop lifts by a plain form post.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${shop.baseURL}/admin/credit-control`);
  await expect(plain.getByTestId('aged-debt-summary')).toHaveText('4 customers owe on account; 1 account is on stop.');
  await liftStop(plain, dean, 'Disputed delivery, credit note to follow', { name: 'admin-customer-on-stop-no-js', width: 1280 }, false);
  await noScript.close();
});
