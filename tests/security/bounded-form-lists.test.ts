/**
 * Lists in forms are bounded (DESIGN section 10 "Forms"): a form naming a row far past its list
 * (`lines[99999999].count`, about 300 bytes) once made the server build a list that long, and
 * the shop stopped answering for minutes. Every page form and API route that takes a list is sent
 * such names, by a signed-in customer and by warehouse staff (and the sales desk's quote form by
 * a manager), all at once over loopback: each answers a 4xx at once, and another client's
 * `GET /healthz` keeps answering within a second meanwhile.
 */
import type { AddressInfo } from 'node:net';
import { createCookie } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIST_MAX, FORM_TOO_LARGE_MESSAGE, ORDER_LINES_MAX } from '@shop/contract';
import { QUEUE_LIMIT } from '@shop/core';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt } from '../../apps/server/src/ssr/storefront-build.ts';
import { bearer, insertBasketCatalogue } from '../../apps/server/src/testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { createSecurityApp, pgliteOnly, type SecurityApp } from './support.ts';

const storefrontBuilt = storefrontIsBuilt();
const PASSWORD = 'a long staff password 1';

/** A request sent: where, how, and what it must answer. */
interface Attack {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The statuses it may answer (a 4xx). */
  status: number[];
  /** Text the answer must hold, when it is the page's own. */
  says?: string;
}

/** The names of one list's rows, each one of the ways a row is named out of bounds. */
function outOfBounds(list: string, field: string, schemaMax: number): [string, [string, string][]][] {
  const rows = (indexes: number[]) => indexes.map((i): [string, string] => [`${list}[${i}].${field}`, '1']);
  return [
    ['a row far past any list', rows([99999999])],
    ['a row that is not a number', [[`${list}[1e9].${field}`, '1']]],
    ['a thousand distinct rows and one', rows(Array.from({ length: FORM_LIST_MAX + 1 }, (_, i) => i))],
    ["the row just past the schema's own maximum", rows([schemaMax])],
  ];
}

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

