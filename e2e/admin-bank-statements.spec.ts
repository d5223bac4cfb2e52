/**
 * Importing a bank statement in the browser without JavaScript, on a shop server of this spec's
 * own over PostgreSQL (TEST_DATABASE_URL, default the local server) so its orders can be
 * written with SQL: the owner opens "Bank statements" from the navigation, uploads a NatWest
 * CSV, sees the dry run (each payment in with its order, how it was found, what it owed and
 * what will happen), ticks the overpayment in, confirms, and sees what was recorded; the order
 * page then shows the payment; checking the file again says it was imported before. Pages at
 * 1280 and 800 px, axe clean (axe runs with JavaScript).
 */
import type pg from 'pg';
import { expect, test } from '@playwright/test';
import { adminScreenshot, expectNoSeriousA11yViolations, setUpOwner } from './fixtures';
import { startShopOnOwnDatabase, type ShopOnOwnDatabase } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'boxes and tape 2026' };

let shop: ShopOnOwnDatabase;


/** A customer with two bank-transfer orders of £60.00 (£50.00 + VAT), references BXW-7KQ4MC and BXW-3HTC9D. */
async function seed(client: pg.Client): Promise<number[]> {
  const userId = Number(
    (
      await client.query(
        `INSERT INTO users (first_name, last_name, email, password_hash, phone, company_name) VALUES ('Alice', 'Walker', 'alice@walkercrafts.example', 'not-a-hash', '0113 496 0123', 'Walker Crafts Ltd') RETURNING user_id`,
      )
    ).rows[0].user_id,
  );
  const address = JSON.stringify({ reference: 'Warehouse', contact_name: 'Alice Walker', region: '12', company_name: 'Walker Crafts Ltd', address: '1 Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123' });
  const ids: number[] = [];
  for (const reference of ['BXW-7KQ4MC', 'BXW-3HTC9D']) {
    const { rows } = await client.query(
      // Placed before the statement's payments (a payment cannot predate its order).
      `INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, paid_pence, created)
       VALUES ($1, $2::jsonb, 'bank', $3, 'PendingDelivery', 5000, 0, 1000, 6000, 0, '2026-01-02T10:00:00Z') RETURNING order_id`,
      [userId, address, reference],
    );
    ids.push(Number(rows[0].order_id));
  }
  return ids;
}

const STATEMENT =
  'Date,Type,Description,Value,Balance,Account Name,Account Number\n' +
  "05/01/2026,BAC,\"'A WALKER , BXW-7KQ4MC , FP 05/01/26 1234\",60.00,1060.00,'PACKAGING SHOP LTD,'601234-12345678\n" +
  "05/01/2026,BAC,\"'WALKER CRAFTS , BXW3HTC9D , FP 05/01/26 1240\",65.00,1125.00,'PACKAGING SHOP LTD,'601234-12345678\n" +
  "05/01/2026,BAC,'J SMITH RENT,450.00,1575.00,'PACKAGING SHOP LTD,'601234-12345678\n" +
  "06/01/2026,D/D,'BT GROUP PLC,-12.50,1562.50,'PACKAGING SHOP LTD,'601234-12345678\n";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startShopOnOwnDatabase('statements');
});
test.afterAll(async () => shop?.stop());

test('the owner imports a bank statement without JavaScript: dry run, then confirm with the overpayment', async ({ browser, page: setup }) => {
  test.setTimeout(180_000);
  const [paidId, overId] = await shop.sql(seed);
  await setUpOwner(setup, shop, OWNER);
  // The import itself in a browser without JavaScript, signed in as the owner.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await setup.context().storageState() });
  const page = await context.newPage();
  await page.goto(`${shop.baseURL}/admin`);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bank statements' }).click();
  await expect(page.getByRole('heading', { name: 'Import bank statement' })).toBeVisible();
  await page.getByLabel(/Statement CSV file/).setInputFiles({ name: 'natwest-january.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await page.getByRole('button', { name: 'Check (nothing is recorded yet)' }).click();

  const lines = page.getByTestId('statement-lines');
  await expect(lines.getByRole('row')).toHaveCount(4);
  await expect(lines.getByRole('row').nth(1)).toContainText(`#${paidId}`);
  await expect(lines.getByRole('row').nth(1)).toContainText('Record: Pays in full');
  await expect(lines.getByRole('row').nth(2)).toContainText(`#${overId}`);
  await expect(lines.getByRole('row').nth(2)).toContainText('Not recorded: Overpayment');
  await expect(lines.getByRole('row').nth(3)).toContainText('No order found');
  await expect(page.getByTestId('statement-totals')).toContainText('To record');
  await adminScreenshot(page, 'admin-bank-statement-dry-run');

  await page.getByLabel(/Also record the overpayment/).check();
  await page.getByRole('button', { name: 'Confirm and record payments' }).click();
  await expect(page.getByTestId('statement-applied')).toHaveText('Imported "natwest-january.csv": 2 payments recorded (£125.00).');
  await expect(page.getByTestId('statement-recorded').getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('statement-not-recorded')).toContainText('J SMITH RENT');
  await adminScreenshot(page, 'admin-bank-statement-applied');

  await page.getByTestId('statement-recorded').getByRole('link', { name: `#${paidId}` }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/orders/${paidId}`);
  await expect(page.getByText('A WALKER , BXW-7KQ4MC , FP 05/01/26 1234').first()).toBeVisible();
  await context.close();

  // The same statement again, with JavaScript (axe needs it): every payment was imported before.
  await setup.goto(`${shop.baseURL}/admin/bank-statements`);
  await expectNoSeriousA11yViolations(setup);
  await setup.getByLabel(/Statement CSV file/).setInputFiles({ name: 'natwest-january.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  await setup.getByRole('button', { name: 'Check (nothing is recorded yet)' }).click();
  await expect(setup.getByTestId('statement-lines').getByRole('row').nth(1)).toContainText('Imported before');
  await expect(setup.getByText('Nothing to import: every payment in this file was imported before.')).toBeVisible();
  await expectNoSeriousA11yViolations(setup);
});
