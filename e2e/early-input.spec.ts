/**
 * The page hydrates after its first paint (components/deferred-hydration.tsx). What a customer
 * does before that must not be lost: these tests hold the page's scripts back, act, then let
 * them load.
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

test("a click on 'Add +' made before the page is interactive still adds the pack", async ({ page }) => {
  const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  const release = await holdHydration(page);
  await page.goto(`/product-detail?productCode=${landing[0].product_id}`);
  await page.getByRole('button', { name: /Add \+/ }).first().click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  release();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('words typed into the search box before the page is interactive are searched on Enter', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/landing');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('tape');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  release();
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/products\?search=tape$/);
  await expect(page.getByText('Results for:')).toBeVisible();
});

test('a newsletter box unticked before the page is interactive is sent unticked with the sign-up', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/signup');
  const newsletter = page.getByLabel('To receive great offers and packaging tips, sign up to our newsletter');
  await newsletter.uncheck();
  await page.getByLabel('First Name').fill('Early');

  release();
  await waitForHydration(page);
  await expect(newsletter).not.toBeChecked();
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel('Last Name').fill('Bird');
  await page.getByLabel('Email').fill(`early.${id}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('parcel-tape-42');
  await page.getByLabel('Confirm Password').fill('parcel-tape-42');
  await page.getByLabel('Phone').fill('01134960123');
  const signUp = page.waitForRequest((request) => request.url().endsWith('/api/users') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  expect((await signUp).postDataJSON()).toMatchObject({ first_name: 'Early', newsletter: false });
});
