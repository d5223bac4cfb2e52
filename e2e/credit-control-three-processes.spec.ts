/**
 * The daily credit control run by three shop processes (three operating-system processes, as a
 * process manager runs them) on one PostgreSQL database, with the run already due when they
 * start: each process's scheduler races for the day's occasion at start, one wins, and:
 *  - each reminder is e-mailed once (one e-mail listing the customer's three account orders:
 *    due soon, due today, 8 days overdue), and the account history lists it once;
 *  - the account, 8 days overdue, is put on stop once: the payment page says why and places
 *    nothing on account (nor does the JSON API), while a card payment still places the order;
 *  - the owner lifts the stop with a note, and the customer orders on account again.
 * The data are written before the three start by a fourth process (no scheduler) that migrates
 * the database and creates the owner; it is stopped first, so only the three do the run.
 * CREDIT_CONTROL_TIME is set to a minute before now (London), so the occasion is due at start.
 * Needs PostgreSQL (TEST_DATABASE_URL or the local one).
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { startSmtpInbox, type SmtpInbox } from '../apps/server/src/testing/smtp-inbox.ts';
import { until } from '../apps/server/src/testing/until.ts';
import { apiOrderBody, HEAD_OFFICE_ADDRESS, newCustomer, setUpOwner } from './fixtures';
import { createOwnDatabase, startOwnShopServer, type OwnDatabase, type OwnShopServer } from './shop-server';

const OWNER = { name: 'Olive Owner', email: 'olive.reminders@example.com', password: 'three schedulers, one run' };

/** London's wall clock `ms` from now as HH:MM, and its minutes since midnight. */
function londonTime(ms: number): { hhmm: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() + ms));
  const hour = parts.find((p) => p.type === 'hour')!.value;
  const minute = parts.find((p) => p.type === 'minute')!.value;
  return { hhmm: `${hour}:${minute}`, minutes: Number(hour) * 60 + Number(minute) };
}

test.describe.configure({ mode: 'serial' });

