/** Shared helpers for the browser tests. */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** axe-core: no serious or critical accessibility violations on the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`),
  ).toEqual([]);
}

/** Accept the cookie banner so it does not cover what a test clicks. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cb_isCookieAccepted', 'yes'));
}

/** Wait until the storefront has hydrated (React attached its handlers). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

interface OutboxMail {
  /** The recipients as the To header reads. */
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The e-mail files of an outbox directory (a shop server's DATA_DIR/outbox), oldest first. */
async function outboxFiles(outbox: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const path = await import('node:path');
  return (await readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => path.join(outbox, file));
}

async function readOutboxMail(file: string): Promise<OutboxMail> {
  const { readFile } = await import('node:fs/promises');
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(await readFile(file));
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return { to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
}

/**
 * The newest e-mail in the shared server's outbox whose text matches (and, with `to`, sent to that
 * address). E-mails are jobs the server runs after answering, so the outbox is read again for up to
 * 15 s before giving up; each read parses from the newest file back, up to the first match.
 */
export async function latestOutboxMail(match: RegExp, to?: string): Promise<OutboxMail> {
  const path = await import('node:path');
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const file of (await outboxFiles(outbox)).reverse()) {
      const mail = await readOutboxMail(file);
      if (match.test(mail.text) && (to === undefined || mail.to.toLowerCase().includes(to.toLowerCase()))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail matching ${match}${to ? ` to ${to}` : ''} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every e-mail in an outbox directory (a shop server's DATA_DIR/outbox), parsed, oldest first. */
export async function outboxMails(outbox: string): Promise<OutboxMail[]> {
  return Promise.all((await outboxFiles(outbox)).map(readOutboxMail));
}

/** The newest e-mail in the shared server's outbox sent to `address`; null when there is none yet. */
export async function outboxMailTo(address: string): Promise<{ subject: string; text: string } | null> {
  const path = await import('node:path');
  const mails = await outboxMails(path.join(process.env.E2E_DATA_DIR!, 'outbox'));
  return mails.reverse().find((mail) => mail.to.toLowerCase().includes(address.toLowerCase())) ?? null;
}

/** A unique, valid sign-up for one test. */
export function newCustomer() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Alice', lastName: 'Walker', email: `alice.${id}@example.com`, password: 'parcel-tape-42', phone: '01134960123' };
}

/** Signs up through the sign-up form on the current page (/signup), newsletter left unticked (as it starts). */
export async function signUp(page: Page, customer: ReturnType<typeof newCustomer>): Promise<void> {
  await page.getByLabel('First Name').fill(customer.firstName);
  await page.getByLabel('Last Name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(customer.password);
  await page.getByLabel('Phone').fill(customer.phone);
  await expect(page.getByLabel('To receive great offers and packaging tips, sign up to our newsletter')).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** Adds an address through the modal, filling it from the postcode finder. */
export async function addAddressByPostcode(page: Page, reference: string): Promise<void> {
  await page.getByRole('button', { name: /Add Address/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add/Update Address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('save-address')).toBeDisabled();
  await dialog.getByLabel(/Find your address by postcode/).fill('LS1 4AP');
  await dialog.getByTestId('postcode-find').click();
  await dialog.getByRole('button', { name: /\(demo\)/ }).first().click();
  await expect(dialog.getByLabel('Post Code')).toHaveValue(/LS1 4AP/i);
  await dialog.getByLabel('Reference').fill(reference);
  await dialog.getByLabel('Contact Name').fill('Alice Walker');
  await dialog.getByLabel('Phone').fill('01134960123');
  await dialog.getByTestId('save-address').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(reference).first()).toBeVisible();
}

/**
 * Signs the browser in as a customer the way the sign-in form does (the page session is an
 * httpOnly cookie that scripts cannot set): the page request shares the browser's cookies.
 */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
  const response = await page.request.post('/signin', {
    form: { intent: 'signin', email, password },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** A delivery address in Leeds, as POST /api/address takes it (with a user_id). */
export const HEAD_OFFICE_ADDRESS = {
  reference: 'Head office',
  contact_name: 'Alice Walker',
  region: '12',
  address: 'Boar Lane',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '0113 496 0123',
};

interface ApiCart {
  subTotal: number;
  deliveryFee: number;
  totalTax: number;
  total: number;
  cartIems: { product_id: number; product_price_id: number; price: number; qty: number; count: number }[];
}

/** POST /api/order's body for the basket as PUT /api/cart/AssignAddress answered it. */
export function apiOrderBody(cart: ApiCart, addressId: number, paymentMethod: 'bank' | 'account') {
  return {
    sub_total: cart.subTotal,
    delivery_fee: cart.deliveryFee,
    total_tax: cart.totalTax,
    total: cart.total,
    note: '',
    user_id: 1,
    payment_reference: '',
    status: 'PendingDelivery',
    address_id: addressId,
    is_active: true,
    payment_method: paymentMethod,
    orderLines: cart.cartIems.map((line) => ({ product_id: line.product_id, product_price_id: line.product_price_id, price: line.price, qty: line.qty, count: line.count, is_active: true })),
  };
}

/** Places a bank-transfer order through the JSON API (as the payment step does); answers its id and the item names. */
export async function placeBankOrder(request: APIRequestContext, token: string): Promise<{ orderId: number; itemNames: string[] }> {
  const auth = { authorization: `Bearer ${token}` };
  const landing = await (await request.get('/api/products/GetLanding?condition=')).json();
  for (const product of landing.slice(0, 2)) {
    const detail = await (await request.get(`/api/products/GetById/${product.product_id}`)).json();
    const pack = detail.product_Sizes[0].packs[0];
    const added = await request.post('/api/cart', {
      headers: auth,
      data: { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 2 },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  const address = await request.post('/api/address', { headers: auth, data: { ...HEAD_OFFICE_ADDRESS, user_id: 1 } });
  expect(address.status(), await address.text()).toBe(200);
  const { address_id } = await address.json();
  const assigned = await request.put('/api/cart/AssignAddress', { headers: auth, data: { addressId: address_id, cartId: null } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const cart = await assigned.json();
  const placed = await request.post('/api/order', { headers: { ...auth, 'idempotency-key': crypto.randomUUID() }, data: apiOrderBody(cart, address_id, 'bank') });
  expect(placed.status(), await placed.text()).toBe(200);
  return { orderId: await placed.json(), itemNames: cart.cartIems.map((line: { item_name: string }) => line.item_name) };
}

/**
 * Creates the back office's owner from the setup link a shop server of the test's own logged
 * (shop-server.ts), as an operator does on first start; the page is then signed in at /admin.
 */
export async function setUpOwner(page: Page, shop: { baseURL: string; setupLink: string | null }, owner: { name: string; email: string; password: string }): Promise<void> {
  expect(shop.setupLink, 'the shop server logged no setup link').toBeTruthy();
  await page.goto(shop.setupLink!);
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Password again').fill(owner.password);
  await page.getByRole('button', { name: 'Create the owner and sign in' }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin`);
}

