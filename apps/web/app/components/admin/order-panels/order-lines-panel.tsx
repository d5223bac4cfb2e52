/**
 * What to send: the order's lines (prices for those who see money), its totals and the customer's note.
 */
import { formatCount, formatUnitPrice, itemDisplayName, vatLineLabel } from '@shop/contract/browser';
import { pounds } from '../admin-format';
import { type OrderPanelProps } from './order-panel';

export function OrderLinesPanel({ page }: Pick<OrderPanelProps, 'page'>) {
  const { order, allowed } = page;
  const withdrawnOf = (orderLineId: number) => order.shipping.lines.find((line) => line.orderLineId === orderLineId)?.withdrawnPacks ?? 0;
  return (
    <section className="card overflow-x-auto" aria-labelledby="lines-heading">
      <h2 id="lines-heading" className="border-b border-stone-200 px-4 py-3 text-base font-semibold text-stone-900">
        What to send
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">Item</th>
            <th scope="col" className="px-4 py-2 text-right">Packs</th>
            <th scope="col" className="px-4 py-2 text-right">Units</th>
            {allowed.money ? (
              <>
                <th scope="col" className="px-4 py-2 text-right">Price ex-VAT</th>
                <th scope="col" className="px-4 py-2 text-right">Total ex-VAT</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {order.lines.map((line) => (
            <tr key={line.orderLineId}>
              <td className="px-4 py-2">
                {itemDisplayName(line.productName, line.size1)}
                <span className="block text-xs text-stone-500">{line.kind === 'charge' ? 'Charge: no stock, not dispatched' : `Pack of ${line.qty}`}</span>
                {withdrawnOf(line.orderLineId) > 0 ? (
                  <span className="block text-xs text-red-800" data-testid="withdrawn-packs">
                    {withdrawnOf(line.orderLineId)} taken off: cannot be supplied (credit note)
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{line.count}</td>
              {/* Units charged for and the price charged by (core's lineChargeOf): units x price make the total. */}
              <td className="px-4 py-2 text-right tabular-nums" data-testid="line-units">
                {formatCount(line.charge.units)}
                {line.charge.units !== line.charge.orderedUnits ? (
                  <span className="block text-xs text-stone-500">delivered, of {formatCount(line.charge.orderedUnits)} ordered</span>
                ) : null}
              </td>
              {allowed.money ? (
                <>
                  <td className="px-4 py-2 text-right tabular-nums" data-testid="line-price">
                    {line.charge.per === 'unit' ? `${formatUnitPrice(line.charge.pricePence / 100)} a unit` : pounds(line.charge.pricePence)}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{pounds(line.totalPricePence)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
        {allowed.money ? (
          <tfoot className="text-sm">
            {[
              ['Items ex-VAT', order.totals.subTotalPence],
              ['Delivery ex-VAT', order.totals.deliveryFeePence],
              [vatLineLabel(order.vat), order.totals.totalTaxPence],
              ['Total', order.totals.totalPence],
            ].map(([label, pence]) => (
              <tr key={label as string}>
                <td colSpan={4} className="px-4 py-1 text-right text-stone-600">
                  {label}
                </td>
                <td className="px-4 py-1 text-right font-medium tabular-nums">{pounds(pence as number)}</td>
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
      {order.note ? (
        <p className="border-t border-stone-200 px-4 py-3 text-sm">
          <strong>Customer's note:</strong> {order.note}
        </p>
      ) : null}
    </section>
  );
}
