/**
 * The deployment of docs/deploy.md, in small: three shop processes on one PostgreSQL database and
 * one Redis, behind a proxy that sends each request to the next process in turn and says the
 * client came over HTTPS (X-Forwarded-Proto), as nginx or Caddy in front of them would. A
 * customer's journey and a staff member's dispatch are spread over the three, and the shop must
 * behave as one process does:
 *  - the customer's page session (cookie, Secure behind HTTPS) and basket hold on every process;
 *  - the owner, created with `npm run staff` beside the running processes, signs in once;
 *  - a limit (new sessions per address) refuses after its number in total, not three times it;
 *  - a price changed in the database reaches every process's catalogue cache;
 *  - the order confirmation and the dispatch e-mail are each sent once.
 * Needs PostgreSQL (TEST_DATABASE_URL or the local one) and Redis (REDIS_TEST_URL or the local one).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startSmtpInbox, type SmtpInbox } from '../apps/server/src/testing/smtp-inbox.ts';
import { until } from '../apps/server/src/testing/until.ts';
import { acceptCookies, newCustomer, placeBankOrder } from './fixtures';
import { startOwnShopServer, type OwnShopServer } from './shop-server';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const SESSIONS_PER_MINUTE = 6;
const OWNER = { name: 'Olive Owner', email: 'olive.three@example.com', password: 'three processes, one shop' };

/**
 * A round-robin proxy: request n goes to process n mod 3, said to have come over HTTPS from the
 * client's address (X-Forwarded-For kept when the test sets one); it counts who answered what.
 */
async function startProxy(): Promise<{ url: string; targets: string[]; served: number[]; close(): Promise<void> }> {
  const targets: string[] = [];
  const served: number[] = [];
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(targets[index]!);
    const forwardedFor = incoming.headers['x-forwarded-for'] ?? incoming.socket.remoteAddress ?? '127.0.0.1';
    const headers = { ...incoming.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' };
    // It stands in for TLS: the page's origin, as a browser on HTTPS would send it.
    if (headers.origin?.startsWith('http://')) headers.origin = headers.origin.replace('http://', 'https://');
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end()));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // localhost: a secure context for Chromium, so it keeps the cookies marked Secure over plain HTTP.
    url: `http://localhost:${port}`,
    targets,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe.configure({ mode: 'serial' });

