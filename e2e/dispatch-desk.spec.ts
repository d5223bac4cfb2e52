/**
 * A morning at the dispatch desk, in the browser: two bank-transfer orders are paid, a third is
 * not; the dashboard's "Ready to dispatch" card opens the queue, which holds the two paid ones,
 * oldest first; their picking lists print as one PDF. The older order leaves in two parts: first
 * some of it on our own van (no tracking number asked for) and the customer's page reads "Part
 * dispatched"; then the rest of it and the other order from the carrier's CSV, whose row for an
 * order that does not exist is reported. A mistyped tracking number is corrected and audited. The
 * customer sees each parcel with its tracking link. Pages axe clean; screenshots at 1280, 800 and
 * 390 px when E2E_SHOTS_DIR is set.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminScreenshot, expectNoSeriousA11yViolations, newCustomer, placeBankOrder, screenshots, setUpOwner } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Dora Dispatch', email: 'dora.dispatch@example.com', password: 'boxes and tape 2026' };

let shop: OwnShopServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startOwnShopServer();
});
test.afterAll(async () => shop?.stop());

async function recordPayment(page: Page, orderId: number) {
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByTestId('payment-form').getByLabel('Bank reference').fill(`FP ${orderId}`);
  await page.getByTestId('payment-form').getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('The payment is recorded.')).toBeVisible();
}

test('the dispatch desk: queue, one picking-list PDF, a part dispatch on our own van, a carrier CSV, a correction', async ({ browser }) => {
  test.setTimeout(240_000);
  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = await customerContext.newPage();
  const customer = newCustomer();
  const signedUp = await customerPage.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  const token = (await signedUp.json()).token as string;
  const older = (await placeBankOrder(customerPage.request, token)).orderId;
  const newer = (await placeBankOrder(customerPage.request, token)).orderId;
  const unpaid = (await placeBankOrder(customerPage.request, token)).orderId;

  const staffContext = await browser.newContext({ baseURL: shop.baseURL });
  const page = await staffContext.newPage();
  await setUpOwner(page, shop, OWNER);
  await recordPayment(page, newer);
  await recordPayment(page, older);

  // The dashboard's card opens the queue: the paid orders, oldest first; not the unpaid one.
  await page.goto('/admin');
  await page.getByTestId('dashboard-ready-link').click();
  await expect(page).toHaveURL(`${shop.baseURL}/admin/dispatch`);
  await expect(page.getByRole('heading', { name: 'Ready to dispatch' })).toBeVisible();
  const queued = await page.getByTestId('queue-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-order-id'))));
  expect(queued).toEqual([older, newer]);
  expect(queued).not.toContain(unpaid);
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-dispatch-queue');
  await screenshots(page, 'admin-dispatch-queue', [390]);

  // Tick both and print their picking lists: one PDF.
  await page.getByLabel(`Order ${older}`, { exact: true }).check();
  await page.getByLabel(`Order ${newer}`, { exact: true }).check();
  const [pdf] = await Promise.all([page.waitForResponse(/\/admin\/dispatch\/picking-lists\.pdf/), page.getByTestId('print-picking-lists').click().catch(() => {})]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The form sent both ticked orders (the browser's viewer shows the PDF: fetch the same address for its bytes).
  const sent = new URL(pdf.url()).searchParams;
  expect([...sent.entries()].filter(([name]) => name.endsWith('.order_id')).map(([, id]) => Number(id))).toEqual([older, newer]);
  const bytes = await page.request.get(pdf.url());
  expect((await bytes.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The older order: some of it leaves now on our own van, which needs no tracking number.
  await page.goto(`/admin/orders/${older}`);
  const form = page.getByTestId('dispatch-form');
  const firstLine = form.getByTestId('ship-line').first();
  await firstLine.getByRole('spinbutton').fill('1');
  await form.getByLabel('Carrier').selectOption('Own van');
  await expect(form.getByLabel(/Tracking number/)).not.toHaveAttribute('required', '');
  await form.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(page.getByText('The shipment is recorded.')).toBeVisible();
  await expect(page.getByTestId('admin-order-state')).toHaveText('Part dispatched');
  await expect(page.getByTestId('shipments')).toContainText('Shipment 1');
  await expect(page.getByTestId('shipments')).toContainText('Own van, no tracking number');
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-order-part-dispatched');
  await screenshots(page, 'admin-order-part-dispatched', [390]);

  // The customer reads "Part dispatched" and the parcel that left.
  const signedIn = await customerPage.request.post('/signin', {
    form: { intent: 'signin', email: customer.email, password: customer.password },
    headers: { origin: shop.baseURL },
    maxRedirects: 0,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  await customerPage.goto(`/order-detail?orderId=${older}`);
  await expect(customerPage.getByTestId('order-status')).toHaveText('Part dispatched');
  await expect(customerPage.getByTestId('order-shipment')).toHaveCount(1);
  await expect(customerPage.getByTestId('order-shipment')).toContainText('with our own van');
  await expect(customerPage.getByTestId('order-shipments')).not.toContainText('n/a');

  // The rest of it, and the newer order, from the carrier's CSV; a row naming no order is reported.
  await page.goto('/admin/dispatch');
  const csvForm = page.getByTestId('csv-form');
  await csvForm.getByLabel('Carrier').selectOption('DPD');
  await csvForm.getByLabel('CSV file').setInputFiles({
    name: 'dpd-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Customer Reference;Consignment Number;Service\r\n${older};15501234567890;Next day\r\n${newer};1550123456789;Next day\r\n99999999;15509999999999;Next day\r\n`),
  });
  await csvForm.getByRole('button', { name: 'Dispatch from the file' }).click();
  await expect(page.getByTestId('dispatched-orders')).toContainText(`Order ${older}: shipment 2 dispatched with DPD, tracking 15501234567890.`);
  await expect(page.getByTestId('dispatched-orders')).toContainText(`Order ${newer}: shipment 1 dispatched with DPD`);
  await expect(page.getByTestId('dispatch-problems')).toHaveText('Line 4: There is no order 99999999.');
  await expect(page.getByTestId('queue-row')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await adminScreenshot(page, 'admin-dispatch-report');
  await screenshots(page, 'admin-dispatch-report', [390]);

  // The newer order's tracking number was one digit short: corrected, audited.
  await page.goto(`/admin/orders/${newer}`);
  await page.getByText('Correct the carrier or tracking number').click();
  const correction = page.getByTestId('correct-shipment-1');
  await correction.getByLabel('Tracking number').fill('15501234567891');
  await correction.getByRole('button', { name: 'Correct and tell the customer' }).click();
  await expect(page.getByText('The shipment is corrected. The customer is e-mailed the right details.')).toBeVisible();
  await expect(page.getByTestId('order-timeline')).toContainText('Shipment corrected by Dora Dispatch');
  await expect(page.getByTestId('order-timeline')).toContainText('tracking number: 15501234567891');

  // The customer sees both parcels of the older order, each with how to track it.
  await customerPage.goto(`/order-detail?orderId=${older}`);
  await expect(customerPage.getByTestId('order-status')).toHaveText('Dispatched');
  await expect(customerPage.getByTestId('order-shipment')).toHaveCount(2);
  await expect(customerPage.getByTestId('order-shipment').nth(1).getByTestId('shipment-tracking-link')).toHaveAttribute('href', /track\.dpd\.co\.uk\/parcels\/15501234567890/);
  await expectNoSeriousA11yViolations(customerPage);
  await adminScreenshot(customerPage, 'customer-order-two-parcels');
  await screenshots(customerPage, 'customer-order-two-parcels', [390]);
  await customerContext.close();
  await staffContext.close();
});
