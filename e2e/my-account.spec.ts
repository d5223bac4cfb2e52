/**
 * My account in the browser: sign up, open My account from the top bar, add and
 * edit addresses, mark one as billing, delete one, save company details, change the password
 * (another sign-in of the customer ends, this page stays signed in), sign out and sign in with
 * the new password. The same page at 390 px without JavaScript: every change is a plain form.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, expectNoSeriousA11yViolations, newCustomer, signInAs, waitForHydration } from './fixtures';

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

const SHOTS = process.env.E2E_SHOTS_DIR;

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function addAddress(page: Page, fields: { reference: string; region: string; street: string; town: string; postCode: string }): Promise<void> {
  await page.getByTestId('add-address').click();
  const dialog = page.getByRole('dialog', { name: 'Add/Update Address' });
  await dialog.getByLabel('Reference').fill(fields.reference);
  await dialog.getByLabel('Contact Name').fill('Alice Walker');
  await dialog.getByLabel('House number or name').fill(fields.region);
  await dialog.getByLabel('Address', { exact: true }).fill(fields.street);
  await dialog.getByLabel('Town').fill(fields.town);
  await dialog.getByLabel('Post Code').fill(fields.postCode);
  await dialog.getByLabel('Phone').fill('01134960123');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('account-notice')).toHaveText(`Address ${fields.reference} saved.`);
  await expect(dialog).toBeHidden();
}

const card = (page: Page, reference: string) => page.getByTestId('account-address-card').filter({ has: page.getByRole('heading', { name: reference }) });

test('a new customer manages addresses, company details and the password on My account', async ({ page, request }) => {
  // The whole journey (about 20 page loads and form posts, one accessibility scan): more than the
  // 60 s default when two browsers share two cores.
  test.setTimeout(150_000);
  await acceptCookies(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = newCustomer();
  const newPassword = 'stretch-wrap-77';

  // Signed out, the page asks for a sign-in first and comes back.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin\?return=account$/);

  await page.goto('/signup');
  await waitForHydration(page);
  await page.getByLabel('First Name').fill(customer.firstName);
  await page.getByLabel('Last Name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(customer.password);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/landing$/);

  // The first name in the top bar opens My account.
  await expect(page.getByTestId('user-first-name')).toHaveAttribute('title', 'My account');
  await page.getByTestId('user-first-name').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('no-addresses')).toBeVisible();
  await waitForHydration(page);

  await addAddress(page, { reference: 'Head office', region: '12', street: 'Boar Lane', town: 'Leeds', postCode: 'LS1 4AP' });
  await addAddress(page, { reference: 'Warehouse', region: 'Unit 4', street: 'Wharf Street', town: 'Leeds', postCode: 'ls2 7eq' });
  await expect(card(page, 'Head office').getByTestId('billing-badge')).toBeVisible();
  await expect(card(page, 'Warehouse')).toContainText('LS2 7EQ');

  // Edit: the delivery step's form, filled with the address.
  await card(page, 'Warehouse').getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add/Update Address' });
  await expect(dialog.getByLabel('Reference')).toHaveValue('Warehouse');
  await dialog.getByLabel('Town').fill('Bradford');
  await dialog.getByLabel('Post Code').fill('BD1 1AA');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('account-notice')).toHaveText('Address Warehouse saved.');
  await expect(card(page, 'Warehouse')).toContainText('Bradford');

  await card(page, 'Warehouse').getByRole('button', { name: 'Mark as billing' }).click();
  await expect(page.getByTestId('addresses-message')).toHaveText('Warehouse is now your billing address.');
  await expect(card(page, 'Warehouse').getByTestId('billing-badge')).toBeVisible();
  await expect(card(page, 'Head office').getByTestId('billing-badge')).toHaveCount(0);

  // Delete asks first.
  await card(page, 'Head office').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Delete the address Head office');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('addresses-message')).toContainText('Head office has been deleted.');
  await expect(page.getByTestId('account-address-card')).toHaveCount(1);

  // Company details: the VAT number is checked as typed and stored normalised.
  await page.getByLabel('Company Name (optional)').fill('Walker Crafts Ltd');
  await page.getByLabel('VAT Number (optional)').fill('GB 123');
  await expect(page.getByTestId('account-vat-number-error')).toContainText('VAT Number is GB followed by 9 or 12 digits');
  await page.getByLabel('VAT Number (optional)').fill('gb 123 4567 89');
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByTestId('details-message')).toHaveText('Your company details and newsletter choice have been saved.');
  await expect(page.getByLabel('VAT Number (optional)')).toHaveValue('GB123456789');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'account-desktop');

  // Another sign-in of the same customer (a phone, say), through the API.
  const elsewhere = await request.post('/api/account', { data: { email: customer.email, password: customer.password } });
  const { userId, token } = await elsewhere.json();
  expect((await request.get(`/api/users/${userId}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('account-current-password-error')).toHaveText('Current Password is not correct.');

  await page.getByLabel('Current Password').fill(customer.password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('account-notice')).toHaveText('Your password has been changed. You have been signed out everywhere else.');
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  // The other sign-in has ended; this page is still signed in, after a reload too.
  expect((await request.get(`/api/users/${userId}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-first-name')).toHaveText(customer.firstName);

  // Sign out, then in: the old password no longer works, the new one does.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  for (const [password, works] of [
    [customer.password, false],
    [newPassword, true],
  ] as const) {
    await page.goto('/signin?return=account');
    await waitForHydration(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    if (works) {
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByLabel('Company Name (optional)')).toHaveValue('Walker Crafts Ltd');
      await expect(card(page, 'Warehouse').getByTestId('billing-badge')).toBeVisible();
    } else {
      await expect(page.getByText('Email or password incorrect, please try again')).toBeVisible();
    }
  }
});

test.describe('at 390 px without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('every change is a plain form: delete after confirming, company details with the server\'s messages', async ({ page }) => {
    const customer = newCustomer();
    const signedUp = await page.request.post('/api/users', {
      data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
    });
    const auth = { authorization: `Bearer ${(await signedUp.json()).token}` };
    for (const reference of ['Head office', 'Warehouse']) {
      const saved = await page.request.post('/api/address', {
        headers: auth,
        data: { reference, contact_name: 'Alice Walker', region: '12', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123', user_id: 1 },
      });
      expect(saved.status()).toBe(200);
    }
    await signInAs(page, customer.email, customer.password);
    // The cookie banner's answer, as 'I Agree' stores it (the server then renders no banner).
    await page.context().addCookies([{ name: 'cb_isCookieAccepted', value: 'yes', url: baseURL }]);

    await page.goto('/account');
    await expect(page.getByTestId('account-address-card')).toHaveCount(2);
    // The page fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'account-390');

    await page.getByLabel('VAT Number (optional)').fill('GB12345678');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByTestId('account-vat-number-error')).toContainText('VAT Number is GB followed by 9 or 12 digits');
    await expect(page.getByLabel('VAT Number (optional)')).toHaveValue('GB12345678');
    await page.getByLabel('VAT Number (optional)').fill('GB 123 456 789 012');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByTestId('details-message')).toHaveText('Your company details and newsletter choice have been saved.');
    await expect(page.getByLabel('VAT Number (optional)')).toHaveValue('GB123456789012');

    await card(page, 'Warehouse').getByRole('button', { name: 'Mark as billing' }).click();
    await expect(page.getByTestId('addresses-message')).toHaveText('Warehouse is now your billing address.');

    await card(page, 'Head office').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/account\?delete=\d+$/);
    await screenshot(page, 'account-390-delete');
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('addresses-message')).toContainText('Head office has been deleted.');
    await expect(page.getByTestId('account-address-card')).toHaveCount(1);
  });
});
