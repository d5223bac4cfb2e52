/**
 * Said beside a price that is the signed-in customer's own, from their price list (the server
 * marks it: `trade_price` on a pack or a basket line, with the `public_price` it replaces). Never
 * shown to anyone else: only a price-list customer's answers carry them, and their pages are private.
 */
import { formatPounds, tradeSaving } from '@shop/contract/browser';
import type { PriceDisplay } from '../price';

export const TRADE_PRICE_LABEL = 'Your trade price';

export function TradePriceTag({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900 ${className}`} data-testid="trade-price">
      {TRADE_PRICE_LABEL}
    </span>
  );
}

/**
 * The list price a trade price replaces, struck through, and what the buyer saves, as they see
 * prices (ex or inc VAT, the header's switch): "List price £12.50 · You save £1.87 (15%)".
 */
export function TradeSaving({ listPrice, tradePrice, price, className = '' }: { listPrice: number; tradePrice: number; price: PriceDisplay; className?: string }) {
  const { listPounds, savingPounds, savingPercent } = tradeSaving(listPrice, tradePrice, price.basis, price.vatRatePercent);
  if (savingPounds <= 0) return null;
  return (
    <span className={`block text-xs whitespace-normal text-stone-600 ${className}`} data-testid="trade-saving">
      List price{' '}
      <s className="text-stone-600" data-testid="list-price">
        {formatPounds(listPounds)}
      </s>
      <span className="sr-only"> {price.marker}</span> · <span className="font-semibold text-emerald-900">You save {formatPounds(savingPounds)} ({savingPercent}%)</span>
    </span>
  );
}
