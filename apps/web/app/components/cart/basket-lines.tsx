/**
 * The basket's lines (SPEC 2 "Cart page"): a table with the columns Product, Item, Price,
 * Pack Size, No. of Pack, Total Price and Remove All on wide screens; on phones the same rows
 * are laid out as stacked cards, each value with its column name beside it. A line also shows
 * its unit price (from the server) and the units its packs hold.
 */
import { Link } from 'react-router';
import type { CartLineDto } from '@shop/contract';
import { formatCount } from '@shop/contract/browser';
import { usePriceDisplay } from '../price';
import { PackCountInput } from './pack-count-input';
import { TradePriceTag, TradeSaving } from '~/components/catalogue/trade-price-tag';

interface Props {
  lines: CartLineDto[];
  /** The basket's VAT rate (CartDto.taxPercentage), for prices shown inc VAT. */
  vatRatePercent?: number;
  /** Lines that can no longer be had as they are (by product_price_id), with what to do (docs/stock.md). */
  shortfalls?: Record<number, string>;
  /** Lines that wait for more to come in, with the date expected in words (by product_price_id, core's stock rules). */
  backordered?: Record<number, string>;
}

const headCell = 'px-4 py-3 text-left text-sm font-semibold whitespace-nowrap text-stone-700';
// Phones: a label/value row inside the card. Wide screens: an ordinary table cell.
const stackedCell = 'col-start-2 flex items-center justify-between gap-3 py-0.5 text-sm md:table-cell md:px-4 md:py-4 md:align-middle';

function CellLabel({ children }: { children: string }) {
  // The column header names the cell for assistive technology; this copy is only for the eye.
  return (
    <span className="shrink-0 whitespace-nowrap text-stone-600 md:hidden" aria-hidden="true">
      {children}
    </span>
  );
}

export function packSizeLabel(qty: number): string {
  return `Pack of ${qty}`;
}

export function BasketLines({ lines, vatRatePercent, shortfalls = {}, backordered = {} }: Props) {
  const price = usePriceDisplay(vatRatePercent);
  return (
    <table className="block w-full md:table" data-testid="basket-table">
      <caption className="sr-only">Items in your basket</caption>
      <thead className="hidden border-b border-stone-200 bg-stone-100 md:table-header-group">
        <tr>
          <th scope="col" className={headCell}>
            Product
          </th>
          <th scope="col" className={headCell}>
            Item
          </th>
          <th scope="col" className={headCell}>
            Price
          </th>
          <th scope="col" className={headCell}>
            Pack Size
          </th>
          <th scope="col" className={headCell}>
            No. of Pack
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            Total Price
          </th>
          <th scope="col" className={`${headCell} text-center`}>
            Remove All
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-stone-200 md:table-row-group">
        {lines.map((line) => (
          <tr
            key={line.product_price_id}
            className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-1 p-4 md:table-row md:p-0"
            data-testid="basket-line"
          >
            <td className="row-span-6 md:table-cell md:py-4 md:pr-2 md:pl-4 md:align-middle">
              <img
                src={line.product.image_url}
                alt={line.product.name}
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
                className="h-[4.5rem] w-[4.5rem] rounded-md border border-stone-200 bg-white object-contain p-1"
              />
            </td>
            <td className="col-start-2 pb-1 text-sm font-semibold text-stone-900 md:table-cell md:px-4 md:py-4 md:align-middle">
              {line.item_name}
              {shortfalls[line.product_price_id] ? (
                <span className="mt-1 block text-sm font-semibold text-red-800" data-testid="line-stock-problem" role="note">
                  {shortfalls[line.product_price_id]}
                </span>
              ) : null}
              <BackorderedNote text={backordered[line.product_price_id]} />
            </td>
            <td className={stackedCell}>
              <CellLabel>Price</CellLabel>
              <span className="text-right whitespace-nowrap text-stone-900 md:text-left">
                <span data-testid="line-price">{price.pounds(line.price)}</span>
                <span className="ml-1 text-xs text-stone-600 md:ml-0 md:block">{price.marker}</span>
                {line.trade_price ? (
                  <span className="block">
                    <TradePriceTag className="mt-0.5" />
                    {line.public_price !== undefined ? <TradeSaving listPrice={line.public_price} tradePrice={line.price} price={price} className="mt-0.5" /> : null}
                  </span>
                ) : null}
                <span className="block text-xs text-stone-600" data-testid="line-unit-price">
                  {price.unit(line.unit_price)} each
                </span>
              </span>
            </td>
            <td className={`${stackedCell} whitespace-nowrap`}>
              <CellLabel>Pack Size</CellLabel>
              <span className="text-right text-stone-900 md:text-left">
                {packSizeLabel(line.qty)}
                <span className="block text-xs text-stone-600" data-testid="line-units">
                  {formatCount(line.qty * line.count)} units
                </span>
              </span>
            </td>
            <td className={stackedCell}>
              <CellLabel>No. of Pack</CellLabel>
              <PackCountInput line={line} />
            </td>
            <td className={`${stackedCell} md:text-right`}>
              <CellLabel>Total Price</CellLabel>
              <span className="font-semibold text-stone-900 tabular-nums" data-testid="line-total">
                {price.pounds(line.total_price)}
              </span>
            </td>
            <td className="col-start-2 flex justify-end pt-2 md:table-cell md:px-4 md:py-4 md:text-center md:align-middle">
              {/* Opens 'Are you sure?' (the basket page reads ?remove=); a link, so it works without JavaScript. */}
              <Link
                to={`/checkout?remove=${line.product_price_id}`}
                preventScrollReset
                role="button"
                className="inline-flex items-center gap-1.5 rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:border-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                aria-label={`Remove ${line.item_name} from the basket`}
                data-testid="remove-line"
              >
                <TrashIcon />
                <span>Remove</span>
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A line that waits for more to come in: what it waits for, under its name (basket and order summary). */
export function BackorderedNote({ text, className = 'mt-1' }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  return (
    <span className={`block text-sm font-medium text-brand-800 ${className}`} data-testid="line-backordered">
      {text}
    </span>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </svg>
  );
}
