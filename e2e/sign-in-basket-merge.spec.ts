/**
 * In the browser: signing in with a guest basket never doubles the
 * saved one (the same pack keeps the larger count) and says once what it merged; sign-up takes
 * "Ian Lee" and refuses a confirmation that differs from the password.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookies(page));

interface PackRef {
  product_id: number;
  product_price_id: number;
  price: number;
  qty: number;
}

/** The first pack of the n-th landing product (what its first 'Add +' adds). */
async function landingPack(request: APIRequestContext, index: number): Promise<PackRef> {
  const landing = await (await request.get('/api/products/GetLanding?condition=')).json();
  const detail = await (await request.get(`/api/products/GetById/${landing[index].product_id}`)).json();
  const pack = detail.product_Sizes[0].packs[0];
  return { product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0] };
}

async function addToSavedBasket(request: APIRequestContext, token: string, pack: PackRef, count: number): Promise<void> {
  const added = await request.post('/api/cart', { headers: { authorization: `Bearer ${token}` }, data: { user_id: 1, ...pack, count } });
  expect(added.status(), await added.text()).toBe(200);
}

async function signInThroughTheForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('signing in keeps the larger count of a pack in both baskets, adds the rest, and says so once', async ({ page }) => {
  // A customer whose saved basket has 20 packs of one product and 1 of another, from an earlier visit.
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { token } = await signedUp.json();
  const [box, other] = [await landingPack(page.request, 0), await landingPack(page.request, 1)];
  await addToSavedBasket(page.request, token, box, 20);
  await addToSavedBasket(page.request, token, other, 1);

  // Today, as a guest, the same 20 packs.
  await page.goto(`/product-detail?productCode=${box.product_id}`);
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('session_id'))).toBeTruthy();
  await page.getByRole('button', { name: /Add \+/ }).first().click();
  await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
  await page.goto('/checkout');
  await waitForHydration(page);
  const packCount = page.getByRole('spinbutton').first();
  await packCount.fill('20');
  await packCount.press('Tab');
  await expect(page.getByTestId('cart-count')).toHaveText('20');

  await signInThroughTheForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/landing$/);
  // 20 + the same 20 is 20, not 40; the other saved pack is added.
  await expect(page.getByTestId('cart-count')).toHaveText('21');
  const notice = page.getByTestId('basket-merge-notice');
  await expect(notice).toContainText('We added 1 item from your earlier visit to your basket.');
  await expect(notice).toContainText(/was in both baskets and is kept at 20 packs, not added twice\./);

  // Told once: the next page has no notice, and the basket still holds 20 of the pack.
  await page.goto('/checkout');
  await expect(page.getByRole('spinbutton').first()).toHaveValue('20');
  await expect(page.getByTestId('basket-merge-notice')).toHaveCount(0);
});

test('sign-up accepts "Ian Lee" and refuses a confirmation that differs from the password', async ({ page }) => {
  const customer = newCustomer();
  await page.goto('/signup');
  await waitForHydration(page);
  await page.getByLabel('First Name').fill('Ian');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(`${customer.password}x`);
  await page.getByLabel('Phone').fill(customer.phone);
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await expect(signUp).toBeDisabled();
  await expect(page.getByText(/First Name is required|Last Name is required/)).toHaveCount(0);

  await page.getByLabel('Confirm Password').fill(customer.password);
  await expect(page.getByText('Passwords do not match.')).toHaveCount(0);
  await signUp.click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByTestId('user-first-name')).toHaveText('Ian');
});
