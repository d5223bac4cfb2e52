/**
 * The order summary of the delivery and payment steps (SPEC 2): the basket's lines (name, pack
 * size, number of packs, price) and Sub Total, the offers' discount, Delivery, VAT and Total, all
 * as the server cart computed them (VAT by the delivery address: a zero-rated export says so
 * before payment), so the customer sees the total they are charged.
 */
import type { ReactNode } from 'react';
import type { CartDto, CartOfferDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';
import { BackorderedNote, packSizeLabel } from '~/components/cart/basket-lines';
import { usePriceDisplay } from '~/components/price';
import { TradePriceTag, TradeSaving } from '~/components/catalogue/trade-price-tag';
import { OfferAmount, offerTotalLines } from '~/components/cart/offer-lines';
import { basketVatLabel, basketVatNote, deliveryDestination } from './delivery-zone';

interface Props {
  cart: CartDto;
  /** Lines that wait for more to come in, with the date expected in words (by product_price_id). */
  backordered?: Record<number, string>;
  /** Shown under the totals (e.g. a button to the next step). */
  children?: ReactNode;
}

export function SummaryRow({ label, children, strong = false, testId }: { label: ReactNode; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? 'mt-1 border-t border-stone-200 pt-3 text-base font-bold text-stone-900' : 'text-sm'}`}>
      <dt className={strong ? '' : 'text-stone-600'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? '' : 'font-medium text-stone-900'}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Sub Total, the offers' lines (a basket's), Delivery, VAT and Total of a basket or an order. */
export function TotalsList({
  subTotal,
  offers = [],
  deliveryFee,
  vatLabel,
  totalTax,
  total,
  deliveryLabel = 'Delivery',
}: {
  /** Before any discount when offers are given (a basket's subTotal). */
  subTotal: number;
  /** The offers that take something off (a basket's cart.offers). */
  offers?: readonly CartOfferDto[];
  deliveryFee: number;
  /** e.g. "Delivery (to mainland UK)" on the checkout steps; an order's own fee is just "Delivery". */
  deliveryLabel?: ReactNode;
  vatLabel: string;
  totalTax: number;
  total: number;
}) {
  const offerLines = offerTotalLines(offers);
  return (
    <dl>
      <SummaryRow label="Sub Total" testId="summary-subtotal">
        {formatPounds(subTotal)}
      </SummaryRow>
      {offerLines.discounts.map((line) => (
        <SummaryRow key={line.key} label={line.label} testId="summary-discount">
          <OfferAmount line={line} />
        </SummaryRow>
      ))}
      <SummaryRow label={deliveryLabel} testId="summary-delivery">
        {deliveryFee === 0 ? (
          <>
            <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-700">FREE</span>
            {formatPounds(0)}
          </>
        ) : (
          formatPounds(deliveryFee)
        )}
      </SummaryRow>
      {offerLines.freeDelivery.map((line) => (
        <SummaryRow key={line.key} label={line.label} testId="summary-free-delivery">
          <OfferAmount line={line} />
        </SummaryRow>
      ))}
      <SummaryRow label={vatLabel} testId="summary-vat">
        {formatPounds(totalTax)}
      </SummaryRow>
      <SummaryRow label="Total" strong testId="summary-total">
        {formatPounds(total)}
      </SummaryRow>
    </dl>
  );
}

export function OrderSummary({ cart, backordered = {}, children }: Props) {
  const price = usePriceDisplay(cart.taxPercentage);
  return (
    <section className="card p-5" aria-labelledby="order-summary-heading" data-testid="order-summary">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="order-summary-heading" className="text-lg font-semibold text-stone-900">
          Order Summary
        </h2>
        <span className="text-right text-sm text-stone-600">
          {cart.count} {cart.count === 1 ? 'pack' : 'packs'} · <span className="whitespace-nowrap">prices {price.marker}</span>
        </span>
      </div>
      <ul className="mt-3 divide-y divide-stone-100 border-y border-stone-200" aria-label="Order lines">
        {cart.cartIems.map((line) => (
          <li key={line.product_price_id} className="flex gap-3 py-3" data-testid="summary-line">
            <img
              src={line.product.image_url}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              decoding="async"
              className="h-12 w-12 shrink-0 rounded border border-stone-200 bg-white object-contain p-0.5"
            />
            <div className="min-w-0 flex-1">
              <p className="text-sm leading-snug font-medium text-stone-900">{line.item_name}</p>
              <BackorderedNote text={backordered[line.product_price_id]} className="mt-0.5 text-xs" />
              <p className="mt-0.5 text-xs text-stone-600">
                {packSizeLabel(line.qty)} · {line.count} {line.count === 1 ? 'pack' : 'packs'} × <span data-testid="summary-line-price">{price.pounds(line.price)}</span>
                {line.trade_price ? <TradePriceTag className="ml-1.5" /> : null}
              </p>
              {line.trade_price && line.public_price !== undefined ? <TradeSaving listPrice={line.public_price} tradePrice={line.price} price={price} className="mt-0.5" /> : null}
            </div>
            <p className="text-sm font-semibold text-stone-900 tabular-nums" data-testid="summary-line-total">
              {price.pounds(line.total_price)}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-2">
        <TotalsList
          subTotal={cart.subTotal}
          offers={cart.offers}
          deliveryFee={cart.deliveryFee}
          deliveryLabel={
            <>
              Delivery <span className="text-xs">({deliveryDestination(cart)})</span>
            </>
          }
          vatLabel={basketVatLabel(cart)}
          totalTax={cart.totalTax}
          total={cart.total}
        />
      </div>
      <p className="mt-2 text-xs text-stone-600" data-testid="summary-vat-note">
        {basketVatNote(cart, price.basis)}
      </p>
      {children}
    </section>
  );
}
