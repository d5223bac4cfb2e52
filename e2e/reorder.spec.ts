/**
 * "Order again", desktop: a customer with a placed bank-transfer order clicks
 * 'Order again' on the order detail page and lands on the basket with the order's lines in it.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies, newCustomer, placeBankOrder, signInAs, waitForHydration } from './fixtures';

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
