/**
 * The customer's VAT invoice from order detail, desktop and tablet: an order paid
 * by card (test payment) shows 'Download VAT invoice (PDF)', whose link answers the PDF inline
 * in the browser's session; an unpaid bank-transfer order shows when its invoice will come and no
 * link; another customer gets 404 for the same link.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptCookies, expectNoSeriousA11yViolations, newCustomer, signInAs, waitForHydration } from './fixtures';

async function signUp(request: APIRequestContext) {
  const customer = newCustomer();
  const response = await request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(response.status()).toBe(200);
  return { ...customer, token: (await response.json()).token as string };
}

/** Places one pack as an order through the JSON API: by test payment (paid) or bank transfer (awaiting payment). */
async function placeOrder(request: APIRequestContext, token: string, method: 'paypal' | 'bank'): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const landing = await (await request.get('/api/products/GetLanding?condition=')).json();
  const detail = await (await request.get(`/api/products/GetById/${landing[0].product_id}`)).json();
  const pack = detail.product_Sizes[0].packs[0];
  const added = await request.post('/api/cart', {
    headers: auth,
    data: { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 3 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const address = await request.post('/api/address', {
    headers: auth,
    data: { reference: 'Head office', contact_name: 'Alice Walker', region: '12', address: 'Boar Lane', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123', user_id: 1 },
  });
  const { address_id } = await address.json();
  const cart = await (await request.put('/api/cart/AssignAddress', { headers: auth, data: { addressId: address_id, cartId: null } })).json();
  let payment_reference = '';
  if (method === 'paypal') {
    const minted = await request.post('/api/payments/test-order', { data: { amount: cart.total } });
    expect(minted.status(), await minted.text()).toBe(200);
    payment_reference = (await minted.json()).id;
  }
  const placed = await request.post('/api/order', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: {
      sub_total: cart.subTotal,
      delivery_fee: cart.deliveryFee,
      total_tax: cart.totalTax,
      total: cart.total,
      note: '',
      user_id: 1,
      payment_reference,
      status: 'PendingDelivery',
      address_id,
      is_active: true,
      payment_method: method,
      orderLines: [],
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return placed.json();
}

test.beforeEach(async ({ page }) => acceptCookies(page));

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'tablet', width: 800, height: 1100 },
]) {
  test(`a paid order's VAT invoice downloads from order detail (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const customer = await signUp(page.request);
    const orderId = await placeOrder(page.request, customer.token, 'paypal');
    await signInAs(page, customer.email, customer.password);

    await page.goto(`/order-detail?orderId=${orderId}`);
    await waitForHydration(page);
    const link = page.getByRole('link', { name: 'Download VAT invoice (PDF)' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/order-invoice?orderId=${orderId}`);
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/order-invoice-${viewport.name}.png`, fullPage: false });
    await expectNoSeriousA11yViolations(page);

    const pdf = await page.request.get(`/order-invoice?orderId=${orderId}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="invoice-INV-\d{6}\.pdf"$/);
    expect(pdf.headers()['cache-control']).toBe('private, no-store');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
}

test('an unpaid bank transfer says when its invoice comes, and another customer cannot download it', async ({ page, browser }) => {
  const customer = await signUp(page.request);
  const orderId = await placeOrder(page.request, customer.token, 'bank');
  await signInAs(page, customer.email, customer.password);
  await page.goto(`/order-detail?orderId=${orderId}`);
  await expect(page.getByTestId('invoice-pending')).toHaveText('The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.');
  await expect(page.getByRole('link', { name: 'Download VAT invoice (PDF)' })).toHaveCount(0);
  expect((await page.request.get(`/order-invoice?orderId=${orderId}`)).status()).toBe(409);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const stranger = await signUp(otherPage.request);
    await signInAs(otherPage, stranger.email, stranger.password);
    expect((await otherPage.request.get(`/order-invoice?orderId=${orderId}`)).status()).toBe(404);
    await other.clearCookies();
    const signedOut = await otherPage.request.get(`/order-invoice?orderId=${orderId}`, { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers()['location']).toBe('/signin');
  } finally {
    await other.close();
  }
});
