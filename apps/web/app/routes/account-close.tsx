/**
 * Close Your Account, for a signed-in customer (else /signin?return=account): what closing erases
 * and what the shop keeps (orders and invoices, six years, HMRC), why it cannot be closed yet when
 * an order is still open (core's AccountClosure), and the form: the current password again and a
 * ticked box. A plain POST that works without JavaScript; once closed the page session cookie is
 * removed and ?closed=1 says so (that answer needs no sign-in: the customer has none any more).
 */
import { Form, Link, useNavigation, type MetaFunction } from 'react-router';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { useShopForm } from '~/components/account/shop-form';
import { TextField } from '~/components/account/text-field';
import { requireCustomer } from '~/session.server';
import { closeAccount, closeAccountPage } from '~/server/account/data-rights.server';
import { postedForm } from '~/server/forms.server';
import type { Route } from './+types/account-close';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Close Your Account', 'Close your account: what is erased, and what we must keep.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=account';

export function loader({ request, context }: Route.LoaderArgs) {
  return closeAccountPage(request, context, SIGN_IN);
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  return closeAccount(userId, context, await postedForm(request));
}

export default function CloseAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { closed, blockers, keptYears } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{closed ? 'Your Account Is Closed' : 'Close Your Account'}</h1>
      {closed ? (
        <div className="mt-4 space-y-4">
          <FormMessage
            message={{ tone: 'success', text: 'Your account has been closed and you have been signed out everywhere. Your personal details have been erased, and a confirmation is on its way to your e-mail.' }}
            testId="account-closed"
          />
          <p className="text-sm text-stone-700">
            We keep your orders and invoices for {keptYears} years, as HMRC requires. You are welcome to sign up again with the same e-mail address at any
            time.
          </p>
          <Link to="/landing" className="btn-primary inline-flex">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <WhatClosingDoes keptYears={keptYears} />
          {blockers.length > 0 ? (
            <section className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-5" aria-labelledby="not-yet-heading" data-testid="close-blocked">
              <h2 id="not-yet-heading" className="text-lg font-semibold text-amber-900">
                Your account cannot be closed yet
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
                {blockers.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-amber-900">
                <Link to="/order-history" className="font-medium underline">
                  See your orders
                </Link>{' '}
                or <Link to="/contact" className="font-medium underline">contact us</Link> if you need help.
              </p>
            </section>
          ) : (
            <CloseAccountForm answer={actionData ?? null} />
          )}
          <p className="mt-6 text-sm">
            <Link to="/account" className="font-medium text-brand-700 underline hover:text-brand-800">
              Back to My Account
            </Link>
          </p>
        </>
      )}
    </main>
  );
}

function WhatClosingDoes({ keptYears }: { keptYears: number }) {
  return (
    <section className="mt-4 space-y-3 text-sm text-stone-700" aria-label="What closing your account does">
      <p>When you close your account:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>you are signed out on every device, and can no longer sign in to this account;</li>
        <li>we erase your name, e-mail address, phone number, password, saved addresses, basket and newsletter choice;</li>
        <li>
          we keep your orders (with the delivery and billing addresses they were sent to), your invoices and credit notes, and the company name and VAT
          number printed on them, for {keptYears} years, as HMRC requires. They are not used for anything else.
        </li>
      </ul>
      <p>You can sign up again with the same e-mail address later, as a new customer. Closing cannot be undone.</p>
      {/* A plain form: the answer is the ZIP file to save, the page stays. */}
      <form method="post" action="/account/data">
        Want a copy first?{' '}
        <button type="submit" className="font-medium text-brand-700 underline hover:text-brand-800" data-testid="download-data">
          Download your data
        </button>{' '}
        before you close your account.
      </form>
    </section>
  );
}

function CloseAccountForm({ answer }: { answer: { ok: boolean; message: string; fields?: Record<string, string>; values?: Record<string, string> } | null }) {
  const { fields, formProps } = useShopForm('closeAccountFormSchema', { id: 'close-account-form', answer });
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" {...formProps} className="card mt-6 space-y-4 p-5" data-testid="close-account-form">
      <FormMessage message={answer && !answer.ok ? { tone: 'error', text: answer.message } : null} testId="close-account-message" />
      <TextField id="close-current-password" label="Current Password" type="password" autoComplete="current-password" required field={fields.current_password} />
      <div>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name={fields.confirm.name}
            aria-invalid={fields.confirm.errors ? true : undefined}
            aria-describedby={fields.confirm.errors ? 'close-confirm-error' : undefined}
            className="mt-0.5 h-4 w-4 rounded border-stone-300 text-brand-600"
            data-testid="close-confirm"
          />
          <span>I understand that my account will be closed and my personal details erased, and that this cannot be undone.</span>
        </label>
        {fields.confirm.errors?.[0] ? (
          <p id="close-confirm-error" className="mt-1 text-sm text-red-700">
            {fields.confirm.errors[0]}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="inline-flex w-full justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 sm:w-auto"
        disabled={busy}
        data-testid="close-account"
      >
        Close My Account
      </button>
    </Form>
  );
}
