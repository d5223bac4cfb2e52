/**
 * The back office's first day in the browser: the shop starts with no owner
 * and logs a setup link; the owner opens it, creates their account and lands on the dashboard;
 * adds a warehouse member, whose set-password link is shown once; signs out, is refused with
 * the wrong password, signs in again. The setup link then says setup is done; the warehouse
 * member sets a password from their link and is told the Staff page is not for them. The owner
 * turns on two-step sign-in (QR code, recovery codes) and signs in with a code. Pages
 * at 1280 px and on an 800 px tablet, with no serious accessibility violation.
 *
 * The server is this spec's own (e2e/shop-server.ts): the setup link is read from its log.
 */
import { expect, test } from '@playwright/test';
import { adminScreenshot, expectNoSeriousA11yViolations } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';
import { totpCode } from '../packages/core/src/staff/totp';

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'boxes and tape 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

test('the owner is set up from the logged link, adds a member, signs out and signs in again', async ({ page, browser }) => {
  test.setTimeout(150_000);
  expect(shop.setupLink, shop.log.join('\n')).toMatch(new RegExp(`^${shop.baseURL}/admin/setup\\?token=[A-Za-z0-9_-]{43}$`));

  // No session: the back office sends to its own sign-in page.
  await page.goto(`${shop.baseURL}/admin/staff`);
  await expect(page).toHaveURL(`${shop.baseURL}/admin/signin?return=%2Fadmin%2Fstaff`);

  await page.goto(shop.setupLink!);
  await expect(page.getByRole('heading', { name: 'Set up the back office' })).toBeVisible();
  await adminScreenshot(page, 'admin-setup');
  await page.getByLabel('Your name').fill(OWNER.name);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByLabel('Password again').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create the owner and sign in' }).click();

  await expect(page).toHaveURL(`${shop.baseURL}/admin`);
  await expect(page.getByTestId('admin-signed-in-as')).toHaveText('Signed in as Olive Owner (Owner).');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Dispatch',
    'Returns',
    'Stock',
    'Customers',
    'Companies',
    'Quotes',
    'Price lists',
    'Offers',
    'Bank statements',
    'Returned payments',
    'Credit control',
    'Catalogue',
    'Exports',
    'Reports',
    'Staff',
  ]);
  // The back office's own frame: none of the storefront's header, footer or cookie banner.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText('Accept cookies', { exact: false })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-dashboard');

  // Staff: add a warehouse member; the link is e-mailed to them and shown once.
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await page.getByLabel('Name').fill('Wes Warehouse');
  await page.getByLabel('E-mail').fill('wes@example.com');
  await page.getByLabel('Role').selectOption('warehouse');
  await page.getByRole('button', { name: 'Add and e-mail a link' }).click();
  const linkBox = page.getByTestId('staff-link');
  await expect(linkBox).toContainText('We have e-mailed Wes Warehouse (wes@example.com) a set-password link');
  const memberLink = await page.getByLabel('Set-password link').inputValue();
  expect(memberLink).toMatch(new RegExp(`^${shop.baseURL}/admin/set-password\\?token=[A-Za-z0-9_-]{43}$`));
  await expect(page.getByTestId('staff-table')).toContainText('Wes Warehouse');
  await expect(page.getByTestId('staff-table')).toContainText('Password not set');
  // Who added whom is kept: the newest change first, the owner's set-up below it.
  const changes = page.getByTestId('staff-changes').getByRole('row');
  await expect(changes.nth(1)).toContainText('Added Wes Warehouse (wes@example.com) as Warehouse');
  await expect(changes.nth(2)).toContainText('as the first Owner');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-staff');

  // Sign out (a POST), then the wrong password, then the right one.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/signin?signedout`);
  await expect(page.getByTestId('admin-signin-message')).toHaveText('You are signed out.');
  await page.goto(`${shop.baseURL}/admin`);
  await expect(page).toHaveURL(`${shop.baseURL}/admin/signin`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-signin-message')).toHaveText('E-mail or password is incorrect.');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-signin-refused');
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin`);
  await expect(page.getByTestId('admin-signed-in-as')).toHaveText('Signed in as Olive Owner (Owner).');

  // A link from another site (an e-mail, a chat): the SameSite=Strict cookie is held back on
  // arrival, and the sign-in page's one reload brings it, straight on to the page.
  const otherSite = shop.baseURL.replace('127.0.0.1', 'localhost');
  await page.goto(`${otherSite}/about`);
  await page.evaluate((target) => {
    window.location.href = target;
  }, `${shop.baseURL}/admin/staff`);
  await expect(page).toHaveURL(`${shop.baseURL}/admin/staff`);
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();

  // The setup link worked once.
  await page.goto(shop.setupLink!);
  await expect(page.getByTestId('admin-setup-done')).toBeVisible();

  // The warehouse member, in a browser of their own, sets a password from the link.
  const theirs = await browser.newContext();
  const wes = await theirs.newPage();
  await wes.goto(memberLink);
  await expect(wes.getByText('Wes Warehouse (wes@example.com), Warehouse.')).toBeVisible();
  await wes.getByLabel('New password', { exact: true }).fill('pick pack dispatch');
  await wes.getByLabel('New password again').fill('pick pack dispatch');
  await wes.getByRole('button', { name: 'Set password and sign in' }).click();
  // Should the dashboard not come, the failure says where the page went instead.
  await expect(wes).toHaveURL(`${shop.baseURL}/admin`);
  await expect(wes.getByTestId('admin-signed-in-as')).toHaveText('Signed in as Wes Warehouse (Warehouse).');
  await expect(wes.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Dispatch', 'Returns', 'Stock']);
  await wes.goto(`${shop.baseURL}/admin/staff`);
  await expect(wes.getByTestId('admin-error')).toContainText('You do not have access to this page.');
  await adminScreenshot(wes, 'admin-forbidden');
  await theirs.close();

  // Two-step sign-in: the owner scans (here: reads) the key, confirms with a code, keeps the recovery codes.
  await page.goto(`${shop.baseURL}/admin`);
  await page.getByRole('link', { name: /Olive Owner/ }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add the back office to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-security-enrol');
  // A code from the step before now: the next sign-in's code (this step's) is then not a reuse.
  // That code is valid only until this step ends, so it is not typed in a step's last 10 s:
  // on a slow machine the server would read it two steps old and refuse it.
  const leftOfStep = 30_000 - (Date.now() % 30_000);
  if (leftOfStep < 10_000) await page.waitForTimeout(leftOfStep + 200);
  await page.getByLabel('Code from the app').fill(totpCode(secret, new Date(Date.now() - 30_000)));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  // The page now says it is on, beside the codes (it once still said "off").
  await expect(page.getByRole('heading', { name: 'Two-step sign-in: on' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in: off' })).toHaveCount(0);
  await adminScreenshot(page, 'admin-security-codes');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await adminScreenshot(page, 'admin-signin-code');
  await page.getByLabel('Code').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('admin-signed-in-as')).toHaveText('Signed in as Olive Owner (Owner).');
  // Turning two-step sign-in on is in the staff audit trail, done by the owner herself.
  await nav.getByRole('link', { name: 'Staff' }).click();
  const latest = page.getByTestId('staff-changes').getByRole('row').nth(1).getByRole('cell');
  await expect(latest.nth(1)).toHaveText('Olive Owner');
  await expect(latest.nth(2)).toHaveText('Turned on two-step sign-in for Olive Owner (olive@example.com)');
});
