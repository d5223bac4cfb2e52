/**
 * What a customer sees of stock on a phone (390 px) with JavaScript turned off, on a shop server of
 * this spec's own: a sold-out size's 'Add +' is disabled with the reason beside it; once staff allow
 * backorders with a date more is expected, the size can be added and the basket line itself says
 * when it is dispatched.
 */
import { expect, test } from '@playwright/test';
import { screenshots, setUpOwner, workingDayAhead } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Dana Details', email: 'dana.details@example.com', password: 'every line counts 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

interface Landing {
  product_id: number;
  product_Sizes: { product_size_id: number; size1: string; packs: { product_price_id: number }[] }[];
}


test('on a phone without JavaScript: a sold-out size cannot be added and says why; a backordered basket line says when it leaves', async ({ browser }) => {
  test.setTimeout(180_000);
  const staffContext = await browser.newContext({ baseURL: shop.baseURL });
  const staff = await staffContext.newPage();
  await setUpOwner(staff, shop, OWNER);
  const [product] = (await (await staff.request.get('/api/products/GetLanding?condition=')).json()) as Landing[];
  const size = product!.product_Sizes[0]!;

  // Nothing on the shelf, no backorders.
  await staff.goto(`/admin/stock/sizes/${size.product_size_id}`);
  await staff.getByLabel('Units counted').fill('0');
  await staff.getByLabel('Reason').fill('Sold out for the browser test');
  await staff.getByRole('button', { name: 'Record the count' }).click();
  await expect(staff.getByTestId('stock-history')).toContainText('Sold out for the browser test');

  const customerContext = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const customer = await customerContext.newPage();
  await customer.goto(`/product-detail?productCode=${product!.product_id}`);
  await expect(customer.getByTestId('stock-label')).toHaveText('Out of stock');
  const addButtons = customer.getByRole('button', { name: /^Add \+/ });
  await expect(addButtons).toHaveCount(size.packs.length);
  for (const button of await addButtons.all()) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveText('Add +');
  }
  await expect(customer.getByTestId('sold-out-reason')).toBeVisible();
  await expect(customer.getByTestId('sold-out-reason')).toHaveText('This size is out of stock, so it cannot be added to your basket.');
  await screenshots(customer, 'product-sold-out', [390]);
  await customer.setViewportSize({ width: 390, height: 844 });

  // Backorders allowed with a date: the size can be added, and its basket line says when it leaves.
  const expected = workingDayAhead();
  await staff.goto(`/admin/catalogue/products/${product!.product_id}#stock`);
  await staff.getByLabel(/Customers may order/).check();
  await staff.getByLabel('More expected on (optional)').fill(expected);
  await staff.getByRole('button', { name: 'Save stock settings' }).click();
  await expect(staff.getByText('The stock settings are saved.')).toBeVisible();
  const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${expected}T00:00:00Z`));

  await customer.goto(`/product-detail?productCode=${product!.product_id}`);
  await expect(customer.getByTestId('sold-out-reason')).toHaveCount(0);
  await customer.getByRole('button', { name: /^Add \+/ }).first().click();
  await customer.waitForLoadState('load');
  await customer.goto('/checkout');
  const line = customer.getByTestId('basket-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('line-backordered')).toHaveText(`Available to order, dispatched around ${dayMonth}`);
  await expect(line.getByTestId('line-backordered')).toBeVisible();
  await screenshots(customer, 'basket-line-backordered', [390]);

  await staffContext.close();
  await customerContext.close();
});
