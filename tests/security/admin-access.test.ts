/**
 * Who may open the back office, over HTTP (the app in-process with the storefront build).
 *  - The setup link is logged once at start while there is no owner, and it creates the owner.
 *  - Every /admin page (each route of the build under /admin but sign-in, setup,
 *    set-password and sign-out) redirects to /admin/signin without a staff session, and with a
 *    customer's page cookie or token; an action without a session changes nothing.
 *  - A staff session never acts as a customer.
 *  - The wrong role gets 403 "You do not have access to this page." and changes nothing.
 *  - A cross-site POST to an admin action is refused, even with the owner's cookie.
 *  - Sign-in: one message for every refusal, rate-limited; TOTP as a second step; disabling a
 *    member ends their session at once; over HTTPS the cookie is __Host- and Secure.
 */
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_BUILD_DIR, storefrontIsBuilt, storefrontServerEntry } from '../../apps/server/src/ssr/storefront-build.ts';
import type { ServerBuild } from 'react-router';
import { totpCode } from '../../packages/core/src/staff/totp.ts';
import { until } from '../../apps/server/src/testing/until.ts';
import { signUp } from '../../apps/server/src/testing/basket-fixtures.ts';
import { createSecurityApp, pgliteOnly, type SecurityApp } from './support.ts';

const buildDir = STOREFRONT_BUILD_DIR;
const storefrontBuilt = storefrontIsBuilt();
if (!storefrontBuilt) console.warn(`admin-access: skipped: no storefront build at ${buildDir}; run \`npm run build\`.`);

const PASSWORD = 'correct horse battery';
const PUBLIC_ADMIN_PAGES = ['/admin/signin', '/admin/setup', '/admin/set-password', '/admin/signout'];

