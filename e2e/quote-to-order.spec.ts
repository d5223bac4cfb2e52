/**
 * The sales desk end to end (docs/sales-desk.md), on a shop server of the spec's own (its setup
 * link makes the owner): a customer asks for a quote for 2,500 printed mailer boxes from the
 * product page, with their artwork; staff find it in the quotes queue, price it at 48p a box with
 * £25 delivery and send it; the customer gets the e-mail with the PDF and the link, opens the
 * quote, sees the total with VAT for their address, accepts it paying by bank transfer, and lands
 * on their order with its bank reference. Pages at desktop and phone widths when E2E_SHOTS_DIR
 * is set.
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { acceptCookies, addAddressByPostcode, expectNoSeriousA11yViolations, newCustomer, setUpOwner, signUp } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Mandy Manager', email: 'mandy@example.com', password: 'boxes and tape 2026' };

// The journeys share one shop, in one worker one after the other: run in parallel, each worker
// started a shop of its own for its share of them (a start is seconds of both cores' time).
test.describe.configure({ mode: 'default' });

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

/** Screenshots at 1280 and 390 px into E2E_SHOTS_DIR, when set, for a person to look at. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewport);
}

/** The newest e-mail in this shop's outbox whose subject matches, with its attachments' names. */
async function mailWithSubject(subject: RegExp) {
  const outbox = path.join(shop.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const mail = await simpleParser(await readFile(path.join(outbox, file)));
    if (subject.test(mail.subject ?? '')) return { text: mail.text ?? '', attachments: mail.attachments.map((a) => ({ name: a.filename, type: a.contentType })) };
  }
  return null;
}

