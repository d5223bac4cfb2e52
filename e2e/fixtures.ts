/** Shared helpers for the browser tests. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