/** Every page path of the build under /admin (params filled with 1), from its route table. */
async function adminPagePaths(): Promise<string[]> {
  const build = (await import(storefrontServerEntry(buildDir))) as ServerBuild;
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.index ? '' : (route.path ?? '');
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/').replace(/\/+/g, '/');
  };
  const paths = Object.keys(build.routes)
    .map((id) => `/${fullPath(id)}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/')
    .filter((p) => p === '/admin' || p.startsWith('/admin/'))
    .map((p) => p.replace(/:[^/]+/g, '1').replace(/\*$/, 'no-such-page'))
    .filter((p) => !PUBLIC_ADMIN_PAGES.includes(p));
  return [...new Set(paths)].sort();
}

type Cookies = Record<string, string>;

function cookiesFrom(setCookie: string | string[] | undefined, into: Cookies = {}): Cookies {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at).trim();
    const value = pair!.slice(at + 1).trim();
    if (/Max-Age=0/i.test(line)) delete into[name];
    else into[name] = value;
  }
  return into;
}

function cookieHeader(cookies: Cookies): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

for (const kind of pgliteOnly()) {
  describe.skipIf(!storefrontBuilt)(`security: the back office's doors [${kind}]`, () => {
    let t: SecurityApp;
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    let owner: Cookies = {};

    const get = (url: string, cookies: Cookies = {}, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader(cookies), ...headers } });
    /** A form POST as the browser sends it from the shop's own page (a header given as '' is left out). */
    const post = (url: string, form: Record<string, string>, cookies: Cookies = {}, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(form).toString(),
        headers: Object.fromEntries(
          Object.entries({ 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie: cookieHeader(cookies), ...headers }).filter(
            ([, value]) => value !== '',
          ),
        ),
      });

    async function signIn(email: string, password = PASSWORD): Promise<Cookies> {
      const response = await post('/admin/signin', { intent: 'password', email, password, return: '/admin' });
      expect(response.statusCode, response.body).toBe(302);
      return cookiesFrom(response.headers['set-cookie']);
    }

    /** A member added by the owner's Staff page, with their password set from the link shown. */
    async function member(role: 'owner' | 'manager' | 'warehouse'): Promise<{ email: string; cookies: Cookies }> {
      const email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
      const added = await post('/admin/staff', { intent: 'add', name: `A ${role}`, email, role }, owner);
      expect(added.statusCode, added.body).toBe(200);
      const token = /set-password\?token=([A-Za-z0-9_-]{43})/.exec(added.body)![1]!;
      const set = await post('/admin/set-password', { token, password: PASSWORD, confirm: PASSWORD });
      expect(set.statusCode, set.body).toBe(302);
      return { email, cookies: cookiesFrom(set.headers['set-cookie']) };
    }

    beforeAll(async () => {
      t = await createSecurityApp(kind, {
        storefront: { buildDir },
        logger: { level: 'info', stream },
        env: { AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '5', AUTH_ACCOUNT_FREE_FAILURES: '10', PUBLIC_BASE_URL: 'http://localhost' },
      });
    });
    afterAll(async () => t?.close());

    it('logs one setup link at start, which creates the owner once', async () => {
      const lines = logLines.filter((line) => line.includes('/admin/setup?token='));
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]!) as { level: number; setupLink: string; msg: string };
      expect(entry.level).toBe(40);
      expect(entry.msg).toContain('Back office has no owner yet');
      const link = new URL(entry.setupLink);
      expect(link.pathname).toBe('/admin/setup');
      const token = link.searchParams.get('token')!;

      expect((await get(`/admin/setup?token=${token}`)).body).toContain('Set up the back office');
      const created = await post('/admin/setup', { token, name: 'Olive Owner', email: 'olive@example.com', password: PASSWORD, confirm: PASSWORD });
      expect(created.statusCode, created.body).toBe(302);
      expect(created.headers.location).toBe('/admin');
      const setCookie = String(created.headers['set-cookie']);
      expect(setCookie).toMatch(/^shop_staff=[A-Za-z0-9%]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/);
      owner = cookiesFrom(created.headers['set-cookie']);
      expect((await get('/admin', owner)).body).toContain('Signed in as Olive Owner (Owner).');

      const again = await post('/admin/setup', { token, name: 'Mallory', email: 'mallory@example.com', password: PASSWORD, confirm: PASSWORD });
      expect(again.statusCode).toBe(401);
      expect((await get(`/admin/setup?token=${token}`)).body).toContain('Setup is done');
    });

    it('every admin page redirects to sign-in without a staff session, coming back after', async () => {
      const paths = await adminPagePaths();
      expect(paths).toEqual(expect.arrayContaining(['/admin', '/admin/staff', '/admin/security', '/admin/no-such-page']));
      for (const url of paths) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(302);
        expect(response.headers.location, url).toBe(url === '/admin' ? '/admin/signin' : `/admin/signin?return=${encodeURIComponent(url)}`);
        // React Router's data requests too (client navigations).
        const dataResponse = await get(`${url}.data`);
        expect(dataResponse.body, `${url}.data`).not.toContain('olive@example.com');
        expect([202, 204, 302, 404], `${url}.data`).toContain(dataResponse.statusCode);
      }
    });

    it('arriving at sign-in from another site reloads once (same-origin, so the Strict cookie comes); never in a loop', async () => {
      const crossSite = await get('/admin/signin?return=%2Fadmin%2Fstaff', {}, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.body).toMatch(/<meta http-equiv="refresh" content="0;url=\/admin\/signin\?return=%2Fadmin%2Fstaff"\/>/);
      const reloaded = await get('/admin/signin?return=%2Fadmin%2Fstaff', {}, { 'sec-fetch-site': 'same-origin' });
      expect(reloaded.body).not.toContain('http-equiv="refresh"');
      expect(reloaded.body).toContain('Sign in to the back office');
    });

    it('an admin action without a session changes nothing', async () => {
      const response = await post('/admin/staff', { intent: 'add', name: 'Eve', email: 'eve@example.com', role: 'owner' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/admin/signin?return=%2Fadmin%2Fstaff');
      expect(await t.app.services.staff.byEmail('eve@example.com')).toBeNull();
    });

    it("a customer's page cookie, token or bearer header never opens the back office", async () => {
      const customer = await signUp(t.app);
      const signedIn = await post('/signin', { intent: 'signin', email: customer.email, password: customer.password });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      const customerCookies = cookiesFrom(signedIn.headers['set-cookie']);
      expect(customerCookies.shop_session).toBeTruthy();
      for (const attempt of [
        get('/admin', customerCookies),
        get('/admin', {}, { authorization: `Bearer ${customer.token}` }),
        get('/admin', { shop_staff: customer.token }),
        get('/admin', { __Host_shop_staff: customer.token, 'shop_staff ': customer.token }),
      ]) {
        const response = await attempt;
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/admin/signin');
      }
    });

    it('a staff session never acts as a customer', async () => {
      // The session id the cookie holds (React Router's cookie encoding: base64 of its JSON).
      const staffId = JSON.parse(atob(decodeURIComponent(owner.shop_staff!))) as string;
      expect(staffId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const history = await get('/order-history', owner);
      expect(history.statusCode).toBe(302);
      expect(history.headers.location).toMatch(/^\/signin/);
      const api = await t.app.inject({ method: 'GET', url: '/api/order/GetMine', headers: { authorization: `Bearer ${staffId}` } });
      expect(api.statusCode).toBe(401);
      const pageCookie = await get('/order-history', { shop_session: staffId });
      expect(pageCookie.statusCode).toBe(302);
    });

    it('the wrong role is told it has no access, and its action changes nothing', async () => {
      const warehouse = await member('warehouse');
      const manager = await member('manager');
      for (const who of [warehouse, manager]) {
        const page = await get('/admin/staff', who.cookies);
        expect(page.statusCode).toBe(403);
        expect(page.body).toContain('You do not have access to this page.');
        // The frame stays: the member's own navigation, without Staff.
        expect(page.body).toContain('Sign out');
        expect(page.body).not.toContain('href="/admin/staff"');
        const action = await post('/admin/staff', { intent: 'add', name: 'Sneaky', email: 'sneaky@example.com', role: 'owner' }, who.cookies);
        expect(action.statusCode).toBe(403);
      }
      expect(await t.app.services.staff.byEmail('sneaky@example.com')).toBeNull();
      // What the warehouse sees: Dashboard and Orders only.
      const dashboard = await get('/admin', warehouse.cookies);
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.body).toContain('href="/admin/orders"');
      expect(dashboard.body).not.toContain('href="/admin/customers"');
      expect((await get('/admin', owner)).body).toContain('href="/admin/staff"');
    });

    it('a 20 MB price list is answered with a clear message by the import page, and without a staff cookie with a 413, never a 500', async () => {
      const boundary = '----shop-test-boundary';
      const multipart = (intent: string, file: Buffer) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="prices.csv"\r\nContent-Type: text/csv\r\n\r\n`),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const payload = multipart('dry-run', Buffer.alloc(20 * 1024 * 1024, 'A'));
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin' };
      const manager = await member('manager');
      const answered = await t.app.inject({ method: 'POST', url: '/admin/catalogue/import', payload, headers: { ...headers, cookie: cookieHeader(manager.cookies) } });
      expect(answered.statusCode).toBeLessThan(500);
      expect(answered.body).toContain('The file is 20.0 MB; the largest file that can be imported is 10 MB.');
      const anonymous = await t.app.inject({ method: 'POST', url: '/admin/catalogue/import', payload, headers });
      expect(anonymous.statusCode).toBe(413);
      expect(anonymous.json()).toMatchObject({ error: 'payload_too_large' });
    });

    it('an upload page reads at most 100 kB from anyone but staff allowed to use it, chunked or with a made-up cookie, and says which limit', async () => {
      const warehouse = await member('warehouse');
      const manager = await member('manager');
      /** A body of `total` bytes made as it is read, counting what the server took. */
      const lazyBody = (total: number) => {
        const chunk = Buffer.alloc(64 * 1024, 'A');
        const body = { read: 0, stream: null as unknown as Readable };
        body.stream = new Readable({
          read() {
            if (body.read >= total) return void this.push(null);
            body.read += chunk.length;
            this.push(chunk);
          },
        });
        return body;
      };
      const headers = { 'content-type': 'multipart/form-data; boundary=----x', 'sec-fetch-site': 'same-origin' };
      const refusals: [string, Record<string, string>][] = [
        ['no cookie, chunked', {}],
        ['a made-up staff cookie, chunked', { cookie: 'shop_staff=x' }],
        ['a made-up session id, chunked', { cookie: `shop_staff=${Buffer.from(JSON.stringify('A'.repeat(43))).toString('base64')}` }],
        ['a customer page cookie, chunked', { cookie: 'shop_session=x' }],
        ['the warehouse (no catalogue permission), chunked', { cookie: cookieHeader(warehouse.cookies) }],
      ];
      for (const [who, cookie] of refusals) {
        const body = lazyBody(32 * 1024 * 1024);
        const response = await t.app.inject({ method: 'POST', url: '/admin/catalogue/import', payload: body.stream, headers: { ...headers, ...cookie } });
        expect(response.statusCode, who).toBe(413);
        expect(response.json(), who).toEqual({ error: 'payload_too_large', message: 'The request body is too large (at most 100 kB).' });
        expect(body.read, who).toBeLessThan(1024 * 1024);
      }
      // Declared too large: refused before a byte of the body is read.
      const declared = lazyBody(32 * 1024 * 1024);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/admin/catalogue/products/new',
        payload: declared.stream,
        headers: { ...headers, cookie: 'shop_staff=x', 'content-length': String(32 * 1024 * 1024) },
      });
      expect(refused.statusCode).toBe(413);
      expect(declared.read).toBeLessThan(1024 * 1024);
      // Small anonymous posts still reach the page, which sends them to sign in.
      const small = await post('/admin/catalogue/import', { intent: 'apply' });
      expect(small.statusCode).toBe(302);
      expect(small.headers.location).toContain('/admin/signin');
      // The manager may send up to 32 MB, and is told so above it.
      const tooBig = lazyBody(33 * 1024 * 1024);
      const over = await t.app.inject({ method: 'POST', url: '/admin/catalogue/import', payload: tooBig.stream, headers: { ...headers, cookie: cookieHeader(manager.cookies) } });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ error: 'payload_too_large', message: 'The request body is too large (at most 32 MB).' });
    });

    it('each role reaches exactly the admin pages its permissions allow, on every page of the build', async () => {
      // Pages that are not refused may still answer 404 (no record 1) or 400 (an export without dates).
      const warehousePages = [
        '/admin',
        '/admin/orders',
        '/admin/orders/1',
        '/admin/orders/1/picking-list.pdf',
        // The dispatch desk and its picking lists (docs/dispatch.md).
        '/admin/dispatch',
        '/admin/dispatch/picking-lists.pdf',
        // Returns come back to the warehouse (docs/returns.md): the queue, a return, its photos.
        '/admin/returns',
        '/admin/returns/1',
        '/admin/returns/1/photos/1',
        // Goods-in, counts and the low-stock list (docs/stock.md).
        '/admin/stock',
        '/admin/stock/goods-in',
        '/admin/stock/sizes/1',
        '/admin/security',
        '/admin/no-such-page',
      ];
      const allowed = {
        manager: (url: string) => url !== '/admin/staff',
        warehouse: (url: string) => warehousePages.includes(url),
      };
      const paths = await adminPagePaths();
      expect(paths).toEqual(expect.arrayContaining(['/admin/catalogue', '/admin/catalogue/import', '/admin/customers/1', '/admin/exports/orders.csv']));
      for (const role of ['manager', 'warehouse'] as const) {
        const who = await member(role);
        for (const url of paths) {
          const response = await get(url, who.cookies);
          if (allowed[role](url)) {
            expect(response.statusCode, `${role} ${url}`).not.toBe(403);
            expect(response.statusCode, `${role} ${url}`).toBeLessThan(500);
          } else {
            expect(response.statusCode, `${role} ${url}`).toBe(403);
          }
        }
      }
    });

    it('refuses a cross-site POST to an admin action, even with the owner session', async () => {
      const forged: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        // An older browser: no Sec-Fetch-Site, another site's Origin.
        { 'sec-fetch-site': '', origin: 'http://evil.example' },
      ];
      for (const headers of forged) {
        const response = await post('/admin/staff', { intent: 'add', name: 'Forged', email: 'forged@example.com', role: 'owner' }, owner, headers);
        expect(response.statusCode).toBe(403);
      }
      expect(await t.app.services.staff.byEmail('forged@example.com')).toBeNull();
      const signOut = await post('/admin/signout', {}, owner, { 'sec-fetch-site': 'cross-site' });
      expect(signOut.statusCode).toBe(403);
      expect((await get('/admin', owner)).statusCode).toBe(200);
    });

    it('one message for every refused sign-in, and a limit on guesses', async () => {
      const someone = await member('manager');
      const wrong = await post('/admin/signin', { intent: 'password', email: someone.email, password: 'not the password' });
      const unknown = await post('/admin/signin', { intent: 'password', email: 'nobody@example.com', password: PASSWORD });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.body).toContain('E-mail or password is incorrect.');
      }
      let last = wrong;
      for (let i = 0; i < 6 && last.statusCode !== 429; i++) {
        last = await post('/admin/signin', { intent: 'password', email: someone.email, password: `guess ${i}` });
      }
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBeTruthy();
      // Even the right password now waits (the limit is on guesses at this e-mail from this address).
      expect((await post('/admin/signin', { intent: 'password', email: someone.email, password: PASSWORD })).statusCode).toBe(429);
    });

    it('sign-out ends the session; disabling a member ends theirs at once', async () => {
      const manager = await member('manager');
      expect((await get('/admin', manager.cookies)).statusCode).toBe(200);
      const list = await get('/admin/staff', owner);
      const staffId = (await t.app.services.staff.byEmail(manager.email))!.staffId;
      expect(list.body).toContain(manager.email);
      const disabled = await post('/admin/staff', { intent: 'disable', staffId: String(staffId) }, owner);
      expect(disabled.statusCode).toBe(200);
      expect((await get('/admin', manager.cookies)).statusCode).toBe(302);

      const other = await member('warehouse');
      const out = await post('/admin/signout', {}, other.cookies);
      expect(out.statusCode).toBe(302);
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
      expect((await get('/admin', other.cookies)).statusCode).toBe(302);
    });

    it('with two-step sign-in on, the password alone opens nothing until the code is given', async () => {
      const manager = await member('manager');
      const begun = await post('/admin/security', { intent: 'begin' }, manager.cookies);
      expect(begun.statusCode).toBe(200);
      const page = await get('/admin/security', manager.cookies);
      expect(page.body).toContain('data:image/svg+xml;base64,');
      const staffId = (await t.app.services.staff.byEmail(manager.email))!.staffId;
      const secret = (await t.app.services.staff.pendingTotp(staffId))!.secret;
      const confirmed = await post('/admin/security', { intent: 'confirm', code: totpCode(secret, new Date(Date.now() - 30_000)) }, manager.cookies);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.body).toContain('keep your recovery codes');

      const firstStep = await signIn(manager.email);
      expect((await get('/admin', firstStep)).headers.location).toBe('/admin/signin');
      expect((await get('/admin/signin', firstStep)).body).toContain('Two-step sign-in');
      const wrongCode = await post('/admin/signin', { intent: 'code', code: '000000', return: '/admin' }, firstStep);
      expect(wrongCode.statusCode).toBe(401);
      const secondStep = await post('/admin/signin', { intent: 'code', code: totpCode(secret, new Date()), return: '/admin/staff' }, firstStep);
      expect(secondStep.statusCode).toBe(302);
      expect(secondStep.headers.location).toBe('/admin/staff');
      expect((await get('/admin', firstStep)).statusCode).toBe(200);
    });

    it("guessing a member's password from 20 addresses does not lock them out of the browser they signed in with", async () => {
      const someone = await member('manager');
      const usual = await post('/admin/signin', { intent: 'password', email: someone.email, password: PASSWORD, return: '/admin' });
      expect(usual.statusCode).toBe(302);
      const device = cookiesFrom(usual.headers['set-cookie']).shop_device!;
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const from = (ip: string, password: string, cookies: Cookies = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/admin/signin',
          remoteAddress: ip,
          payload: new URLSearchParams({ intent: 'password', email: someone.email, password, return: '/admin' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie: cookieHeader(cookies) },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await from(`192.0.2.${(i % 20) + 1}`, `guess ${i}`)).statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThan(20);
      // A new address, the member's usual browser, the right password: signed in.
      const signedIn = await from('203.0.113.50', PASSWORD, { shop_device: device });
      expect(signedIn.statusCode, signedIn.body).toBe(302);
      expect(signedIn.headers.location).toBe('/admin');
      // A browser the member never used waits, and is told why (right after one more guess was
      // taken, so the wait has just begun).
      let late = 0;
      await until(async () => (await from(`192.0.2.${(late++ % 20) + 1}`, `late guess ${late}`)).statusCode === 401, 30_000, 'one more guess taken');
      const stranger = await from('203.0.113.51', PASSWORD);
      expect(stranger.statusCode).toBe(429);
      expect(stranger.headers['retry-after']).toBeTruthy();
      expect(stranger.body).toContain('Too many wrong passwords for this account. Please wait');
      expect(stranger.body).toContain('or sign in on a device you have signed in with before.');
    });

    it('five wrong two-step codes end the sign-in: the page asks for the password again', async () => {
      const manager = await member('manager');
      await post('/admin/security', { intent: 'begin' }, manager.cookies);
      const staffId = (await t.app.services.staff.byEmail(manager.email))!.staffId;
      const secret = (await t.app.services.staff.pendingTotp(staffId))!.secret;
      const confirmed = await post('/admin/security', { intent: 'confirm', code: totpCode(secret, new Date(Date.now() - 30_000)) }, manager.cookies);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const firstStep = await signIn(manager.email);
      const near = new Set([-1, 0, 1, 2].map((step) => totpCode(secret, new Date(Date.now() + step * 30_000))));
      const wrong = ['123456', '234567', '345678', '456789', '567890', '678901'].filter((code) => !near.has(code));
      for (let i = 0; i < 4; i++) {
        const refused = await post('/admin/signin', { intent: 'code', code: wrong[i]!, return: '/admin' }, firstStep);
        expect(refused.statusCode).toBe(401);
        expect(refused.body).toContain('That code is not correct.');
      }
      const fifth = await post('/admin/signin', { intent: 'code', code: wrong[4]!, return: '/admin' }, firstStep);
      expect(fifth.statusCode).toBe(401);
      expect(fifth.body).toContain('Too many wrong codes. Sign in with your password again.');
      expect(fifth.body).toContain('data-testid="admin-signin-form"');
      // The right code no longer opens that sign-in.
      const late = await post('/admin/signin', { intent: 'code', code: totpCode(secret, new Date()), return: '/admin' }, firstStep);
      expect(late.headers.location).toBe('/admin/signin?return=%2Fadmin');
      expect((await get('/admin', firstStep)).statusCode).toBe(302);
    });

    it('over HTTPS the cookie is __Host-shop_staff, Secure, for the whole site; the plain-HTTP cookie is not read there', async () => {
      const someone = await member('warehouse');
      const response = await post('/admin/signin', { intent: 'password', email: someone.email, password: PASSWORD, return: '/admin' }, {}, { 'x-forwarded-proto': 'https' });
      expect(response.statusCode).toBe(302);
      const setCookies = [response.headers['set-cookie'] ?? []].flat();
      expect(setCookies.find((line) => line.startsWith('__Host-shop_staff='))).toMatch(/^__Host-shop_staff=[A-Za-z0-9%]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      // The browser is remembered for the member (DESIGN section 4 "Identity"), Secure too.
      expect(setCookies.find((line) => line.startsWith('shop_device='))).toMatch(/^shop_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
      const secure = cookiesFrom(response.headers['set-cookie']);
      expect((await get('/admin', secure, { 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
      expect((await get('/admin', { shop_staff: secure['__Host-shop_staff']! }, { 'x-forwarded-proto': 'https' })).statusCode).toBe(302);
    });

    it("storefront pages load none of the back office's code", async () => {
      const build = (await import(storefrontServerEntry(buildDir))) as ServerBuild;
      const adminModules = Object.entries(build.assets.routes)
        .filter(([id]) => id.startsWith('routes/admin/'))
        .map(([, route]) => route!.module);
      expect(adminModules.length).toBeGreaterThan(3);
      for (const url of ['/landing', '/about', '/signin']) {
        const page = await get(url);
        expect(page.statusCode, url).toBe(200);
        for (const module of adminModules) expect(page.body, `${url} references ${module}`).not.toContain(module);
      }
      // And the back office's pages do load theirs.
      expect((await get('/admin', owner)).body).toContain(build.assets.routes['routes/admin/layout']!.module);
    });

    it('admin pages are private, never cached, never indexed', async () => {
      for (const url of ['/admin', '/admin/signin']) {
        const response = await get(url, owner);
        if (response.statusCode !== 200) continue;
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
        expect(response.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
        expect(response.body).not.toContain('cookie-banner');
      }
    });
  });
}
