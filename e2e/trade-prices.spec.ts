/**
 * Price lists in the browser, on a shop server of this spec's own: the owner starts a price list
 * in the back office, gives 15% off a product size and puts a customer on it (and keeps a staff
 * note about them); signed in, the customer sees "Your trade price" beside that size's packs on
 * the product page and on the basket line; a visitor not signed in sees the public price, unmarked.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProductDto } from '@shop/contract';
import { acceptCookies, adminScreenshot, expectNoSeriousA11yViolations, setUpOwner, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'boxes and tape 2026' };
const TRADE = { first_name: 'Tara', last_name: 'Trade', email: 'tara@tradeco.example', password: 'parcel-tape-42', phone: '01134960123' };

let shop: OwnShopServer;

/** Phone width too (390 px), beside adminScreenshot's 1280 and 800, when E2E_SHOTS_DIR is set. */
async function phoneScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS_DIR) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

test('a trade customer sees "Your trade price" on the product page and in the basket', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const signedUp = await request.post(`${shop.baseURL}/api/users`, { data: TRADE });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { userId } = (await signedUp.json()) as { userId: number };
  const [first] = (await (await request.get(`${shop.baseURL}/api/products/GetLanding?condition=`)).json()) as ProductDto[];
  const product = (await (await request.get(`${shop.baseURL}/api/products/GetById/${first!.product_id}`)).json()) as ProductDto;
  const size = product.product_Sizes[0]!;

  await page.setViewportSize({ width: 1280, height: 900 });
  await setUpOwner(page, shop, OWNER);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Price lists' }).click();
  await page.getByLabel('Name').fill('Trade customers');
  await page.getByRole('button', { name: 'Create price list' }).click();
  await expect(page.getByRole('heading', { name: 'Trade customers', level: 1 })).toBeVisible();
  await page.getByLabel('Product code').fill(product.product_code);
  await page.getByLabel('Size', { exact: true }).fill(size.size1);
  await page.getByLabel('Or percentage off (%)').fill('15');
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByTestId('price-list-entries')).toContainText('15% off');
  await page.getByLabel('Add a customer by e-mail address').fill(TRADE.email);
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByTestId('price-list-customers')).toContainText(TRADE.email);
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-price-list');
  await phoneScreenshot(page, 'admin-price-list');
  await page.goto(`${shop.baseURL}/admin/price-lists`);
  await adminScreenshot(page, 'admin-price-lists');
  await phoneScreenshot(page, 'admin-price-lists');

  await page.goto(`${shop.baseURL}/admin/customers/${userId}`);
  await page.getByLabel('New note about this customer').fill('Call before delivery: loading bay at the rear.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('staff-notes-list')).toContainText('loading bay at the rear');
  await adminScreenshot(page, 'admin-customer-notes');
  await phoneScreenshot(page, 'admin-customer-notes');

  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customer = await customerContext.newPage();
  await acceptCookies(customer);
  await customer.goto(`${shop.baseURL}/signin`);
  await waitForHydration(customer);
  await customer.getByLabel('Email').fill(TRADE.email);
  await customer.getByLabel('Password').fill(TRADE.password);
  await customer.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(customer).not.toHaveURL(/\/signin/);
  await customer.goto(`${shop.baseURL}/product-detail?productCode=${product.product_id}`);
  await waitForHydration(customer);
  await expect(customer.getByText('Your trade price').first()).toBeVisible();
  if (process.env.E2E_SHOTS_DIR) await customer.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/product-trade-price-1280.png` });
  await expect(customer.getByTestId('trade-price')).toHaveCount(size.packs.length);
  // The list price it replaces, struck through, and the saving (15% off).
  await expect(customer.getByTestId('trade-saving')).toHaveCount(size.packs.length);
  await expect(customer.getByTestId('list-price').first()).toHaveText(`£${size.packs[0]!.price.toFixed(2)}`);
  await expect(customer.getByTestId('trade-saving').first()).toContainText(/You save £\d+\.\d\d \(1[45]%\)/);
  await customer.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(customer.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await customer.goto(`${shop.baseURL}/checkout`);
  await expect(customer.getByTestId('trade-price').first()).toBeVisible();
  await expect(customer.getByTestId('trade-saving').first()).toContainText(`List price £${size.packs[0]!.price.toFixed(2)}`);
  await expect(customer.getByTestId('line-price').first()).not.toHaveText(new RegExp(size.packs[0]!.price.toFixed(2).replace('.', '\\.')));
  if (process.env.E2E_SHOTS_DIR) {
    await customer.setViewportSize({ width: 390, height: 844 });
    await customer.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/basket-trade-price-390.png`, fullPage: true });
    await customer.setViewportSize({ width: 1280, height: 900 });
  }
  // The delivery and payment steps' order summary says the same.
  await customer.goto(`${shop.baseURL}/delivery`);
  const summary = customer.getByTestId('order-summary');
  await expect(summary.getByTestId('trade-saving').first()).toContainText(`List price £${size.packs[0]!.price.toFixed(2)}`);
  await expect(summary.getByTestId('trade-saving').first()).toContainText(/You save £\d+\.\d\d \(1[45]%\)/);
  if (process.env.E2E_SHOTS_DIR) {
    await customer.setViewportSize({ width: 390, height: 844 });
    await summary.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/delivery-summary-trade-price-390.png` });
  }
  await customerContext.close();

  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await acceptCookies(visitor);
  await visitor.goto(`${shop.baseURL}/product-detail?productCode=${product.product_id}`);
  await expect(visitor.getByTestId('pack-price').first()).toBeVisible();
  await expect(visitor.getByTestId('trade-price')).toHaveCount(0);
  await expect(visitor.getByTestId('trade-saving')).toHaveCount(0);
  await visitorContext.close();
});
