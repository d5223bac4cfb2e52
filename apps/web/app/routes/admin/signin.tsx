/**
 * Back-office sign-in: e-mail and password, then (for staff with two-step
 * sign-in on) the 6-digit code from their app or a recovery code. One generic message for every
 * refused password; attempts are counted as customers' sign-ins are ('staffSignIn'), codes per
 * address ('staffCode') and by core per sign-in (5, then the password again) and per member.
 */
import { Form, redirect, useNavigation } from 'react-router';
import { adminFailureOf, retryAfterOf } from '~/server/admin/admin-forms.server';
import { adminAction, adminFailure } from '~/server/admin/admin-page.server';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import { signInFormSchema } from '~/server/admin/staff-access.server';
import { commitStaffSession, destroyStaffSession, safeAdminReturn, staffSessionIdOf, staffSessionOf } from '~/server/admin/staff-session.server';
import { AdminCardPage, AdminField, AdminMessage } from '~/components/admin/admin-frame';
import type { Route } from './+types/signin';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in - Back office' }];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' });
  // Over the attempt limit: when to try again.
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeAdminReturn(url.searchParams.get('return'));
  const session = await staffSessionOf(request, context);
  if (session && !session.awaitingSecondFactor) throw redirect(returnTo);
  // Arrived from another site (a link in an e-mail or a chat): the browser kept the SameSite=Strict
  // cookie back, so a signed-in member would be asked to sign in again. The page reloads itself
  // once; that load is same-origin, so the cookie comes along if there is one (no loop: the
  // reload is not cross-site).
  const site = request.headers.get('sec-fetch-site');
  const recheck = !session && (site === 'cross-site' || site === 'same-site') ? `/admin/signin?return=${encodeURIComponent(returnTo)}` : null;
  return {
    recheck,
    shopName: context.services.shop.tradingName,
    step: session?.awaitingSecondFactor ? ('code' as const) : ('password' as const),
    signedOut: url.searchParams.has('signedout'),
    returnTo,
  };
}

export const action = adminAction({
  // Signing in: nobody is signed in yet (or only half, awaiting the code).
  permission: null,
  schema: signInFormSchema,
  keep: ['email'],
  keepMax: 300,
  async run({ value, request, context }) {
    const { staff } = context.services;
    const returnTo = value.return;
    if (value.intent === 'password') {
      // Over the limit: refused (with when to try again) before the password is checked.
      const attempt = await context.countAttempt('staffSignIn', value.email);
      try {
        const signedIn = await staff.signIn(value.email, value.password);
        const headers = new Headers({ 'Set-Cookie': await commitStaffSession(context, signedIn.sessionId) });
        // The browser is remembered for the member once fully signed in (with two-step on, after the code).
        const deviceCookie = await attempt.succeeded({ rememberDevice: !signedIn.awaitingSecondFactor });
        if (deviceCookie) headers.append('Set-Cookie', deviceCookie);
        // With two-step sign-in on, the same page asks for the code next.
        const next = signedIn.awaitingSecondFactor ? `/admin/signin?return=${encodeURIComponent(returnTo)}` : returnTo;
        return redirect(next, { headers });
      } catch (error) {
        // One generic message for every refused password: core's (it never says which was wrong).
        await attempt.failed(error);
        throw error;
      }
    }

    if (value.intent === 'code') {
      const sessionId = await staffSessionIdOf(request, context);
      const session = await staffSessionOf(request, context);
      if (!sessionId || !session?.awaitingSecondFactor) return redirect(`/admin/signin?return=${encodeURIComponent(returnTo)}`);
      const attempt = await context.countAttempt('staffCode', session.staff.email);
      try {
        // Wrong codes are limited per sign-in and per member by core; a browser the member signed
        // in with before is not held up by codes guessed elsewhere.
        await staff.completeSecondFactor(sessionId, value.code, { knownDevice: attempt.knownDevice });
        const deviceCookie = await attempt.succeeded();
        return redirect(returnTo, deviceCookie ? { headers: { 'Set-Cookie': deviceCookie } } : undefined);
      } catch (error) {
        await attempt.failed(error);
        // Too many wrong codes end the sign-in: the page asks for the password again.
        if (retryAfterOf(error) === null && !(await staff.session(sessionId))) {
          context.memo.delete('staff');
          return adminFailure(value.intent, {}, adminFailureOf(error), 'unauthorized', { 'Set-Cookie': await destroyStaffSession(context) });
        }
        throw error;
      }
    }

    const sessionId = await staffSessionIdOf(request, context);
    if (sessionId) await staff.signOut(sessionId);
    return redirect('/admin/signin', { headers: { 'Set-Cookie': await destroyStaffSession(context) } });
  },
});

export default function AdminSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { shopName, step, signedOut, returnTo, recheck } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { failed, valueOf } = useAdminAnswer(actionData);

  if (step === 'code') {
    return (
      <AdminCardPage shopName={shopName} title="Two-step sign-in">
        <p className="mt-1 text-sm text-stone-600">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
        {failed && (
          <AdminMessage tone="error" testId="admin-signin-message">
            {failed.message}
          </AdminMessage>
        )}
        <Form method="post" className="mt-6 space-y-4" data-testid="admin-code-form">
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="return" value={returnTo} />
          <AdminField id="code" name="code" label="Code" autoComplete="one-time-code" inputMode="text" required autoFocus maxLength={20} />
          <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
            Continue
          </button>
        </Form>
        <Form method="post" className="mt-4 text-center">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="text-sm font-medium text-brand-700 hover:underline">
            Sign in as someone else
          </button>
        </Form>
      </AdminCardPage>
    );
  }

  return (
    <AdminCardPage shopName={shopName} title="Sign in to the back office">
      {recheck && <meta httpEquiv="refresh" content={`0;url=${recheck}`} />}
      <p className="mt-1 text-sm text-stone-600">For the shop&rsquo;s staff. Customers sign in on the shop.</p>
      {signedOut && !failed && (
        <AdminMessage tone="info" testId="admin-signin-message">
          You are signed out.
        </AdminMessage>
      )}
      {failed && (
        <AdminMessage tone="error" testId="admin-signin-message">
          {failed.message}
        </AdminMessage>
      )}
      <Form method="post" className="mt-6 space-y-4" data-testid="admin-signin-form">
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="return" value={returnTo} />
        <AdminField id="email" name="email" label="E-mail" type="email" autoComplete="username" required defaultValue={valueOf('password', 'email')?.trim() ?? ''} />
        <AdminField id="password" name="password" label="Password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
          Sign in
        </button>
      </Form>
      <p className="mt-6 text-xs text-stone-500">Forgotten your password? Ask the shop&rsquo;s owner for a new set-password link.</p>
    </AdminCardPage>
  );
}