test('a customer asks for 2,500 printed mailer boxes, staff price the quote, the customer accepts it and pays by bank transfer', async ({ browser }) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = await customerContext.newPage();
  await acceptCookies(customerPage);
  const staffPage = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();

  // Signed out, asking for a quote goes to sign in first, and comes back.
  await customerPage.goto('/quote-request?from=basket');
  await expect(customerPage).toHaveURL(/\/signin\?return=quote-request/);

  // The customer signs up and saves a delivery address.
  const customer = newCustomer();
  await customerPage.goto('/signup');
  await signUp(customerPage, customer);
  await expect(customerPage).toHaveURL(/\/landing/);
  await customerPage.goto('/account');
  await addAddressByPostcode(customerPage, 'Warehouse');

  // From a mailer box's page: ask for a quote.
  const found = await (await customerPage.request.get('/api/products/Search?filter=mailer%20box')).json();
  const product = found[0] as { product_id: number; name: string };
  await customerPage.goto(`/product-detail?productCode=${product.product_id}`);
  await customerPage.getByRole('link', { name: 'Ask for a quote' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Ask for a quote' })).toBeVisible();
  const firstSize = customerPage.getByTestId('quote-item').first();
  await firstSize.getByLabel('Quantity (units)').fill('2500');
  await firstSize.getByLabel('Printed', { exact: true }).check();
  await firstSize.getByLabel('Print colours (if printed)').fill('2 colours, black and red');
  await customerPage.getByLabel(/Anything else/).fill('Logo on the lid, for our January campaign.');
  await customerPage.getByLabel(/Artwork/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) });
  await shots(customerPage, 'quote-request');
  await customerPage.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(customerPage.getByTestId('quote-requested')).toContainText(/we have your request Q-\d{6}/);
  const quoteUrl = customerPage.url().replace(/\?.*$/, '');
  const quoteNumber = (await customerPage.getByRole('heading', { level: 1 }).textContent())!.replace('Quote ', '').trim();

  // Staff find it in the queue and price it: 48p a box, £25 delivery, custom quantity.
  await staffSignedIn(staffPage);
  await staffPage.getByRole('link', { name: 'Quotes' }).first().click();
  await expect(staffPage.getByTestId('quotes-table')).toContainText('2500 x');
  await shots(staffPage, 'admin-quotes');
  await staffPage.getByRole('link', { name: quoteNumber }).click();
  await expect(staffPage.getByRole('link', { name: /Download the artwork \(logo.png\)/ })).toBeVisible();
  const line = staffPage.getByTestId('quote-line-row').first();
  await line.getByLabel('Description').fill('Printed mailer box, 2 colours');
  await expect(line.getByLabel('Units')).toHaveValue('2500');
  await line.getByLabel('Unit price £').fill('0.48');
  await staffPage.getByLabel('Delivery charge £ ex-VAT').fill('25.00');
  await expect(staffPage.getByLabel('Valid for (days)')).toHaveValue('30');
  await staffPage.getByLabel(/Note to the customer/).fill('Artwork proof within 2 working days.');
  // Printed boxes are made to order: the quote says when they leave, never "next working day".
  await staffPage.getByLabel('Dispatch within (working days)').fill('10');
  await staffPage.getByRole('button', { name: 'Save prices' }).click();
  await expect(staffPage.getByTestId('admin-notice')).toContainText('Prices saved');
  await expect(staffPage.getByTestId('send-quote-form')).toContainText('£1,200.00');
  await shots(staffPage, 'admin-quote');
  await staffPage.getByRole('button', { name: 'Send the quote to the customer' }).click();
  await expect(staffPage.getByTestId('admin-notice')).toContainText('Sent');
  await expectNoSeriousA11yViolations(staffPage);

  // The customer is e-mailed the PDF and the link.
  await expect.poll(async () => (await mailWithSubject(new RegExp(`quote ${quoteNumber}`)))?.attachments ?? [], { timeout: 20_000 }).toEqual([
    { name: `quote-${quoteNumber}.pdf`, type: 'application/pdf' },
  ]);
  const mail = (await mailWithSubject(new RegExp(`quote ${quoteNumber}`)))!;
  expect(mail.text).toContain(quoteUrl);

  // The customer opens the quote, sees the total with VAT, and accepts it paying by bank transfer.
  await customerPage.goto(quoteUrl);
  await expect(customerPage.getByTestId('quote-lines')).toContainText('Printed mailer box, 2 colours');
  await expect(customerPage.getByTestId('quote-valid-until')).toBeVisible();
  // £1,200.00 + £25.00 delivery, + 20% VAT = £1,470.00
  await expect(customerPage.getByTestId('quote-total')).toHaveText('£1,470.00');
  await shots(customerPage, 'quote');
  await expectNoSeriousA11yViolations(customerPage);
  await customerPage.getByLabel(/Bank transfer/).check();
  await customerPage.getByRole('button', { name: 'Accept and place the order' }).click();
  await expect(customerPage).toHaveURL(/\/order-detail\?orderId=\d+/);
  await expect(customerPage.getByText(/BXW-[A-Z0-9]+/).first()).toBeVisible();
  await expect(customerPage.getByText('£1,470.00').first()).toBeVisible();

  // Nobody else sees it: another visitor is sent to sign in, and the PDF is not found.
  const stranger = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  await stranger.goto(quoteUrl);
  await expect(stranger).toHaveURL(/\/signin/);
  expect((await stranger.request.get(`${quoteUrl}/pdf`)).status()).toBe(404);

  // Accepted once: the quote now says so, and the account lists it.
  await customerPage.goto(quoteUrl);
  await expect(customerPage.getByTestId('quote-accepted')).toBeVisible();
  await customerPage.goto('/account');
  await expect(customerPage.getByTestId('my-quotes')).toContainText(quoteNumber);
  await customerContext.close();
});

