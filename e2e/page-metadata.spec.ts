import { expect, test } from '@playwright/test';

const staticPages = ['/landing', '/about', '/contact', '/terms', '/delivery-information', '/return-policy', '/privacy', '/payment-policy'];

test('every public page has its own title and description in the server HTML', async ({ request }) => {
  const landing = await (await request.get('/api/products/GetLanding?condition=')).json();
  const pages = [...staticPages, '/category?categoryCode=cardboard-boxes', '/products?search=tape', `/product-detail?productCode=${landing[0].product_id}`];
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(title, `${path} has a title`).toBeTruthy();
    expect(description, `${path} has a description`).toBeTruthy();
    titles.add(title!);
    descriptions.add(description!);
  }
  expect(titles.size).toBe(pages.length);
  expect(descriptions.size).toBe(pages.length);
});

test('the footer links to every policy page and the sales e-mail', async ({ page }) => {
  await page.goto('/landing');
  const footer = page.getByRole('contentinfo');
  for (const label of ['About us', 'Delivery Services & Costs', 'Term & Condition', 'Privacy Policy', 'Contact us', 'Returns & Exchange', 'Payments Policy']) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
});

test('the top bar shows two phone numbers, Past Orders and Login', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/landing');
  await expect(page.locator('header a[href^="tel:"]')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Past Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Login/ })).toBeVisible();
});
