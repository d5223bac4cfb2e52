/**
 * A return or claim on one of the signed-in customer's orders (SPEC section 9's windows), query
 * orderId: which windows are open today and until when, or closed and why; a multipart form
 * (it works without JavaScript) with the packs of each line, the reason (none chosen for the
 * customer), a description, the day the fault was found (faulty goods) and up to three photos.
 * The contract's return schema checks it in the browser and in the action, every field's
 * problem at once; a refused form marks each field (aria-invalid, described by its message) and
 * focuses the first. Another customer's order,
 * or none, is 'Order not found' with a 404. Once sent, the order page shows the request and
 * each step after it. Signed out, sign-in comes back to this form (its query kept).
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigation, type MetaFunction } from 'react-router';
import { isRecordId, itemDisplayName } from '@shop/contract/browser';
import { isNotFound } from '~/server/forms.server';
import { signInReturningTo } from '~/components/account/return-target';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { useShopForm } from '~/components/account/shop-form';
import { openReturn } from '~/server/orders/returns.server';
import type { Route } from './+types/order-return';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Return or claim', 'Return goods or claim for damage, a short delivery or a fault on your order.'),
  { name: 'robots', content: 'noindex' },
];

/** What each reason covers, beside its choice. */
const REASON_HELP: Record<string, string> = {
  unwanted: 'Unopened goods you no longer need.',
  damaged: 'Goods that arrived damaged, or fewer than you ordered.',
  faulty: 'Goods that turned out to be faulty in use.',
  warranty: 'A fault within 6 months of delivery.',
};

async function load(request: Request, context: Route.LoaderArgs['context']) {
  const url = new URL(request.url);
  // Signed out (or the session ended while filling the form in): back to this form after signing in.
  const userId = await requireCustomer(request, context, signInReturningTo(url));
  const orderId = url.searchParams.get('orderId') ?? '';
  if (!isRecordId(orderId)) return { userId, orderId: null, returns: null };
  try {
    return { userId, orderId: Number(orderId), returns: await context.services.returns.forCustomer(userId, Number(orderId)) };
  } catch (error) {
    if (isNotFound(error)) return { userId, orderId: null, returns: null };
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { returns } = await load(request, context);
  if (!returns) return data({ found: null }, { status: 404 });
  return { found: { orderId: returns.orderId, windows: returns.windows, lines: returns.lines } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { userId, orderId } = await load(request, context);
  if (orderId === null) return data({ ok: false as const, error: 'not_found', message: 'Order not found', fields: {} as Record<string, string>, values: {} as Record<string, string> }, { status: 404 });
  const result = await openReturn(request, context, userId, orderId);
  if ('returnId' in result) throw redirect(`/order-detail?orderId=${orderId}&return=${result.returnId}#returns`);
  return result.answer;
}

const FORM_ID = 'return-form';

const REASON_LABEL: Record<string, string> = {
  unwanted: 'Unwanted and unopened',
  damaged: 'Damaged or short delivery',
  faulty: 'Faulty',
  warranty: 'Under warranty',
};

type Found = NonNullable<Route.ComponentProps['loaderData']['found']>;
type Failed = Extract<NonNullable<Route.ComponentProps['actionData']>, { ok: false }>;

export default function OrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  if (!found) {
    return (
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Return or claim</h1>
        <div className="card mt-6 max-w-xl p-6" role="alert" data-testid="order-missing">
          <p className="font-semibold text-stone-900">Order not found</p>
          <p className="mt-1 text-sm text-stone-600">We could not find this order in your account. It may belong to another account.</p>
          <Link to="/order-history" className="btn-primary mt-4">
            See your past orders
          </Link>
        </div>
      </main>
    );
  }
  const open = found.windows.filter((w) => w.open);
  const returnable = found.lines.filter((line) => line.returnableCount > 0);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-6 lg:py-10" data-testid="order-return">
      <Link to={`/order-detail?orderId=${found.orderId}`} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        Back to order {found.orderId}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Return or claim: order {found.orderId}</h1>

      <section className="card mt-5 p-5" aria-labelledby="windows-heading">
        <h2 id="windows-heading" className="text-base font-semibold text-stone-900">
          Our return terms for this order
        </h2>
        <ul className="mt-2 space-y-2 text-sm" data-testid="return-windows">
          {found.windows.map((w) => (
            <li key={w.reason} className={w.open ? 'text-stone-800' : 'text-stone-600'} data-reason={w.reason} data-open={w.open}>
              <span aria-hidden="true">{w.open ? '✓ ' : '✕ '}</span>
              {w.text}
            </li>
          ))}
        </ul>
      </section>

      {open.length === 0 ? (
        <>
          <FailedMessage failed={failed} />
          <p className="card mt-5 p-5 text-sm text-stone-800" data-testid="return-closed">
            Every window for this order has closed, so a return or claim cannot be opened online. If you think this is wrong, call us or reply to your order e-mail.
          </p>
        </>
      ) : returnable.length === 0 ? (
        <>
          <FailedMessage failed={failed} />
          <p className="card mt-5 p-5 text-sm text-stone-800">Every item on this order is already in a return.</p>
        </>
      ) : (
        <ReturnForm windows={found.windows} returnable={returnable} failed={failed} />
      )}
    </main>
  );
}

