/**
 * The account forms' actions (SPEC 4, 7, 8; DESIGN 4): sign-in, sign-up, forgot and reset
 * password, in-process through core's AccountService, each form parsed by its schema (the one
 * the browser checks, and the JSON API's fields) with the same attempt limits (context.countAttempt). A successful sign-in or sign-up moves the visitor's
 * anonymous basket into the account and stores the token in the page session cookie (httpOnly),
 * then goes to the return URL or /landing.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { forgotPasswordFormSchema, resetPasswordBodySchema, resetPasswordFormSchema, signInFormSchema, signUpFormSchema } from '@shop/contract';
import { messages } from '@shop/contract/browser';
import { Invalid, RESET_LINK_INVALID_MESSAGE } from '@shop/core';
import { commitSession, visitorOf } from '~/session.server';
import { leaveBasketMergeNotice } from '~/server/cart/basket-merge-notice.server';
import { failure, failureFrom, parseForm, refusedForm, typedValues } from '~/server/forms.server';
import { returnTarget } from '~/components/account/return-target';

/** SPEC 4: a visitor who is already signed in and has a return parameter goes straight on to it. */
export async function goOnWhenSignedIn(request: Request, context: AppLoadContext): Promise<void> {
  const target = returnTarget(new URL(request.url).searchParams);
  if (target && (await visitorOf(request, context)).userId !== null) throw redirect(target);
}

/**
 * Signed in: merge the baskets (a pack in both keeps the larger count, DESIGN 4), store the token
 * in the cookie, and go on; the next page says once what the merge did.
 */
async function signedIn(request: Request, context: AppLoadContext, userId: number, token: string, deviceCookie: string | null = null) {
  const visitor = await visitorOf(request, context);
  const headers = new Headers();
  // This browser is remembered for the account: guessing from elsewhere does not slow it down (DESIGN 4).
  if (deviceCookie) headers.append('Set-Cookie', deviceCookie);
  if (visitor.sessionId) {
    try {
      const { notice } = await context.services.carts.mergeGuestBasket(userId, { anonymousUserId: visitor.sessionId, userId });
      if (notice) headers.append('Set-Cookie', await leaveBasketMergeNotice(context, notice));
    } catch (error) {
      // The customer is signed in either way; their anonymous basket simply stays behind.
      console.error('Moving the basket to the account failed', error);
    }
  }
  headers.append('Set-Cookie', await commitSession(context, { sessionId: visitor.sessionId, token }));
  const target = returnTarget(new URL(request.url).searchParams) ?? '/landing';
  return redirect(target, { headers });
}

/**
 * A failed account form answers SPEC 8's one text for it, whatever core said (no hint whether an
 * e-mail is registered); only a rate limit says more, so the customer knows to wait.
 */
function specFailure(error: unknown, intent: string, specMessage: string, values?: Record<string, string>, code?: string) {
  const { data: refused } = failureFrom(error, intent);
  const limited = refused.error === 'too_many_requests';
  return failure(limited ? refused.error : (code ?? refused.error), limited ? refused.message : specMessage, {}, intent, values);
}

export async function signInAction(request: Request, context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, signInFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'signin');
  const { email, password } = parsed.value;
  try {
    const attempt = await context.countAttempt('signIn', email);
    const { userId, token } = await context.services.accounts.signIn(email, password).catch(async (error: unknown) => {
      await attempt.failed(error);
      throw error;
    });
    return await signedIn(request, context, userId, token, await attempt.succeeded());
  } catch (error) {
    return specFailure(error, 'signin', messages.loginFailed, typedValues(form), 'unauthorized');
  }
}

export async function signUpAction(request: Request, context: AppLoadContext, form: FormData) {
  // The page's form has Confirm Password, which must match (DESIGN 4); the account is the API's body.
  const parsed = parseForm(form, signUpFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'signup');
  const { confirmPassword: _confirmed, ...account } = parsed.value;
  try {
    await context.countAttempt('signUp', account.email);
    const { userId, token } = await context.services.accounts.signUp(account);
    return await signedIn(request, context, userId, token);
  } catch (error) {
    return specFailure(error, 'signup', messages.signUpFailed, typedValues(form));
  }
}

export async function forgotPasswordAction(context: AppLoadContext, form: FormData) {
  const parsed = parseForm(form, forgotPasswordFormSchema);
  if (!parsed.ok) return refusedForm(parsed, 'forgot');
  try {
    await context.countAttempt('forgotPassword', parsed.value.email);
    // The same answer for every address (DESIGN section 4): the link goes only to a customer's.
    await context.services.accounts.requestPasswordReset(parsed.value.email);
    return data({ ok: true as const, intent: 'forgot', message: messages.forgotPasswordSent });
  } catch (error) {
    return specFailure(error, 'forgot', messages.forgotPasswordFailed, typedValues(form));
  }
}

export async function resetPasswordAction(request: Request, context: AppLoadContext, form: FormData) {
  const typed = parseForm(form, resetPasswordFormSchema);
  if (!typed.ok) return refusedForm(typed, 'reset');
  // The user and token are the e-mailed link's (never the form's), checked as PUT
  // /api/forgotpassword checks them.
  const search = new URL(request.url).searchParams;
  form.set('user_id', search.get('users') ?? '');
  form.set('token', search.get('token') ?? '');
  const parsed = parseForm(form, resetPasswordBodySchema);
  if (!parsed.ok) return refusedForm(parsed, 'reset');
  try {
    await context.countAttempt('resetPassword', null);
    const { accounts } = context.services;
    const { userId } = await accounts.resetPassword({ userId: parsed.value.user_id, token: parsed.value.token, password: parsed.value.password });
    // The e-mailed link proves the account is theirs: this browser is remembered for it, so
    // guessing from elsewhere does not hold up their sign-in with the new password (DESIGN 4).
    const { email } = await accounts.userDetails(userId, userId);
    const headers = { 'Set-Cookie': await context.rememberDevice('customer', email) };
    return data({ ok: true as const, intent: 'reset', message: 'Your password has been reset. You can now sign in with your new password.' }, { headers });
  } catch (error) {
    // SPEC 8 uses the sign-up text for reset errors (a used or expired link included); a link
    // that no longer works also says so, beside it, and how to get a new one.
    const refused = specFailure(error, 'reset', messages.signUpFailed);
    if (error instanceof Invalid && error.message === RESET_LINK_INVALID_MESSAGE) refused.data.fields.token = RESET_LINK_INVALID_MESSAGE;
    return refused;
  }
}
