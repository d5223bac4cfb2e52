/**
 * Basket totals (DESIGN section 4 "Money", "Delivery zones"): the one place that decides the
 * delivery fee and VAT of a basket. Pure: integer pence in, integer pence out. The zone comes
 * from the delivery address's postcode (delivery/delivery-zones.ts); its VAT treatment from
 * vat-by-destination.ts.
 */
import { isRemoteZone, type DeliveryZone, type VatOfSupply } from '@shop/contract';
import type { ShopConfig } from '../shop/shop-config.ts';
import { percentOfPence, poundsToPence, type Pence } from './money.ts';
import { vatForZone } from './vat-by-destination.ts';

export interface CartPricingRules {
  /** The shop's standard rate; a zero-rated export zone charges none (vat-by-destination.ts). */
  vatRatePercent: number;
  /** Mainland UK: a subtotal at or above this is delivered free. */
  freeDeliveryThresholdPence: Pence;
  /** Mainland UK below the threshold. */
  deliveryFeePence: Pence;
  /** Remote zones: the carriage of every basket, whatever its subtotal (free delivery is for mainland UK only). */
  remoteDeliveryFeePence: Pence;
  /**
   * The zone of the basket's delivery address; mainland UK when none is chosen yet (the basket
   * then quotes the mainland fee, "to mainland UK").
   */
  zone?: DeliveryZone | null;
  /**
   * Carriage agreed in advance (a quote's delivery charge, quotes/): replaces the fee by zone and
   * threshold. VAT is still by the zone.
   */
  agreedDeliveryFeePence?: Pence | null;
}

export interface PricedLine {
  /** One pack, ex-VAT. */
  pricePence: Pence;
  /** Number of packs. */
  count: number;
}

/** What offers take off (offers/offer-rules.ts): the goods discount, before VAT, and free delivery. */
export interface CartDiscount {
  goodsDiscountPence: Pence;
  freeDelivery: boolean;
}

export interface CartTotals {
  /** The lines at their prices, before any discount. */
  subTotalPence: Pence;
  /** Offers' discount off the goods, before VAT; 0 for none. */
  discountPence: Pence;
  deliveryFeePence: Pence;
  totalTaxPence: Pence;
  totalPence: Pence;
  /** Total number of packs. */
  count: number;
  /** The VAT charged: its treatment by the delivery zone and the rate of totalTaxPence (0 for an export). */
  vat: VatOfSupply;
}

/** The pricing rules of the shop's configuration (pounds) in pence. */
export function cartPricingRules(
  shop: Pick<ShopConfig, 'vatRatePercent' | 'freeDeliveryThreshold' | 'deliveryFee' | 'remoteDeliveryFee'>,
): CartPricingRules {
  return {
    vatRatePercent: shop.vatRatePercent,
    freeDeliveryThresholdPence: poundsToPence(shop.freeDeliveryThreshold),
    deliveryFeePence: poundsToPence(shop.deliveryFee),
    remoteDeliveryFeePence: poundsToPence(shop.remoteDeliveryFee),
  };
}

/** The rules for a basket delivered to `zone` (null: no address chosen yet, priced as mainland UK). */
export function rulesForZone(rules: CartPricingRules, zone: DeliveryZone | null): CartPricingRules {
  return { ...rules, zone };
}

/**
 * The delivery fee of a basket with this subtotal, ex-VAT, before offers. The free-delivery
 * threshold counts the goods before any discount: an offer never makes a customer pay carriage.
 */
export function deliveryFeePence(subTotalPence: Pence, lineCount: number, rules: CartPricingRules): Pence {
  if (lineCount === 0) return 0;
  if (rules.agreedDeliveryFeePence != null) return rules.agreedDeliveryFeePence;
  if (rules.zone && isRemoteZone(rules.zone)) return rules.remoteDeliveryFeePence;
  return subTotalPence >= rules.freeDeliveryThresholdPence ? 0 : rules.deliveryFeePence;
}

/** Whether an offer's free delivery can cover the fee: mainland UK (and Northern Ireland, Isle of Man: not remote), no agreed carriage. */
export function freeDeliveryPossible(rules: CartPricingRules): boolean {
  return rules.agreedDeliveryFeePence == null && !(rules.zone && isRemoteZone(rules.zone));
}

/**
 * The part of an order line's discount (offers) that `packs` of its packs carry, half-up to the
 * penny: what goes with them when they are refunded, credited or taken off. All the packs carry
 * all of it, so what is left always adds up.
 */
export function discountShareOf(line: { count: number; discountPence: Pence }, packs: number): Pence {
  if (packs >= line.count) return line.discountPence;
  return Math.floor((2 * line.discountPence * packs + line.count) / (2 * line.count));
}

/** What `packs` packs of an order line were charged, ex VAT: their price less their share of its discount. */
export function chargedForPacks(line: { pricePence: Pence; count: number; discountPence: Pence }, packs: number): Pence {
  return line.pricePence * packs - discountShareOf(line, packs);
}

/** One line: price of a pack x number of packs. */
export function lineTotalPence(line: PricedLine): Pence {
  return line.pricePence * line.count;
}

export function computeCartTotals(lines: readonly PricedLine[], rules: CartPricingRules, discount?: CartDiscount): CartTotals {
  let subTotalPence = 0;
  let count = 0;
  for (const line of lines) {
    subTotalPence += lineTotalPence(line);
    count += line.count;
  }
  const discountPence = Math.min(discount?.goodsDiscountPence ?? 0, subTotalPence);
  const deliveryFee = discount?.freeDelivery && freeDeliveryPossible(rules) ? 0 : deliveryFeePence(subTotalPence, lines.length, rules);
  // VAT is charged on the goods as charged (after the discount) and on the delivery, rounded
  // once, half-up to the penny, at the rate of the delivery zone (none for an export).
  const vat = vatForZone(rules.zone ?? null, rules.vatRatePercent);
  const chargedGoodsPence = subTotalPence - discountPence;
  const totalTaxPence = percentOfPence(chargedGoodsPence + deliveryFee, vat.ratePercent);
  return {
    subTotalPence,
    discountPence,
    deliveryFeePence: deliveryFee,
    totalTaxPence,
    totalPence: chargedGoodsPence + deliveryFee + totalTaxPence,
    count,
    vat,
  };
}
