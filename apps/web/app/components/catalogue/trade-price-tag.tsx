/**
 * Said beside a price that is the signed-in customer's own, from their price list (the server
 * marks it: `trade_price` on a pack or a basket line). Never shown to anyone else.
 */
export const TRADE_PRICE_LABEL = 'Your trade price';

export function TradePriceTag({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900 ${className}`} data-testid="trade-price">
      {TRADE_PRICE_LABEL}
    </span>
  );
}
