/**
 * A customer's data rights in the browser: from My account they download their data (a ZIP with
 * data.json holding their account and addresses, and nothing of another customer), then close
 * their account with their password; they are signed out, and signing in again is refused as a
 * wrong password is. The API token they held ends too.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, outboxMailTo, signInAs, signUp, waitForHydration } from './fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function screenshots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer downloads their data, closes their account and cannot sign in again', async ({ page, request }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  const customer = newCustomer();
  const other = newCustomer();
  // Another customer, with an address of their own: none of it may be in the download.
  const otherSignUp = await request.post('/api/users', {
    data: { first_name: 'Oswin', last_name: 'Other', email: other.email, password: other.password, phone: '01134960999' },
  });
  expect(otherSignUp.status(), await otherSignUp.text()).toBe(200);

  await page.goto('/signup');
  await waitForHydration(page);
  await signUp(page, customer);
  await expect(page).toHaveURL(/\/landing$/);
  // A sign-in through the API as well (another device): closing ends it too.
  const apiSignIn = await (await request.post('/api/account', { data: { email: customer.email, password: customer.password } })).json();
  const address = await request.post('/api/address', {
    headers: { authorization: `Bearer ${apiSignIn.token}` },
    data: { reference: 'Head office', contact_name: 'Alice Walker', region: '12', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123', user_id: 1 },
  });
  expect(address.status(), await address.text()).toBe(200);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your Data' })).toBeVisible();
  await screenshots(page, 'account-your-data');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-data').click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const data = JSON.parse(strFromU8(files['data.json']!));
  expect(data.account).toMatchObject({ first_name: customer.firstName, last_name: customer.lastName, email: customer.email });
  expect(data.addresses.map((a: { reference: string }) => a.reference)).toEqual(['Head office']);
  expect(strFromU8(files['data.json']!)).not.toContain(other.email);
  expect(strFromU8(files['data.json']!)).not.toContain('Oswin');
  // The page stays where it was.
  await expect(page).toHaveURL(/\/account$/);

  await page.getByTestId('close-account-link').click();
  await expect(page).toHaveURL(/\/account\/close$/);
  await expect(page.getByRole('heading', { name: 'Close Your Account', level: 1 })).toBeVisible();
  await expect(page.getByText('as HMRC requires')).toBeVisible();
  await waitForHydration(page);
  // Not ticked: refused, nothing closed.
  await page.getByLabel('Current Password').fill(customer.password);
  await page.getByTestId('close-account').click();
  await expect(page.getByText('Please tick the box to confirm that you want to close your account.')).toBeVisible();
  await screenshots(page, 'account-close');
  await page.getByLabel('Current Password').fill(customer.password);
  await page.getByTestId('close-confirm').check();
  await page.getByTestId('close-account').click();

  await expect(page).toHaveURL(/\/account\/close\?closed=1$/);
  await expect(page.getByTestId('account-closed')).toContainText('Your account has been closed');
  await screenshots(page, 'account-closed');
  await expect(page.getByTestId('user-first-name')).toHaveCount(0);

  // The other sign-in (API token) has ended as well.
  expect((await request.get(`/api/address/GetBy/${apiSignIn.userId}`, { headers: { authorization: `Bearer ${apiSignIn.token}` } })).status()).toBe(401);

  // Signing in again is refused as a wrong password is.
  await page.goto('/signin');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email or password incorrect, please try again')).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin\?return=account$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the customer closes their account with plain forms, and cannot sign in again', async ({ page }) => {
    await acceptCookies(page);
    const customer = newCustomer();
    const signedUp = await page.request.post('/api/users', {
      data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    await signInAs(page, customer.email, customer.password);

    await page.goto('/account/close');
    await page.getByLabel('Current Password').fill('not my password');
    await page.getByTestId('close-confirm').check();
    await page.getByTestId('close-account').click();
    await expect(page.getByText('Current Password is not correct.').first()).toBeVisible();

    await page.getByLabel('Current Password').fill(customer.password);
    await page.getByTestId('close-confirm').check();
    await page.getByTestId('close-account').click();
    await expect(page).toHaveURL(/\/account\/close\?closed=1$/);
    await expect(page.getByTestId('account-closed')).toContainText('a confirmation is on its way to your e-mail');
    // The confirmation goes to the address the account had, read before it was erased.
    await expect.poll(async () => (await outboxMailTo(customer.email))?.subject ?? '', { timeout: 20_000 }).toMatch(/account is closed$/);
    expect((await outboxMailTo(customer.email))!.text).toContain('we have closed your');

    const again = await page.request.post('/api/account', { data: { email: customer.email, password: customer.password } });
    expect(again.status()).toBe(401);
    expect(await again.json()).toMatchObject({ userId: 0, token: '' });
  });
});
