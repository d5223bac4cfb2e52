/**
 * The back office's session (DESIGN section 10): its own cookie, apart from the storefront's
 * `shop_session` (session.server.ts never reads this one, and this module never reads that
 * one, so a customer's token never opens /admin and a staff session never acts as a customer).
 *
 * The cookie (React Router's createCookie) holds a random session id (core stores only its
 * SHA-256 hash): httpOnly, SameSite=Strict, Max-Age 7 days (the absolute end; the 8 h idle end
 * is checked by core). Over HTTPS it is `__Host-shop_staff`, Secure (the prefix demands it, and
 * Path=/); over plain HTTP (development) `shop_staff`. Path=/ in both: React Router's client
 * navigations fetch `/admin.data`, which a cookie of Path=/admin would not reach (the dashboard
 * would loop between itself and sign-in). The storefront never reads it.
 *
 * Every admin loader and action calls `requireStaff(request, context, permission?)`: without
 * a live session (or with a sign-in still owing its TOTP code) a redirect to
 * /admin/signin?return=<this page>, without the permission a 403 the admin error boundary shows
 * as "You do not have access to this page.".
 */
import { createCookie, data, redirect, type AppLoadContext } from 'react-router';
import { ADMIN_FORBIDDEN_MESSAGE } from '~/components/admin/admin-frame';
import { can, STAFF_SESSION_ABSOLUTE_MS, type StaffMember, type StaffPermission, type StaffSession } from '@shop/core';

export const STAFF_COOKIE_SECURE = '__Host-shop_staff';
export const STAFF_COOKIE_PLAIN = 'shop_staff';

/** A session id as core makes them: 32 random bytes, base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export function staffCookieName(context: Pick<AppLoadContext, 'secure'>): string {
  return context.secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE_PLAIN;
}

function staffCookie(context: Pick<AppLoadContext, 'secure'>) {
  return createCookie(staffCookieName(context), {
    httpOnly: true,
    sameSite: 'strict',
    secure: context.secure,
    path: '/',
    maxAge: STAFF_SESSION_ABSOLUTE_MS / 1000,
  });
}

/** The session id in this request's staff cookie (the one named for this scheme), else null. */
export async function staffSessionIdOf(request: Request, context: Pick<AppLoadContext, 'secure'>): Promise<string | null> {
  const value: unknown = await staffCookie(context)
    .parse(request.headers.get('cookie'))
    .catch(() => null);
  return typeof value === 'string' && SESSION_ID.test(value) ? value : null;
}

/** The Set-Cookie header value that stores a new staff session. */
export function commitStaffSession(context: Pick<AppLoadContext, 'secure'>, sessionId: string): Promise<string> {
  return staffCookie(context).serialize(sessionId);
}

/** The Set-Cookie header value that removes the staff cookie (sign-out). */
export function destroyStaffSession(context: Pick<AppLoadContext, 'secure'>): Promise<string> {
  return staffCookie(context).serialize('', { maxAge: 0, expires: new Date(0) });
}

/** This request's staff session, full or awaiting its second factor (read once per request). */
export function staffSessionOf(request: Request, context: AppLoadContext): Promise<StaffSession | null> {
  const memo = context.memo.get('staff') as Promise<StaffSession | null> | undefined;
  if (memo) return memo;
  const session = staffSessionIdOf(request, context).then((sessionId) => (sessionId ? context.services.staff.session(sessionId) : null));
  context.memo.set('staff', session);
  return session;
}

/** The signed-in staff member (a full session, second factor given), else null. */
export async function optionalStaff(request: Request, context: AppLoadContext): Promise<StaffMember | null> {
  const session = await staffSessionOf(request, context);
  return session && !session.awaitingSecondFactor ? session.staff : null;
}

/** Where a page sends a visitor without a session: sign-in, coming back to this page after. */
export function adminSignInPath(request: Request): string {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  return here === '/admin' || here === '/admin/' ? '/admin/signin' : `/admin/signin?return=${encodeURIComponent(here)}`;
}

/** Only back-office pages are return targets (never another site, never the storefront). */
export function safeAdminReturn(value: string | null | undefined): string {
  if (!value || !value.startsWith('/admin') || value.startsWith('//') || /[\\\s]/.test(value)) return '/admin';
  if (/^\/admin\/(signin|signout|setup|set-password)(\/|\?|$)/.test(value)) return '/admin';
  return value;
}

/**
 * The signed-in staff member, or: a redirect to /admin/signin?return=<this page> without a
 * live session; a 403 ("You do not have access to this page.") without the permission.
 */
export async function requireStaff(request: Request, context: AppLoadContext, permission?: StaffPermission): Promise<StaffMember> {
  const staff = await optionalStaff(request, context);
  if (!staff) throw redirect(adminSignInPath(request));
  if (permission && !can(staff.role, permission)) throw data({ message: ADMIN_FORBIDDEN_MESSAGE }, { status: 403 });
  return staff;
}
