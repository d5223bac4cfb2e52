/**
 * Offers in the back office, on a shop server of this spec's own over PostgreSQL (the demo
 * catalogue; an order placed with the code is written with SQL): the owner opens Offers from the
 * navigation and makes "10% off mailing bags", the code SPRING10 for the Mailing Bags category,
 * limited to 100 uses (the browser checks a bad percentage as it is typed); the offer's page
 * shows its terms; the list shows it live with its uses and what it has cost; the owner opens it,
 * sees the order, and ends it after confirming. A warehouse member has no Offers link and is
 * refused the pages. On a 390 px phone without JavaScript the form still posts, and a bad
 * percentage comes back from the server beside its field. Pages at 1280 and 390 px, axe clean.
 */
import type pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshots, setUpOwner, waitForHydration } from './fixtures';
import { startShopOnOwnDatabase, type ShopOnOwnDatabase } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.offers@example.com', password: 'boxes and tape 2026' };
const PERCENT_MESSAGE = 'A percentage is from 0.01 to 100, with at most two decimals.';

let shop: ShopOnOwnDatabase;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startShopOnOwnDatabase('offers');
});
test.afterAll(async () => shop?.stop());

const address = JSON.stringify({
  reference: 'Warehouse',
  contact_name: 'Alice Walker',
  region: '12',
  company_name: '',
  address: '1 Boar Lane',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '0113 496 0123',
});

