/**
 * Low stock ('stock:receive': warehouse, manager, owner): every tracked size on sale that is out
 * (less than its smallest pack available) or below its low-stock threshold, out first, each
 * with its figures, a link to count it and, for catalogue staff, to its product. Links to
 * goods-in. Sizes not tracked (no stock recorded) are never listed (docs/stock.md).
 */
import { data, Link } from 'react-router';
import { requireStaff } from '~/server/admin/staff-session.server';
import { takeNotice } from '~/server/admin/admin-notice.server';
import { editsCatalogue } from '~/server/admin/stock.server';
import { AdminMessage } from '~/components/admin/admin-frame';
import { calendarDate } from '~/components/admin/admin-format';
import { Cell, ListHead, ListTable } from '~/components/admin/admin-kit';
import type { Route } from './+types/stock';

export const meta: Route.MetaFunction = () => [{ title: 'Low stock - Back office' }];

const NOTICES: Record<string, string> = {
  received: 'The delivery is received: its units are on hand.',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'stock:receive');
  const { notice, headers } = await takeNotice(request, context, NOTICES);
  const rows = await context.services.stock.lowStock(staff);
  return data({ rows, notice, editsCatalogue: editsCatalogue(staff) }, { headers });
}

export default function LowStock({ loaderData }: Route.ComponentProps) {
  const { rows, notice, editsCatalogue } = loaderData;
  return (
    <div className="space-y-5">
      <ListHead title="Low stock" intro="Sizes that are out of stock or below their low-stock threshold. Available = on hand − allocated to open orders.">
        <Link to="/admin/stock/goods-in" className="btn-primary">
          Receive a delivery (goods in)
        </Link>
      </ListHead>
      {notice && <AdminMessage tone="success">{notice}</AdminMessage>}
      {rows.length === 0 ? (
        <p className="card p-5 text-stone-700" data-testid="low-stock-empty">
          Nothing is low or out of stock.
        </p>
      ) : (
        <ListTable
          id="low-stock-heading"
          title="Sizes low or out of stock"
          testId="low-stock"
          columns={[
            'Product and size',
            'State',
            { label: 'Available', right: true },
            { label: 'On hand', right: true },
            { label: 'Allocated', right: true },
            { label: 'Threshold', right: true },
            { label: <span className="sr-only">Actions</span>, key: 'actions' },
          ]}
          items={rows}
          row={(row) => (
            <tr key={row.productSizeId} data-testid="low-stock-row">
              <Cell>
                <span className="font-medium text-stone-900">{row.productName}</span> <span className="text-stone-700">{row.size1}</span>
                <span className="block font-mono text-xs text-stone-500">{row.productCode}</span>
              </Cell>
              <Cell>
                {row.out ? <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Out</span> : <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Low</span>}
                {row.backordersAllowed && <span className="block text-xs text-stone-600">Backorders allowed</span>}
                {row.expectedDate && <span className="block text-xs text-stone-600">Expected {calendarDate(row.expectedDate)}</span>}
              </Cell>
              <Cell right className={`font-semibold ${row.available <= 0 ? 'text-red-800' : ''}`}>
                {row.available}
              </Cell>
              <Cell right>{row.onHand}</Cell>
              <Cell right>{row.allocated}</Cell>
              <Cell right>{row.lowThreshold}</Cell>
              <Cell nowrap>
                <Link to={`/admin/stock/sizes/${row.productSizeId}`} className="font-medium text-brand-700 hover:underline">
                  Count
                </Link>
                {editsCatalogue && (
                  <Link to={`/admin/catalogue/products/${row.productId}#stock`} className="ml-3 text-brand-700 hover:underline">
                    Product
                  </Link>
                )}
              </Cell>
            </tr>
          )}
        />
      )}
    </div>
  );
}
