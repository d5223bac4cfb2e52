/**
 * One size's stock ('stock:receive'): on hand, allocated and available, a stock count (the units
 * counted and a reason; on hand becomes the figure, the difference is recorded) and the size's
 * history of movements, newest first: who, when, what and why. Counting a size that was not
 * tracked starts tracking it.
 */
import { data, Form, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { adminAction, foundOr404, recordIdOf } from '~/server/admin/admin-page.server';
import { countSchema, editsCatalogue, movementForPage } from '~/server/admin/stock.server';
import { AdminField, AdminMessage } from '~/components/admin/admin-frame';
import { useAdminAnswer } from '~/components/admin/admin-kit';
import { londonDateTime } from '~/components/admin/admin-format';
import type { Route } from './+types/stock-size';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.size.label ?? 'Stock'} - Stock - Back office` }];

const NOTICES: Record<string, string> = { counted: 'The count is recorded: on hand is now the figure counted.' };

const NO_SUCH_SIZE = 'No such size.';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'stock:receive');
  const size = await foundOr404(context.services.stock.sizeStock(staff, recordIdOf(params.productSizeId, NO_SUCH_SIZE)), NO_SUCH_SIZE);
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  return data(
    { size: { ...size, movements: size.movements.map(movementForPage) }, notice, editsCatalogue: editsCatalogue(staff) },
    { headers },
  );
}

export const action = adminAction({
  permission: 'stock:receive',
  record: { param: 'productSizeId', notFound: NO_SUCH_SIZE },
  schema: countSchema,
  keep: ['counted', 'reason'],
  keepMax: 300,
  async run({ value, staff, id, context }) {
    await context.services.stock.count(staff, { productSizeId: id, counted: value.counted, reason: value.reason });
    return 'counted';
  },
});

/** "+240", "-14", "" for no change. */
function signed(n: number): string {
  return n === 0 ? '' : n > 0 ? `+${n}` : String(n);
}

export default function StockSize({ loaderData, actionData }: Route.ComponentProps) {
  const { size, notice, editsCatalogue } = loaderData;
  const answer = useAdminAnswer(actionData).failed;
  const available = size.onHand - size.allocated;
  return (
    <div className="space-y-5">
      <div>
        <Link to="/admin/stock" className="text-sm text-brand-700 hover:underline">
          ← Low stock
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">{size.label}</h1>
        {editsCatalogue && (
          <Link to={`/admin/catalogue/products/${size.productId}#stock`} className="text-sm text-brand-700 hover:underline">
            The product's page (threshold, backorders)
          </Link>
        )}
      </div>
      {notice && <AdminMessage tone="success">{notice}</AdminMessage>}
      {answer && <AdminMessage tone="error">{answer.message}</AdminMessage>}

      <section className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4" aria-label="Stock figures">
        {size.tracked ? (
          [
            ['On hand', size.onHand],
            ['Allocated to open orders', size.allocated],
            ['Available', available],
            ['Low-stock threshold', size.lowThreshold],
          ].map(([title, value]) => (
            <div key={title} className="card p-4">
              <h2 className="text-sm font-medium text-stone-600">{title}</h2>
              <p className={`mt-1 text-2xl font-bold tabular-nums ${title === 'Available' && Number(value) <= 0 ? 'text-red-800' : 'text-stone-900'}`} data-testid={`figure-${String(title).split(' ')[0]!.toLowerCase()}`}>
                {value}
              </p>
            </div>
          ))
        ) : (
          <p className="card col-span-2 p-4 text-stone-700 sm:col-span-4">Stock of this size is not tracked yet: it is sold without limit. A count or a delivery starts tracking it.</p>
        )}
      </section>

      <section className="card p-5" aria-labelledby="count-heading">
        <h2 id="count-heading" className="text-lg font-semibold text-stone-900">
          Record a stock count
        </h2>
        <p className="mb-3 text-sm text-stone-600">Count the units on the shelf (not packs). On hand becomes the figure you enter; the difference is recorded with your reason.</p>
        <Form method="post" key={size.movements.length} className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start" data-testid="count-form">
          <AdminField id="counted" name="counted" label="Units counted" inputMode="numeric" required defaultValue={answer?.values.counted ?? ''} error={answer?.fields.counted} />
          <AdminField id="reason" name="reason" label="Reason" required maxLength={200} placeholder="Monthly count" defaultValue={answer?.values.reason ?? ''} error={answer?.fields.reason} />
          <button type="submit" className="btn-primary sm:mt-6">
            Record the count
          </button>
        </Form>
      </section>

      <section className="card overflow-x-auto" aria-labelledby="history-heading">
        <h2 id="history-heading" className="px-5 pt-4 text-lg font-semibold text-stone-900">
          History
        </h2>
        {size.movements.length === 0 ? (
          <p className="px-5 pt-1 pb-4 text-sm text-stone-600">No stock movements yet.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm" data-testid="stock-history">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2.5">When</th>
                <th scope="col" className="px-4 py-2.5">What</th>
                <th scope="col" className="px-4 py-2.5 text-right">On hand</th>
                <th scope="col" className="px-4 py-2.5 text-right">Allocated</th>
                <th scope="col" className="px-4 py-2.5">Who</th>
                <th scope="col" className="px-4 py-2.5">Why</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {size.movements.map((m, i) => (
                <tr key={i}>
                  <td className="px-4 py-2 whitespace-nowrap">{londonDateTime(m.at)}</td>
                  <td className="px-4 py-2">{m.label}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{signed(m.onHandChange)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{signed(m.allocatedChange)}</td>
                  <td className="px-4 py-2">{m.who}</td>
                  <td className="px-4 py-2">
                    {m.reason}
                    {/* A separator in the text, not a margin: "Order placed · order #20", never "Order placedorder #20". */}
                    {m.reason && m.orderId !== null ? ' · ' : null}
                    {m.orderId !== null && (
                      <Link to={`/admin/orders/${m.orderId}`} className="text-brand-700 hover:underline">
                        order #{m.orderId}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
