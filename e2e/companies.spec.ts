/**
 * Companies in the browser, on a shop server of this spec's own, one journey in steps: staff open
 * a trade account (a company of one); its admin invites a buyer with a limit of £250 an order from
 * the company page with JavaScript off; the buyer chooses a password through the e-mailed link,
 * finds the company's address book and role, and orders within the limit on account. An order
 * over the limit waits (sent from a 390 px phone): the admin, e-mailed, approves it without
 * JavaScript and it is placed. Another, sent without JavaScript, is declined with a reason the
 * buyer is e-mailed and reads; a shopping list the admin saves, the buyer adds to their basket (lists
 * are shared in a company). Screenshots of the pages at 1280 and 390 px when E2E_SHOTS_DIR is
 * set.
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminScreenshot, outboxMails, setUpOwner } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive@example.com', password: 'boxes and tape 2026' };
const ADMIN = { first_name: 'Ada', last_name: 'Admin', email: 'ada@shahpack.example', password: 'parcel-tape-42', phone: '01134960123' };
const BUYER = { first: 'Ben', last: 'Buyer', email: 'ben@shahpack.example', password: 'bubble-wrap-77' };

let shop: OwnShopServer;
test.describe.configure({ mode: 'serial' });

/** A browser context (JavaScript on or off) whose visitor accepted cookies: the banner covers nothing. */
async function visitor(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([{ name: 'cb_isCookieAccepted', value: 'yes', url: shop.baseURL }]);
  return context;
}

/** The buyer's token for the JSON API, and their basket filled with `count` packs of the pack, delivered to the company's address. */
async function basketOf(request: APIRequestContext, count: number): Promise<void> {
  const signedIn = await request.post(`${shop.baseURL}/api/account`, { data: { email: BUYER.email, password: BUYER.password } });
  const { userId, token } = (await signedIn.json()) as { userId: number; token: string };
  const auth = { authorization: `Bearer ${token}` };
  const added = await request.post(`${shop.baseURL}/api/cart`, {
    headers: auth,
    data: { user_id: 1, product_id: pack.productId, product_price_id: pack.productPriceId, price: pack.price, qty: pack.qty, count },
  });
  expect(added.status(), await added.text()).toBe(200);
  const [address] = (await (await request.get(`${shop.baseURL}/api/address/GetBy/${userId}`, { headers: auth })).json()) as { address_id: number }[];
  expect((await request.put(`${shop.baseURL}/api/cart/AssignAddress`, { headers: auth, data: { addressId: address!.address_id, cartId: null } })).status()).toBe(200);
}

/** The newest e-mail to `to` whose subject matches, once the job worker has sent it. */
async function mailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const outbox = path.join(shop.dataDir, 'outbox');
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      found = (await outboxMails(outbox)).filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
      return found?.subject ?? '';
    }, { timeout: 30_000 })
    .toMatch(subject);
  return found!;
}

/** The dearest first pack of the landing page's products: few packs go over the buyer's limit. */
let pack: { productId: number; productPriceId: number; price: number; qty: number };
/** Signed in contexts kept between the steps: the admin without JavaScript, the buyer with it. */
let adminContext: BrowserContext;
let buyerContext: BrowserContext;
/** The back office's owner, signed in. */
let staffContext: BrowserContext;

