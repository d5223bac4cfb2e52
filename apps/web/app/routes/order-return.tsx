/**
 * A return or claim on one of the signed-in customer's orders (SPEC section 9's windows), query
 * orderId: which windows are open today and until when, or closed and why; a native multipart
 * form (it works without JavaScript) with the packs of each line, the reason, a description,
 * the day the fault was found (faulty goods) and up to three photos. Another customer's order,
 * or none, is 'Order not found' with a 404. Once sent, the order page shows the request and
 * each step after it.
 */
import { data, Link, redirect, type MetaFunction } from 'react-router';
import { isRecordId, itemDisplayName } from '@shop/contract/browser';
import { isNotFound } from '~/server/forms.server';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { openReturn } from '~/server/orders/returns.server';
import type { Route } from './+types/order-return';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Return or claim', 'Return goods or claim for damage, a short delivery or a fault on your order.'),
  { name: 'robots', content: 'noindex' },
];

const REASON_HELP: Record<string, string> = {
  unwanted: 'Unopened goods you no longer need.',
  damaged: 'Goods that arrived damaged, or fewer than you ordered.',
  faulty: 'Goods that turned out to be faulty in use.',
  warranty: 'A fault within 6 months of delivery.',
};

async function load(request: Request, context: Route.LoaderArgs['context']) {
  const userId = await requireCustomer(request, context, '/signin');
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
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

export default function OrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const fields: Record<string, string> = failed?.fields ?? {};
  const values: Record<string, string> = (failed && 'values' in failed ? failed.values : undefined) ?? {};
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
  const chosenReason = values.reason ?? open[0]?.reason;
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

      {failed ? (
        <div className="mt-5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert" data-testid="return-error">
          {failed.message}
        </div>
      ) : null}

      {open.length === 0 ? (
        <p className="card mt-5 p-5 text-sm text-stone-800" data-testid="return-closed">
          Every window for this order has closed, so a return or claim cannot be opened online. If you think this is wrong, call us or reply to your order e-mail.
        </p>
      ) : returnable.length === 0 ? (
        <p className="card mt-5 p-5 text-sm text-stone-800">Every item on this order is already in a return.</p>
      ) : (
        // A native multipart post: it works without JavaScript, and carries the photos.
        <form method="post" encType="multipart/form-data" className="card mt-5 space-y-5 p-5" data-testid="return-form" noValidate>
          <fieldset>
            <legend className="text-base font-semibold text-stone-900">What are you returning?</legend>
            <p className="text-sm text-stone-600">Enter how many packs of each item; leave the others at 0.</p>
            {fields.lines ? <p className="mt-1 text-sm text-red-700">{fields.lines}</p> : null}
            <ul className="mt-3 space-y-3">
              {returnable.map((line, i) => (
                <li key={line.orderLineId} className="flex flex-wrap items-center justify-between gap-3 text-sm">
                  <input type="hidden" name={`lines[${i}].order_line_id`} value={line.orderLineId} />
                  <label htmlFor={`line-${line.orderLineId}`} className="min-w-0 flex-1">
                    <span className="font-medium text-stone-900">
                      {itemDisplayName(line.productName, line.size1)}
                    </span>
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
                    aria-invalid={fields[`line_${line.orderLineId}`] ? true : undefined}
                  />
                  {fields[`line_${line.orderLineId}`] ? <span className="w-full text-sm text-red-700">{fields[`line_${line.orderLineId}`]}</span> : null}
                </li>
              ))}
            </ul>
          </fieldset>

          <fieldset>
            <legend className="text-base font-semibold text-stone-900">Why?</legend>
            {fields.reason ? <p className="mt-1 text-sm text-red-700">{fields.reason}</p> : null}
            <div className="mt-2 space-y-2">
              {found.windows.map((w) => (
                <label key={w.reason} className={`flex items-start gap-2 text-sm ${w.open ? '' : 'opacity-60'}`}>
                  <input type="radio" name="reason" value={w.reason} defaultChecked={w.reason === chosenReason} disabled={!w.open} className="mt-1" />
                  <span>
                    <span className="font-medium text-stone-900">{w.reason === 'unwanted' ? 'Unwanted and unopened' : w.reason === 'damaged' ? 'Damaged or short delivery' : w.reason === 'faulty' ? 'Faulty' : 'Under warranty'}</span>
                    <span className="block text-stone-600">{w.open ? REASON_HELP[w.reason] : w.text}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <label htmlFor="return-fault-found-on" className="block text-sm">
            <span className="font-medium text-stone-900">Day you found the fault (faulty goods only)</span>
            <input id="return-fault-found-on" name="fault_found_on" type="date" defaultValue={values.fault_found_on} className="form-input mt-1 w-full sm:w-56" />
            {fields.fault_found_on ? <span className="mt-1 block text-red-700">{fields.fault_found_on}</span> : null}
          </label>

          <label htmlFor="return-description" className="block text-sm">
            <span className="font-medium text-stone-900">What is wrong?</span>
            <textarea id="return-description" name="description" rows={4} maxLength={2000} defaultValue={values.description} className="form-input mt-1 w-full" required />
            {fields.description ? <span className="mt-1 block text-red-700">{fields.description}</span> : null}
          </label>

          <label htmlFor="return-photos" className="block text-sm">
            <span className="font-medium text-stone-900">Photos (optional, up to 3: JPEG, PNG or WebP, 10 MB each)</span>
            <input id="return-photos" name="photos" type="file" accept="image/jpeg,image/png,image/webp" multiple className="mt-1 block w-full text-sm" />
            {fields.photos ? <span className="mt-1 block text-red-700">{fields.photos}</span> : null}
            <span className="mt-1 block text-xs text-stone-600">Only our staff and you can see them.</span>
          </label>

          <button type="submit" className="btn-primary" data-testid="return-submit">
            Send my request
          </button>
        </form>
      )}
    </main>
  );
}
