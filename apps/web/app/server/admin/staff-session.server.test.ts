/** The staff cookie and the sign-in's return target: what the back office reads and where it goes after sign-in. */
import { describe, expect, it } from 'vitest';
import { adminSignInPath, commitStaffSession, destroyStaffSession, safeAdminReturn, staffSessionIdOf } from './staff-session.server';

const id = 'A'.repeat(43);
const request = (cookie: string | null, url = 'http://shop.test/admin/orders?page=2') =>
  new Request(url, { headers: cookie === null ? {} : { cookie } });

describe('the staff cookie', () => {
  /** The cookie a browser sends back after `Set-Cookie: <value>`. */
  const sentBack = (setCookie: string) => setCookie.split(';')[0]!;
  const plain = { secure: false };
  const https = { secure: true };

  it('is read back only under its own name for the scheme', async () => {
    const plainCookie = sentBack(await commitStaffSession(plain, id));
    const httpsCookie = sentBack(await commitStaffSession(https, id));
    expect(await staffSessionIdOf(request(`shop_session=x; ${plainCookie}`), plain)).toBe(id);
    expect(await staffSessionIdOf(request(plainCookie), https)).toBeNull();
    expect(await staffSessionIdOf(request(httpsCookie), https)).toBe(id);
    expect(await staffSessionIdOf(request(httpsCookie), plain)).toBeNull();
  });

  it('ignores the customer cookie, a bare or malformed value and a value that is not a session id', async () => {
    const customerCookie = sentBack(await commitStaffSession(plain, id)).replace(/^shop_staff=/, 'shop_session=');
    expect(await staffSessionIdOf(request(customerCookie), plain)).toBeNull();
    expect(await staffSessionIdOf(request(`shop_staff=${id}`), plain)).toBeNull();
    expect(await staffSessionIdOf(request('shop_staff=short'), plain)).toBeNull();
    expect(await staffSessionIdOf(request(sentBack(await commitStaffSession(plain, 'short'))), plain)).toBeNull();
    expect(await staffSessionIdOf(request(null), plain)).toBeNull();
  });

  it('is httpOnly and SameSite=Strict for the whole site, 7 days; __Host- and Secure over HTTPS; cleared with Max-Age=0', async () => {
    expect(await commitStaffSession(plain, id)).toMatch(/^shop_staff=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(await commitStaffSession(https, id)).toMatch(/^__Host-shop_staff=[^;]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const cleared = await destroyStaffSession(https);
    expect(cleared).toMatch(/^__Host-shop_staff=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; /);
    expect(cleared).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });
});

describe('where sign-in goes back to', () => {
  it('names the page asked for', () => {
    expect(adminSignInPath(request(null))).toBe('/admin/signin?return=%2Fadmin%2Forders%3Fpage%3D2');
    expect(adminSignInPath(request(null, 'http://shop.test/admin'))).toBe('/admin/signin');
  });

  it.each([
    ['/admin/orders?state=Dispatched', '/admin/orders?state=Dispatched'],
    ['https://evil.example/admin', '/admin'],
    ['//evil.example/admin', '/admin'],
    ['/admin\\@evil.example', '/admin'],
    ['/landing', '/admin'],
    ['/admin/signout', '/admin'],
    ['/admin/signin?return=/admin', '/admin'],
    [null, '/admin'],
  ])('%s -> %s', (value, expected) => {
    expect(safeAdminReturn(value)).toBe(expected);
  });
});
