/**
 * "Order again" (issue 11 item 8), desktop: a customer with a placed bank-transfer order clicks
 * 'Order again' on the order detail page and lands on the basket with the order's lines in it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptCookies, newCustomer, signInAs, waitForHydration } from './fixtures';

/** Places a bank-transfer order through the JSON API (as the payment step does); answers its id and the item names. */
async function placeBankOrder(request: APIRequestContext, token: string): Promise<{ orderId: number; itemNames: string[] }> {
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
  const address = await request.post('/api/address', {
    headers: auth,
    data: {
      reference: 'Head office',
      contact_name: 'Alice Walker',
      region: '12',
      address: 'Boar Lane',
      town: 'Leeds',
      country: 'United Kingdom',
      post_code: 'LS1 4AP',
      phone: '0113 496 0123',
      user_id: 1,
    },
  });
  expect(address.status(), await address.text()).toBe(200);
  const { address_id } = await address.json();
  const assigned = await request.put('/api/cart/AssignAddress', { headers: auth, data: { addressId: address_id, cartId: null } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const cart = await assigned.json();
  const placed = await request.post('/api/order', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: {
      sub_total: cart.subTotal,
      delivery_fee: cart.deliveryFee,
      total_tax: cart.totalTax,
      total: cart.total,
      note: '',
      user_id: 1,
      payment_reference: '',
      status: 'PendingDelivery',
      address_id,
      is_active: true,
      payment_method: 'bank',
      orderLines: cart.cartIems.map((line: { product_id: number; product_price_id: number; price: number; qty: number; count: number }) => ({
        product_id: line.product_id,
        product_price_id: line.product_price_id,
        price: line.price,
        qty: line.qty,
        count: line.count,
        is_active: true,
      })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return { orderId: await placed.json(), itemNames: cart.cartIems.map((line: { item_name: string }) => line.item_name) };
}

test.beforeEach(async ({ page }) => acceptCookies(page));

test("'Order again' on order detail puts the order's lines into the basket", async ({ page }) => {
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status()).toBe(200);
  const { token } = await signedUp.json();
  const { orderId, itemNames } = await placeBankOrder(page.request, token);
  expect(itemNames).toHaveLength(2);
  await signInAs(page, customer.email, customer.password);

  await page.goto(`/order-detail?orderId=${orderId}`);
  await waitForHydration(page);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await page.getByRole('button', { name: `Order again order ${orderId}` }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('reorder-notice')).toContainText(`The items of order ${orderId} are in your basket at today's prices.`);
  const lines = page.getByTestId('basket-line');
  await expect(lines).toHaveCount(2);
  for (const [index, name] of itemNames.entries()) {
    await expect(lines.nth(index)).toContainText(name);
    await expect(lines.nth(index).getByTestId('pack-count')).toHaveValue('2');
  }
  await expect(page.getByTestId('cart-count')).toHaveText('4');

  // The notice is said once: a reload shows the basket without it.
  await page.reload();
  await expect(page.getByTestId('basket-line')).toHaveCount(2);
  await expect(page.getByTestId('reorder-notice')).toHaveCount(0);
});
