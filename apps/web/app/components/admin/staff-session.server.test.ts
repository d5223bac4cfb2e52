/** The staff cookie and the sign-in's return target: what the back office reads and where it goes after sign-in. */
import { describe, expect, it } from 'vitest';
import { adminSignInPath, commitStaffSession, destroyStaffSession, safeAdminReturn, staffSessionIdOf } from './staff-session.server';

const id = 'A'.repeat(43);
const request = (cookie: string | null, url = 'http://shop.test/admin/orders?page=2') =>
  new Request(url, { headers: cookie === null ? {} : { cookie } });

describe('the staff cookie', () => {
  it('is read only under its own name for the scheme', () => {
    expect(staffSessionIdOf(request(`shop_session=x; shop_staff=${id}`), { secure: false })).toBe(id);
    expect(staffSessionIdOf(request(`shop_staff=${id}`), { secure: true })).toBeNull();
    expect(staffSessionIdOf(request(`__Host-shop_staff=${id}`), { secure: true })).toBe(id);
    expect(staffSessionIdOf(request(`__Host-shop_staff=${id}`), { secure: false })).toBeNull();
  });

  it('ignores the customer cookie and malformed values', () => {
    expect(staffSessionIdOf(request(`shop_session=${id}`), { secure: false })).toBeNull();
    expect(staffSessionIdOf(request('shop_staff=short'), { secure: false })).toBeNull();
    expect(staffSessionIdOf(request(null), { secure: false })).toBeNull();
  });

  it('is httpOnly and SameSite=Strict; __Host- and Secure over HTTPS; cleared with Max-Age=0', () => {
    expect(commitStaffSession({ secure: false }, id)).toBe(`shop_staff=${id}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict`);
    expect(commitStaffSession({ secure: true }, id)).toBe(`__Host-shop_staff=${id}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict; Secure`);
    expect(destroyStaffSession({ secure: true })).toMatch(/^__Host-shop_staff=; Max-Age=0; .*Secure$/);
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
