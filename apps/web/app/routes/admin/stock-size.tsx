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
import { AdminField } from '~/components/admin/admin-frame';
import { Cell, ListTable, PageHead, useAdminAnswer } from '~/components/admin/admin-kit';
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
      <PageHead back={{ to: '/admin/stock', label: '← Low stock' }} title={size.label} notice={notice} failure={answer?.message}>
        {editsCatalogue && (
          <Link to={`/admin/catalogue/products/${size.productId}#stock`} className="text-sm text-brand-700 hover:underline">
            The product's page (threshold, backorders)
          </Link>
        )}
      </PageHead>

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

      <ListTable
        id="history-heading"
        title="History"
        titleShown
        testId="stock-history"
        columns={['When', 'What', { label: 'On hand', right: true }, { label: 'Allocated', right: true }, 'Who', 'Why']}
        items={size.movements}
        empty="No stock movements yet."
        emptyAs="text"
        row={(m, i) => (
          <tr key={i}>
            <Cell nowrap>{londonDateTime(m.at)}</Cell>
            <Cell>{m.label}</Cell>
            <Cell right>{signed(m.onHandChange)}</Cell>
            <Cell right>{signed(m.allocatedChange)}</Cell>
            <Cell>{m.who}</Cell>
            <Cell>
              {m.reason}
              {/* A separator in the text, not a margin: "Order placed · order #20", never "Order placedorder #20". */}
              {m.reason && m.orderId !== null ? ' · ' : null}
              {m.orderId !== null && (
                <Link to={`/admin/orders/${m.orderId}`} className="text-brand-700 hover:underline">
                  order #{m.orderId}
                </Link>
              )}
            </Cell>
          </tr>
        )}
      />
    </div>
  );
}
