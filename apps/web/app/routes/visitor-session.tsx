/**
 * POST /visitor-session (SPEC 4 "Session"): a first visit's browser asks for its session once
 * the page is interactive; the id goes into the page session cookie and, by the shop frame,
 * into localStorage. Visitors without JavaScript get theirs when they first add to the basket.
 */
import { data, redirect } from 'react-router';
import { ensureBasketSession } from '~/session.server';
import type { Route } from './+types/visitor-session';

export async function action({ request, context }: Route.ActionArgs) {
  const { visitor, setCookie } = await ensureBasketSession(request, context);
  return data({ sessionId: visitor.sessionId }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

export function loader() {
  return redirect('/landing');
}
