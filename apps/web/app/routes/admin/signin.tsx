/**
 * Back-office sign-in: e-mail and password, then (for staff with two-step
 * sign-in on) the 6-digit code from their app or a recovery code. One generic message for every
 * refused password; attempts are counted as customers' sign-ins are ('staffSignIn'), codes per
 * address ('staffCode') and by core per sign-in (5, then the password again) and per member.
 */
import { data, Form, redirect, useNavigation } from 'react-router';
import { adminFailureOf, postedText, retryAfterOf } from '~/server/admin/admin-forms.server';
import { readForm } from '~/server/forms.server';
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

type Answer = { ok: false; message: string; email?: string };

function refused(message: string, status: number, email?: string) {
  return data<Answer>({ ok: false, message, ...(email ? { email } : {}) }, { status });
}

/** Too many attempts (the shared counters) as the page's message, with Retry-After. */
function limited(error: unknown, email?: string) {
  const retryAfter = retryAfterOf(error);
  if (retryAfter === null) throw error;
  return data<Answer>({ ok: false, message: (error as Error).message, ...(email ? { email } : {}) }, { status: 429, headers: { 'Retry-After': String(retryAfter) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, signInFormSchema);
  if (!form.ok) {
    const { email } = postedText(form.posted, ['email'], 300);
    return refused(form.problems.message, form.problems.status, email.trim());
  }
  const { staff } = context.services;
  const { intent, return: returnTo } = form.value;

  if (intent === 'password') {
    const { email, password } = form.value;
    let attempt;
    try {
      attempt = await context.countAttempt('staffSignIn', email);
    } catch (error) {
      return limited(error, email);
    }
    try {
      const signedIn = await staff.signIn(email, password);
      const headers = new Headers({ 'Set-Cookie': await commitStaffSession(context, signedIn.sessionId) });
      // The browser is remembered for the member once fully signed in (with two-step on, after the code).
      const deviceCookie = await attempt.succeeded({ rememberDevice: !signedIn.awaitingSecondFactor });
      if (deviceCookie) headers.append('Set-Cookie', deviceCookie);
      // With two-step sign-in on, the same page asks for the code next.
      const next = signedIn.awaitingSecondFactor ? `/admin/signin?return=${encodeURIComponent(returnTo)}` : returnTo;
      return redirect(next, { headers });
    } catch (error) {
      await attempt.failed(error);
      // One generic message for every refused password: core's (it never says which was wrong).
      const failure = adminFailureOf(error);
      if (failure.status === 401) return refused(failure.message, 401, email);
      throw error;
    }
  }

  if (intent === 'code') {
    const sessionId = await staffSessionIdOf(request, context);
    const session = await staffSessionOf(request, context);
    if (!sessionId || !session?.awaitingSecondFactor) return redirect(`/admin/signin?return=${encodeURIComponent(returnTo)}`);
    let attempt;
    try {
      attempt = await context.countAttempt('staffCode', session.staff.email);
    } catch (error) {
      return limited(error);
    }
    try {
      // Wrong codes are limited per sign-in and per member by core; a browser the member signed
      // in with before is not held up by codes guessed elsewhere.
      await staff.completeSecondFactor(sessionId, form.value.code, { knownDevice: attempt.knownDevice });
      const deviceCookie = await attempt.succeeded();
      return redirect(returnTo, deviceCookie ? { headers: { 'Set-Cookie': deviceCookie } } : undefined);
    } catch (error) {
      await attempt.failed(error);
      if (retryAfterOf(error) !== null) return limited(error);
      const failure = adminFailureOf(error);
      if (failure.status !== 401) throw error;
      // Too many wrong codes end the sign-in: the page asks for the password again.
      if (!(await staff.session(sessionId))) {
        context.memo.delete('staff');
        return data<Answer>({ ok: false, message: failure.message }, { status: 401, headers: { 'Set-Cookie': await destroyStaffSession(context) } });
      }
      return refused(failure.message, 401);
    }
  }

  const sessionId = await staffSessionIdOf(request, context);
  if (sessionId) await staff.signOut(sessionId);
  return redirect('/admin/signin', { headers: { 'Set-Cookie': await destroyStaffSession(context) } });
}

export default function AdminSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { shopName, step, signedOut, returnTo, recheck } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : undefined;

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
        <AdminField id="email" name="email" label="E-mail" type="email" autoComplete="username" required defaultValue={failed?.email ?? ''} />
        <AdminField id="password" name="password" label="Password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
          Sign in
        </button>
      </Form>
      <p className="mt-6 text-xs text-stone-500">Forgotten your password? Ask the shop&rsquo;s owner for a new set-password link.</p>
    </AdminCardPage>
  );
}
