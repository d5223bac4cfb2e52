/**
 * The lines of an order (SPEC 2 "Order detail"): Product (image), Item, Pack Size, No. of Packs,
 * Price ex-VAT and Total Price ex-VAT (inc VAT at the order's own rate when the visitor chose
 * prices with VAT, DESIGN section 4). A table on wide screens; on phones each line is a card
 * with its values labelled.
 */
import { usePriceDisplay } from '~/components/price';
import { packSizeLabel } from '~/components/cart/basket-lines';
import type { OrderLineDto } from '~/components/checkout/checkout-types';

const headCell = 'px-4 py-3 text-left text-sm font-semibold whitespace-nowrap text-stone-700';
const stackedCell = 'col-start-2 flex items-center justify-between gap-3 py-0.5 text-sm md:table-cell md:px-4 md:py-4 md:align-middle';

function CellLabel({ children }: { children: string }) {
  // The column header names the cell for assistive technology; this copy is only for the eye.
  return (
    <span className="shrink-0 whitespace-nowrap text-stone-600 md:hidden" aria-hidden="true">
      {children}
    </span>
  );
}

export function lineName(line: OrderLineDto): string {
  return line.item_name || line.name || (line.product_id === null ? 'Charge' : `Product ${line.product_id}`);
}

export function OrderLinesTable({ lines, vatRatePercent }: { lines: OrderLineDto[]; vatRatePercent: number }) {
  const price = usePriceDisplay(vatRatePercent);
  const priceHeading = `Price ${price.marker}`;
  const totalHeading = `Total Price ${price.marker}`;
  return (
    <table className="block w-full md:table" data-testid="order-lines">
      <caption className="sr-only">Items in this order</caption>
      <thead className="hidden border-b border-stone-200 bg-stone-100 md:table-header-group">
        <tr>
          <th scope="col" className={headCell}>
            Product
          </th>
          <th scope="col" className={headCell}>
            Item
          </th>
          <th scope="col" className={headCell}>
            Pack Size
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            No. of Packs
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            {priceHeading}
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            {totalHeading}
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-stone-200 md:table-row-group">
        {lines.map((line, index) => (
          <tr
            key={`${line.product_price_id}-${index}`}
            className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-1 p-4 md:table-row md:p-0"
            data-testid="order-line"
          >
            <td className="row-span-5 md:table-cell md:py-3 md:pr-2 md:pl-4 md:align-middle">
              {line.image_url ? (
                <img
                  src={line.image_url}
                  alt={line.name || lineName(line)}
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-16 rounded-md border border-stone-200 bg-white object-contain p-1"
                />
              ) : (
                <span className="block h-16 w-16 rounded-md border border-stone-200 bg-stone-100" aria-hidden="true" />
              )}
            </td>
            <td className="col-start-2 pb-1 text-sm font-semibold text-stone-900 md:table-cell md:px-4 md:py-3 md:align-middle">{lineName(line)}</td>
            <td className={`${stackedCell} whitespace-nowrap`}>
              <CellLabel>Pack Size</CellLabel>
              {/* A quoted charge (print plates, set-up) has no pack or size. */}
              <span className="text-stone-900">{line.kind === 'charge' ? 'Charge' : packSizeLabel(line.qty)}</span>
            </td>
            <td className={`${stackedCell} md:text-right`}>
              <CellLabel>No. of Packs</CellLabel>
              <span className="text-stone-900 tabular-nums">{line.count}</span>
            </td>
            <td className={`${stackedCell} md:text-right`}>
              <CellLabel>{priceHeading}</CellLabel>
              <span className="whitespace-nowrap text-stone-900 tabular-nums">{price.pounds(line.price)}</span>
            </td>
            <td className={`${stackedCell} md:text-right`}>
              <CellLabel>{totalHeading}</CellLabel>
              <span className="font-semibold whitespace-nowrap text-stone-900 tabular-nums" data-testid="order-line-total">
                {typeof line.total_price === 'number' ? price.pounds(line.total_price) : '—'}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