/**
 * Full-page screenshots of the page at each width into E2E_SHOTS_DIR (`<name>-<width>.png`), when
 * it is set, for a person to look at; the page is left at 1280.
 */
export async function screenshots(page: Page, name: string, widths: readonly number[]): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A back-office page at desktop (1280) and tablet (800) widths. */
export async function adminScreenshot(page: Page, name: string): Promise<void> {
  await screenshots(page, name, [1280, 800]);
}

/** A working day (Monday to Friday, not near Christmas or New Year) about two weeks ahead, as YYYY-MM-DD. */
export function workingDayAhead(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14);
  const isHoliday = (d: Date) => (d.getUTCMonth() === 11 && d.getUTCDate() >= 24) || (d.getUTCMonth() === 0 && d.getUTCDate() <= 2);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || isHoliday(day)) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Staff record a stock count of `units` for a size on its back-office page, with `reason`, and see it in the history. */
export async function countSize(page: Page, sizeId: number, units: number, reason: string): Promise<void> {
  await page.goto(`/admin/stock/sizes/${sizeId}`);
  await page.getByLabel('Units counted').fill(String(units));
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Record the count' }).click();
  // The notice, not the history: a second count with the same reason is in the history already.
  await expect(page.getByText('The count is recorded: on hand is now the figure counted.')).toBeVisible();
  await expect(page.getByTestId('stock-history')).toContainText(reason);
}