function FailedMessage({ failed }: { failed: Failed | null }) {
  if (!failed) return null;
  return (
    <div className="mt-5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert" data-testid="return-error">
      {failed.message}
    </div>
  );
}

/** The first message of each field; every row of packs is told beside the list ('lines'), as the action folds them. */
function messagesByField(errors: Record<string, string[] | undefined>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, list] of Object.entries(errors)) {
    const first = list?.[0];
    if (first !== undefined) messages[name.startsWith('lines') ? 'lines' : name] ??= first;
  }
  return messages;
}

/** Focuses the form's first field marked invalid; false while none is marked yet. */
function focusFirstInvalid(): boolean {
  const field = document.getElementById(FORM_ID)?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  field?.focus();
  return Boolean(field);
}

function ReturnForm({ windows, returnable, failed }: { windows: Found['windows']; returnable: Found['lines']; failed: Failed | null }) {
  const { form, formProps } = useShopForm('returnRequestFormSchema', { id: FORM_ID, answer: failed });
  const problems = messagesByField(form.allErrors);
  // What was typed, when the page comes back from the action without JavaScript.
  const values: Record<string, string> = failed?.values ?? {};
  const sending = useNavigation().state === 'submitting';

  // A refused form (by the action, or by the browser's check) focuses its first marked field once
  // the marks are drawn: Conform's own focus finds no field named 'lines' or 'line_<id>'.
  const focusPending = useRef(false);
  const focusWhenMarked = () => {
    if (focusPending.current && focusFirstInvalid()) focusPending.current = false;
  };
  useEffect(() => {
    if (failed) focusPending.current = true;
  }, [failed]);
  useEffect(focusWhenMarked);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) return;
    focusPending.current = true;
    // The same marks as before draw nothing new: focus them now.
    window.setTimeout(focusWhenMarked, 0);
  };

  const described = (id: string, problem: string | undefined) => ({
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? id : undefined,
  });

  return (
    <>
      <FailedMessage failed={failed} />
      {/* Multipart: it carries the photos, with or without JavaScript. */}
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        className="card mt-5 space-y-5 p-5"
        data-testid="return-form"
      >
        <fieldset aria-describedby={problems.lines ? 'return-lines-error' : undefined}>
          <legend className="text-base font-semibold text-stone-900">What are you returning?</legend>
          <p className="text-sm text-stone-600">Enter how many packs of each item; leave the others at 0.</p>
          {problems.lines ? (
            <p id="return-lines-error" className="mt-1 text-sm text-red-700" data-testid="return-lines-error">
              {problems.lines}
            </p>
          ) : null}
          <ul className="mt-3 space-y-3">
            {returnable.map((line, i) => {
              const rowProblem = problems[`line_${line.orderLineId}`];
              return (
                <li key={line.orderLineId} className="flex flex-wrap items-center justify-between gap-3 text-sm">
                  <input type="hidden" name={`lines[${i}].order_line_id`} value={line.orderLineId} />
                  <label htmlFor={`line-${line.orderLineId}`} className="min-w-0 flex-1">
                    <span className="font-medium text-stone-900">{itemDisplayName(line.productName, line.size1)}</span>
                    <span className="block text-xs text-stone-600">
                      Pack of {line.qty}; up to {line.returnableCount} pack{line.returnableCount === 1 ? '' : 's'}
                    </span>
                  </label>
                  <input
                    id={`line-${line.orderLineId}`}
                    name={`lines[${i}].count`}
                    type="number"
                    min={0}
                    max={line.returnableCount}
                    defaultValue={values[`lines[${i}].count`] ?? '0'}
                    className="form-input w-24"
                    {...(rowProblem ? described(`line-${line.orderLineId}-error`, rowProblem) : described('return-lines-error', problems.lines))}
                  />
                  {rowProblem ? (
                    <span id={`line-${line.orderLineId}-error`} className="w-full text-sm text-red-700">
                      {rowProblem}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>

        <fieldset aria-describedby={problems.reason ? 'return-reason-error' : undefined}>
          <legend className="text-base font-semibold text-stone-900">Why?</legend>
          <p className="text-sm text-stone-600">Choose the reason that fits: it decides how long you have.</p>
          {problems.reason ? (
            <p id="return-reason-error" className="mt-1 text-sm text-red-700" data-testid="return-reason-error">
              {problems.reason}
            </p>
          ) : null}
          <div className="mt-2 space-y-2">
            {windows.map((w) => (
              <label key={w.reason} className={`flex items-start gap-2 text-sm ${w.open ? '' : 'opacity-60'}`}>
                <input
                  type="radio"
                  name="reason"
                  value={w.reason}
                  defaultChecked={w.reason === values.reason}
                  disabled={!w.open}
                  className="mt-1"
                  {...described('return-reason-error', w.open ? problems.reason : undefined)}
                />
                <span>
                  <span className="font-medium text-stone-900">{REASON_LABEL[w.reason] ?? w.reason}</span>
                  <span className="block text-stone-600">{w.open ? REASON_HELP[w.reason] : w.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="text-sm">
          <label htmlFor="return-fault-found-on" className="font-medium text-stone-900">
            Day you found the fault (faulty goods only)
          </label>
          <input
            id="return-fault-found-on"
            name="fault_found_on"
            type="date"
            defaultValue={values.fault_found_on}
            className="form-input mt-1 block w-full sm:w-56"
            {...described('return-fault-found-on-error', problems.fault_found_on)}
          />
          {problems.fault_found_on ? (
            <p id="return-fault-found-on-error" className="mt-1 text-red-700">
              {problems.fault_found_on}
            </p>
          ) : null}
        </div>

        <div className="text-sm">
          <label htmlFor="return-description" className="font-medium text-stone-900">
            What is wrong?
          </label>
          <textarea
            id="return-description"
            name="description"
            rows={4}
            maxLength={2000}
            defaultValue={values.description}
            className="form-input mt-1 block w-full"
            required
            {...described('return-description-error', problems.description)}
          />
          {problems.description ? (
            <p id="return-description-error" className="mt-1 text-red-700">
              {problems.description}
            </p>
          ) : null}
        </div>

        <div className="text-sm">
          <label htmlFor="return-photos" className="font-medium text-stone-900">
            Photos (optional, up to 3: JPEG, PNG or WebP, 10 MB each)
          </label>
          <input
            id="return-photos"
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="mt-1 block w-full text-sm"
            aria-invalid={problems.photos ? true : undefined}
            aria-describedby={problems.photos ? 'return-photos-error return-photos-hint' : 'return-photos-hint'}
          />
          {problems.photos ? (
            <p id="return-photos-error" className="mt-1 text-red-700">
              {problems.photos}
            </p>
          ) : null}
          <p id="return-photos-hint" className="mt-1 text-xs text-stone-600">
            Only our staff and you can see them.
          </p>
        </div>

        <button type="submit" className="btn-primary" disabled={sending} data-testid="return-submit">
          {sending ? 'Sending…' : 'Send my request'}
        </button>
      </Form>
    </>
  );
}
