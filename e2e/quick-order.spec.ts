/**
 * Quick order and shopping lists (docs/quick-order.md), at desktop width, on a 390 px phone and
 * without JavaScript: twelve pasted lines of product codes add ten to the basket and name the two
 * that could not go in (line, code, why); a basket saved as a list comes back after the basket is
 * emptied. Screenshots of the new pages at 1280 and 390 px when E2E_SHOTS_DIR is set.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, expectNoSeriousA11yViolations, newCustomer, screenshots, signInAs, waitForHydration } from './fixtures';

interface ProductDetail {
  product_id: number;
  product_code: string;
  name: string;
  product_Sizes: { size1: string; packs: { pack_range: number[] }[] }[];
}

/** A pack of each of the first `count` demo products (always well stocked, demo-stock.ts), as the product page prints them. */
async function demoPacks(page: Page, count: number): Promise<{ code: string; size: string; pack: number; sizes: number; packs: number }[]> {
  const packs = [];
  for (let productId = 1; packs.length < count; productId++) {
    const response = await page.request.get(`/api/products/GetById/${productId}`);
    if (response.status() !== 200) continue;
    const product = (await response.json()) as ProductDetail;
    const size = product.product_Sizes.find((s) => s.packs.length > 0);
    if (!size) continue;
    packs.push({ code: product.product_code, size: size.size1, pack: size.packs[0]!.pack_range[0]!, sizes: product.product_Sizes.length, packs: size.packs.length });
  }
  return packs;
}

/** Signs a new customer up through the API and signs the browser in (the page session is an httpOnly cookie). */
async function signedInCustomer(page: Page): Promise<void> {
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  await signInAs(page, customer.email, customer.password);
}

const modes = [
  { name: 'desktop', width: 1280, height: 900, javaScript: true },
  { name: '390 px phone', width: 390, height: 844, javaScript: true },
  { name: 'without JavaScript', width: 1280, height: 900, javaScript: false },
] as const;

