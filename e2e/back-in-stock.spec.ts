/**
 * "Email me when it is back in stock" in the browser (issue 39): staff count a size to nothing;
 * a visitor on a phone without JavaScript asks with their e-mail and the consent box (asking again
 * says it is already noted), a signed-in customer asks with one press; staff receive goods-in of
 * the size, and each gets exactly one e-mail linking to the product page, not one more after
 * another delivery.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, countSize, expectNoSeriousA11yViolations, newCustomer, outboxMails, screenshots, setUpOwner, signUp, waitForHydration } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Bea Backstock', email: 'bea.backstock@example.com', password: 'restock every size 2026' };
const CONSENT = 'E-mail me once when this size is back in stock. We use your address for nothing else.';
const ASK = 'Email me when it is back in stock';

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

interface Landing {
  product_id: number;
  product_code: string;
  name: string;
  product_Sizes: { product_size_id: number; size1: string }[];
}


async function goodsIn(page: Page, sizeLabel: string, reference: string): Promise<void> {
  await page.goto('/admin/stock/goods-in');
  await page.getByLabel("Supplier's delivery reference").fill(reference);
  await page.getByLabel('Size of line 1', { exact: true }).fill(sizeLabel);
  await page.getByLabel('Units of line 1', { exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Receive the delivery' }).click();
  await expect(page).toHaveURL(/\/admin\/stock(\?.*)?$/);
  await expect(page.getByTestId('goods-in-error')).toHaveCount(0);
}

test('a visitor (phone, no JavaScript) and a signed-in customer ask for a size out of stock; goods-in sends each exactly one e-mail', async ({ browser }) => {
  test.setTimeout(180_000);
  const staffContext = await browser.newContext({ baseURL: shop.baseURL });
  const staff = await staffContext.newPage();
  await setUpOwner(staff, shop, OWNER);

  const [product] = (await (await staff.request.get('/api/products/GetLanding?condition=')).json()) as Landing[];
  const size = product!.product_Sizes[0]!;
  const productUrl = `/product-detail?productCode=${product!.product_id}&size=${size.product_size_id}`;
  await countSize(staff, size.product_size_id, 0, 'Sold out for the browser test');

  // A visitor on a phone, without JavaScript: the consent box must be ticked, then the request is noted once.
  const visitorContext = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await acceptCookies(visitor);
  const visitorEmail = `vera.${Date.now().toString(36)}@example.com`;
  await visitor.goto(productUrl);
  await expect(visitor.getByTestId('stock-label')).toHaveText('Out of stock');
  const form = visitor.getByTestId('back-in-stock-form');
  await form.getByLabel('Email').fill(visitorEmail);
  await form.getByRole('button', { name: ASK }).click();
  await expect(visitor.getByText('Tick the box so we may e-mail you once about this size.')).toBeVisible();
  await expect(visitor.getByTestId('back-in-stock-form').getByLabel('Email')).toHaveValue(visitorEmail);
  await screenshots(visitor, 'back-in-stock-visitor-refused', [390]);
  await visitor.setViewportSize({ width: 390, height: 844 }); // screenshots() leaves the page at 1280
  await visitor.getByTestId('back-in-stock-form').getByLabel(CONSENT).check();
  await visitor.getByTestId('back-in-stock-form').getByRole('button', { name: ASK }).click();
  await expect(visitor.getByTestId('back-in-stock-noted')).toContainText('Thank you. We will e-mail you once when');
  // Nothing is wider than the phone's screen.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshots(visitor, 'back-in-stock-visitor-noted', [390]);

  await visitor.goto(productUrl);
  await visitor.getByTestId('back-in-stock-form').getByLabel('Email').fill(visitorEmail.toUpperCase());
  await visitor.getByTestId('back-in-stock-form').getByLabel(CONSENT).check();
  await visitor.getByTestId('back-in-stock-form').getByRole('button', { name: ASK }).click();
  await expect(visitor.getByTestId('back-in-stock-noted')).toContainText('You have already asked');

  // A signed-in customer asks with one press: their account's e-mail.
  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = await customerContext.newPage();
  await acceptCookies(customerPage);
  const customer = newCustomer();
  await customerPage.goto('/signup');
  await waitForHydration(customerPage);
  await signUp(customerPage, customer);
  await expect(customerPage).toHaveURL(/\/landing$/);
  await customerPage.goto(productUrl);
  await waitForHydration(customerPage);
  await expect(customerPage.getByTestId('back-in-stock-form')).toContainText(customer.email);
  await screenshots(customerPage, 'back-in-stock-customer', [1280, 390]);
  await expectNoSeriousA11yViolations(customerPage);
  await customerPage.getByTestId('back-in-stock-form').getByRole('button', { name: ASK }).click();
  await expect(customerPage.getByTestId('back-in-stock-noted')).toContainText('Thank you. We will e-mail you once when');
  await customerPage.reload();
  await expect(customerPage.getByTestId('back-in-stock-noted')).toContainText('You have already asked');

  // Staff receive the size: one e-mail each, with the product's link.
  const outbox = path.join(shop.dataDir, 'outbox');
  const backInStockMails = async () => (await outboxMails(outbox)).filter((mail) => mail.subject.startsWith('Back in stock: '));
  await goodsIn(staff, `${product!.product_code} ${product!.name} — ${size.size1}`, 'DN-BACK-1');
  await expect.poll(async () => (await backInStockMails()).map((mail) => mail.to).sort(), { timeout: 30_000 }).toEqual([customer.email, visitorEmail].sort());
  const [mail] = await backInStockMails();
  expect(mail!.text).toContain(`${shop.baseURL}${productUrl}`);

  // Another delivery of the size: nobody waits any more, so no e-mail goes.
  await goodsIn(staff, `${product!.product_code} ${product!.name} — ${size.size1}`, 'DN-BACK-2');
  await staff.waitForTimeout(6_000);
  expect(await backInStockMails()).toHaveLength(2);

  // The size is back: the page offers it again instead of the request form.
  await customerPage.goto(productUrl);
  await expect(customerPage.getByTestId('back-in-stock-form')).toHaveCount(0);
  await expect(customerPage.getByTestId('back-in-stock-noted')).toHaveCount(0);

  await Promise.all([staffContext.close(), visitorContext.close(), customerContext.close()]);
});
