import { expect, test } from '@playwright/test';
import { acceptCookies, expectNoSeriousA11yViolations, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookies(page));

test('a customer goes from the landing page to a category, a sub-category, a product, and switches size', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  await waitForHydration(page);

  // Landing: a grid of products with View Details.
  await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();

  // A top-level category with sub-categories opens the category page.
  await page.goto('/category?categoryCode=cardboard-boxes');
  await expect(page.getByRole('heading', { level: 1, name: 'Cardboard Boxes' })).toBeVisible();
  const fullRange = page.getByRole('link', { name: /View Full Range/ });
  await expect(fullRange.first()).toBeVisible();

  // Follow sub-category cards until a product list.
  for (let depth = 0; depth < 3 && !page.url().includes('/products'); depth++) {
    const before = page.url();
    await page.getByRole('link', { name: /View Full Range/ }).first().click();
    await page.waitForURL((url) => url.href !== before);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/products\?categoryCode=/);

  // A product from the list.
  await page.getByRole('link', { name: /View Details/ }).first().click();
  await expect(page).toHaveURL(/\/product-detail\?productCode=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /Add \+/ }).first()).toBeVisible();
  await expect(page.getByText(/ex-VAT/i).first()).toBeVisible();
});

test('size tabs switch the pack table on a large screen', async ({ page, request }) => {
  const products = await (await request.get('/api/products/Search?filter=double wall box')).json();
  const product = products.find((p: { product_Sizes: unknown[] }) => p.product_Sizes.length > 1);
  expect(product, 'the demo catalogue has a double wall box in several sizes').toBeTruthy();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product-detail?productCode=${product.product_id}`);
  await waitForHydration(page);
  const second = product.product_Sizes[1];
  await page.getByRole('tab', { name: new RegExp(escapeRegExp(second.size1)) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(escapeRegExp(second.size1)) })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByTestId('size2')).toHaveText(second.size2);
});

test('the size dropdown switches the pack table on a phone', async ({ page, request }) => {
  const products = await (await request.get('/api/products/Search?filter=double wall box')).json();
  const product = products.find((p: { product_Sizes: unknown[] }) => p.product_Sizes.length > 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product-detail?productCode=${product.product_id}`);
  await waitForHydration(page);
  const second = product.product_Sizes[1];
  await expect(page.getByRole('tablist', { name: 'Sizes' })).toBeHidden();
  await page.getByRole('combobox', { name: /size/i }).selectOption(String(second.product_size_id));
  await expect(page.getByRole('tabpanel').getByTestId('size2')).toHaveText(second.size2);
});

test('a category without sub-categories redirects to its products list', async ({ page, request }) => {
  const tree = await (await request.get('/api/categories')).json();
  const leaf = (function find(nodes: { slug: string; subCategories: never[] }[]): string {
    for (const node of nodes) {
      if (node.subCategories.length === 0) return node.slug;
      const inner = find(node.subCategories);
      if (inner) return inner;
    }
    return '';
  })(tree);
  await page.goto(`/category?categoryCode=${leaf}`);
  await expect(page).toHaveURL(new RegExp(`/products\\?categoryCode=${leaf}$`));
});

test('search works by the Enter key and by the search button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/landing');
  await waitForHydration(page);
  const box = page.getByRole('searchbox', { name: 'Search products' }).first();
  await box.fill('tape');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=tape$/);
  await expect(page.getByText('Results for: tape')).toBeVisible();
  await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();

  const again = page.getByRole('searchbox', { name: 'Search products' }).first();
  await again.fill('bubble wrap');
  await page.getByRole('button', { name: 'Search' }).first().click();
  await expect(page).toHaveURL(/\/products\?search=bubble(\+|%20)wrap$/);
  await expect(page.getByText('Results for: bubble wrap')).toBeVisible();
});

test('the product code shown on a product page finds that product, and only it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products?search=pizza%20box');
  await page.getByRole('link', { name: /View Details/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pizza Boxes' })).toBeVisible();
  const code = (await page.getByText(/^Product code:/).textContent())!.replace('Product code:', '').trim();
  expect(code).toMatch(/^P\d{6}$/);
  await waitForHydration(page);
  const box = page.getByRole('searchbox', { name: 'Search products' }).first();
  await box.fill(code.toLowerCase());
  await box.press('Enter');
  await expect(page.getByText(`Results for: ${code.toLowerCase()}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /View Details/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'View Details: Pizza Boxes' })).toBeVisible();
});

test('a search for a trade word no product is called by finds what it means; nonsense finds nothing', async ({ page }) => {
  await page.goto('/products?search=jiffy%20bags');
  await expect(page.getByRole('link', { name: /^View Details: .*Padded/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^View Details: .*Carrier/ })).toHaveCount(0);
  await page.goto('/products?search=unicorn%20glitter');
  await expect(page.getByText('Products not found or not available right now.')).toBeVisible();
});

test('a search with no match shows the empty message', async ({ page }) => {
  await page.goto('/products?search=zzqqxxjj');
  await expect(page.getByText('Products not found or not available right now.')).toBeVisible();
});

test('the mobile menu opens categories at 390 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/landing');
  await waitForHydration(page);
  await expect(page.getByRole('navigation', { name: 'Product categories' })).toBeHidden();
  await page.getByRole('button', { name: 'Open the category menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Categories' });
  await expect(menu).toBeVisible();
  // Opened with JavaScript the drawer holds the whole tree: a branch opens in place.
  await menu.locator('summary[aria-label="Show Cardboard Boxes sub-categories"]').click();
  await expect(menu.locator('details[open] a').first()).toBeVisible();
  await menu.getByRole('link', { name: 'Cardboard Boxes', exact: true }).click();
  await expect(page).toHaveURL(/\/category\?categoryCode=cardboard-boxes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cardboard Boxes' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('the cookie banner stays accepted after a reload', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/landing');
  await waitForHydration(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toContainText('This website uses cookies to ensure you get the best experience on our website.');
  await banner.getByRole('button', { name: 'I Agree' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cb_isCookieAccepted'))).toBe('yes');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
  await context.close();
});

test('a first visit creates and stores a session id', async ({ page }) => {
  await page.goto('/landing');
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('session_id'))).toMatch(/^[0-9a-f-]{36}$/);
});

test('an unknown page shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

for (const path of ['/landing', '/category?categoryCode=cardboard-boxes', '/products?search=box', 'PRODUCT', '/about', '/contact', '/terms']) {
  test(`no serious accessibility violations on ${path}`, async ({ page, request }) => {
    let url = path;
    if (path === 'PRODUCT') {
      const landing = await (await request.get('/api/products/GetLanding?condition=')).json();
      url = `/product-detail?productCode=${landing[0].product_id}`;
    }
    await page.goto(url);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('the browser keeps a session id and the category tree under the SPEC storage keys', async ({ page }) => {
  await page.goto('/landing');
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('session_id'))).toMatch(/^[0-9a-f-]{36}$/);
  // The tree is written when the browser is idle after hydration.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('categories'))).not.toBeNull();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('categories') ?? 'null') as { name: string; subCategories: unknown[] }[] | null);
  const served = (await (await page.request.get('/api/categories')).json()) as { name: string }[];
  expect(stored?.map((c) => c.name)).toEqual(served.map((c) => c.name));
  expect(stored?.some((c) => c.subCategories.length > 0)).toBe(true);
});
