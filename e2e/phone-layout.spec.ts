/**
 * Phone layout, at 390 x 844: the pack table fits the screen after an add
 * ('Item Added' never pushes or clips another row's 'Add +'), and the signed-in top bar keeps
 * to one line.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, signInAs, waitForHydration } from './fixtures';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
test.beforeEach(async ({ page }) => acceptCookies(page));

/** A product whose first size has the most packs (at least two), to fill the table. */
async function productWithManyPacks(page: Page): Promise<number> {
  const landing: { product_id: number }[] = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  let best = { id: landing[0]!.product_id, packs: 0 };
  for (const { product_id } of landing) {
    const product = await (await page.request.get(`/api/products/GetById/${product_id}`)).json();
    const packs = product.product_Sizes[0]?.packs.length ?? 0;
    if (packs > best.packs) best = { id: product_id, packs };
  }
  expect(best.packs).toBeGreaterThanOrEqual(2);
  return best.id;
}

async function expectWithinViewport(element: Locator): Promise<void> {
  const box = await element.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

async function signedInCustomer(page: Page): Promise<void> {
  const customer = { ...newCustomer(), firstName: 'Maximiliana' };
  const response = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(response.status()).toBe(200);
  await signInAs(page, customer.email, customer.password);
}

test("the pack table fits a 390 px phone after 'Item Added'", async ({ page }) => {
  await signedInCustomer(page);
  await page.goto(`/product-detail?productCode=${await productWithManyPacks(page)}`);
  await waitForHydration(page);
  const table = page.getByTestId('pack-table');
  const adds = table.getByRole('button', { name: /Add \+/ });
  const packs = await adds.count();
  expect(packs).toBeGreaterThanOrEqual(2);

  await adds.first().click();
  await expect(table.getByTestId('item-added')).toHaveCount(1);
  await expect(adds).toHaveCount(packs - 1);

  for (const button of [...(await adds.all()), table.getByTestId('item-added')]) await expectWithinViewport(button);
  // Nothing scrolls sideways: neither the table's box nor the page.
  const overflow = await table.evaluate((element) => {
    const scroller = element.parentElement!;
    return { table: scroller.scrollWidth - scroller.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
});

test('the signed-in top bar stays on one line on a 390 px phone', async ({ page }) => {
  await signedInCustomer(page);
  await page.goto('/landing');
  await waitForHydration(page);
  const bar = page.getByTestId('top-bar');
  await expect(bar.getByTestId('user-first-name')).toBeVisible();
  const lineHeight = await bar.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  const height = (await bar.boundingBox())!.height;
  // One line of text (or the 24 px log-out button) plus the bar's padding: never two lines.
  expect(height).toBeLessThan(Math.max(lineHeight, 24) * 2);
  const items = [bar.getByRole('link', { name: /\d{3}/ }).first(), bar.getByRole('link', { name: 'Past Orders' }), bar.getByTestId('user-first-name'), bar.getByRole('button', { name: 'Log out' })];
  const middles = await Promise.all(items.map(async (item) => {
    const box = (await item.boundingBox())!;
    return box.y + box.height / 2;
  }));
  for (const middle of middles) expect(Math.abs(middle - middles[0]!)).toBeLessThanOrEqual(2);
  for (const item of items) await expectWithinViewport(item);
});