test('staff take an order by phone for a new customer: address from the postcode finder, paid by bank transfer', async ({ browser }) => {
  test.setTimeout(120_000);
  const staffPage = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  await staffSignedIn(staffPage);
  await staffPage.goto('/admin/phone-order');
  await staffPage.getByText('New customer').click();
  const email = `phone.${Date.now().toString(36)}@example.com`;
  await staffPage.getByLabel('First name').fill('Tom');
  await staffPage.getByLabel('Last name').fill('Lee');
  await staffPage.getByLabel('E-mail').fill(email);
  await staffPage.getByLabel('Phone').fill('01134960999');
  await staffPage.getByRole('button', { name: 'Create the customer' }).click();
  await expect(staffPage.getByTestId('phone-customer')).toContainText('Tom Lee');

  await staffPage.getByLabel('Find a product').fill('mailer box');
  await staffPage.getByRole('button', { name: 'Find products' }).click();
  const firstPack = staffPage.getByTestId('phone-found').locator('form').first();
  await firstPack.getByRole('spinbutton').fill('3');
  await firstPack.getByRole('button', { name: 'Add' }).click();
  await expect(staffPage.getByTestId('phone-lines')).toContainText('3');

  await staffPage.getByLabel('Find the address by postcode').fill('LS1 4AP');
  await staffPage.getByRole('button', { name: 'Find the address' }).click();
  await staffPage.getByRole('button', { name: 'Use this address' }).first().click();
  const place = staffPage.getByTestId('phone-place-form');
  await expect(place).toContainText('VAT');
  await shots(staffPage, 'admin-phone-order');
  await expectNoSeriousA11yViolations(staffPage);
  await place.getByLabel(/Bank transfer/).check();
  await place.getByLabel(/Delivery note/).fill('Call before delivery');
  await place.getByRole('button', { name: 'Place the order' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/orders\/\d+/);
  await expect(staffPage.getByTestId('order-timeline')).toContainText('Taken by phone, Mandy Manager');
  await shots(staffPage, 'admin-phone-order-placed');
});

/** Whether this worker's shop has its owner: its setup link works once. */
let ownerMade = false;

/**
 * The owner signed in at /admin: made from the setup link by the first test of this worker to
 * need it, signed in after. (Trying the used link first waited on its form until the test's time
 * ran out: a fill has no timeout of its own.)
 */
async function staffSignedIn(page: Page): Promise<void> {
  if (!ownerMade) {
    await setUpOwner(page, shop, OWNER);
    ownerMade = true;
    return;
  }
  await page.goto('/admin/signin');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin`);
}

test('without JavaScript on a phone: the quote request is acknowledged by e-mail, the quote opens on the address checkout delivers to, an export says import VAT may be due, and the order says thank you', async ({ browser }) => {
  test.setTimeout(150_000);
  const api = (await browser.newContext({ baseURL: shop.baseURL })).request;
  const customer = newCustomer();
  const signedUp = await api.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const auth = { authorization: `Bearer ${((await signedUp.json()) as { token: string }).token}` };
  const addressAt = async (reference: string, town: string, postCode: string, country: string) => {
    const saved = await api.post('/api/address', {
      headers: auth,
      data: { reference, contact_name: 'Alice Walker', region: '1', address: 'High Street', town, country, post_code: postCode, phone: '0113 496 0123', user_id: 1 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    return ((await saved.json()) as { address_id: number }).address_id;
  };
  // Oldest first: the billing address (Leeds), a one-off Jersey address, then the depot checkout delivers to.
  await addressAt('Head office', 'Leeds', 'LS1 4AP', 'United Kingdom');
  await addressAt('Jersey shop', 'St Helier', 'JE2 3AB', 'Jersey');
  const depot = await addressAt('Manchester depot', 'Manchester', 'M1 1AE', 'United Kingdom');
  const landing = (await (await api.get('/api/products/GetLanding?condition=')).json()) as { product_id: number }[];
  const detail = await (await api.get(`/api/products/GetById/${landing[0]!.product_id}`)).json();
  const pack = detail.product_Sizes[0].packs[0];
  expect((await api.post('/api/cart', { headers: auth, data: { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 1 } })).status()).toBe(200);
  expect((await api.put('/api/cart/AssignAddress', { headers: auth, data: { addressId: depot, cartId: null } })).status()).toBe(200);

  // The customer, on a 390 px phone without JavaScript, signs in and asks for a quote.
  const phone = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const signedIn = await page.request.post('/signin', { form: { intent: 'signin', email: customer.email, password: customer.password }, headers: { origin: shop.baseURL }, maxRedirects: 0 });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  await page.goto(`/quote-request?productCode=${detail.product_id}`);
  await page.getByTestId('quote-item').first().getByLabel('Quantity (units)').fill('400');
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page.getByTestId('quote-requested')).toContainText(/we have your request Q-\d{6}/);
  const quoteUrl = page.url().replace(/\?.*$/, '');
  const quoteNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Quote ', '').trim();

  // Acknowledged by e-mail, once, with what was asked for.
  await expect.poll(async () => (await mailWithSubject(new RegExp(`We have your quote request ${quoteNumber}$`)))?.text ?? '', { timeout: 20_000 }).toContain(
    `We have your request ${quoteNumber}, and we reply within 2 working days`,
  );
  expect((await mailWithSubject(new RegExp(`We have your quote request ${quoteNumber}$`)))!.text).toMatch(/- 400 x /);

  // Staff price it: £1 a unit, £10 delivery.
  const staffPage = await (await browser.newContext({ baseURL: shop.baseURL })).newPage();
  await staffSignedIn(staffPage);
  await staffPage.goto('/admin/quotes');
  await staffPage.getByRole('link', { name: quoteNumber }).click();
  const line = staffPage.getByTestId('quote-line-row').first();
  await line.getByLabel('Description').fill('Boxes as asked');
  await line.getByLabel('Unit price £').fill('1.00');
  await staffPage.getByLabel('Delivery charge £ ex-VAT').fill('10.00');
  await staffPage.getByRole('button', { name: 'Save prices' }).click();
  await expect(staffPage.getByTestId('admin-notice')).toContainText('Prices saved');
  await staffPage.getByRole('button', { name: 'Send the quote to the customer' }).click();
  await expect(staffPage.getByTestId('admin-notice')).toContainText('Sent');

  // The quote opens on the depot checkout delivers to, not the newest or the Jersey address: UK VAT.
  await page.goto(quoteUrl);
  await expect(page.getByLabel('Deliver to')).toHaveValue(String(depot));
  await expect(page.getByTestId('quote-vat-label')).toHaveText('VAT (20%)');
  // £400.00 + £10.00 delivery, + 20% VAT = £492.00
  await expect(page.getByTestId('quote-total')).toHaveText('£492.00');
  await expect(page.getByTestId('quote-vat-note')).toHaveCount(0);
  await shots(page, 'quote-uk-default');

  // Delivered to Jersey: worded as checkout words it, and import VAT or duty may be due, said once.
  await page.getByLabel('Deliver to').selectOption({ label: 'Jersey shop, High Street, St Helier, JE2 3AB' });
  await page.getByRole('button', { name: 'Show the total for this address' }).click();
  await expect(page.getByTestId('quote-vat-label')).toHaveText('Zero-rated export (no UK VAT)');
  await expect(page.getByText('VAT (0%)')).toHaveCount(0);
  await expect(page.getByTestId('quote-vat-note')).toContainText('Import VAT, GST or customs duty may be due when the goods arrive');
  await expect(page.getByText(/Import VAT/)).toHaveCount(1);
  await expect(page.getByTestId('quote-total')).toHaveText('£410.00');
  await shots(page, 'quote-jersey');

  // Accepted: the order page thanks them as checkout's order page does.
  await page.getByLabel(/Bank transfer/).check();
  await page.getByRole('button', { name: 'Accept and place the order' }).click();
  await expect(page).toHaveURL(/\/order-detail\?orderId=\d+&placed=1/);
  await expect(page.getByTestId('order-placed')).toContainText('Thank you, your order has been placed.');
  await expect(page.getByTestId('order-vat-note')).toContainText('Import VAT, GST or customs duty may be due');
  await expect(page.getByText(/Import VAT/)).toHaveCount(1);
  await shots(page, 'quote-order-placed');
  await phone.close();
});