async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS_DIR) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${shop.baseURL}/signin`);
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: /sign in/i }).first().click();
  await expect(page).not.toHaveURL(/signin/);
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

test('a company admin invites a buyer without JavaScript, who sets a password and joins the company', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const signedUp = await request.post(`${shop.baseURL}/api/users`, { data: ADMIN });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { userId, token } = (await signedUp.json()) as { userId: number; token: string };
  const address = { reference: 'Yard', contact_name: 'Ada Admin', region: '1', company_name: 'Shah Packaging', address: 'Kirkstall Road', town: 'Leeds', country: 'United Kingdom', post_code: 'LS4 2AA', phone: '0113 496 0123' };
  expect((await request.post(`${shop.baseURL}/api/address`, { data: address, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  // Staff open the trade account: the customer becomes a company of one.
  staffContext = await visitor(browser);
  const page = await staffContext.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await setUpOwner(page, shop, OWNER);
  await page.goto(`${shop.baseURL}/admin/customers/${userId}`);
  await page.getByLabel('Credit limit (£)').fill('5000');
  await page.getByLabel('Terms (days)').fill('30');
  await page.getByRole('button', { name: 'Open trade account' }).click();
  await expect(page.getByText('Available')).toBeVisible();

  // The admin, with JavaScript off, invites a buyer with a limit per order.
  adminContext = await visitor(browser, false);
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto(`${shop.baseURL}/account`);
  await admin.getByTestId('company-link').click();
  await expect(admin.getByTestId('your-company-role')).toContainText('Admin');
  const invite = admin.getByTestId('invite-form');
  await invite.getByLabel('First Name').fill(BUYER.first);
  await invite.getByLabel('Last Name').fill(BUYER.last);
  await invite.getByLabel('Email').fill(BUYER.email);
  await invite.getByLabel('Role').selectOption('buyer');
  await invite.getByLabel('Limit per order (£ ex VAT)').fill('250');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(admin.getByTestId('company-notice')).toContainText(`${BUYER.first} ${BUYER.last} has been invited`);
  const row = admin.locator(`[data-member="${BUYER.email}"]`);
  await expect(row).toContainText('£250.00');
  await expect(row).toContainText('has not signed in yet');
  await shots(admin, 'company-admin');

  // The buyer opens the e-mailed link and chooses a password.
  const outbox = path.join(shop.dataDir, 'outbox');
  await expect.poll(async () => (await outboxMails(outbox)).find((m) => m.to.includes(BUYER.email))?.subject ?? '', { timeout: 30_000 }).toContain('You are invited to order for Ada Admin');
  const mail = (await outboxMails(outbox)).find((m) => m.to.includes(BUYER.email))!;
  const link = /https?:\/\/\S+\/resetpassword\?\S+/.exec(mail.text)![0];
  buyerContext = await visitor(browser);
  const buyer = await buyerContext.newPage();
  await buyer.goto(link.replace(/^https?:\/\/[^/]+/, shop.baseURL));
  const passwords = buyer.locator('input[type="password"]');
  await passwords.nth(0).fill(BUYER.password);
  await passwords.nth(1).fill(BUYER.password);
  await buyer.getByRole('button').filter({ hasText: /password/i }).first().click();
  await signIn(buyer, BUYER.email, BUYER.password);
  await buyer.goto(`${shop.baseURL}/account/company`);
  await expect(buyer.getByTestId('your-company-role')).toContainText('Buyer');
  await expect(buyer.getByTestId('invite-form')).toHaveCount(0);
  await shots(buyer, 'company-buyer');
  // The company's address book is the buyer's too.
  await buyer.goto(`${shop.baseURL}/account`);
  await expect(buyer.getByTestId('account-address-list')).toContainText('Yard');

  // Staff see the company and its members.
  await page.goto(`${shop.baseURL}/admin/companies`);
  await page.getByRole('link', { name: 'Ada Admin' }).click();
  await expect(page.getByTestId('admin-company-members')).toContainText(BUYER.email);
  await adminScreenshot(page, 'admin-company');
});

test('the buyer orders within their limit on the company account', async ({ request }) => {
  const landing = (await (await request.get(`${shop.baseURL}/api/products/GetLanding?condition=`)).json()) as { product_id: number }[];
  const packs = [];
  for (const product of landing.slice(0, 8)) {
    const detail = await (await request.get(`${shop.baseURL}/api/products/GetById/${product.product_id}`)).json();
    const first = detail.product_Sizes[0].packs[0] as { product_price_id: number; price: number; pack_range: number[] };
    packs.push({ productId: detail.product_id as number, productPriceId: first.product_price_id, price: first.price, qty: first.pack_range[0]! });
  }
  pack = packs.filter((p) => p.price < 200).sort((a, b) => b.price - a.price)[0]!;
  await basketOf(request, 1);
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${shop.baseURL}/payment?pay=account`);
  await expect(buyer.getByTestId('approval-panel')).toHaveCount(0);
  await buyer.getByTestId('place-on-account').click();
  await expect(buyer).toHaveURL(/order-detail\?orderId=\d+/);
});

test('an order over the limit waits; the admin, e-mailed, approves it without JavaScript and it is placed', async () => {
  const overLimit = Math.ceil(260 / pack.price);
  await basketOf(buyerContext.request, overLimit);
  const buyer = await buyerContext.newPage();
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.goto(`${shop.baseURL}/payment`);
  await expect(buyer.getByTestId('approval-needed')).toContainText('over your limit of £250.00 per order');
  await expect(buyer.getByTestId('approval-panel')).toContainText('hold its prices for 7 days');
  await expect(buyer.getByTestId('payment-tabs')).toHaveCount(0);
  await shots(buyer, 'approval-payment-step');
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.getByTestId('send-for-approval').click();
  await expect(buyer).toHaveURL(/\/account\/approvals\/\d+\?sent=1/);
  await expect(buyer.getByTestId('approval-notice')).toContainText('Sent for approval');
  await expect(buyer.getByTestId('approval-state')).toHaveText('Waiting for approval');
  await expect(buyer.getByTestId('approval-held')).toContainText('Prices are held for 7 days');
  await expect(buyer.getByTestId('approve')).toHaveCount(0);
  await shots(buyer, 'approval-buyer-waiting');
  const requestPath = new URL(buyer.url()).pathname;

  // The admin's e-mail links to the request; without JavaScript they approve it.
  const mail = await mailTo(ADMIN.email, /asks you to approve an order/);
  expect(mail.text).toContain(requestPath);
  const admin = await adminContext.newPage();
  await admin.goto(`${shop.baseURL}/account`);
  await expect(admin.getByTestId('approvals-link')).toContainText('1 waiting for you');
  await admin.getByTestId('approvals-link').click();
  await expect(admin.getByTestId('approvals-waiting')).toContainText(`${BUYER.first} ${BUYER.last}`);
  await shots(admin, 'approvals-admin-list');
  await admin.goto(`${shop.baseURL}${requestPath}`);
  await expect(admin.getByTestId('approval-reason')).toContainText("over the buyer's limit of £250.00 per order");
  await shots(admin, 'approval-admin-decide');
  await admin.getByTestId('approve').click();
  await expect(admin.getByTestId('approval-notice')).toContainText(/Approved: order \d+ is placed/);
  await expect(admin.getByTestId('approval-state')).toHaveText('Approved: order placed');

  // The buyer finds the order placed on the company's account.
  await buyer.reload();
  await expect(buyer.getByTestId('approval-state')).toHaveText('Approved: order placed');
  await buyer.getByTestId('approval-order').click();
  await expect(buyer).toHaveURL(/order-detail\?orderId=\d+/);
  await shots(buyer, 'approval-order-placed');
});