for (const mode of modes) {
  test.describe(`quick order and lists, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScript, viewport: { width: mode.width, height: mode.height } });
    test.beforeEach(async ({ page }) => {
      if (mode.javaScript) await acceptCookies(page);
    });

    /** After a form post: hydrated, or (without JavaScript) the new page loaded. */
    const settled = async (page: Page) => (mode.javaScript ? waitForHydration(page) : page.waitForLoadState('load'));

    test('a quick order of 12 pasted lines adds 10 and names the 2 it could not', async ({ page }) => {
      const packs = await demoPacks(page, 10);
      // Ten right lines in the formats a buyer pastes: four cells with commas, a spreadsheet's tabs, spaces.
      const right = packs.map(({ code, size, pack }, i) => (i % 3 === 0 ? `${code}, ${size}, ${pack}, 2` : i % 3 === 1 ? `${code}\t${size}\t${pack}\t1` : `${code} ${size} ${pack} 3`));
      const lines = [...right.slice(0, 3), 'ZZ-NOT-A-CODE, 5', ...right.slice(3, 7), `${packs[0]!.code}, A0 giant, ${packs[0]!.pack}, 1`, ...right.slice(7)];
      expect(lines).toHaveLength(12);

      await page.goto('/quick-order');
      await settled(page);
      await page.getByLabel(/One product per line/).fill(lines.join('\n'));
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await settled(page);

      await expect(page.getByTestId('quick-order-added')).toContainText('Added 10 lines to your basket.');
      const problems = page.getByTestId('quick-order-problem');
      await expect(problems).toHaveCount(2);
      await expect(problems.nth(0)).toContainText('Line 4, ZZ-NOT-A-CODE');
      await expect(problems.nth(0)).toContainText('Unknown product code ZZ-NOT-A-CODE');
      await expect(problems.nth(1)).toContainText(`Line 9, ${packs[0]!.code}`);
      await expect(problems.nth(1)).toContainText('has no size "A0 giant"');
      // The two lines wait in the paste box to be corrected.
      await expect(page.getByTestId('quick-order-text')).toHaveValue(`ZZ-NOT-A-CODE, 5\n${packs[0]!.code}, A0 giant, ${packs[0]!.pack}, 1`);
      await screenshots(page, `quick-order-result-${mode.javaScript ? 'js' : 'nojs'}`, [1280, 390]);
      await page.setViewportSize({ width: mode.width, height: mode.height });

      await page.goto('/checkout');
      await expect(page.getByTestId('basket-line')).toHaveCount(10);
      await expect(page.getByTestId('cart-count')).toHaveText(String(4 * 2 + 3 * 1 + 3 * 3));
    });

    test('save the basket as a list, empty the basket, add the list back', async ({ page }) => {
      await signedInCustomer(page);
      const [first, second] = await demoPacks(page, 2);
      // Into the basket by typed rows this time.
      await page.goto('/quick-order');
      await settled(page);
      await page.getByLabel('Row 1 product code').fill(first!.code);
      await page.getByLabel('Row 1 size (if several)').fill(first!.size);
      await page.getByLabel('Row 1 pack (if several)').fill(String(first!.pack));
      await page.getByLabel('Row 1 number of packs').fill('4');
      await page.getByLabel('Row 2 product code').fill(second!.code);
      await page.getByLabel('Row 2 size (if several)').fill(second!.size);
      await page.getByLabel('Row 2 pack (if several)').fill(String(second!.pack));
      await page.getByLabel('Row 2 number of packs').fill('1');
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await settled(page);
      await expect(page.getByTestId('quick-order-added')).toContainText('Added 2 lines');

      await page.goto('/checkout');
      await settled(page);
      await page.getByLabel('Save your basket as a shopping list').fill('Site order');
      await page.getByRole('button', { name: 'Save as a list' }).click();
      await settled(page);
      await expect(page).toHaveURL(/\/lists\/\d+\?saved=1$/);
      await expect(page.getByTestId('list-saved')).toContainText('Your basket is saved as the list "Site order".');
      await expect(page.getByTestId('list-line')).toHaveCount(2);
      // axe runs as a script in the page: only with JavaScript.
      if (mode.javaScript) await expectNoSeriousA11yViolations(page);
      await screenshots(page, `list-${mode.javaScript ? 'js' : 'nojs'}`, [1280, 390]);
      await page.setViewportSize({ width: mode.width, height: mode.height });

      // Empty the basket, line by line ('Are you sure?' then Yes).
      await page.goto('/checkout');
      await settled(page);
      for (let left = 2; left > 0; left--) {
        await page.getByTestId('remove-line').first().click();
        await page.getByTestId('confirm-remove').click();
        await settled(page);
        await expect(page.getByTestId('basket-line')).toHaveCount(left - 1);
      }
      await expect(page.getByTestId('basket-empty')).toBeVisible();

      // The list comes back from the lists page.
      await page.goto('/account');
      await page.getByTestId('account-lists-link').click();
      await settled(page);
      await expect(page.getByTestId('list-row')).toHaveCount(1);
      await screenshots(page, `lists-${mode.javaScript ? 'js' : 'nojs'}`, [1280, 390]);
      await page.setViewportSize({ width: mode.width, height: mode.height });
      await page.getByRole('button', { name: 'Add Site order to basket' }).click();
      await settled(page);
      await expect(page.getByTestId('list-added')).toContainText('2 lines of "Site order" are in your basket.');
      await page.getByRole('link', { name: 'View basket' }).click();
      await settled(page);
      await expect(page.getByTestId('basket-line')).toHaveCount(2);
      await expect(page.getByTestId('cart-count')).toHaveText('5');
    });
  });
}

test('the quick order page is linked from the header, has no serious accessibility violations, and takes a CSV file', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/landing');
  await waitForHydration(page);
  await page.getByTestId('quick-order-link').click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { name: 'Quick order' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'quick-order', [1280, 390]);

  // A spreadsheet saved as CSV: a header naming the columns in its own order, a description column ignored.
  const [pack] = await demoPacks(page, 1);
  const size = `"${pack!.size.replace(/"/g, '""')}"`;
  const csv = `Description,Qty,Product code,Size,Pack size\r\nOur usual boxes,2,${pack!.code},${size},${pack!.pack}\r\nTypo,1,P99999999,,\r\n`;
  await page.getByLabel(/Columns code, size, pack, quantity/).setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByTestId('quick-order-added')).toContainText('Added 1 line to your basket.');
  await expect(page.getByTestId('quick-order-problem')).toHaveText([/CSV line 3, P99999999.*Unknown product code P99999999/]);
});
