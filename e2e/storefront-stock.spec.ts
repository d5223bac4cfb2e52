/**
 * The storefront tells the truth about stock, in the browser: staff count a size down to two
 * packs and its product page reads "Only 2 packs of N left"; a customer asking for three is told
 * how many can be had and nothing is added, two are added; staff count the size to nothing and
 * the basket marks the line, saying checkout cannot place it; staff allow backorders with a date
 * more is expected, and the product page and the basket promise dispatch around that date.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies, countSize, screenshots, setUpOwner, waitForHydration, workingDayAhead } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Stella Stock', email: 'stella.stock@example.com', password: 'count every box 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

interface Landing {
  product_id: number;
  name: string;
  product_Sizes: { product_size_id: number; size1: string; packs: { product_price_id: number; pack_range: number[] }[] }[];
}



test('stock on the storefront: a low label, a refused add, a sold-out basket line, backorders promised for the expected date', async ({ browser }) => {
  test.setTimeout(180_000);
  const staffContext = await browser.newContext({ baseURL: shop.baseURL });
  const staff = await staffContext.newPage();
  await setUpOwner(staff, shop, OWNER);

  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  const customer = await customerContext.newPage();
  await acceptCookies(customer);
  const [product] = (await (await customer.request.get('/api/products/GetLanding?condition=')).json()) as Landing[];
  const size = product!.product_Sizes[0]!;
  const packUnits = Math.min(...size.packs.map((pack) => pack.pack_range[0]!));

  // Two packs of the smallest on the shelf: below the size's low-stock threshold.
  await countSize(staff, size.product_size_id, 2 * packUnits, 'Counted for the browser test');
  await customer.goto(`/product-detail?productCode=${product!.product_id}`);
  await waitForHydration(customer);
  await expect(customer.getByTestId('stock-label')).toHaveText(`Only 2 packs of ${packUnits} left`);

  // Three packs asked for: refused with what can be had, nothing added; two are taken.
  await expect.poll(() => customer.evaluate(() => localStorage.getItem('session_id'))).toBeTruthy();
  const smallest = customer.getByRole('button', { name: new RegExp(`^Add \\+ (pack of|\\d+ packs of) ${packUnits}, `) }).first();
  await customer.getByTestId('order-quantity').first().fill('3');
  await smallest.click();
  await expect(customer.getByText(`Sorry, only 2 packs of ${packUnits} of`)).toBeVisible();
  await expect(customer.getByTestId('cart-count')).toHaveText('0');
  await customer.getByTestId('order-quantity').first().fill('2');
  await smallest.click();
  await expect(customer.getByTestId('cart-count')).toHaveText('2');

  // The shelf is emptied by a count: the basket marks the line and says the order cannot be placed with it.
  await countSize(staff, size.product_size_id, 0, 'Counted for the browser test');
  await customer.goto('/checkout');
  await expect(customer.getByTestId('basket-stock-problem')).toBeVisible();
  await expect(customer.getByTestId('line-stock-problem')).toHaveText('Out of stock: remove this line to order the rest.');

  // Backorders allowed, more expected on a working day ahead: the line can be ordered and waits for it.
  const expected = workingDayAhead();
  await staff.goto(`/admin/catalogue/products/${product!.product_id}#stock`);
  await staff.getByLabel(/Customers may order/).check();
  await staff.getByLabel('More expected on (optional)').fill(expected);
  await staff.getByRole('button', { name: 'Save stock settings' }).click();
  await expect(staff.getByText('The stock settings are saved.')).toBeVisible();

  const date = new Date(`${expected}T00:00:00Z`);
  const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
  const weekdayDayMonth = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
  await customer.goto('/checkout');
  await expect(customer.getByTestId('basket-stock-problem')).toHaveCount(0);
  await expect(customer.getByTestId('dispatch-promise-dispatch')).toHaveText(`Some items are available to order: dispatch around ${weekdayDayMonth}`);
  await screenshots(customer, 'basket-backordered', [1280, 390]);
  await customer.goto(`/product-detail?productCode=${product!.product_id}`);
  await expect(customer.getByTestId('stock-label')).toHaveText(`Available to order, dispatched around ${dayMonth}`);

  await staffContext.close();
  await customerContext.close();
});
