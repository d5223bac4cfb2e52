/**
 * Sign up (SPEC 2, 4, 5): 'Create Account' with First Name, Last Name, Email, Password, Confirm
 * Password and Phone, each with its inline message once touched or changed; the newsletter box
 * unticked until the customer ticks it (consent is given, not assumed: DESIGN section 4); 'Sign Up' disabled while the form is invalid (once the page is interactive:
 * without JavaScript the form posts and the action answers the same messages, from the same
 * schema). Success is
 * handled like a sign-in (basket moved over, then the return URL or /landing).
 */
import { Form, Link, useNavigation, useSearchParams, type MetaFunction } from 'react-router';
import { goOnWhenSignedIn, signUpAction } from '~/server/account/account-actions.server';
import { pageMeta } from '~/components/page-meta';
import type { ShopRouteHandle } from '~/components/shop-layout';
import { AccountLayout, AccountSidePanel } from '~/components/account/account-layout';
import { FormMessage } from '~/components/account/form-message';
import { withReturn } from '~/components/account/return-target';
import { useShopForm } from '~/components/account/shop-form';
import { EMAIL_HINT, TextField } from '~/components/account/text-field';
import { AccountSubmitButton } from '~/components/account/submit-button';
import type { Route } from './+types/signup';
import { postedForm } from '~/server/forms.server';

// Registering is the 'Login/Register' step of the checkout when the customer came from the basket.
export const handle = {
  checkoutStep: (search: URLSearchParams) => (search.has('return') ? 1 : null),
} satisfies ShopRouteHandle;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Create Account', 'Create an account to order packaging at trade prices, save your addresses and see your past orders.');

export async function loader({ request, context }: Route.LoaderArgs) {
  await goOnWhenSignedIn(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return signUpAction(request, context, await postedForm(request));
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  // The newsletter box starts unticked (DESIGN section 4: SPEC 2 says ticked, UK PECR/GDPR want
  // consent given); after a refusal, as the customer left it.
  const { fields, formProps, valid } = useShopForm('signUpFormSchema', { id: 'signup-form', defaultValue: { newsletter: false }, answer: failed });
  const sending = useNavigation().state === 'submitting';
  const signInHref = withReturn('/signin', search);

  return (
    <AccountLayout
      aside={
        <AccountSidePanel
          heading="Already have an account?"
          intro="Sign in to use your saved addresses and check out in a few clicks."
          points={['Your basket comes with you', 'Saved delivery and billing addresses', 'Your past orders in one place']}
          actionLabel="Sign In"
          actionHref={signInHref}
        />
      }
    >
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">Create Account</h1>
      <p className="mt-1 text-sm text-stone-600">or use your email for registration</p>

      <Form method="post" {...formProps} className="mt-6 space-y-4" data-testid="signup-form">
        <FormMessage message={failed ? { tone: 'error', text: failed.message } : null} testId="signup-message" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="signup-first-name" label="First Name" autoComplete="given-name" required field={fields.first_name} />
          <TextField id="signup-last-name" label="Last Name" autoComplete="family-name" required field={fields.last_name} />
        </div>
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          hint={EMAIL_HINT}
          field={fields.email}
        />
        <TextField id="signup-password" label="Password" type="password" autoComplete="new-password" required field={fields.password} />
        <TextField
          id="signup-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          field={fields.confirmPassword}
        />
        <TextField id="signup-phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" required field={fields.phone} />

        <div className="flex items-start gap-3 rounded-md bg-stone-50 p-3">
          <input
            id="signup-newsletter"
            name={fields.newsletter.name}
            type="checkbox"
            defaultChecked={fields.newsletter.initialValue === 'on'}
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-stone-400 accent-brand-600"
          />
          <label htmlFor="signup-newsletter" className="text-sm text-stone-700">
            To receive great offers and packaging tips, sign up to our newsletter
          </label>
        </div>

        <AccountSubmitButton className="btn-primary w-full py-2.5" disabled={valid === false || sending}>
          Sign Up
        </AccountSubmitButton>
      </Form>

      <p className="mt-6 border-t border-stone-200 pt-5 text-center text-sm text-stone-600 md:hidden">
        Already have an account?{' '}
        <Link to={signInHref} className="font-semibold text-brand-700 hover:underline">
          Sign In
        </Link>
      </p>
    </AccountLayout>
  );
}
