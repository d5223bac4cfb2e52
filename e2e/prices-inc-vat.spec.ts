/**
 * Prices ex VAT or inc VAT (DESIGN section 4 "Money"): ex-VAT by default as SPEC says; the
 * header's switch shows every price with VAT (product grids, the pack table, the header basket,
 * basket lines, checkout lines), remembered in a cookie, with or without JavaScript. Totals stay
 * as they are. A page rendered with VAT is never kept by a shared cache for another visitor.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, expectNoSeriousA11yViolations, waitForHydration } from './fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

test.beforeEach(async ({ page }) => acceptCookies(page));

interface DemoProduct {
  id: number;
  categorySlug: string;
  /** The first pack of the first size, pounds ex-VAT. */
  packPrice: number;
}

async function demoProduct(request: APIRequestContext): Promise<DemoProduct> {
  const landing: { product_id: number }[] = await (await request.get('/api/products/GetLanding?condition=')).json();
  const product = await (await request.get(`/api/products/GetById/${landing[0]!.product_id}`)).json();
  return { id: product.product_id, categorySlug: product.category.slug, packPrice: product.product_Sizes[0].packs[0].price };
}

/** "£12.34" of pounds ex-VAT with 20% VAT, rounded half-up to the penny as baskets are. */
function withVat(pounds: number): string {
  const pence = Math.round(pounds * 100);
  return `£${((pence + Math.floor((pence * 20 + 50) / 100)) / 100).toFixed(2)}`;
}
const gbp = (pounds: number) => `£${pounds.toFixed(2)}`;

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a household buyer switches prices to inc VAT: every price follows, totals stay, the choice is remembered', async ({ page, request }) => {
  const product = await demoProduct(request);
  await page.goto(`/product-detail?productCode=${product.id}`);
  await waitForHydration(page);
  const table = page.getByTestId('pack-table').first();
  const switcher = page.getByTestId('price-basis-switch').filter({ visible: true });

  // SPEC's default: ex-VAT.
  await expect(switcher.getByRole('button', { name: 'ex VAT' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('columnheader', { name: 'Price ex-VAT' })).toBeVisible();
  await expect(table.getByTestId('pack-price').first()).toHaveText(gbp(product.packPrice));

  await switcher.getByRole('button', { name: 'inc VAT' }).click();
  await expect(switcher.getByRole('button', { name: 'inc VAT' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('columnheader', { name: 'Price inc VAT' })).toBeVisible();
  await expect(table.getByTestId('pack-price').first()).toHaveText(withVat(product.packPrice));
  await expect(page).toHaveURL(new RegExp(`/product-detail\\?productCode=${product.id}$`));
  await shots(page, 'prices-inc-vat-product');

  // Into the basket: the line's price and total with VAT, the summary's totals as before.
  await table.getByTestId('add-pack').first().click();
  await expect(table.getByTestId('item-added')).toHaveCount(1);
  await page.getByTestId('cart-summary').click();
  await expect(page.locator('#cart-dropdown')).toContainText(`${withVat(product.packPrice)} inc VAT`);
  await page.goto('/checkout');
  await expect(page.getByTestId('basket-count')).toContainText('prices inc VAT');
  const line = page.getByTestId('basket-line').first();
  await expect(line.getByTestId('line-price')).toHaveText(withVat(product.packPrice));
  await expect(line).toContainText('inc VAT');
  await expect(line.getByTestId('line-total')).toHaveText(withVat(product.packPrice));
  const summary = page.getByTestId('basket-summary');
  await expect(summary).toContainText(gbp(product.packPrice)); // Items: the sub-total ex-VAT, unchanged
  // ...and labelled so, since the lines above include VAT; the footer says how prices are shown.
  await expect(summary.getByText('Items (ex VAT)')).toBeVisible();
  await expect(page.locator('footer')).toContainText('All prices are shown including VAT.');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'prices-inc-vat-basket');

  // The category grid, after a reload: the cookie remembers.
  await page.goto(`/products?categoryCode=${product.categorySlug}`);
  await expect(page.getByTestId('product-card').first()).toContainText('inc VAT');
  await expect(page.getByTestId('product-card').first()).not.toContainText('ex-VAT');

  // Back to ex-VAT.
  await page.getByTestId('price-basis-switch').filter({ visible: true }).getByRole('button', { name: 'ex VAT' }).click();
  await expect(page.getByTestId('product-card').first()).toContainText('ex-VAT');
});

// Issue 39, item 13: pressed while the page hydrates, the switch once showed the landing page under
// the product's address (1 of 4 presses): the navigation to /prices raced the visitor-session
// fetcher's revalidation, which loaded /prices' own loader. The hydrated switch is now a fetcher.
test('pressing the switch the moment a page appears keeps that page, whether or not it has hydrated yet', async ({ page, request }) => {
  const product = await demoProduct(request);
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.context().clearCookies({ name: 'shop_prices' });
    await page.goto(`/product-detail?productCode=${product.id}`, { waitUntil: 'commit' });
    // The header's switch, as soon as it is on the screen (before the styles or the scripts may be).
    await page.getByTestId('top-bar').getByTestId('prices-inc').click();
    await expect(page).toHaveURL(new RegExp(`/product-detail\\?productCode=${product.id}$`));
    await expect(page.getByTestId('pack-table').first().getByRole('columnheader', { name: 'Price inc VAT' })).toBeVisible();
  }
});

test('the price switch works without JavaScript: a form that sets the cookie and comes back', async ({ browser, request }) => {
  const product = await demoProduct(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product-detail?productCode=${product.id}`);
  await page.getByTestId('price-basis-switch').filter({ visible: true }).getByRole('button', { name: 'inc VAT' }).click();
  await expect(page).toHaveURL(new RegExp(`/product-detail\\?productCode=${product.id}$`));
  await expect(page.getByTestId('pack-price').first()).toHaveText(withVat(product.packPrice));
  expect((await context.cookies()).find((cookie) => cookie.name === 'shop_prices')?.value).toBe('inc');
  await context.close();
});

test('a page with inc-VAT prices is never served to an ex-VAT visitor from a cache', async ({ playwright, baseURL }) => {
  const incVisitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: 'shop_prices=inc' } });
  const exVisitor = await playwright.request.newContext({ baseURL });
  const product = await demoProduct(exVisitor);
  const url = `/product-detail?productCode=${product.id}`;

  const inc = await incVisitor.get(url);
  expect(await inc.text()).toContain('Price inc VAT');
  // Only the visitor's own browser may keep the page: no proxy or shared cache stores it.
  expect(inc.headers()['cache-control']).toMatch(/\bprivate\b/);
  expect(inc.headers()['cache-control']).not.toMatch(/\bpublic\b|s-maxage/);

  // The next visitor, right after, gets SPEC's ex-VAT page.
  const ex = await exVisitor.get(url);
  const html = await ex.text();
  expect(html).toContain('Price ex-VAT');
  expect(html).not.toContain('Price inc VAT');

  // The cached JSON catalogue answers do not depend on the cookie: prices ex-VAT for everyone.
  const apiInc = await (await incVisitor.get(`/api/products/GetById/${product.id}`)).json();
  expect(apiInc.product_Sizes[0].packs[0].price).toBe(product.packPrice);
  await incVisitor.dispose();
  await exVisitor.dispose();
});
