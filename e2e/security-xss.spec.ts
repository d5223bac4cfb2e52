/**
 * script payloads stored in every text field the storefront shows back
 * (sign-up names, address fields, the delivery note, the search text) are shown as text and
 * never run, on every page that shows them (top bar, delivery, payment, order detail, order
 * history, search results) and in the order confirmation e-mail. Set-up goes through the API;
 * the customer is signed in through local storage as the storefront keeps it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, latestOutboxMail, newCustomer, waitForHydration, signInAs } from './fixtures';

const payloads = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  // Breaks out of a <script> that carries the page's data, if that data were not escaped.
  '</script><script>window.__xss=1</script>',
];

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

interface Shopper {
  userId: number;
  token: string;
  orderId: number;
  email: string;
  password: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A customer whose names, address and delivery note are the payload, with an order and a basket ready to pay. */
async function shopperWithPayload(request: APIRequestContext, payload: string): Promise<Shopper> {
  const customer = newCustomer();
  const { userId, token } = await ok<{ userId: number; token: string }>(
    await request.post('/api/users', {
      data: { first_name: payload, last_name: payload, email: customer.email, password: customer.password, phone: customer.phone },
    }),
    'sign-up',
  );
  const headers = { authorization: `Bearer ${token}` };
  const address = await ok<{ address_id: number }>(
    await request.post('/api/address', {
      headers,
      data: {
        reference: payload,
        contact_name: payload,
        region: payload,
        company_name: payload,
        address: payload,
        town: payload,
        country: payload,
        // A postcode must parse as one, so it cannot carry the payload.
        post_code: 'LS1 4AP',
        phone: '01134960123',
        user_id: userId,
      },
    }),
    'address',
  );
  const landing = await ok<{ product_id: number; product_Sizes: { packs: { product_price_id: number; pack_range: number[] }[] }[] }[]>(
    await request.get('/api/products/GetLanding?condition='),
    'landing',
  );
  const product = landing[0]!;
  const pack = product.product_Sizes[0]!.packs[0]!;
  const fillBasket = async () => {
    await ok(
      await request.post('/api/cart', {
        headers,
        data: { user_id: 1, product_id: product.product_id, product_price_id: pack.product_price_id, qty: pack.pack_range[0], count: 1 },
      }),
      'add to basket',
    );
    return ok<{ subTotal: number; deliveryFee: number; totalTax: number; total: number }>(
      await request.put('/api/cart/AssignAddress', { headers, data: { addressId: address.address_id } }),
      'assign address',
    );
  };
  const cart = await fillBasket();
  const orderId = await ok<number>(
    await request.post('/api/order', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: {
        sub_total: cart.subTotal,
        delivery_fee: cart.deliveryFee,
        total_tax: cart.totalTax,
        total: cart.total,
        note: payload,
        user_id: 1,
        payment_reference: '',
        status: 'PendingDelivery',
        address_id: address.address_id,
        is_active: true,
        payment_method: 'bank',
        orderLines: [],
      },
    }),
    'order',
  );
  // A basket again (placing emptied it), so the payment page shows the addresses.
  await fillBasket();
  return { userId, token, orderId, email: customer.email, password: customer.password };
}

async function signIn(page: Page, shopper: Shopper): Promise<void> {
  await signInAs(page, shopper.email, shopper.password);
}

/** Records Content-Security-Policy violations: a blocked inline script means markup got through. */
async function watchForScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  // An alert() or the like would be a script that ran: record it (and dismiss it).
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

const dialogs: string[] = [];

/** Nothing ran, no markup of the payload reached the DOM, and the payload is shown as text. */
async function expectInert(page: Page, payload: string, where: string): Promise<void> {
  await expect(page.getByText(payload, { exact: false }).first(), `${where}: the payload is shown as text`).toBeVisible();
  const state = await page.evaluate(() => ({
    xss: window.__xss,
    violations: window.__cspViolations ?? [],
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    injectedScripts: [...document.scripts].filter((s) => s.textContent?.trim() === 'window.__xss=1').length,
  }));
  expect({ ...state, dialogs }, where).toEqual({ xss: undefined, violations: [], handlers: 0, injectedImages: 0, injectedScripts: 0, dialogs: [] });
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
  await watchForScripts(page);
});

for (const [index, payload] of payloads.entries()) {
  test(`payload ${index + 1} (${payload}) is shown as text and never runs`, async ({ page }) => {
    const shopper = await shopperWithPayload(page.request, payload);
    await signIn(page, shopper);

    // Top bar: the first name.
    await page.goto('/landing');
    await waitForHydration(page);
    await expect(page.getByTestId('user-first-name')).toHaveText(payload);
    await expectInert(page, payload, 'top bar');

    // Delivery: the address card (reference, contact, region, address, town, post code, country).
    await page.goto('/delivery');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Deliver to this Address' }).first()).toBeVisible();
    await expectInert(page, payload, 'delivery');
    const card = await page.locator('[data-address-id]').first().innerText();
    expect(card.split(payload).length - 1, 'address fields on the delivery card').toBeGreaterThanOrEqual(5);

    // Payment: the delivery and billing addresses.
    await page.goto('/payment');
    await waitForHydration(page);
    await expect(page.getByTestId('payment-billing-address')).toContainText(payload);
    await expectInert(page, payload, 'payment');

    // Order detail: the delivery address snapshot and the note.
    await page.goto(`/order-detail?orderId=${shopper.orderId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('order-note')).toHaveText(payload);
    await expectInert(page, payload, 'order detail');

    // Order history (lists the order; names and notes are not shown there, nothing may run).
    await page.goto('/order-history');
    await waitForHydration(page);
    await expect(page.getByText(String(shopper.orderId)).first()).toBeVisible();
    expect(await page.evaluate(() => [window.__xss, window.__cspViolations])).toEqual([undefined, []]);

    // Search: 'Results for:' and the page title, server-rendered and after client navigation.
    await page.goto(`/products?search=${encodeURIComponent(payload)}`);
    await waitForHydration(page);
    await expect(page.getByTestId('search-results-for')).toContainText(payload);
    await expect(page).toHaveTitle(new RegExp(payload.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectInert(page, payload, 'search results');
    const box = page.getByRole('searchbox', { name: 'Search products' }).filter({ visible: true }).first();
    await box.fill(`${payload} box`);
    await box.press('Enter');
    await expect(page.getByTestId('search-results-for')).toContainText(`${payload} box`);
    await expectInert(page, payload, 'search results after client navigation');

    // The order confirmation e-mail (HTML) shows the name, address and note as text too.
    const mail = await latestOutboxMail(new RegExp(`Order number ${shopper.orderId},`));
    expect(mail.html).not.toContain(payload);
    await page.setContent(mail.html);
    await expectInert(page, payload, 'confirmation e-mail');
  });
}

test('the checks above do catch a payload that is not escaped (self-check on a bare page)', async ({ page }) => {
  for (const payload of payloads) {
    await page.setContent(`<!doctype html><p>${payload}</p>`);
    await page.waitForTimeout(50);
    const caught = await page.evaluate(
      () =>
        window.__xss === 1 ||
        document.querySelectorAll('[onerror], [onload], img[src="x"]').length > 0 ||
        [...document.scripts].some((s) => s.textContent?.trim() === 'window.__xss=1'),
    );
    expect(caught, payload).toBe(true);
  }
});
