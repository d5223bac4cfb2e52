/**
 * Reset password (SPEC 2, 5, 8; DESIGN 4): the page of the e-mailed link
 * /resetpassword?users={id}&token={t}[&return=]. Two password fields (5-50 characters);
 * the page's action sets the new password (core's resetPassword, as PUT /api/forgotpassword).
 * A link without its user or token cannot work, so the page says so and offers to request a new one.
 */
import { Form, Link, useActionData, useNavigation, useSearchParams, type MetaFunction } from 'react-router';
import { resetPasswordAction } from '~/server/account/account-actions.server';
import { pageMeta } from '~/components/page-meta';
import { AccountLayout } from '~/components/account/account-layout';
import { FormMessage } from '~/components/account/form-message';
import { withReturn } from '~/components/account/return-target';
import { useShopForm } from '~/components/account/shop-form';
import { TextField } from '~/components/account/text-field';
import { AccountSubmitButton } from '~/components/account/submit-button';
import type { Route } from './+types/resetpassword';
import { postedForm } from '~/server/forms.server';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Reset Password', 'Choose a new password for your account.'),
  // The page of a personal, single-use link: nothing for search engines.
  { name: 'robots', content: 'noindex' },
];

export async function action({ request, context }: Route.ActionArgs) {
  return resetPasswordAction(request, context, await postedForm(request));
}

export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const userId = search.get('users') ?? '';
  const token = search.get('token') ?? '';
  const signInHref = withReturn('/signin', search);
  const complete = /^\d{1,10}$/.test(userId) && Number(userId) > 0 && token !== '';

  return (
    <AccountLayout>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">Reset Password</h1>
      {complete ? (
        <ResetPasswordForm signInHref={signInHref} />
      ) : (
        <div className="mt-4 space-y-4" data-testid="reset-link-incomplete">
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            This password reset link is incomplete. Please open the link exactly as it appears in our e-mail, or request a new one.
          </p>
          <p className="text-sm text-stone-600">
            To request a new link, go to Sign In and choose &lsquo;Forgot your password?&rsquo;.
          </p>
          <Link to={signInHref} className="btn-primary w-full">
            Request a new link
          </Link>
        </div>
      )}
    </AccountLayout>
  );
}

function ResetPasswordForm({ signInHref }: { signInHref: string }) {
  const answer = useActionData<typeof action>();
  const { fields, formProps } = useShopForm('resetPasswordFormSchema', { id: 'reset-form', answer });
  const sending = useNavigation().state === 'submitting';
  const done = answer?.ok === true;
  const message = answer && !answer.ok ? { tone: 'error' as const, text: answer.message } : null;

  if (done) {
    return (
      <div className="mt-4 space-y-4">
        <FormMessage message={{ tone: 'success', text: 'Your password has been reset. You can now sign in with your new password.' }} testId="reset-message" />
        <Link to={signInHref} className="btn-primary w-full">
          Sign In
        </Link>
      </div>
    );
  }

  return (
    <>
      <p className="mt-1 text-sm text-stone-600">Choose a new password of 5 to 50 characters.</p>
      <Form method="post" {...formProps} className="mt-6 space-y-4" data-testid="reset-form">
        <FormMessage message={message} testId="reset-message" />
        {answer && !answer.ok && answer.fields.token ? (
          <p className="text-sm text-stone-700" data-testid="reset-link-used">
            {answer.fields.token}{' '}
            <Link to={signInHref} className="font-medium text-brand-700 hover:underline">
              Ask for a new link
            </Link>{' '}
            with “Forgot your password?” on the sign-in page.
          </p>
        ) : null}
        <TextField id="reset-password" label="Password" type="password" autoComplete="new-password" required field={fields.password} />
        <TextField
          id="reset-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          field={fields.confirmPassword}
        />
        <AccountSubmitButton className="btn-primary w-full py-2.5" disabled={sending}>
          Reset Password
        </AccountSubmitButton>
      </Form>
    </>
  );
}
