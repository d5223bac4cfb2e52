/**
 * The totals' lines for the offers a basket applies (cart.offers, as the server priced them):
 * "Discount (CODE or offer name)" with what it takes off the goods, and "Free delivery (offer
 * name)" with the fee it saves. The delivery line above already shows the fee charged (FREE), so
 * the saving is said in words rather than taken off a second time: the lines add up to the total.
 */
import type { CartOfferDto } from '@shop/contract';
import { formatPounds } from '@shop/contract/browser';

export interface OfferTotalLine {
  key: string;
  kind: 'discount' | 'free-delivery';
  label: string;
  /** Pounds ex-VAT: off the goods, or the delivery fee saved. */
  amount: number;
}

/** The discount lines (shown after the goods' sub-total) and the free-delivery lines (after the delivery fee). */
export function offerTotalLines(offers: readonly CartOfferDto[]): { discounts: OfferTotalLine[]; freeDelivery: OfferTotalLine[] } {
  const discounts: OfferTotalLine[] = [];
  const freeDelivery: OfferTotalLine[] = [];
  offers.forEach((offer, index) => {
    if (offer.discount > 0) discounts.push({ key: `discount-${index}`, kind: 'discount', label: `Discount (${offer.code ?? offer.name})`, amount: offer.discount });
    if (offer.delivery_saved > 0) freeDelivery.push({ key: `delivery-${index}`, kind: 'free-delivery', label: `Free delivery (${offer.name})`, amount: offer.delivery_saved });
  });
  return { discounts, freeDelivery };
}

/** The amount of an offer's line: "-£4.00" off the goods, or "You save £4.99" on delivery. */
export function OfferAmount({ line }: { line: OfferTotalLine }) {
  if (line.kind === 'discount') return <span className="whitespace-nowrap text-brand-800">{formatPounds(-line.amount)}</span>;
  return <span className="whitespace-nowrap text-brand-800">You save {formatPounds(line.amount)}</span>;
}
