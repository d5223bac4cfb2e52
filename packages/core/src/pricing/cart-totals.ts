/**
 * Basket totals (DESIGN section 4 "Money"): the one place that decides the delivery fee and
 * VAT of a basket. Pure: integer pence in, integer pence out.
 */
import type { ShopConfig } from '../shop/shop-config.ts';
import { percentOfPence, poundsToPence, type Pence } from './money.ts';

export interface CartPricingRules {
  vatRatePercent: number;
  /** A subtotal at or above this is delivered free. */
  freeDeliveryThresholdPence: Pence;
  deliveryFeePence: Pence;
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
}

/** The pricing rules of the shop's configuration (pounds) in pence. */
export function cartPricingRules(shop: Pick<ShopConfig, 'vatRatePercent' | 'freeDeliveryThreshold' | 'deliveryFee'>): CartPricingRules {
  return {
    vatRatePercent: shop.vatRatePercent,
    freeDeliveryThresholdPence: poundsToPence(shop.freeDeliveryThreshold),
    deliveryFeePence: poundsToPence(shop.deliveryFee),
  };
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
  const deliveryFeePence = lines.length === 0 || subTotalPence >= rules.freeDeliveryThresholdPence ? 0 : rules.deliveryFeePence;
  // VAT is charged on the goods and on the delivery, rounded once, half-up to the penny.
  const totalTaxPence = percentOfPence(subTotalPence + deliveryFeePence, rules.vatRatePercent);
  return {
    subTotalPence,
    deliveryFeePence,
    totalTaxPence,
    totalPence: subTotalPence + deliveryFeePence + totalTaxPence,
    count,
  };
}
