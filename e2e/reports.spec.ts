/**
 * The owner's reports in the browser, on a shop server of this spec's own over PostgreSQL (orders
 * of three catalogue sizes written with SQL, in the last 90 days and a year before): the owner opens
 * Reports from the navigation, reads sales (chart and table, totals equal to the orders' goods ex
 * VAT worked out here), groups it by month, downloads it as CSV; opens best sellers (chart, table,
 * CSV); at 1280 px and a 390 px phone (no sideways scrolling); a report opened without JavaScript
 * still has its chart and table; a warehouse member has no Reports link and is refused the pages
 * and the CSV. Pages axe clean.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshots, setUpOwner } from './fixtures';
import { startShopOnOwnDatabase, type ShopOnOwnDatabase } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.reports@example.com', password: 'boxes and tape 2026' };

interface Size {
  productId: number;
  productPriceId: number;
  name: string;
  size1: string;
  pricePence: number;
  qty: number;
}

/** Packs of each size per order: [days ago, size index, packs]. Within the last 90 days, and about a year before. */
const RECENT: readonly (readonly [number, number, number])[] = [
  [2, 0, 3],
  [5, 1, 1],
  [12, 0, 10],
  [20, 2, 4],
  [33, 1, 2],
  [47, 0, 1],
  [61, 2, 6],
  [75, 0, 5],
];
const YEAR_BEFORE: readonly (readonly [number, number, number])[] = [
  [364 + 10, 0, 2],
  [364 + 40, 1, 1],
];

let shop: ShopOnOwnDatabase;
let sizes: Size[];

const address = JSON.stringify({ reference: 'Warehouse', contact_name: 'Alice Walker', region: '12', company_name: 'Walker Crafts Ltd', address: '1 Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123' });

