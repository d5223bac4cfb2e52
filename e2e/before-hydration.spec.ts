/**
 * A page hydrates once entry.client.tsx has loaded React DOM (decision record 011); on a slow
 * phone a customer can act before that. Nothing they do is lost, and nothing is replayed: every
 * change is a form posted to a route action, and fields are uncontrolled, so what was typed is
 * still in them. These tests hold the entry script back, act, and only then let it load.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, placeBankOrder, signInAs, waitForHydration } from './fixtures';

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

// Typed before the page is interactive, acted on after it: the fields keep what was typed
// (a controlled field would get the server's value written over it on its next render).

test('an e-mail and password typed before the page is interactive are kept and sent after it', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/signin');
  await page.getByLabel('Email').fill('nobody.here@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  release();
  await waitForHydration(page);
  await expect(page.getByLabel('Email')).toHaveValue('nobody.here@example.com');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The server checked the typed address and password (an empty form would show "Email is required").
  await expect(page.getByText('Email or password incorrect, please try again')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody.here@example.com');
});

test('words typed into the search box before the page is interactive are searched after it', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/landing');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('tape');
  release();
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/products\?search=tape/);
  await expect(page.getByText(/Results for/)).toBeVisible();
});

test('a quantity typed before the page is interactive is the one added after it', async ({ page }) => {
  const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  const release = await holdHydration(page);
  await page.goto(`/product-detail?productCode=${landing[0].product_id}`);
  await page.getByTestId('order-quantity').first().fill('3');
  release();
  await waitForHydration(page);
  await expect(page.getByTestId('order-quantity').first()).toHaveValue('3');
  await page.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
});

test('a size picked on a phone before the page is interactive is the one shown after it', async ({ page, request }) => {
  const products = await (await request.get('/api/products/Search?filter=double wall box')).json();
  const product = products.find((p: { product_Sizes: unknown[] }) => p.product_Sizes.length > 1);
  const second = product.product_Sizes[1];
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdHydration(page);
  await page.goto(`/product-detail?productCode=${product.product_id}`);
  await page.getByRole('combobox', { name: /size/i }).selectOption(String(second.product_size_id));
  release();
  await waitForHydration(page);
  await expect(page.getByRole('combobox', { name: /size/i })).toHaveValue(String(second.product_size_id));
  await expect(page.getByRole('tabpanel').getByTestId('size2')).toHaveText(second.size2);
  await expect(page).toHaveURL(new RegExp(`size=${second.product_size_id}`));
});

test('a pack count typed in the basket before the page is interactive is saved when the field is left after it', async ({ page }) => {
  const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  await page.goto(`/product-detail?productCode=${landing[0].product_id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const release = await holdHydration(page);
  await page.goto('/checkout');
  await page.getByTestId('pack-count').first().fill('3');
  release();
  await waitForHydration(page);
  await expect(page.getByTestId('pack-count').first()).toHaveValue('3');
  await page.getByTestId('pack-count').first().press('Tab');
  await expect(page.getByTestId('cart-count')).toHaveText('3');
});

test('an order number typed into the order filter before the page is interactive stays after it', async ({ page }) => {
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  const { orderId } = await placeBankOrder(page.request, (await signedUp.json()).token);
  await signInAs(page, customer.email, customer.password);
  const release = await holdHydration(page);
  await page.goto('/order-history');
  await page.getByTestId('order-filter').fill(String(orderId));
  await page.getByTestId('order-filter').press('Tab');
  release();
  await waitForHydration(page);
  await expect(page.getByTestId('order-filter')).toHaveValue(String(orderId));
  await page.getByTestId('order-filter').press('Enter');
  await expect(page).toHaveURL(new RegExp(`Filter=${orderId}`));
});
