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

/** The newest e-mail in the server's outbox (DATA_DIR/outbox) whose text matches, parsed. */
export async function latestOutboxMail(match: RegExp): Promise<{ subject: string; text: string; html: string }> {
  const { readdir, readFile } = await import('node:fs/promises');
  const path = await import('node:path');
  const { simpleParser } = await import('mailparser');
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const mail = await simpleParser(await readFile(path.join(outbox, file)));
    const text = mail.text ?? '';
    if (match.test(text)) return { subject: mail.subject ?? '', text, html: typeof mail.html === 'string' ? mail.html : '' };
  }
  throw new Error(`no e-mail matching ${match} in ${outbox}`);
}

/** A unique, valid sign-up for one test. */
export function newCustomer() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Alice', lastName: 'Walker', email: `alice.${id}@example.com`, password: 'parcel-tape-42', phone: '01134960123' };
}

/**
 * Signs the browser in as a customer the way the sign-in form does (the page session is an
 * httpOnly cookie that scripts cannot set): the page request shares the browser's cookies.
 */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
  const response = await page.request.post('/signin', {
    form: { intent: 'signin', email, password },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}
