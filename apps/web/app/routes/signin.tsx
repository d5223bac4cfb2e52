/**
 * Sign in (SPEC 2, 4): e-mail and password, the 'Forgot your password?' modal and a link to
 * sign up. With `?return=` the checkout header shows step 1, a signed-in visitor goes straight
 * on, and a successful sign-in returns there (else /landing) after moving the basket over.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams, type MetaFunction } from 'react-router';
import { messages, signInRules } from '@shop/contract/browser';
import { api } from '~/lib/api-client';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { AccountLayout, AccountSidePanel } from '~/components/account/account-layout';
import { ForgotPasswordModal } from '~/components/account/forgot-password-modal';
import { FormMessage, type FormMessageValue } from '~/components/account/form-message';
import { withReturn } from '~/components/account/return-target';
import { failureText, useCompleteSignIn, useRedirectWhenSignedIn, type AuthResult } from '~/components/account/sign-in-flow';
import { TextField } from '~/components/account/text-field';
import { useValidatedForm } from '~/components/account/use-validated-form';
import { AccountSubmitButton } from '~/components/account/submit-button';

export const handle = {
  checkoutStep: (search: URLSearchParams) => (search.has('return') ? 1 : null),
} satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Sign In', 'Sign in to your account to check out, manage your delivery addresses and see your past orders.');

export default function SignInPage() {
  const [search] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  useRedirectWhenSignedIn();
  const form = useValidatedForm(signInRules, { email: '', password: '' });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [sending, setSending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const signUpHref = withReturn('/signup', search);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid) {
      form.showAll();
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const result = await api<AuthResult>('/account', { method: 'POST', body: { email: form.values.email.trim(), password: form.values.password } });
      if (!result.userId || !result.token) {
        setMessage({ tone: 'error', text: messages.loginFailed });
        return;
      }
      await completeSignIn(result);
    } catch (error) {
      setMessage({ tone: 'error', text: failureText(error, messages.loginFailed) });
    } finally {
      setSending(false);
    }
  };

  return (
    <AccountLayout
      aside={
        <AccountSidePanel
          heading="New customer?"
          intro="Create an account in a minute and check out faster every time you order packaging."
          points={[
            'Trade prices on boxes, mailing bags, tape and more',
            'Save delivery and billing addresses',
            'See your past orders and reorder with ease',
          ]}
          actionLabel="Sign Up"
          actionHref={signUpHref}
        />
      }
    >
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">Sign In</h1>
      <p className="mt-1 text-sm text-stone-600">Welcome back. Sign in with your e-mail address and password.</p>

      <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-4" data-testid="signin-form">
        <FormMessage message={message} testId="signin-message" />
        <TextField id="signin-email" label="Email" type="email" autoComplete="email" inputMode="email" required binding={form.field('email')} />
        <div>
          <TextField id="signin-password" label="Password" type="password" autoComplete="current-password" required binding={form.field('password')} />
          <div className="mt-2 text-right">
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
              onClick={() => setForgotOpen(true)}
            >
              Forgot your password?
            </button>
          </div>
        </div>
        <AccountSubmitButton className="btn-primary w-full py-2.5" disabled={sending}>
          Sign In
        </AccountSubmitButton>
      </form>

      <p className="mt-6 border-t border-stone-200 pt-5 text-center text-sm text-stone-600 md:hidden">
        New customer?{' '}
        <Link to={signUpHref} className="font-semibold text-brand-700 hover:underline">
          Sign Up
        </Link>
      </p>

      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={form.values.email.trim()} />
    </AccountLayout>
  );
}
