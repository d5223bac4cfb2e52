import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, expectNoSeriousA11yViolations, latestOutboxMail, newCustomer, signUp, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => acceptCookies(page));

async function addFirstPackOfLandingProduct(page: Page, index = 0): Promise<void> {
  const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
  await page.goto(`/product-detail?productCode=${landing[index].product_id}`);
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('session_id'))).toBeTruthy();
  const add = page.getByRole('button', { name: /Add \+/ }).first();
  await add.click();
  await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a visitor fills a basket, edits and removes lines, signs up and keeps the basket, logs out, and signs in again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await addFirstPackOfLandingProduct(page, 0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await addFirstPackOfLandingProduct(page, 1);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // The cart page: change No. of Pack and leave the field.
  await page.goto('/checkout');
  await waitForHydration(page);
  for (const column of ['Product', 'Item', 'Price', 'Pack Size', 'No. of Pack', 'Total Price', 'Remove All']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const packCount = page.getByRole('spinbutton').first();
  await packCount.fill('3');
  await packCount.press('Tab');
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await expect(page.getByText(/VAT \(20%\)/)).toBeVisible();

  // Remove one line, asked first.
  await page.getByRole('button', { name: /^Remove / }).last().click();
  await expect(page.getByText('Are you sure?')).toBeVisible();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await page.getByRole('button', { name: /^Remove / }).last().click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  // Checkout needs an account: sign up from the sign-in page and keep the basket.
  await page.getByRole('link', { name: 'Checkout & Proceed To Payment' }).or(page.getByRole('button', { name: 'Checkout & Proceed To Payment' })).click();
  await expect(page).toHaveURL(/\/signin\?return=delivery/);
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('or use your email for registration')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeDisabled();
  const customer = newCustomer();
  await signUp(page, customer);
  await expect(page).toHaveURL(/\/delivery/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user_id'))).toMatch(/^\d+$/);
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  // Log out: back to landing with an empty anonymous basket.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('link', { name: /Login/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();

  // Sign in again: the basket is the user's.
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByTestId('user-first-name')).toHaveText(customer.firstName);
  await expect(page.getByTestId('cart-count')).toHaveText('3');
});

test('a wrong password is refused with the SPEC message', async ({ page }) => {
  await signIn(page, 'nobody@example.com', 'wrong-password');
  await expect(page.getByText('Email or password incorrect, please try again')).toBeVisible();
});

test('a customer who forgot the password resets it from the e-mailed link and signs in with the new one', async ({ page }) => {
  const customer = newCustomer();
  await page.goto('/signup');
  await waitForHydration(page);
  await signUp(page, customer);
  await expect(page).toHaveURL(/\/landing$/);
  await page.getByRole('button', { name: 'Log out' }).click();

  await page.goto('/signin');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(customer.email);
  await dialog.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(dialog.getByText('Reset password link sent successfully, please check your inbox and proceed with reset password.')).toBeVisible();

  const mail = await latestOutboxMail(/\/resetpassword\?/, customer.email);
  const link = /https?:\/\/\S+\/resetpassword\?users=\d+&token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'the e-mail carries the reset link').toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await waitForHydration(page);
  const newPassword = 'new-strong-pass-7';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();

  // The link is single use.
  await page.goto(`${url.pathname}${url.search}`);
  await waitForHydration(page);
  await page.getByLabel('Password', { exact: true }).fill('another-pass-8');
  await page.getByLabel('Confirm Password').fill('another-pass-8');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Somthing wrong! Email already reserved!')).toBeVisible();
  // ...and says, beside SPEC's words, that the link was used or has expired and where to get a new one.
  await expect(page.getByTestId('reset-link-used')).toContainText('it may have been used already or expired');
  await expect(page.getByTestId('reset-link-used').getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  await signIn(page, customer.email, customer.password);
  await expect(page.getByText('Email or password incorrect, please try again')).toBeVisible();
  await signIn(page, customer.email, newPassword);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByTestId('user-first-name')).toHaveText(customer.firstName);
});

test('an empty basket shows "No cart found" with Start Shopping!', async ({ page }) => {
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.getByText('No cart found')).toBeVisible();
  await page.getByRole('link', { name: 'Start Shopping!' }).or(page.getByRole('button', { name: 'Start Shopping!' })).click();
  await expect(page).toHaveURL(/\/landing$/);
});

