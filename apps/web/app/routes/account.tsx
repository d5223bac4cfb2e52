/**
 * My account, for a signed-in customer (else /signin?return=account): the
 * address book (add, edit, delete, mark as billing), the company name and VAT number printed on
 * invoices with the newsletter choice, a password change that ends every other sign-in, and the
 * customer's data: a download of it (account-data.tsx) and closing the account (account-close.tsx).
 *
 * Read by the loader, changed by the action (my-account-actions.server.ts) with plain forms and
 * links, so all of it works without JavaScript: the delivery step's 'Add/Update Address' modal
 * is opened by the URL (?address=new, ?address=<id>), the delete confirmation too (?delete=<id>);
 * a saved address comes back as ?saved=<id>, a changed password as ?password=changed.
 */
import { Link, useNavigate, useNavigation, type MetaFunction, type ShouldRevalidateFunctionArgs } from 'react-router';
import { accountSettingsMessages } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { FormMessage } from '~/components/account/form-message';
import { myAccountAction, type MyAccountSuccess } from '~/server/account/my-account-actions.server';
import { DeleteAddressDialog, MyAccountAddressCard } from '~/components/account/my-account-addresses';
import { AccountDetailsForm, ChangePasswordForm, type SettingsFormAnswer } from '~/components/account/my-account-forms';
import { isBilling } from '~/components/checkout/address-format';
import { AddressModal } from '~/components/checkout/address-modal';
import { addressEditor, addressesInOrder, addressNamed } from '~/components/checkout/address-book';
import type { AddressCardAnswer, AddressFormAnswer } from '~/components/checkout/delivery-answers';
import type { ActionFailure } from '~/server/forms.server';
import type { Route } from './+types/account';
import { postedForm } from '~/server/forms.server';
import { MyQuotes } from '~/components/account/my-quotes';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My Account', 'Your addresses, company details for invoices, newsletter choice, password and your data.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin?return=account';
const PAGE = '/account';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  const search = new URL(request.url).searchParams;
  const { accounts, addresses } = context.services;
  const [user, list, quotes, membership, approvalsWaiting] = await Promise.all([
    accounts.userDetails(userId, userId),
    addresses.listOf(userId, userId),
    context.services.quotes.listOf(userId),
    context.services.companies.membershipOf(userId),
    context.services.approvals.waitingFor(userId),
  ]);
  const sorted = addressesInOrder(list);
  const saved = addressNamed(search.get('saved'), sorted);
  const notice = search.get('password') === 'changed' ? accountSettingsMessages.passwordChanged : saved ? `Address ${saved.reference} saved.` : null;
  return {
    user: { first_name: user.first_name, last_name: user.last_name, email: user.email, company_name: user.company_name, vat_number: user.vat_number, newsletter: user.newsletter },
    addresses: sorted,
    // The company section (account-company.tsx): its name and the customer's role; addresses above are the company's when they have one.
    company: membership ? { name: membership.companyName, role: membership.role } : null,
    // Orders over a buyer's limit waiting for this admin (0 for anyone else): the Approvals link says how many.
    approvalsWaiting,
    editor: addressEditor(search, sorted),
    deleting: addressNamed(search.get('delete'), sorted) ?? null,
    notice,
    passwordChanged: search.get('password') === 'changed',
    // Prices of a quote are the customer's to see once it is sent, not while staff price it.
    quotes: quotes.map((q) => ({
      quoteId: q.quoteId,
      number: q.number,
      stateLabel: q.stateLabel,
      itemSummary: q.itemSummary,
      requestedAt: q.requestedAt,
      validUntil: q.validUntil,
      sent: q.state !== 'requested',
      subTotalPence: q.state !== 'requested' ? q.subTotalPence : null,
      orderId: q.orderId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireCustomer(request, context, SIGN_IN);
  return myAccountAction(userId, request, context, await postedForm(request));
}

/** A postcode lookup changes nothing stored: no reload after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  if (typeof intent === 'string' && (intent === 'find' || intent.startsWith('pick:'))) return false;
  return defaultShouldRevalidate;
}

type Answer = Route.ComponentProps['actionData'];

/** An answer to the address modal's form ('save' refused, 'find', 'pick'). */
function isAddressFormAnswer(answer: Answer): answer is AddressFormAnswer {
  const intent = (answer as { intent?: string } | undefined)?.intent;
  return intent === 'save' || intent === 'find' || intent === 'pick';
}

/** The answer for one of the settings forms, by its intent. */
function settingsAnswer(answer: Answer, intent: 'details' | 'password'): SettingsFormAnswer | null {
  if (!answer || isAddressFormAnswer(answer) || (answer as { intent?: string }).intent !== intent) return null;
  return answer as ActionFailure | MyAccountSuccess;
}

/** The address book's message line: a billing change or a deletion, done or refused. */
function addressBookAnswer(answer: Answer): { ok: boolean; message: string } | null {
  if (!answer || isAddressFormAnswer(answer)) return null;
  const intent = (answer as { intent?: string }).intent;
  if (intent !== 'billing' && intent !== 'delete') return null;
  return answer as AddressCardAnswer | ActionFailure | MyAccountSuccess;
}

/**
 * The customer's data rights: a copy of their data (a plain form posting to /account/data, which
 * answers the ZIP file to save, so the page stays as it is) and the way to close the account.
 */
function YourDataSection() {
  return (
    <section className="card p-5" aria-labelledby="your-data-heading" data-testid="your-data">
      <h2 id="your-data-heading" className="text-lg font-semibold text-stone-900">
        Your Data
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        Download a copy of what we hold about you: your account, addresses, orders and invoices, in one ZIP file (the details as JSON, your invoices and
        credit notes as PDFs).
      </p>
      <form method="post" action="/account/data" className="mt-3">
        <button type="submit" className="btn-secondary w-full sm:w-auto" data-testid="download-data">
          Download My Data
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        Closing your account erases your personal details. We keep your orders and invoices for six years, as HMRC requires.{' '}
        <Link to="/account/close" className="font-medium text-red-700 underline hover:text-red-800" data-testid="close-account-link">
          Close my account
        </Link>
      </p>
    </section>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, addresses, editor, deleting, notice } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pendingIntent = navigation.formData && navigation.formMethod?.toUpperCase() === 'POST' ? String(navigation.formData.get('intent') ?? '') : null;
  const busy = pendingIntent !== null;

  const formAnswer = isAddressFormAnswer(actionData) ? actionData : null;
  const bookAnswer = addressBookAnswer(actionData);
  const details = settingsAnswer(actionData, 'details');
  const password = settingsAnswer(actionData, 'password');
  // One polite announcement of whatever just succeeded; errors are shown (and announced) by their form.
  const done = notice ?? (bookAnswer?.ok ? bookAnswer.message : details?.ok ? details.message : null);
  const addHref = `${PAGE}?address=new`;

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">My Account</h1>
        <p className="mt-1 text-sm break-words text-stone-600">
          Signed in as {user.first_name} {user.last_name} ({user.email}).{' '}
          <Link to="/order-history" className="font-medium text-brand-700 underline hover:text-brand-800">
            Past Orders
          </Link>{' '}
          ·{' '}
          <Link to="/account/company" className="font-medium text-brand-700 underline hover:text-brand-800" data-testid="company-link">
            {loaderData.company ? `${loaderData.company.name}: members and roles` : 'Your Company'}
          </Link>
          {' · '}
          <Link to="/lists" className="font-medium text-brand-700 underline hover:text-brand-800" data-testid="account-lists-link">
            Shopping lists
          </Link>
          {' · '}
          <Link to="/quick-order" className="font-medium text-brand-700 underline hover:text-brand-800">
            Quick order
          </Link>
          {' · '}
          <Link to="/account/statement" className="font-medium text-brand-700 underline hover:text-brand-800" data-testid="statement-link">
            Statement and invoices
          </Link>
          {loaderData.company ? (
            <>
              {' '}
              ·{' '}
              <Link to="/account/approvals" className="font-medium text-brand-700 underline hover:text-brand-800" data-testid="approvals-link">
                Approvals{loaderData.approvalsWaiting > 0 ? ` (${loaderData.approvalsWaiting} waiting for you)` : ''}
              </Link>
            </>
          ) : null}
        </p>
      </div>

      {notice ? (
        <div className="mt-4">
          <FormMessage message={{ tone: 'success', text: notice }} testId="account-notice" />
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite" data-testid="account-status">
        {notice ? '' : (done ?? '')}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="addresses-heading" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="addresses-heading" className="text-lg font-semibold text-stone-900">
              Your Addresses
            </h2>
            <Link to={addHref} preventScrollReset role="button" className="btn-accent" data-testid="add-address">
              <span aria-hidden="true">+</span> Add Address
            </Link>
          </div>
          <div className="mt-3">
            <FormMessage message={bookAnswer ? { tone: bookAnswer.ok ? 'success' : 'error', text: bookAnswer.message } : null} testId="addresses-message" />
          </div>
          {addresses.length === 0 ? (
            <div className="mt-3 rounded-lg border-2 border-dashed border-stone-300 bg-white px-5 py-8 text-center" data-testid="no-addresses">
              <p className="text-sm font-medium text-stone-900">No saved addresses yet</p>
              <p className="mt-1 text-sm text-stone-600">Your first address becomes your billing address.</p>
            </div>
          ) : (
            <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="account-address-list">
              {addresses.map((address) => (
                <MyAccountAddressCard key={address.address_id} address={address} showMarkAsBilling={addresses.length > 1 && !isBilling(address)} busy={busy} />
              ))}
            </ul>
          )}
          <MyQuotes quotes={loaderData.quotes} />
        </section>

        <div className="space-y-6">
          <section className="card p-5" aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-lg font-semibold text-stone-900">
              Company Details
            </h2>
            <div className="mt-3">
              <AccountDetailsForm
                key={`${user.company_name}|${user.vat_number}|${user.newsletter}`}
                saved={user}
                answer={details}
                busy={busy}
              />
            </div>
          </section>
          <section className="card p-5" aria-labelledby="password-heading">
            <h2 id="password-heading" className="text-lg font-semibold text-stone-900">
              Change Password
            </h2>
            <div className="mt-3">
              <ChangePasswordForm answer={password} busy={busy} />
            </div>
          </section>
          <YourDataSection />
        </div>
      </div>

      {editor ? (
        <AddressModal key={editor.address?.address_id ?? 'new'} address={editor.address} answer={formAnswer} pendingIntent={pendingIntent} closeHref={PAGE} />
      ) : null}
      {deleting ? <DeleteAddressDialog address={deleting} busy={busy} onCancel={() => void navigate(PAGE, { preventScrollReset: true })} /> : null}
    </main>
  );
}