test.describe('credit control run by three processes on one PostgreSQL', () => {
  let database: OwnDatabase;
  const count = (query: string, values: unknown[] = []) => database.sql(async (c) => Number((await c.query(query, values)).rows[0].count));
  let inbox: SmtpInbox;
  let shops: OwnShopServer[] = [];
  let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
  const customer = newCustomer();
  let userId = 0;
  let token = '';
  const orderIds: number[] = [];

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    database = await createOwnDatabase('reminders');
    const { databaseUrl } = database;
    inbox = await startSmtpInbox();

    // The fourth process: migrates, seeds the catalogue, logs the owner's setup link; no scheduler.
    const setup = await startOwnShopServer({ DATABASE_URL: databaseUrl, SMTP_URL: inbox.url, SCHEDULED_JOBS: '0' });
    try {
      const ownerContext = await browser.newContext();
      await setUpOwner(await ownerContext.newPage(), setup, OWNER);
      ownerState = await ownerContext.storageState();
      await ownerContext.close();

      const signedUp = await fetch(`${setup.baseURL}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: customer.firstName, last_name: customer.lastName, email: customer.email, password: customer.password, phone: customer.phone }),
      });
      expect(signedUp.status, await signedUp.clone().text()).toBe(200);
      ({ userId, token } = (await signedUp.json()) as { userId: number; token: string });
    } finally {
      await setup.stop();
    }

    // A trade account of 30 days' terms and three account orders: due in 2 days, due today, 8 days overdue.
    await database.sql(async (c) => {
      await c.query(`UPDATE users SET company_name = 'Walker Crafts Ltd' WHERE user_id = $1`, [userId]);
      await c.query(`INSERT INTO trade_accounts (user_id, credit_limit_pence, terms_days) VALUES ($1, 500000, 30)`, [userId]);
      for (const [net, dueInDays] of [
        [100_00, 2],
        [50_00, 0],
        [200_00, -8],
      ] as const) {
        const { rows } = await c.query(
          `INSERT INTO orders (user_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence, created, paid_pence, payment_due_date)
           VALUES ($1, $2::jsonb, 'account', '', 'Dispatched', $3, 0, $4, $5, now() - interval '40 days', 0, (now() AT TIME ZONE 'Europe/London')::date + $6::int)
           RETURNING order_id`,
          [userId, JSON.stringify(HEAD_OFFICE_ADDRESS), net, net * 0.2, net * 1.2, dueInDays],
        );
        orderIds.push(Number(rows[0].order_id));
      }
    });

    // The day's run falls due a minute before now (not across London midnight: the orders' due
    // dates above are today's).
    if (londonTime(0).minutes < 2) await new Promise((resolve) => setTimeout(resolve, 150_000));
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: inbox.url,
      CREDIT_CONTROL_TIME: londonTime(-60_000).hhmm,
      // Info: each process's log says whether its scheduler enqueued the occasion and who ran it.
      LOG_LEVEL: 'info',
    };
    shops = await Promise.all([startOwnShopServer(env), startOwnShopServer(env), startOwnShopServer(env)]);
  });

  test.afterAll(async () => {
    await Promise.all(shops.map((s) => s.stop()));
    await inbox?.stop();
    await database?.drop();
  });

  test('each reminder is e-mailed once and the account goes on stop once, whichever process wins the run', async () => {
    test.setTimeout(120_000);
    const reminders = () => inbox.received.filter((m) => m.recipients.includes(customer.email) && /^Payment overdue on your/.test(m.mail.subject ?? ''));
    await until(async () => reminders().length > 0, 60_000, 'the reminder e-mail');
    // Every process's worker has had its chance at the queue by now: nothing is left to run.
    await until(async () => (await count(`SELECT count(*) FROM jobs WHERE state <> 'done'`)) === 0, 30_000, 'every job done');
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(reminders()).toHaveLength(1);
    const text = reminders()[0]!.mail.text ?? '';
    expect(reminders()[0]!.mail.subject).toBe('Payment overdue on your Boxwell Packaging account: £420.00');
    for (const [orderId, words] of [
      [orderIds[0], /Order #\d+: £120\.00 due on .+ \(in 2 days\)/],
      [orderIds[1], /Order #\d+: £60\.00 due today/],
      [orderIds[2], /Order #\d+: £240\.00 was due on .+ \(8 days overdue\)/],
    ] as const) {
      expect(text.match(new RegExp(`Order #${orderId}:`, 'g')), `order #${orderId} once`).toHaveLength(1);
      expect(text).toMatch(words);
    }
    expect(text).toContain('Your account is on stop: you cannot place orders on account until what is overdue is paid.');
    // The statement of account comes with it, as a PDF.
    const londonMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).format(new Date());
    expect(reminders()[0]!.mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`statement-${londonMonth}.pdf`, 'application/pdf']]);

    // One occasion, one run, one reminder e-mail job, one reminder and one stop in the history.
    expect(await count(`SELECT count(*) FROM schedule_occasions WHERE schedule_name = 'credit-control'`)).toBe(1);
    expect(await count(`SELECT count(*) FROM jobs WHERE kind = 'credit-control.daily-run'`)).toBe(1);
    expect(await count(`SELECT count(*) FROM credit_reminders WHERE user_id = $1`, [userId])).toBe(3);
    expect(await count(`SELECT count(*) FROM customer_events WHERE user_id = $1 AND kind = 'credit.reminder-sent'`, [userId])).toBe(1);
    expect(await count(`SELECT count(*) FROM customer_events WHERE user_id = $1 AND kind = 'trade-account.stopped'`, [userId])).toBe(1);

    // The three schedulers raced at start: exactly one enqueued the occasion.
    const enqueuedBy = shops.filter((shop) => shop.log.some((line) => line.includes('scheduled occasion enqueued') && line.includes('credit-control')));
    expect(enqueuedBy, shops.map((s) => s.log.filter((l) => l.includes('schedul')).join('\n')).join('\n---\n')).toHaveLength(1);
  });

  test('on stop, the payment page orders nothing on account and says why; a card still pays; the owner lifts the stop and the account works again', async ({ browser }) => {
    test.setTimeout(150_000);
    const [, customerShop, staffShop] = shops as [OwnShopServer, OwnShopServer, OwnShopServer];
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const api = async (base: string, path: string, method: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, { method, headers: { ...auth, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: (await response.text()) || 'null' };
    };

    /** One pack in the basket and the delivery address chosen, through the JSON API of process 2. */
    async function fillBasket(): Promise<void> {
      const landing = JSON.parse((await api(customerShop.baseURL, '/api/products/GetLanding?condition=', 'GET')).body);
      const detail = JSON.parse((await api(customerShop.baseURL, `/api/products/GetById/${landing[0].product_id}`, 'GET')).body);
      const pack = detail.product_Sizes[0].packs[0];
      const added = await api(customerShop.baseURL, '/api/cart', 'POST', { user_id: 1, product_id: detail.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0], count: 1 });
      expect(added.status, added.body).toBe(200);
    }
    await fillBasket();
    const address = await api(customerShop.baseURL, '/api/address', 'POST', { ...HEAD_OFFICE_ADDRESS, user_id: 1 });
    expect(address.status, address.body).toBe(200);
    const addressId = Number(JSON.parse(address.body).address_id);

    const context = await browser.newContext({ baseURL: customerShop.baseURL });
    const page = await context.newPage();
    const signedIn = await page.request.post('/signin', { form: { intent: 'signin', email: customer.email, password: customer.password }, headers: { origin: customerShop.baseURL }, maxRedirects: 0 });
    expect(signedIn.status(), await signedIn.text()).toBe(302);

    const toPayment = async () => {
      await page.goto('/delivery');
      await page.getByRole('button', { name: 'Deliver to this Address' }).first().click();
      await expect(page).toHaveURL(/\/payment$/);
    };
    await toPayment();
    await page.getByRole('tab', { name: 'Pay on account' }).click();
    const refusal = `Your trade account is on stop: order #${orderIds[2]} was due on`;
    await expect(page.getByTestId('account-on-stop')).toContainText(refusal);
    await expect(page.getByTestId('account-on-stop')).toContainText('8 days overdue. Nothing was ordered on account.');
    await expect(page.getByTestId('place-on-account')).toHaveCount(0);

    // The JSON API refuses the same order on account, with the same words.
    const assigned = await api(customerShop.baseURL, '/api/cart/AssignAddress', 'PUT', { addressId, cartId: null });
    expect(assigned.status, assigned.body).toBe(200);
    const cart = JSON.parse(assigned.body);
    const refused = await api(customerShop.baseURL, '/api/order', 'POST', apiOrderBody(cart, addressId, 'account'), { 'idempotency-key': crypto.randomUUID() });
    expect(refused.status, refused.body).toBe(402);
    expect(refused.body).toContain(refusal);
    expect(await count(`SELECT count(*) FROM orders WHERE user_id = $1`, [userId])).toBe(3);

    // A test card payment still places the order.
    await page.getByRole('tab', { name: 'Card / Wallet' }).click();
    await page.getByRole('button', { name: 'Pay with test card' }).click();
    await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
    await expect(page.getByTestId('order-placed')).toBeVisible();

    // The owner, on the third process, reads the history and lifts the stop with a note.
    const staffContext = await browser.newContext({ baseURL: staffShop.baseURL, storageState: ownerState });
    const admin = await staffContext.newPage();
    await admin.goto(`/admin/customers/${userId}`);
    const history = admin.getByTestId('customer-history');
    await expect(history).toContainText(`Put on stop: order #${orderIds[2]} is 8 days overdue (stop after 7 days)`);
    await expect(history.getByText(/^Payment reminder e-mailed/)).toHaveCount(1);
    await admin.getByLabel('Why lift the stop?').fill('Paying £240 on Friday, agreed by phone');
    await admin.getByRole('button', { name: 'Lift the stop' }).click();
    await expect(admin.getByTestId('admin-notice')).toContainText('The stop is lifted');
    await expect(history).toContainText('Stop lifted: Paying £240 on Friday, agreed by phone');
    await staffContext.close();

    // On account works again, on the customer's process.
    await fillBasket();
    await toPayment();
    await page.getByRole('tab', { name: 'Pay on account' }).click();
    await expect(page.getByTestId('account-on-stop')).toHaveCount(0);
    await page.getByTestId('place-on-account').click();
    await expect(page).toHaveURL(/\/order-detail\?orderId=\d+/);
    await expect(page.getByTestId('order-placed')).toBeVisible();
    expect(await count(`SELECT count(*) FROM orders WHERE user_id = $1 AND payment_method = 'account'`, [userId])).toBe(4);
    await context.close();
  });
});
