/**
 * Small things customers trip on: keyboard focus after 'Add +', the skip link as the first Tab
 * stop, a PO box refusal said where the customer is looking on a phone, and a long town that is
 * neither cut short without a word nor wider than a phone.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, newCustomer, signInAs, waitForHydration } from './fixtures';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR;

test.beforeEach(async ({ page }) => acceptCookies(page));

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A landing product whose first size has at least two packs. */
async function productWithTwoPacks(request: APIRequestContext): Promise<number> {
  const landing: { product_id: number }[] = await (await request.get('/api/products/GetLanding?condition=')).json();
  for (const { product_id } of landing) {
    const product = await (await request.get(`/api/products/GetById/${product_id}`)).json();
    if ((product.product_Sizes[0]?.packs.length ?? 0) >= 2) return product_id;
  }
  throw new Error('no landing product with two packs');
}

/** A signed-up customer (through the API) with one pack in the basket and the given addresses; signed in in `page`. */
async function customerWithBasket(page: Page, addresses: { reference: string; region: string; address: string; town: string; post_code: string }[]) {
  const customer = newCustomer();
  const signedUp = await page.request.post('/api/users', {
    data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const auth = { authorization: `Bearer ${(await signedUp.json()).token}` };
  const product = await (await page.request.get(`/api/products/GetById/${await productWithTwoPacks(page.request)}`)).json();
  const pack = product.product_Sizes[0].packs[0];
  const added = await page.request.post('/api/cart', {
    headers: auth,
    data: { user_id: 1, product_id: product.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  for (const address of addresses) {
    const saved = await page.request.post('/api/address', {
      headers: auth,
      data: { ...address, contact_name: 'Alice Walker', country: 'United Kingdom', phone: '0113 496 0123', user_id: 1 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await signInAs(page, customer.email, customer.password);
}

test("keyboard: after 'Add +' focus is on that row's 'Item Added', and Tab goes on to the next pack", async ({ page }) => {
  await page.goto(`/product-detail?productCode=${await productWithTwoPacks(page.request)}`);
  await waitForHydration(page);
  const table = page.getByTestId('pack-table').first();
  await table.getByTestId('add-pack').first().focus();
  await page.keyboard.press('Enter');
  const added = table.getByTestId('item-added');
  await expect(added).toHaveCount(1);
  await expect(added).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(table.getByTestId('add-pack').first()).toBeFocused();
});

test('keyboard: the first Tab stop is the skip link, which leads to the content', async ({ page }) => {
  await page.goto('/landing');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("a PO box refused for delivery is said on its card, in view of 'Deliver to this Address'", async ({ page }) => {
    await customerWithBasket(page, [
      { reference: 'Home', region: '12', address: 'Kirkstall Road', town: 'Leeds', post_code: 'LS4 2AA' },
      { reference: 'Mailbox', region: 'PO Box 123', address: 'Central Sorting Office', town: 'Leeds', post_code: 'LS1 1AA' },
    ]);
    await page.goto('/delivery');
    await waitForHydration(page);
    const card = page.getByTestId('address-card').filter({ hasText: 'Mailbox' });
    const deliver = card.getByTestId('deliver-here');
    await deliver.scrollIntoViewIfNeeded();
    await deliver.click();
    const refusal = card.getByTestId('address-card-refusal');
    await expect(refusal).toHaveText('We cannot deliver to PO boxes. Please give a street address.');
    await expect(refusal).toBeInViewport();
    await expect(deliver).toBeInViewport();
    await expect(page).toHaveURL(/\/delivery$/);
    await shot(page, 'po-box-refusal-390');
  });

  test('a town longer than 50 characters is kept as typed and the limit is said; a long saved town wraps', async ({ page }) => {
    const longWord = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysilio'; // 50 characters, one word
    await customerWithBasket(page, [{ reference: 'Anglesey', region: '1', address: 'Holyhead Road', town: longWord, post_code: 'LL61 5UJ' }]);
    await page.goto('/delivery');
    await waitForHydration(page);
    // The saved address's long word wraps inside its card: nothing spills out of it or scrolls sideways.
    const card = page.getByTestId('address-card').first();
    await expect(card).toContainText(longWord);
    // (A phone widens its layout viewport to fit content that overflows, so compare with the phone's 390 px.)
    const spill = await card.evaluate((element, phoneWidth) => {
      const address = element.querySelector('address')!;
      const box = element.getBoundingClientRect();
      return {
        address: address.scrollWidth - address.clientWidth,
        card: Math.max(0, Math.ceil(address.getBoundingClientRect().right - box.right)),
        screen: Math.max(0, Math.ceil(box.right) - phoneWidth),
        page: Math.max(0, document.documentElement.scrollWidth - phoneWidth),
      };
    }, PHONE.width);
    expect(spill).toEqual({ address: 0, card: 0, screen: 0, page: 0 });
    await shot(page, 'long-town-card-390');

    await page.getByTestId('add-address').click();
    const dialog = page.getByRole('dialog', { name: 'Add/Update Address' });
    const town = dialog.getByLabel('Town');
    await town.fill(`${longWord}gogogoch`);
    await expect(town).toHaveValue(`${longWord}gogogoch`);
    await expect(dialog.getByTestId('address-town-error')).toHaveText('Town is required. (1-50) Characters');
    await expect(dialog.getByTestId('save-address')).toBeDisabled();
  });
});
