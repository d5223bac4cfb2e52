/**
 * The dispatch desk ('orders:dispatch': owner, manager, warehouse): the orders ready to go
 * (paid or on account, not cancelled, something left to send), oldest first, with a checkbox and
 * a tracking number field each. Tick some, then print their picking lists as one PDF, or mark
 * them dispatched with one carrier; or upload the CSV of order and tracking numbers the carrier's
 * portal exported. Plain HTML forms (reloadDocument): everything works without JavaScript, and
 * the answer lists each order sent and each order or CSV row that was not, with why.
 */
import { Form, Link } from 'react-router';
import { adminAction, shown } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import { DESK_CARRIERS, deskFormSchema, queueFilterOf, TRACKING_CSV_MAX_KB } from '~/server/admin/dispatch-desk.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { PageHead } from '~/components/admin/admin-kit';
import { calendarDate, londonDateTime } from '~/components/admin/admin-format';
import type { Route } from './+types/dispatch';

export const meta: Route.MetaFunction = () => [{ title: 'Ready to dispatch - Back office' }];

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'orders:dispatch');
  const url = new URL(request.url);
  const { filter, query } = queueFilterOf(url, londonToday());
  const queue = await context.services.dispatchDesk.queue(filter);
  return { queue, query, carriers: DESK_CARRIERS, nothingTicked: url.searchParams.get('ticked') === 'none', csvMaxKb: TRACKING_CSV_MAX_KB };
}

// The answer is a report of what was dispatched and what was not: shown, never redirected.
export const action = adminAction({
  permission: 'orders:dispatch',
  schema: deskFormSchema,
  async run({ value: change, staff, context }) {
    const desk = context.services.dispatchDesk;
    const report =
      change.intent === 'csv'
        ? await desk.dispatchFromCsv(staff, change.carrier, new Uint8Array(await change.file.arrayBuffer()))
        : await desk.dispatchMany(
            staff,
            change.carrier,
            change.rows.filter((row) => row.selected).map((row) => ({ orderId: row.order_id, trackingNumber: row.tracking })),
          );
    return shown({ intent: change.intent, ...report });
  },
});

function CarrierSelect({ id, carriers }: { id: string; carriers: readonly string[] }) {
  return (
    <select id={id} name="carrier" required defaultValue="" className="form-input mt-1 w-full">
      <option value="" disabled>
        Choose
      </option>
      {carriers.map((carrier) => (
        <option key={carrier} value={carrier}>
          {carrier === 'Own van' ? 'Our own van (no tracking number)' : carrier}
        </option>
      ))}
    </select>
  );
}

