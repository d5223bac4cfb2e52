/**
 * The catalogue back office in the browser, on a shop server of this spec's own
 * (fresh embedded database with the demo catalogue): the owner is set up from the logged link
 * and adds a manager, who sets a password and signs in; the manager creates a category and a
 * product with two sizes and three packs and uploads its image (a PNG named .jpg); downloads
 * the CSV export, changes the new product's price in it and imports it (dry run showing
 * old -> new, then apply); a customer then adds the product to the basket at the new price.
 * Pages at 1280 and 800 px (E2E_SHOTS_DIR), axe clean.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { acceptCookies, adminScreenshot, expectNoSeriousA11yViolations, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'boxes and tape 2026' };
const MANAGER = { name: 'Max Manager', email: 'max@example.com', password: 'prices go up 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

test('a manager creates a category and a product with an image, changes its price by CSV import, and a customer buys at the new price', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner, from the logged setup link, adds a manager.
  expect(shop.setupLink, shop.log.join('\n')).toBeTruthy();
  await page.goto(shop.setupLink!);
  await page.getByLabel('Your name').fill(OWNER.name);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByLabel('Password again').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create the owner and sign in' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await page.getByLabel('Name').fill(MANAGER.name);
  await page.getByLabel('E-mail').fill(MANAGER.email);
  await page.getByLabel('Role').selectOption('manager');
  await page.getByRole('button', { name: 'Add and e-mail a link' }).click();
  const link = await page.getByLabel('Set-password link').inputValue();

  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const max = await managerContext.newPage();
  await max.goto(link);
  await max.getByLabel('New password', { exact: true }).fill(MANAGER.password);
  await max.getByLabel('New password again').fill(MANAGER.password);
  await max.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(max.getByTestId('admin-signed-in-as')).toHaveText('Signed in as Max Manager (Manager).');

  // The catalogue: tree and products.
  await max.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(max.getByRole('heading', { name: 'Catalogue', exact: true })).toBeVisible();
  await expect(max.getByTestId('products-count')).toContainText('of');
  await expectNoSeriousA11yViolations(max);
  await adminScreenshot(max, 'admin-catalogue');

  // A new category under a top-level one, with a page title.
  const tree = max.getByTestId('category-tree');
  const firstTop = (await tree.getByRole('link').first().textContent())!.trim();
  await max.getByLabel('Name').fill('E2E Mailing Bags');
  await max.getByLabel('Under').selectOption({ label: firstTop });
  await max.getByRole('button', { name: 'Add category' }).click();
  await expect(max.getByText('The category is added.')).toBeVisible();
  await max.getByLabel('Page title (search engines)').fill('Grey mailing bags | E2E');
  await max.getByRole('button', { name: 'Save category' }).click();
  await expect(max.getByText('The category is saved.')).toBeVisible();
  await expect(max.getByLabel('Page title (search engines)')).toHaveValue('Grey mailing bags | E2E');
  await adminScreenshot(max, 'admin-catalogue-category');

  // A product with two sizes and three packs, and an image (a PNG, named .jpg).
  await max.getByRole('link', { name: '← Catalogue' }).click();
  await max.getByRole('link', { name: 'Add product' }).click();
  await expect(max.getByRole('heading', { name: 'New product' })).toBeVisible();
  await max.getByLabel('Product code', { exact: true }).fill('E2E-MB1');
  await max.getByLabel('Name', { exact: true }).fill('E2E Grey Mailing Bag');
  await max.getByLabel('Category').selectOption({ label: `${firstTop} > E2E Mailing Bags` });
  await max.getByLabel('Description').fill('Tough, opaque, self-seal: for clothes and soft goods.');
  await max.getByLabel('Marked New').check();
  const png = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#8c8c8c' } }).png().toBuffer();
  await max.getByLabel(/Upload JPEG, PNG or WebP/).setInputFiles({ name: 'mailing-bag.jpg', mimeType: 'image/jpeg', buffer: png });
  const size = (i: number) => max.getByTestId(`size-row-${i}`);
  await size(0).getByLabel('Size (size1)').fill('10x14"');
  await size(0).getByLabel('Metric size (size2)').fill('250x350mm');
  await max.getByLabel('Units in pack 1 of size 1').fill('100');
  await max.getByLabel('Price ex-VAT of pack 1 of size 1').fill('8.40');
  await max.getByLabel('Units in pack 2 of size 1').fill('500');
  await max.getByLabel('Price ex-VAT of pack 2 of size 1').fill('36.00');
  await size(1).getByLabel('Size (size1)').fill('12x16"');
  await size(1).getByLabel('Metric size (size2)').fill('305x406mm');
  await max.getByLabel('Units in pack 1 of size 2').fill('100');
  await max.getByLabel('Price ex-VAT of pack 1 of size 2').fill('10.20');
  await max.getByRole('button', { name: 'Add product' }).click();
  await expect(max.getByTestId('product-notice')).toHaveText('The product is added.');
  await expect(max.getByRole('heading', { name: 'E2E Grey Mailing Bag' })).toBeVisible();
  const image = max.getByTestId('product-image');
  await expect(image).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{64}\/640\.webp$/);
  await expect(image).toHaveAttribute('srcset', /320\.webp 320w, .*640\.webp 640w, .*1280\.webp 1280w$/);
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(max.getByTestId('price-history').getByRole('row')).toHaveCount(4);
  const productId = Number(/products\/(\d+)/.exec(max.url())![1]);
  await expectNoSeriousA11yViolations(max);
  await adminScreenshot(max, 'admin-catalogue-product');

  // The price list: export, change the 100-pack of 10x14" from 8.40 to 7.95, import.
  const exported = await max.request.get(`${shop.baseURL}/admin/catalogue/export.csv`);
  expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const csv = await exported.text();
  const lines = csv.split('\n');
  const ours = lines.filter((line) => line.startsWith('E2E-MB1,'));
  expect(ours).toHaveLength(3);
  const changed = [lines[0], ...ours.map((line) => line.replace(',100,8.40,', ',100,7.95,')), ''].join('\n');
  await max.getByRole('link', { name: '← Catalogue' }).click();
  await max.getByRole('link', { name: 'Import CSV' }).click();
  await max.getByLabel(/CSV file/).setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
  await max.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(max.getByTestId('import-summary')).toContainText('To change1');
  await expect(max.getByTestId('import-changes')).toContainText('10x14" (250x350mm) pack of 100: £8.40 -> £7.95');
  await expectNoSeriousA11yViolations(max);
  await adminScreenshot(max, 'admin-catalogue-import-dry-run');
  await max.getByRole('button', { name: 'Apply import' }).click();
  await expect(max.getByTestId('import-applied')).toContainText('1 changed (1 price change recorded)');

  // A bad file: clear errors, nothing to apply.
  await max.getByLabel(/CSV file/).setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(changed.replace(',7.95,', ',-7.95,')) });
  await max.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(max.getByTestId('import-errors')).toContainText('A price must be more than £0.00.');
  await expect(max.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
  await adminScreenshot(max, 'admin-catalogue-import-errors');

  // The product page shows the import in its price history.
  await max.goto(`${shop.baseURL}/admin/catalogue/products/${productId}`);
  await expect(max.getByTestId('price-history')).toContainText('(CSV import)');
  await managerContext.close();

  // A customer adds the new product to the basket at the new price.
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customer = await customerContext.newPage();
  await acceptCookies(customer);
  await customer.goto(`${shop.baseURL}/product-detail?productCode=${productId}`);
  await waitForHydration(customer);
  await expect(customer.getByRole('heading', { name: 'E2E Grey Mailing Bag' })).toBeVisible();
  await expect(customer.getByRole('img', { name: 'E2E Grey Mailing Bag' }).first()).toHaveAttribute('srcset', /1280w/);
  await expect.poll(() => customer.evaluate(() => localStorage.getItem('session_id'))).toBeTruthy();
  await customer.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(customer.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await customer.goto(`${shop.baseURL}/checkout`);
  const line = customer.getByRole('row').filter({ hasText: 'E2E Grey Mailing Bag' });
  await expect(line).toContainText('£7.95');
  await customerContext.close();
});
