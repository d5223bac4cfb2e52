/**
 * The back office's session (issue 9 item 1): its own cookie, apart from the storefront's
 * `shop_session` (session.server.ts never reads this one, and this module never reads that
 * one, so a customer's token never opens /admin and a staff session never acts as a customer).
 *
 * The cookie holds a random session id (core stores only its SHA-256 hash): httpOnly,
 * SameSite=Strict, Max-Age 7 days (the absolute end; the 8 h idle end is checked by core).
 * Over HTTPS it is `__Host-shop_staff`, Secure (the prefix demands it, and Path=/); over plain
 * HTTP (development) `shop_staff`. Path=/ in both: React Router's client navigations fetch
 * `/admin.data`, which a cookie of Path=/admin would not reach (the dashboard would loop between
 * itself and sign-in). The storefront never reads it.
 *
 * Every admin loader and action calls `requireStaff(request, context, permission?)`: without
 * a live session (or with a sign-in still owing its TOTP code) a redirect to
 * /admin/signin?return=<this page>, without the permission a 403 the admin error boundary shows
 * as "You do not have access to this page.".
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { ADMIN_FORBIDDEN_MESSAGE } from './admin-frame';
import { can, STAFF_SESSION_ABSOLUTE_MS, type StaffMember, type StaffPermission, type StaffSession } from '@shop/core';

export const STAFF_COOKIE_SECURE = '__Host-shop_staff';
export const STAFF_COOKIE_PLAIN = 'shop_staff';

export function staffCookieName(context: Pick<AppLoadContext, 'secure'>): string {
  return context.secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE_PLAIN;
}

function cookieAttributes(context: Pick<AppLoadContext, 'secure'>): string {
  return context.secure ? 'Path=/; HttpOnly; SameSite=Strict; Secure' : 'Path=/; HttpOnly; SameSite=Strict';
}

/** The session id in this request's staff cookie (the one named for this scheme), else null. */
export function staffSessionIdOf(request: Request, context: Pick<AppLoadContext, 'secure'>): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  const name = staffCookieName(context);
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }
  return null;
}

/** The Set-Cookie header value that stores a new staff session. */
export function commitStaffSession(context: Pick<AppLoadContext, 'secure'>, sessionId: string): string {
  return `${staffCookieName(context)}=${sessionId}; Max-Age=${STAFF_SESSION_ABSOLUTE_MS / 1000}; ${cookieAttributes(context)}`;
}

/** The Set-Cookie header value that removes the staff cookie (sign-out). */
export function destroyStaffSession(context: Pick<AppLoadContext, 'secure'>): string {
  return `${staffCookieName(context)}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes(context)}`;
}

/** This request's staff session, full or awaiting its second factor (read once per request). */
export function staffSessionOf(request: Request, context: AppLoadContext): Promise<StaffSession | null> {
  const memo = context.memo.get('staff') as Promise<StaffSession | null> | undefined;
  if (memo) return memo;
  const sessionId = staffSessionIdOf(request, context);
  const session = sessionId ? context.services.staff.session(sessionId) : Promise.resolve(null);
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