async function seed(client: pg.Client): Promise<Size[]> {
  // Three sizes of the demo catalogue, each of a product of its own.
  const found = await client.query(
    `SELECT DISTINCT ON (pp.product_id) pp.product_id, pp.product_price_id, p.name, s.size1, pp.price_pence, pp.pack_range[1] AS qty
       FROM product_prices pp JOIN products p ON p.product_id = pp.product_id JOIN product_sizes s ON s.product_size_id = pp.product_size_id
      ORDER BY pp.product_id, pp.product_price_id LIMIT 3`,
  );
  const picked: Size[] = found.rows.map((r: Record<string, unknown>) => ({
    productId: Number(r.product_id),
    productPriceId: Number(r.product_price_id),
    name: String(r.name),
    size1: String(r.size1),
    pricePence: Number(r.price_pence),
    qty: Number(r.qty),
  }));
  // A unit cost for every size but every fifth (stock value, margin and slow movers value stock at it).
  await client.query(`UPDATE product_sizes SET unit_cost_pence = 5 + product_size_id % 40 WHERE product_size_id % 5 <> 0`);
  const user = Number(
    (await client.query(`INSERT INTO users (first_name, last_name, email, password_hash, phone) VALUES ('Alice', 'Walker', 'alice@reports.example', 'not-a-hash', '0113 496 0123') RETURNING user_id`)).rows[0].user_id,
  );
  for (const [daysAgo, index, packs] of [...RECENT, ...YEAR_BEFORE]) {
    const size = picked[index]!;
    const net = size.pricePence * packs;
    const vat = Math.round(net * 0.2);
    // Noon London time on the day: never near a midnight.
    const order = await client.query(
      `INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, created)
       VALUES ($1, $2::jsonb, 'bank', '', 'PendingDelivery', $3, 0, $4, $5, (((now() AT TIME ZONE 'Europe/London')::date - $6::int) + time '12:00') AT TIME ZONE 'Europe/London')
       RETURNING order_id`,
      [user, address, net, vat, net + vat, daysAgo],
    );
    await client.query(
      `INSERT INTO order_lines (order_id, product_id, product_price_id, product_name, size1, price_pence, qty, count, total_price_pence) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [order.rows[0].order_id, size.productId, size.productPriceId, size.name, size.size1, size.pricePence, size.qty, packs, net],
    );
  }
  return picked;
}

const goods = (orders: readonly (readonly [number, number, number])[]) => orders.reduce((sum, [, index, packs]) => sum + sizes[index]!.pricePence * packs, 0);
const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startShopOnOwnDatabase('reports');
  sizes = await shop.sql(seed);
});
test.afterAll(async () => shop?.stop());

async function downloadCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
  return { name: download.suggestedFilename(), lines: readFileSync((await download.path())!, 'utf8').trim().split('\n') };
}

async function noSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner reads sales and best sellers as a chart and a table, downloads them, and a warehouse member is refused', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await setUpOwner(page, shop, OWNER);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/reports`);
  await expect(page.getByTestId('reports-list').getByRole('link')).toHaveText([
    'Sales',
    'Best sellers',
    'Sales by category',
    'Sales by customer and company',
    'Margin',
    'Stock value at cost',
    'Slow movers',
    'Offers',
    'Aged debt',
  ]);
  await expectNoSeriousA11yViolations(page);

  // Sales by week over the last 90 days: the chart, the table, the totals of the orders seeded.
  await page.getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/reports/sales`);
  // The wide drawing on a desk (the narrow one is for phones); axes' tick labels are nested SVGs without names.
  const weekly = page.getByTestId('sales-chart').getByRole('img', { name: /^Sales ex VAT by week, / });
  await expect(weekly).toBeVisible();
  await expect(weekly.locator('text', { hasText: 'Sales ex VAT (£)' })).toBeVisible();
  await expect(weekly.locator('text', { hasText: 'Week starting (Monday)' })).toBeVisible();
  await expect(page.getByTestId('sales-total-row')).toContainText(pounds(goods(RECENT)));
  await expect(page.getByTestId('sales-totals')).toContainText(pounds(goods(YEAR_BEFORE)));
  expect(await page.getByTestId('sales-row').count()).toBeGreaterThanOrEqual(13);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'admin-report-sales', [1280, 390]);
  await noSidewaysScroll(page);

  // By month: a plain GET form.
  await page.getByLabel('Month').check();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/group=month/);
  await expect(page.getByTestId('sales-chart').getByRole('img', { name: /^Sales ex VAT by month, / })).toBeVisible();
  await expect(page.getByTestId('sales-total-row')).toContainText(pounds(goods(RECENT)));
  const sales = await downloadCsv(page);
  expect(sales.name).toMatch(/^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(sales.lines[0]).toBe('period_start,orders,sales_ex_vat,delivery_ex_vat,last_year_period_start,last_year_orders,last_year_sales_ex_vat,last_year_delivery_ex_vat');
  const csvTotal = sales.lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',')[2]) * 100), 0);
  expect(csvTotal).toBe(goods(RECENT));

  // Best sellers by units: the size bought in most packs x units first.
  await page.getByRole('link', { name: 'All reports' }).click();
  await page.getByRole('link', { name: 'Best sellers' }).click();
  const units = sizes.map((size, index) => ({ size, units: RECENT.filter(([, i]) => i === index).reduce((sum, [, , packs]) => sum + packs * size.qty, 0) }));
  const top = [...units].sort((a, b) => b.units - a.units)[0]!;
  await expect(page.getByTestId('best-sellers-chart').getByRole('img', { name: /best-selling sizes by units/ })).toBeVisible();
  await expect(page.getByTestId('best-seller-row').first()).toContainText(top.size.name);
  await expect(page.getByTestId('best-seller-row').first()).toContainText(top.units.toLocaleString('en-GB'));
  await expect(page.getByTestId('best-seller-row')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'admin-report-best-sellers', [1280, 390]);
  await noSidewaysScroll(page);
  const best = await downloadCsv(page);
  expect(best.lines[0]).toBe('product_code,product,size,units,sales_ex_vat');
  expect(best.lines).toHaveLength(4);
  expect(best.lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',').at(-1)) * 100), 0)).toBe(goods(RECENT));

  // The other reports: each has its chart and table, and fits a phone.
  for (const [path, table] of [
    ['customers?by=company', 'buyers-table'],
    ['margin', 'margin-table'],
    ['stock-value', 'stock-value-table'],
    ['slow-movers', 'slow-movers-table'],
  ] as const) {
    await page.goto(`${shop.baseURL}/admin/reports/${path}`);
    await expect(page.getByTestId(table)).toBeVisible();
    await expect(page.getByRole('img', { name: /./ }).filter({ visible: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, `admin-report-${path.replace(/\?.*/, '')}`, [1280, 390]);
    await noSidewaysScroll(page);
  }

  // Without JavaScript: the chart is in the HTML the server sent, the table beside it.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${shop.baseURL}/admin/reports/categories`);
  await expect(plain.getByTestId('categories-chart').getByRole('img', { name: /^Sales ex VAT by top-level category/ })).toBeVisible();
  await expect(plain.getByTestId('categories-total-row')).toContainText(pounds(goods(RECENT)));
  await plain.getByLabel('From (London day)').fill('2026-02-01');
  await plain.getByLabel('To (included)').fill('2026-01-01');
  await plain.getByRole('button', { name: 'Show' }).click();
  await expect(plain.getByTestId('report-failure')).toHaveText('The first day must not be after the last day.');
  await screenshots(plain, 'admin-report-categories-no-js', [1280]);
  await noScript.close();

  // A warehouse member: no Reports link, the pages and the CSV refused.
  await page.goto(`${shop.baseURL}/admin/staff`);
  await page.getByLabel('Name').fill('Wes Warehouse');
  await page.getByLabel('E-mail').fill('wes.reports@example.com');
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
  await expect(wes.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  for (const path of ['/admin/reports', '/admin/reports/sales', '/admin/reports/stock-value']) {
    await wes.goto(`${shop.baseURL}${path}`);
    await expect(wes.getByTestId('admin-error')).toContainText('You do not have access to this page.');
  }
  const refused = await wes.request.get(`${shop.baseURL}/admin/reports/csv/sales`);
  expect(refused.status()).toBe(403);
  await theirs.close();
});