test('another over the limit, sent without JavaScript, is declined with a reason the buyer is e-mailed; a list the admin saves is the buyer\'s to use', async ({ browser, request }) => {
  await basketOf(buyerContext.request, Math.ceil(260 / pack.price));
  const noScriptBuyer = await visitor(browser, false);
  const buyer = await noScriptBuyer.newPage();
  await signIn(buyer, BUYER.email, BUYER.password);
  await buyer.goto(`${shop.baseURL}/payment`);
  await buyer.getByTestId('send-for-approval').click();
  await expect(buyer.getByTestId('approval-state')).toHaveText('Waiting for approval');
  const requestPath = new URL(buyer.url()).pathname;

  const admin = await adminContext.newPage();
  await admin.goto(`${shop.baseURL}${requestPath}`);
  await admin.getByText('Decline', { exact: true }).click();
  await admin.getByLabel(/Reason/).fill('Please split it across two months.');
  await admin.getByTestId('decline').click();
  await expect(admin.getByTestId('approval-notice')).toContainText('Declined');
  await expect(admin.getByTestId('approval-state')).toHaveText('Declined');

  const mail = await mailTo(BUYER.email, /was declined/);
  expect(mail.text).toContain('Please split it across two months.');
  await buyer.reload();
  await expect(buyer.getByTestId('approval-decline-reason')).toContainText('Please split it across two months.');
  await shots(buyer, 'approval-buyer-declined');
  await buyer.goto(`${shop.baseURL}/account/approvals`);
  await expect(buyer.getByTestId('approvals-decided')).toContainText('Declined');
  await shots(buyer, 'approvals-buyer-list');

  // A list the admin saves is the company's: the buyer (a 390 px phone without JavaScript) sees who saved it and adds it to their basket.
  const adminSignedIn = await request.post(`${shop.baseURL}/api/account`, { data: { email: ADMIN.email, password: ADMIN.password } });
  const adminAuth = { authorization: `Bearer ${((await adminSignedIn.json()) as { token: string }).token}` };
  const filled = await request.post(`${shop.baseURL}/api/cart`, {
    headers: adminAuth,
    data: { user_id: 1, product_id: pack.productId, product_price_id: pack.productPriceId, price: pack.price, qty: pack.qty, count: 2 },
  });
  expect(filled.status(), await filled.text()).toBe(200);
  await admin.goto(`${shop.baseURL}/checkout`);
  await admin.getByLabel('Save your basket as a shopping list').fill('Yard restock');
  await admin.getByRole('button', { name: 'Save as a list' }).click();
  await expect(admin.getByTestId('list-saved')).toContainText('Your basket is saved as the list "Yard restock".');
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.goto(`${shop.baseURL}/lists`);
  const shared = buyer.getByTestId('list-row').filter({ hasText: 'Yard restock' });
  await expect(shared).toContainText('Ada');
  await buyer.getByRole('button', { name: 'Add Yard restock to basket' }).click();
  await expect(buyer.getByTestId('list-added')).toContainText('1 line of "Yard restock" is in your basket.');
  await shots(buyer, 'company-shared-list');

  // Staff see both requests on the company's page, read only.
  const staff = await staffContext.newPage();
  await staff.goto(`${shop.baseURL}/admin/companies`);
  await staff.getByRole('link', { name: 'Ada Admin' }).click();
  const requests = staff.getByTestId('admin-company-approvals');
  await expect(requests).toContainText('Approved: order placed');
  await expect(requests).toContainText('Please split it across two months.');
  await adminScreenshot(staff, 'admin-company-approvals');
  await staffContext.close();
  await noScriptBuyer.close();
  await adminContext.close();
  await buyerContext.close();
});
