/**
 * The page session (DESIGN section 4 "Identity"): one httpOnly, SameSite=Lax cookie (Secure
 * over HTTPS) carries the visitor's anonymous session id and, once signed in, the customer's
 * access token: the same opaque, hashed, revocable token the JSON API takes as a Bearer
 * header. Page scripts never see it. Loaders and actions read the visitor through here; the
 * JSON API never reads this cookie.
 */
import { createCookie, redirect, type AppLoadContext } from 'react-router';
import { ACCESS_TOKEN_TTL_MS, type CartOwner } from '@shop/core';

export const SESSION_COOKIE_NAME = 'shop_session';

/** What the cookie holds. Both values are secrets checked by the server on every request. */
export interface PageSession {
  sessionId: string | null;
  token: string | null;
}

export interface Visitor extends PageSession {
  /** The signed-in customer (the token is known, live and not revoked), else null. */
  userId: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function sessionCookie(context: AppLoadContext) {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: 'lax',
    secure: context.secure,
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_MS / 1000,
  });
}

async function readSession(request: Request, context: AppLoadContext): Promise<PageSession> {
  const value = (await sessionCookie(context).parse(request.headers.get('cookie')).catch(() => null)) as Partial<PageSession> | null;
  const sessionId = typeof value?.sessionId === 'string' && UUID.test(value.sessionId) ? value.sessionId : null;
  const token = typeof value?.token === 'string' && TOKEN.test(value.token) ? value.token : null;
  return { sessionId, token };
}

/** The visitor of this request (read once per request, however many loaders ask). */
export function visitorOf(request: Request, context: AppLoadContext): Promise<Visitor> {
  const memo = context.memo.get('visitor') as Promise<Visitor> | undefined;
  if (memo) return memo;
  const visitor = readSession(request, context).then(async (session) => ({
    ...session,
    userId: session.token ? await context.services.accounts.authenticate(session.token) : null,
  }));
  context.memo.set('visitor', visitor);
  return visitor;
}

/** Whose basket the visitor sees: the customer's once signed in, else the anonymous session's. */
export function basketOwnerOf(visitor: Visitor): CartOwner | null {
  if (visitor.userId !== null) return { kind: 'user', userId: visitor.userId };
  if (visitor.sessionId) return { kind: 'session', sessionId: visitor.sessionId };
  return null;
}

/** The Set-Cookie header value that stores this session. */
export function commitSession(context: AppLoadContext, session: PageSession): Promise<string> {
  return sessionCookie(context).serialize(session);
}

/** The Set-Cookie header value that removes the session cookie (sign-out). */
export function destroySession(context: AppLoadContext): Promise<string> {
  return sessionCookie(context).serialize(null, { maxAge: 0, expires: new Date(0) });
}

/**
 * A visitor who can own a basket: the signed-in customer as is, else the anonymous session,
 * created on first need (adding to the basket): visitors who never add anything leave no session
 * rows behind. Answers the Set-Cookie header when the session is new.
 */
export async function ensureBasketSession(request: Request, context: AppLoadContext): Promise<{ visitor: Visitor; setCookie: string | null }> {
  const visitor = await visitorOf(request, context);
  if (visitor.userId !== null) return { visitor, setCookie: null };
  if (visitor.sessionId && (await context.services.sessions.exists(visitor.sessionId))) return { visitor, setCookie: null };
  const sessionId = await context.services.sessions.create('');
  const renewed = { ...visitor, sessionId };
  context.memo.set('visitor', Promise.resolve(renewed));
  return { visitor: renewed, setCookie: await commitSession(context, { sessionId, token: visitor.token }) };
}

/**
 * The signed-in customer's id, or a redirect to sign-in that comes back here (SPEC 6): checkout
 * steps pass `return=<step>`, order pages go to plain /signin as SPEC 2 says; the return form
 * comes back to itself (signInReturningTo).
 */
export async function requireCustomer(request: Request, context: AppLoadContext, signInPath: string): Promise<number> {
  const visitor = await visitorOf(request, context);
  if (visitor.userId === null) throw redirect(signInPath);
  return visitor.userId;
}