/** A customer's order of mailing bags with £1.50 off its £15.00 of goods by the offer; its id. */
async function placedWithOffer(client: pg.Client, offerId: number): Promise<number> {
  const user = await client.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, phone) VALUES ('Alice', 'Walker', 'alice@offers.example', 'not-a-hash', '0113 496 0123') RETURNING user_id`,
  );
  const userId = Number(user.rows[0].user_id);
  const order = await client.query(
    `INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, discount_pence, delivery_fee_pence, total_tax_pence, total_pence)
     VALUES ($1, $2::jsonb, 'bank', '', 'PendingDelivery', 1350, 150, 0, 270, 1620) RETURNING order_id`,
    [userId, address],
  );
  const orderId = Number(order.rows[0].order_id);
  await client.query(`INSERT INTO offer_uses (offer_id, order_id, user_id, discount_pence, delivery_saved_pence) VALUES ($1, $2, $3, 150, 0)`, [offerId, orderId, userId]);
  await client.query(`UPDATE offers SET uses = uses + 1 WHERE offer_id = $1`, [offerId]);
  return orderId;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner makes a code for mailing bags, sees it listed, ends it; the warehouse is refused; the form works without JavaScript', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await setUpOwner(page, shop, OWNER);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Offers' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/offers`);
  await expect(page.getByText('No offers yet: make one with New offer.')).toBeVisible();

  // The form, checked in the browser once hydrated: a bad percentage is told as it is typed.
  await page.getByRole('link', { name: 'New offer' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/offers/new`);
  await waitForHydration(page);
  await page.locator('#offer-name').fill('10% off mailing bags');
  await page.locator('#offer-code').fill('spring10');
  await page.getByRole('radio', { name: 'A percentage off' }).check();
  const percent = page.locator('#offer-percent_off');
  await percent.fill('150');
  await expect(page.getByText(PERCENT_MESSAGE)).toBeVisible();
  await percent.fill('10');
  await expect(page.getByText(PERCENT_MESSAGE)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Some categories' }).check();
  await page.getByTestId('offer-categories').getByRole('checkbox', { name: 'Mailing Bags', exact: true }).check();
  await page.locator('#offer-max_uses').fill('100');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'admin-offer-new', [1280, 390]);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Make the offer' }).click();

  // Its page: the terms as made, the code in capitals, nothing spent yet.
  await expect(page).toHaveURL(new RegExp(`^${shop.baseURL}/admin/offers/\\d+$`));
  const offerPage = page.url();
  await expect(page.getByTestId('admin-notice')).toContainText('The offer is made.');
  await expect(page.getByRole('heading', { name: '10% off mailing bags' })).toBeVisible();
  await expect(page.getByTestId('offer-state')).toHaveText('Live');
  await expect(page.getByText('SPRING10', { exact: true })).toBeVisible();
  const terms = page.getByTestId('offer-terms');
  await expect(terms).toContainText('10% off');
  await expect(page.getByTestId('offer-categories')).toHaveText('Postal & Mailing > Mailing Bags');
  await expect(terms).toContainText('0 of 100');
  await expect(terms).toContainText('Everyone');
  await expect(page.getByTestId('offer-cost')).toContainText('£0.00');
  await expect(page.getByTestId('offer-history')).toContainText('Made with the code SPRING10: 10% off · Mailing Bags · Everyone');

  // An order placed with the code (as checkout writes it: the use, and the offer's count).
  const offerId = Number(new URL(offerPage).pathname.split('/').pop());
  const orderId = await shop.sql((client) => placedWithOffer(client, offerId));

  // The list: live, its code, uses against the limit, its cost.
  await page.getByRole('link', { name: 'All offers' }).click();
  const row = page.getByTestId('offer-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('10% off mailing bags');
  await expect(row).toContainText('SPRING10');
  await expect(row.getByTestId('offer-state').filter({ visible: true })).toHaveText('Live');
  await expect(row).toContainText('Mailing Bags');
  await expect(row).toContainText('1 of 100');
  await expect(row).toContainText('£1.50');
  await expect(row).toContainText('1 order');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'admin-offers', [1280, 390]);
  await noSidewaysScroll(page);

  // Open it and end it, after being asked.
  await row.getByRole('link', { name: '10% off mailing bags' }).click();
  await expect(page).toHaveURL(offerPage);
  await expect(page.getByTestId('offer-cost')).toContainText('£1.50');
  await expect(page.getByTestId('offer-uses').getByRole('row').nth(1)).toContainText(`${orderId}`);
  await expect(page.getByTestId('offer-uses').getByRole('row').nth(1)).toContainText('Alice Walker');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'admin-offer', [1280, 390]);
  await noSidewaysScroll(page);
  await page.getByTestId('end-offer').click();
  await expect(page.getByTestId('confirm-end')).toContainText('End “10% off mailing bags” now?');
  await screenshots(page, 'admin-offer-confirm-end', [1280, 390]);
  await page.getByRole('button', { name: 'Yes, end it now' }).click();
  await expect(page).toHaveURL(offerPage);
  await expect(page.getByTestId('admin-notice')).toContainText('The offer has ended');
  await expect(page.getByTestId('offer-state')).toHaveText('Ended');
  await expect(page.getByTestId('end-offer')).toHaveCount(0);
  await expect(page.getByTestId('offer-history').getByRole('row').nth(1)).toContainText('Ended early, after 1 use');
  await page.getByRole('link', { name: 'All offers' }).click();
  await expect(page.getByTestId('offer-row').getByTestId('offer-state').filter({ visible: true })).toHaveText('Ended');

  // Without JavaScript on a phone: the form posts, and the server says what is wrong beside the field.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } });
  const plain = await noScript.newPage();
  await plain.goto(`${shop.baseURL}/admin/offers/new`);
  await plain.locator('#offer-name').fill('Half price tape');
  await plain.locator('#offer-code').fill('TAPE50');
  await plain.locator('#offer-percent_off').fill('150');
  await plain.getByRole('button', { name: 'Make the offer' }).click();
  await expect(plain).toHaveURL(`${shop.baseURL}/admin/offers/new`);
  await expect(plain.getByTestId('offer-form-problems')).toBeVisible();
  await expect(plain.locator('#offer-percent_off')).toHaveAttribute('aria-invalid', 'true');
  await expect(plain.locator('#offer-percent_off-error')).toHaveText(PERCENT_MESSAGE);
  // What was typed is there again.
  await expect(plain.locator('#offer-name')).toHaveValue('Half price tape');
  await expect(plain.locator('#offer-code')).toHaveValue('TAPE50');
  expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshots(plain, 'admin-offer-new-no-js', [390]);
  await noScript.close();

  // A warehouse member: no Offers link, the pages refused.
  await page.goto(`${shop.baseURL}/admin/staff`);
  await page.getByLabel('Name').fill('Wes Warehouse');
  await page.getByLabel('E-mail').fill('wes.offers@example.com');
  await page.getByLabel('Role').selectOption('warehouse');
  await page.getByRole('button', { name: 'Add and e-mail a link' }).click();
  const memberLink = await page.getByLabel('Set-password link').inputValue();
  const theirs = await browser.newContext();
  const wes = await theirs.newPage();
  await wes.goto(memberLink);
  await wes.getByLabel('New password', { exact: true }).fill('pick pack dispatch');
  await wes.getByLabel('New password again').fill('pick pack dispatch');
  await wes.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(wes).toHaveURL(`${shop.baseURL}/admin`);
  await expect(wes.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Offers' })).toHaveCount(0);
  for (const path of ['/admin/offers', '/admin/offers/new', new URL(offerPage).pathname]) {
    await wes.goto(`${shop.baseURL}${path}`);
    await expect(wes.getByTestId('admin-error')).toContainText('You do not have access to this page.');
  }
  await theirs.close();
});
