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

export interface CartTotals {
  subTotalPence: Pence;
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

/** The delivery fee of a basket with this subtotal, ex-VAT. */
function deliveryFeePence(subTotalPence: Pence, lineCount: number, rules: CartPricingRules): Pence {
  if (lineCount === 0) return 0;
  if (rules.agreedDeliveryFeePence != null) return rules.agreedDeliveryFeePence;
  if (rules.zone && isRemoteZone(rules.zone)) return rules.remoteDeliveryFeePence;
  return subTotalPence >= rules.freeDeliveryThresholdPence ? 0 : rules.deliveryFeePence;
}

/** One line: price of a pack x number of packs. */
export function lineTotalPence(line: PricedLine): Pence {
  return line.pricePence * line.count;
}

export function computeCartTotals(lines: readonly PricedLine[], rules: CartPricingRules): CartTotals {
  let subTotalPence = 0;
  let count = 0;
  for (const line of lines) {
    subTotalPence += lineTotalPence(line);
    count += line.count;
  }
  const deliveryFee = deliveryFeePence(subTotalPence, lines.length, rules);
  // VAT is charged on the goods and on the delivery, rounded once, half-up to the penny, at the
  // rate of the delivery zone (none for an export).
  const vat = vatForZone(rules.zone ?? null, rules.vatRatePercent);
  const totalTaxPence = percentOfPence(subTotalPence + deliveryFee, vat.ratePercent);
  return {
    subTotalPence,
    deliveryFeePence: deliveryFee,
    totalTaxPence,
    totalPence: subTotalPence + deliveryFee + totalTaxPence,
    count,
    vat,
  };
}