for (const kind of pgliteOnly()) {
  describe.skipIf(!storefrontBuilt)(`security: lists in forms are bounded [${kind}]`, () => {
    let t: SecurityApp;
    let origin: string;
    let customerCookie: string;
    let customerToken: string;
    let orderId: number;
    let warehouseCookie: string;
    let managerCookie: string;
    /** The rows the goods-in page shows, its list's maximum. */
    let goodsInRows: number;

    /** A staff member of `role` with a live session (password set from their link), as the staff cookie carries it. */
    async function staffCookie(role: 'warehouse' | 'manager'): Promise<string> {
      const added = await t.app.services.staff.add({ email: `${role}.${Date.now()}@example.com`, name: `A ${role}`, role });
      const token = new URL(added.link).searchParams.get('token')!;
      const signedIn = await t.app.services.staff.setPassword(token, PASSWORD);
      expect(signedIn.awaitingSecondFactor).toBe(false);
      return (await createCookie('shop_staff').serialize(signedIn.sessionId)).split(';')[0]!;
    }

    beforeAll(async () => {
      t = await createSecurityApp(kind, { storefront: { buildDir: STOREFRONT_BUILD_DIR } });
      const packs = await insertBasketCatalogue(t.database);
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
      customerToken = customer.token;
      const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
      expect(placed.statusCode, placed.body).toBe(200);
      orderId = placed.json<number>();
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/signin',
        payload: form([['intent', 'signin'], ['email', customer.email], ['password', customer.password]]),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      customerCookie = [signedIn.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).join('; ');
      warehouseCookie = await staffCookie('warehouse');
      managerCookie = await staffCookie('manager');
      const goodsIn = await t.app.inject({ method: 'GET', url: '/admin/stock/goods-in', headers: { cookie: warehouseCookie } });
      goodsInRows = goodsIn.body.match(/data-testid="goods-in-row-\d+"/g)?.length ?? 0;
      expect(goodsInRows).toBeGreaterThan(0);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }, 120_000);
    afterAll(async () => t?.close());

    /** Every page form with a list: its address, who posts it, its other fields, its list and the list's maximum. */
    function pageForms(): [string, string, string, [string, string][], string, string, number][] {
      return [
        ['return (customer)', `/order-return?orderId=${orderId}`, customerCookie, [['reason', 'damaged'], ['description', 'Crushed']], 'lines', 'count', ORDER_LINES_MAX],
        ['quote request (customer)', '/quote-request', customerCookie, [['note', 'Printed boxes']], 'items', 'quantity', 20],
        ['ship (warehouse)', `/admin/orders/${orderId}`, warehouseCookie, [['intent', 'ship'], ['version', '1'], ['carrier', 'DPD']], 'lines', 'count', ORDER_LINES_MAX],
        ['cancel lines (warehouse)', `/admin/orders/${orderId}`, warehouseCookie, [['intent', 'cancel-lines'], ['version', '1']], 'lines', 'count', ORDER_LINES_MAX],
        ['dispatch desk (warehouse)', '/admin/dispatch', warehouseCookie, [['intent', 'dispatch'], ['carrier', 'DPD']], 'rows', 'order_id', QUEUE_LIMIT],
        ['goods-in (warehouse)', '/admin/stock/goods-in', warehouseCookie, [['supplierReference', 'DN-1']], 'lines', 'units', goodsInRows],
        ['price a quote (manager)', '/admin/quotes/1', managerCookie, [['intent', 'price'], ['version', '1']], 'lines', 'description', 40],
      ];
    }

    function attacks(): Attack[] {
      const sent: Attack[] = [];
      for (const [page, url, cookie, fields, list, field, max] of pageForms()) {
        for (const [how, rows] of outOfBounds(list, field, max)) {
          sent.push({
            name: `${page}: ${how}`,
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie },
            body: form([...fields, ...rows]),
            status: [400],
            says: FORM_TOO_LARGE_MESSAGE,
          });
        }
      }
      // The return page posts multipart natively (its photos).
      const boundary = '----bounded-lists';
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      sent.push({
        name: 'return (customer), multipart: a row far past any list',
        url: `/order-return?orderId=${orderId}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin', cookie: customerCookie },
        body: `${part('reason', 'damaged')}${part('description', 'Crushed')}${part('lines[99999999].count', '1')}--${boundary}--\r\n`,
        status: [400],
        says: FORM_TOO_LARGE_MESSAGE,
      });
      // The JSON API takes lists as JSON (no row is named), each with its maximum, and only JSON.
      const api = { 'content-type': 'application/json', ...bearer(customerToken) };
      const line = { product_id: 1, product_price_id: 1, price: 1, qty: 1, is_active: true, count: 1 };
      sent.push(
        { name: 'API: an order of 1,001 lines', url: '/api/order', headers: api, body: JSON.stringify({ ...orderBodyFrom({ cartIems: [] } as never), orderLines: Array.from({ length: ORDER_LINES_MAX + 1 }, () => line) }), status: [400, 413] },
        { name: 'API: a return of 201 lines', url: `/api/order/${orderId}/returns`, headers: api, body: JSON.stringify({ reason: 'damaged', description: 'Crushed', lines: Array.from({ length: 201 }, (_, i) => ({ order_line_id: i + 1, count: 1 })) }), status: [400] },
        { name: 'API: an order log of a 2,001-item list', url: '/api/OrderLog', headers: api, body: JSON.stringify({ error: Array.from({ length: 2001 }, () => 1) }), status: [400] },
        { name: 'API: a form naming a row far out', url: `/api/order/${orderId}/returns`, headers: { ...api, 'content-type': 'application/x-www-form-urlencoded' }, body: 'reason=damaged&lines[99999999].count=1', status: [415] },
      );
      return sent;
    }

    it('answers every out-of-bounds list with a 4xx at once, while the shop keeps answering others', async () => {
      const sent = attacks();
      let slowestHealth = 0;
      let done = false;
      const health = (async () => {
        while (!done) {
          const started = performance.now();
          const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(10_000) });
          await response.text();
          expect(response.status).toBe(200);
          slowestHealth = Math.max(slowestHealth, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const answers: { name: string; status: number; ms: number; body: string; expected: Attack }[] = [];
      // A few at a time: bounded, yet the server has several in hand at once.
      const queue = [...sent];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let attack = queue.shift(); attack; attack = queue.shift()) {
            const started = performance.now();
            const response = await fetch(`${origin}${attack.url}`, { method: 'POST', headers: attack.headers, body: attack.body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
            answers.push({ name: attack.name, status: response.status, ms: performance.now() - started, body: await response.text(), expected: attack });
          }
        }),
      );
      done = true;
      await health;
      for (const answer of answers) {
        expect(answer.expected.status, `${answer.name}: ${answer.body.slice(0, 300)}`).toContain(answer.status);
        // At once: a list built to the index named took 45 s for a million rows, minutes for more.
        expect(answer.ms, answer.name).toBeLessThan(5000);
        if (answer.expected.says) expect(answer.body, answer.name).toContain(answer.expected.says);
      }
      expect(answers).toHaveLength(sent.length);
      expect(slowestHealth, 'the slowest GET /healthz meanwhile (ms)').toBeLessThan(1000);
    }, 120_000);

    it('shows a person the refusal as a page saying why (a 400)', async () => {
      const response = await fetch(`${origin}/order-return?orderId=${orderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', accept: 'text/html', cookie: customerCookie },
        body: 'reason=damaged&description=x&lines[99999999].count=1',
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(FORM_TOO_LARGE_MESSAGE);
      // Past the form's own maximum but within the global bound: the page's own form message.
      const goodsIn = await fetch(`${origin}/admin/stock/goods-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', accept: 'text/html', cookie: warehouseCookie },
        body: `supplierReference=DN-1&lines[${goodsInRows}].units=1`,
        redirect: 'manual',
      });
      expect(goodsIn.status).toBe(400);
      const page = await goodsIn.text();
      expect(page).toContain('data-testid="goods-in-error"');
      expect(page).toContain(FORM_TOO_LARGE_MESSAGE);
    });

    it('still takes a form of the rows the page shows', async () => {
      const response = await fetch(`${origin}/order-return?orderId=${orderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie: customerCookie },
        body: 'reason=damaged&description=x&lines[0].order_line_id=1&lines[0].count=0',
        redirect: 'manual',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain(FORM_TOO_LARGE_MESSAGE);
    });
  });
}