export default function DispatchDesk({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, query, nothingTicked, csvMaxKb, carriers } = loaderData;
  const answer = actionData;
  return (
    <div className="space-y-5">
      <PageHead back={{ to: '/admin/orders', label: 'Orders' }} title="Ready to dispatch">
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Paid or on account, not cancelled, with something left to send: oldest first. Tick orders, print their picking lists in one PDF, then mark them dispatched with a tracking
          number each, or upload the carrier&apos;s CSV of order and tracking numbers. To send an order in parts, or a made-to-order line, open the order.
        </p>
      </PageHead>

      {nothingTicked ? <AdminMessage tone="error">Tick at least one order to print its picking list.</AdminMessage> : null}
      {answer && !answer.ok ? <AdminMessage tone="error">{answer.message}</AdminMessage> : null}
      {answer && answer.ok ? (
        <section className="space-y-2" aria-label="What happened" data-testid="dispatch-report">
          {answer.dispatched.length > 0 ? (
            <AdminMessage tone="success">
              {answer.dispatched.length === 1 ? '1 order dispatched' : `${answer.dispatched.length} orders dispatched`}; each customer is e-mailed.
              <ul className="mt-1 list-disc pl-5" data-testid="dispatched-orders">
                {answer.dispatched.map((d) => (
                  <li key={d.orderId}>{d.message}</li>
                ))}
              </ul>
            </AdminMessage>
          ) : (
            <AdminMessage tone="error">Nothing was dispatched.</AdminMessage>
          )}
          {answer.problems.length > 0 ? (
            <AdminMessage tone="error">
              {answer.intent === 'csv' ? 'These rows of the file were not dispatched:' : 'These orders were not dispatched:'}
              <ul className="mt-1 list-disc pl-5" data-testid="dispatch-problems">
                {answer.problems.map((p, i) => (
                  <li key={i}>{p.message}</li>
                ))}
              </ul>
            </AdminMessage>
          ) : null}
        </section>
      ) : null}

      <Form method="get" className="card flex flex-wrap items-end gap-3 p-4" data-testid="queue-filters">
        <label className="block text-sm">
          <span className="font-medium text-stone-800">Order number or postcode</span>
          <input name="q" type="search" defaultValue={query.q} className="form-input mt-1 w-56" />
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm text-stone-800">
          <input name="due" type="checkbox" value="1" defaultChecked={query.due} />
          Due today or earlier
        </label>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        {query.q || query.due ? (
          <Link to="/admin/dispatch" className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>

      <Form method="post" reloadDocument className="space-y-4" data-testid="queue-form">
        <section className="card overflow-x-auto" aria-labelledby="queue-heading">
          <h2 id="queue-heading" className="px-4 pt-3 text-base font-semibold text-stone-900">
            {queue.total === 1 ? '1 order ready' : `${queue.total} orders ready`}
            {queue.rows.length < queue.total ? ` (the oldest ${queue.rows.length} shown)` : ''}
          </h2>
          <table className="mt-2 w-full text-left text-sm" data-testid="dispatch-queue">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5">
                  <span className="sr-only">Ticked</span>
                </th>
                <th scope="col" className="px-3 py-2.5">Order</th>
                {/* On a phone the placed date sits under the order number, so the tracking number field stays on screen. */}
                <th scope="col" className="hidden px-3 py-2.5 sm:table-cell">Placed</th>
                <th scope="col" className="px-3 py-2.5">Deliver to</th>
                <th scope="col" className="px-3 py-2.5 text-right">
                  <span className="sm:hidden">Packs</span>
                  <span className="hidden sm:inline">Packs left</span>
                </th>
                <th scope="col" className="px-3 py-2.5">
                  <span className="sm:hidden">Tracking</span>
                  <span className="hidden sm:inline">Tracking number</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 align-top">
              {queue.rows.map((row, i) => (
                <tr key={row.orderId} data-testid="queue-row" data-order-id={row.orderId}>
                  <td className="px-3 py-2.5">
                    <input type="hidden" name={`rows[${i}].order_id`} value={row.orderId} />
                    <input id={`tick-${row.orderId}`} name={`rows[${i}].selected`} type="checkbox" className="h-5 w-5" aria-label={`Order ${row.orderId}`} />
                  </td>
                  <td className="px-3 py-2.5 sm:whitespace-nowrap">
                    <Link to={`/admin/orders/${row.orderId}`} className="font-semibold text-brand-700 hover:underline">
                      #{row.orderId}
                    </Link>
                    {row.partDispatched ? <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-900">{row.stateLabel}</span> : null}
                    {row.hasCustomLine ? <span className="block text-xs text-amber-900">Made to order: dispatch from its page</span> : null}
                    <span className="block text-xs text-stone-600 sm:hidden">{londonDateTime(row.created)}</span>
                  </td>
                  <td className="hidden px-3 py-2.5 sm:table-cell">
                    {londonDateTime(row.created)}
                    {row.promisedDispatchDate ? <span className="block text-xs text-stone-600">Due {calendarDate(row.promisedDispatchDate)}</span> : null}
                  </td>
                  <td className="px-3 py-2.5 break-words">
                    {row.customerName}
                    {row.companyName ? <span className="block text-xs text-stone-600">{row.companyName}</span> : null}
                    <span className="block text-xs text-stone-600">
                      {row.town} {row.postCode}
                    </span>
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">
                    {row.packsLeft}
                    {row.packsLeft < row.packsOrdered ? <span className="block text-xs text-stone-600">of {row.packsOrdered}</span> : null}
                  </td>
                  <td className="px-3 py-2.5">
                    <label htmlFor={`tracking-${row.orderId}`} className="sr-only">
                      Tracking number of order {row.orderId}
                    </label>
                    <input id={`tracking-${row.orderId}`} name={`rows[${i}].tracking`} maxLength={50} className="form-input w-28 sm:w-44" autoComplete="off" />
                  </td>
                </tr>
              ))}
              {queue.rows.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-4 py-8 text-center text-stone-600">
                    {query.q || query.due ? 'No order ready to dispatch matches this filter.' : 'Nothing is waiting: every paid order has gone.'}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>

        <div className="card grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
          <label htmlFor="desk-carrier" className="block text-sm">
            <span className="font-medium text-stone-800">Carrier for the ticked orders</span>
            <CarrierSelect id="desk-carrier" carriers={carriers.names} />
          </label>
          <button type="submit" formMethod="get" formAction="/admin/dispatch/picking-lists.pdf" formNoValidate className="btn-secondary" data-testid="print-picking-lists">
            Print picking lists (PDF)
          </button>
          <button type="submit" name="intent" value="dispatch" className="btn-primary" data-testid="mark-dispatched">
            Mark ticked orders dispatched
          </button>
          <p className="text-xs text-stone-600 sm:col-span-3">
            Each ticked order leaves whole, in one parcel, with the tracking number typed beside it (none for our own van); its customer is e-mailed.
          </p>
        </div>
      </Form>

      <section className="card p-4" aria-labelledby="csv-heading">
        <h2 id="csv-heading" className="text-base font-semibold text-stone-900">
          Dispatch from the carrier&apos;s CSV
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Export the day&apos;s consignments from the carrier&apos;s portal as CSV: a column of our order numbers (headed for example &quot;Order number&quot;, &quot;Reference&quot;
          or &quot;Customer reference&quot;) and one of tracking numbers (&quot;Tracking number&quot;, &quot;Consignment number&quot;, &quot;Parcel number&quot;...). Every order it
          names that is ready leaves with that number; each row that matches no order ready to go is listed, and nothing is sent twice. Up to {csvMaxKb} kB.
        </p>
        <Form method="post" encType="multipart/form-data" reloadDocument className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end" data-testid="csv-form">
          <label htmlFor="csv-carrier" className="block text-sm">
            <span className="font-medium text-stone-800">Carrier</span>
            <CarrierSelect id="csv-carrier" carriers={carriers.names} />
          </label>
          <label htmlFor="csv-file" className="block text-sm">
            <span className="font-medium text-stone-800">CSV file</span>
            <input id="csv-file" name="file" type="file" accept=".csv,text/csv,text/plain" required className="mt-1 block w-full text-sm" />
          </label>
          <button type="submit" name="intent" value="csv" className="btn-primary">
            Dispatch from the file
          </button>
        </Form>
      </section>
    </div>
  );
}