for (const path of ['/checkout', '/signin', '/signup', '/resetpassword?users=1&token=abc']) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    if (path === '/checkout') await addFirstPackOfLandingProduct(page, 0);
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a wrong password is refused by a posted form, and the password never ends up in an address', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
    await page.goto('/signin');
    await expect(page.getByTestId('signin-form')).toHaveAttribute('method', 'post');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('Secret-Early-123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByTestId('signin-message')).toHaveText('Email or password incorrect, please try again');
    await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com');
    expect(page.url()).not.toContain('Secret-Early-123');
    expect(requested.filter((line) => line.includes('Secret-Early-123'))).toEqual([]);
  });

  test('any size can be bought, the phone menu and the price-match terms open, and a refused count says why', async ({ page }) => {
    // A product with at least two sizes: the second is chosen by its tab (a link), then bought.
    const landing = (await (await page.request.get('/api/products/GetLanding?condition=')).json()) as Array<{ product_id: number; product_Sizes: Array<{ size1: string }> }>;
    const product = landing.find((p) => p.product_Sizes.length > 1)!;
    const second = product.product_Sizes[1]!.size1;
    await page.goto(`/product-detail?productCode=${product.product_id}`);
    await page.getByRole('tab', { name: second, exact: true }).click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('size1')).toHaveText(second);
    await page.getByRole('button', { name: /Add \+/ }).first().click();
    await page.waitForLoadState('load');
    await page.goto('/checkout');
    await expect(page.getByTestId('pack-count')).toHaveCount(1);
    await expect(page.locator('main')).toContainText(second);

    // A phone: the size dropdown is a form with its own button; the category menu opens as a page section.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product-detail?productCode=${product.product_id}`);
    await page.getByTestId('size-select').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('size1')).toHaveText(second);
    await page.getByRole('button', { name: 'Open the category menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Categories' });
    await expect(menu).toBeVisible();
    // Without JavaScript it lists the top categories; a category's page lists its sub-categories.
    await expect(menu.locator('summary')).toHaveCount(0);
    await menu.getByRole('link', { name: 'Cardboard Boxes', exact: true }).click();
    await page.waitForLoadState('load');
    await expect(page).toHaveURL(/\/category\?categoryCode=cardboard-boxes$/);

    await page.goto('/landing');
    await page.getByTestId('landing-tile-3').click();
    await expect(page.getByRole('dialog', { name: 'Price Match Guarantee' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/checkout');
    await page.getByTestId('pack-count').first().fill('5000');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('basket-error')).toContainText('1000');
  });

  test('a customer browses, adds packs, changes a count, removes a line, signs up, adds an address, pays by bank transfer and sees the order', async ({ page }) => {
    // Without JavaScript each step is a page load: the next step waits until the posted page has
    // loaded, as a customer would, instead of acting on a page still arriving.
    const landing = await (await page.request.get('/api/products/GetLanding?condition=')).json();
    await page.goto(`/product-detail?productCode=${landing[0].product_id}`);
    await page.getByRole('button', { name: /Add \+/ }).first().click();
    await expect(page.getByRole('button', { name: /Item Added/ }).first()).toBeVisible();
    await page.goto(`/product-detail?productCode=${landing[1].product_id}`);
    await page.getByRole('button', { name: /Add \+/ }).first().click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await page.goto('/checkout');
    const counts = page.getByTestId('pack-count');
    await expect(counts).toHaveCount(2);
    await counts.first().fill('3');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('cart-count')).toHaveText('4');
    await page.getByTestId('remove-line').last().click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    await page.getByTestId('confirm-remove').click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    await page.getByRole('link', { name: 'Checkout & Proceed To Payment' }).click();
    await expect(page).toHaveURL(/\/signin\?return=delivery/);
    await page.goto('/signup?return=delivery');
    const customer = newCustomer();
    await signUp(page, customer);
    await expect(page).toHaveURL(/\/delivery/);
    await expect(page.getByText('No Address Selected')).toBeVisible();

    await page.getByTestId('add-address').click();
    const dialog = page.getByRole('dialog', { name: 'Add/Update Address' });
    await dialog.getByLabel('Reference').fill('Warehouse');
    await dialog.getByLabel('Contact Name').fill('Alice Walker');
    await dialog.getByLabel('House number or name').fill('Unit 4');
    await dialog.getByLabel('Address', { exact: true }).fill('1 Wharf Street');
    await dialog.getByLabel('Town').fill('Leeds');
    await dialog.getByLabel('Post Code').fill('LS1 4AP');
    await dialog.getByLabel('Phone').fill('01134960123');
    await dialog.getByTestId('save-address').click();
    // The payment step on a phone: the card tab says card payments need JavaScript and offers no button that cannot work.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Deliver to this Address' }).first().click();
    await expect(page).toHaveURL(/\/payment/);
    await expect(page.getByTestId('card-needs-javascript')).toBeVisible();
    await expect(page.getByTestId('panel-card').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('pay-test-card')).toHaveCount(0);
    await expect(page.getByTestId('test-payments')).toHaveCount(0);
    await page.getByTestId('tab-bank').click();
    await page.getByTestId('delivery-note').fill('Leave at the gate');
    await page.getByTestId('bank-transfer-done').click();
    await page.waitForLoadState('load');
    await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
    await expect(page.getByTestId('order-placed')).toBeVisible();
    await expect(page.getByTestId('order-note')).toHaveText('Leave at the gate');
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    await page.goto('/order-history');
    await expect(page.getByRole('link', { name: /View/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/landing/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test('the sign-in token is in an httpOnly cookie: neither document.cookie nor localStorage shows it', async ({ page }) => {
  const customer = newCustomer();
  await page.goto('/signup');
  await waitForHydration(page);
  await signUp(page, customer);
  await expect(page.getByTestId('user-first-name')).toHaveText(customer.firstName);
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'shop_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const visible = await page.evaluate(() => ({ cookie: document.cookie, storage: JSON.stringify({ ...localStorage }) }));
  expect(visible.cookie).not.toContain('shop_session');
  expect(visible.storage).not.toContain('token');
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toMatch(/^\d+$/);
});

test('a form posted to a page from another site is refused', async ({ page, baseURL }) => {
  const response = await page.request.post(`${baseURL}/checkout`, {
    form: { intent: 'remove', product_id: '1', product_price_id: '1' },
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: 'forbidden' });
});
