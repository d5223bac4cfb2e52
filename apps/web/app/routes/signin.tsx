/**
 * Sign in (SPEC 2, 4): e-mail and password, the 'Forgot your password?' modal (opened by
 * ?forgot, so it works without JavaScript) and a link to sign up. With `?return=` the checkout
 * header shows step 1, a signed-in visitor goes straight on, and a successful sign-in returns
 * there (else /landing) after moving the basket over. Both forms post to this page's action.
 */
import { Form, Link, useNavigation, useSearchParams, type MetaFunction } from 'react-router';
import { forgotPasswordAction, goOnWhenSignedIn, signInAction } from '~/server/account/account-actions.server';
import { failure, postedForm } from '~/server/forms.server';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { AccountLayout, AccountSidePanel } from '~/components/account/account-layout';
import { ForgotPasswordModal } from '~/components/account/forgot-password-modal';
import { FormMessage } from '~/components/account/form-message';
import { withReturn } from '~/components/account/return-target';
import { useShopForm } from '~/components/account/shop-form';
import { TextField } from '~/components/account/text-field';
import { AccountSubmitButton } from '~/components/account/submit-button';
import type { Route } from './+types/signin';

export const handle = {
  checkoutStep: (search: URLSearchParams) => (search.has('return') ? 1 : null),
} satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Sign In', 'Sign in to your account to check out, manage your delivery addresses and see your past orders.');

/** SPEC 4: with a return parameter, a visitor who is already signed in goes straight on to it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await goOnWhenSignedIn(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const intent = form.get('intent');
  if (intent === 'signin') return signInAction(request, context, form);
  if (intent === 'forgot') return forgotPasswordAction(context, form);
  return failure('invalid_request', 'Unknown form.');
}

export default function SignInPage({ actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const signInAnswer = actionData?.intent === 'signin' ? actionData : undefined;
  const forgotAnswer = actionData?.intent === 'forgot' ? actionData : undefined;
  const failed = signInAnswer && !signInAnswer.ok ? signInAnswer : undefined;
  const { fields, formProps } = useShopForm('signInFormSchema', { id: 'signin-form', answer: failed });
  const sending = useNavigation().formData?.get('intent') === 'signin';
  const signUpHref = withReturn('/signup', search);
  const forgotOpen = search.has('forgot');
  const withForgot = new URLSearchParams(search);
  withForgot.set('forgot', '');
  const withoutForgot = new URLSearchParams(search);
  withoutForgot.delete('forgot');
  const signInHref = `/signin${withoutForgot.size ? `?${withoutForgot}` : ''}`;

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

      <Form method="post" {...formProps} className="mt-6 space-y-4" data-testid="signin-form">
        <input type="hidden" name="intent" value="signin" />
        <FormMessage message={failed ? { tone: 'error', text: failed.message } : null} testId="signin-message" />
        <TextField id="signin-email" label="Email" type="email" autoComplete="email" inputMode="email" required field={fields.email} />
        <div>
          <TextField id="signin-password" label="Password" type="password" autoComplete="current-password" required field={fields.password} />
          <div className="mt-2 text-right">
            <Link
              to={`/signin?${withForgot}`}
              role="button"
              replace
              preventScrollReset
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
            >
              Forgot your password?
            </Link>
          </div>
        </div>
        <AccountSubmitButton className="btn-primary w-full py-2.5" disabled={sending}>
          Sign In
        </AccountSubmitButton>
      </Form>

      <p className="mt-6 border-t border-stone-200 pt-5 text-center text-sm text-stone-600 md:hidden">
        New customer?{' '}
        <Link to={signUpHref} className="font-semibold text-brand-700 hover:underline">
          Sign Up
        </Link>
      </p>

      <ForgotPasswordModal open={forgotOpen} closeHref={signInHref} answer={forgotAnswer} initialEmail={fields.email.value?.trim() ?? ''} />
    </AccountLayout>
  );
}
