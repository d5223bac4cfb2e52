/**
 * Pages hydrate after their first paint (components/deferred-hydration.tsx). What a customer does
 * before that is not lost, and nothing is replayed: every change is a form posted to a route
 * action. These tests hold the page's scripts back, act, and only then let them load.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookies(page));

/** Holds React Router's entry script until the returned function is called. */
async function holdHydration(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a click on 'Add +' before the page is interactive posts the form and adds the pack", async ({ page }) => {
  const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  const release = await holdHydration(page);
  await page.goto(`/product-detail?productCode=${landing[0].product_id}`);
  await page.getByRole('button', { name: /Add \+/ }).first().click();
  // The server answered the posted form with the page, already showing the pack in the basket.
  await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  release();
  await waitForHydration(page);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('words typed into the search box before the page is interactive are searched on Enter', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/landing');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('tape');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/products\?search=tape/);
  release();
  await waitForHydration(page);
  await expect(page.getByText(/Results for/)).toBeVisible();
});
