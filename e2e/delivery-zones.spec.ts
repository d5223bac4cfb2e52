/**
 * The delivery promise by postcode: customers with a Leeds, a Belfast and
 * an Inverness address see the right fee, dispatch promise and delivery date on the basket and the
 * payment step, and the placed order keeps the same fee and its promised dispatch date. Desktop
 * and a 390 px phone.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, signInAs, waitForHydration } from './fixtures';

interface Destination {
  town: string;
  postCode: string;
  /** How the basket names the zone: "Delivery Fee (to ...)". */
  zoneName: string;
  /** The delivery fee ex-VAT for a basket under the free-delivery threshold. */
  fee: string;
  /** Remote zones promise a 3-5 working day range; mainland one day. */
  remote: boolean;
}

const destinations: Destination[] = [
  { town: 'Leeds', postCode: 'LS1 4AP', zoneName: 'mainland UK', fee: '£4.99', remote: false },
  { town: 'Belfast', postCode: 'BT1 5GS', zoneName: 'Northern Ireland', fee: '£14.99', remote: true },
  { town: 'Inverness', postCode: 'IV2 3HD', zoneName: 'the Scottish Highlands and islands', fee: '£14.99', remote: true },
];

/** A customer with one small pack (under the free-delivery threshold) and the destination as delivery address. */
async function customerWithBasketTo(request: APIRequestContext, destination: Destination) {
  const customer = newCustomer();
  const signedUp = await request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { token } = await signedUp.json();
  const auth = { authorization: `Bearer ${token}` };
  const landing = await (await request.get('/api/products/GetLanding?condition=')).json();
  const detail = await (await request.get(`/api/products/GetById/${landing[0].product_id}`)).json();
  const pack = detail.product_Sizes[0].packs[0];
  const added = await request.post('/api/cart', {
    headers: auth,
    data: { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const address = await request.post('/api/address', {
    headers: auth,
    data: {
      reference: 'Site',
      contact_name: 'Alice Walker',
      region: '1',
      address: '1 High Street',
      town: destination.town,
      country: 'United Kingdom',
      post_code: destination.postCode,
      phone: '0113 496 0123',
      user_id: 1,
    },
  });
  expect(address.status(), await address.text()).toBe(200);
  const { address_id } = await address.json();
  const assigned = await request.put('/api/cart/AssignAddress', { headers: auth, data: { addressId: address_id, cartId: null } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const cart = await assigned.json();
  expect(cart.subTotal, 'the test basket must stay under the free-delivery threshold').toBeLessThan(75);
  return { customer, token, addressId: address_id as number, cart };
}

async function expectPromise(page: Page, remote: boolean): Promise<void> {
  await expect(page.getByTestId('dispatch-promise-dispatch').first()).toHaveText(/Order within .+ for dispatch today|Order now for dispatch on \w+day \d{1,2} \w+/);
  const delivery = page.getByTestId('dispatch-promise-delivery').first();
  if (remote) await expect(delivery).toContainText(/Expected delivery between \w+day \d{1,2} \w+ and \w+day \d{1,2} \w+/);
  else await expect(delivery).toContainText(/Expected delivery \w+day \d{1,2} \w+/);
  if (!remote) await expect(delivery).not.toContainText('between');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '390 px phone', width: 390, height: 844 },
]) {
  test.describe(`delivery by postcode (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.beforeEach(async ({ page }) => acceptCookies(page));

    for (const destination of destinations) {
      test(`${destination.town} ${destination.postCode}: fee, promise and date agree from the basket to the placed order`, async ({ page }) => {
        const { customer, token, addressId, cart } = await customerWithBasketTo(page.request, destination);
        await signInAs(page, customer.email, customer.password);

        // The basket names the zone, charges its fee and promises its dates.
        await page.goto('/checkout');
        await waitForHydration(page);
        const summary = page.getByTestId('basket-summary');
        await expect(summary).toContainText(`Delivery Fee (to ${destination.zoneName})`);
        await expect(summary.getByTestId('summary-delivery')).toHaveText(destination.fee);
        await expectPromise(page, destination.remote);

        // The payment step agrees.
        await page.goto('/payment');
        const orderSummary = page.getByTestId('order-summary');
        await expect(orderSummary).toContainText(`to ${destination.zoneName}`);
        await expect(orderSummary.getByTestId('summary-delivery')).toHaveText(destination.fee);
        await expectPromise(page, destination.remote);
        const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
        expect(noHorizontalScroll, 'the payment step fits the viewport').toBe(true);

        // The order placed with these totals keeps the fee and its promised dispatch date.
        const placed = await page.request.post('/api/order', {
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
          data: {
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
            payment_method: 'bank',
            orderLines: [],
          },
        });
        expect(placed.status(), await placed.text()).toBe(200);
        const orderId = await placed.json();
        await page.goto(`/order-detail?orderId=${orderId}`);
        await expect(page.getByTestId('order-dispatch-promise')).toContainText(/Dispatch promised for \w+day \d{1,2} \w+ \d{4}/);
        await expect(page.locator('main')).toContainText(destination.fee);
        await expect(page.locator('main')).toContainText(destination.postCode);
      });
    }
  });
}