test.describe('three processes behind a proxy', () => {
  const name = `shop_e2e_three_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(POSTGRES_URL), { pathname: `/${name}` }).toString();
  const sql = async <T>(url: string, body: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await body(client);
    } finally {
      await client.end();
    }
  };
  let inbox: SmtpInbox;
  let shops: OwnShopServer[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await sql(POSTGRES_URL, (c) => c.query(`CREATE DATABASE ${name}`));
    inbox = await startSmtpInbox();
    // The proxy listens first: the processes' e-mailed links point at it.
    proxy = await startProxy();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: `${name}:`,
      SMTP_URL: inbox.url,
      PUBLIC_BASE_URL: proxy.url,
      SESSION_RATE_LIMIT_PER_MINUTE: String(SESSIONS_PER_MINUTE),
    };
    // Started together, as a process manager does: migrations and the seed run once.
    shops = await Promise.all([startOwnShopServer(env), startOwnShopServer(env), startOwnShopServer(env)]);
    proxy.targets.push(...shops.map((shop) => shop.baseURL));
  });

  test.afterAll(async () => {
    await proxy?.close();
    await Promise.all(shops.map((s) => s.stop()));
    await inbox?.stop();
    await sql(POSTGRES_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  test('a customer signs in, fills a basket and checks out; staff dispatch; each e-mail goes once', async ({ browser }) => {
    test.setTimeout(180_000);
    const customer = newCustomer();
    const context = await browser.newContext({ baseURL: proxy.url });
    const page = await context.newPage();
    await acceptCookies(page);

    // Signed up through the API, signed in through the sign-in form: the page session is a
    // cookie, marked Secure since the proxy says the visitor came over HTTPS.
    const signedUp = await page.request.post('/api/users', {
      data: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone },
    });
    expect(signedUp.status()).toBe(200);
    const signedIn = await page.request.post('/signin', {
      form: { intent: 'signin', email: customer.email, password: customer.password },
      maxRedirects: 0,
    });
    expect(signedIn.status(), await signedIn.text()).toBe(302);
    expect(signedIn.headers()['set-cookie']).toMatch(/shop_session=.*; Secure/i);

    // Each page load goes to the next process; each knows who is signed in and what is in the basket.
    const { orderId } = await placeBankOrder(page.request, (await signedUp.json()).token);
    for (let visit = 0; visit < 3; visit++) {
      await page.goto(`/order-detail?orderId=${orderId}`);
      await expect(page.getByTestId('order-number')).toHaveText(String(orderId));
      await expect(page.getByTestId('cart-count')).toHaveText('0');
    }

    // The owner is added with `npm run staff` beside the running processes (a setup link logged
    // by one process would work on that process only) and sets a password from the link.
    const staff = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', '--email', OWNER.email, '--name', OWNER.name, '--role', 'owner'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_BASE_URL: proxy.url },
      encoding: 'utf8',
    });
    expect(staff.status, staff.stderr).toBe(0);
    const link = /http\S*\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(staff.stdout)?.[0];
    expect(link, staff.stdout).toBeTruthy();
    const staffContext = await browser.newContext({ baseURL: proxy.url });
    const admin = await staffContext.newPage();
    await admin.goto(link!);
    await admin.getByLabel('New password', { exact: true }).fill(OWNER.password);
    await admin.getByLabel('New password again').fill(OWNER.password);
    await admin.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByTestId('admin-signed-in-as')).toHaveText('Signed in as Olive Owner (Owner).');

    // Payment and dispatch, each form served by whichever process is next.
    await admin.goto(`/admin/orders/${orderId}`);
    await expect(admin.getByTestId('admin-order-state')).toHaveText('Awaiting dispatch');
    await admin.getByTestId('payment-form').getByLabel('Bank reference').fill('FASTER PAYMENT 3');
    await admin.getByTestId('payment-form').getByRole('button', { name: 'Record payment' }).click();
    await expect(admin.getByText('The payment is recorded.')).toBeVisible();
    const dispatch = admin.getByTestId('dispatch-form');
    await dispatch.getByLabel('Carrier').selectOption('Royal Mail');
    await dispatch.getByLabel('Tracking number').fill('AB123456785GB');
    await dispatch.getByRole('button', { name: 'Mark dispatched' }).click();
    await expect(admin.getByTestId('admin-order-state')).toHaveText('Dispatched');
    for (let visit = 0; visit < 3; visit++) {
      await page.goto(`/order-detail?orderId=${orderId}`);
      await expect(page.getByTestId('order-status')).toHaveText('Dispatched');
    }

    // Each e-mail once, though three job workers share the queue.
    const toCustomer = () => inbox.received.filter((m) => m.recipients.includes(customer.email));
    await until(async () => toCustomer().some((m) => /AB123456785GB/.test(m.mail.text ?? '')), 20_000, 'the dispatch e-mail');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const subjects = toCustomer().map((m) => m.mail.subject ?? '');
    expect(subjects.length).toBeGreaterThanOrEqual(2); // the confirmation and the dispatch, at least
    expect(subjects, 'an e-mail sent twice').toEqual([...new Set(subjects)]);
    expect(toCustomer().filter((m) => /AB123456785GB/.test(m.mail.text ?? ''))).toHaveLength(1);

    // Every process answered part of it.
    expect(proxy.served.every((n) => n >= 3), `requests per process: ${proxy.served.join(', ')}`).toBe(true);
    await context.close();
    await staffContext.close();
  });

  test('a limit counts across the processes, and a price change reaches every cache', async ({ request }) => {
    // New sessions from one address: the limit in total, whichever process answers (Redis).
    const answers: number[] = [];
    for (let i = 0; i < SESSIONS_PER_MINUTE + 3; i++) {
      answers.push((await request.post(`${proxy.url}/api/session`, { headers: { 'x-forwarded-for': '203.0.113.99' } })).status());
    }
    expect(answers.filter((s) => s === 200 || s === 201)).toHaveLength(SESSIONS_PER_MINUTE);
    expect(answers.slice(SESSIONS_PER_MINUTE).every((s) => s === 429)).toBe(true);

    // Every process has the product cached, then its price changes in the database.
    const landing = await (await request.get(`${proxy.url}/api/products/GetLanding?condition=`)).json();
    const productId = landing[0].product_id as number;
    const priceOf = async () => (await (await request.get(`${proxy.url}/api/products/GetById/${productId}`)).json()).product_Sizes[0].packs[0].price as number;
    for (let i = 0; i < 3; i++) await priceOf();
    const priceId = (await (await request.get(`${proxy.url}/api/products/GetById/${productId}`)).json()).product_Sizes[0].packs[0].product_price_id as number;
    await sql(databaseUrl, (c) => c.query('UPDATE product_prices SET price_pence = 12345 WHERE product_price_id = $1', [priceId]));
    await until(async () => {
      const seen = [await priceOf(), await priceOf(), await priceOf()];
      return seen.every((price) => price === 123.45);
    }, 5_000, 'the new price on all three processes');
  });
});
