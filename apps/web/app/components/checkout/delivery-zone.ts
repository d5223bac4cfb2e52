/**
 * How the basket and checkout name where the delivery fee is for (SPEC 9, DESIGN section 4
 * "Delivery zones"): "to mainland UK" until a delivery address is chosen, then that address's
 * zone as the server priced it (Cart.deliveryZone). The fee itself always comes from the server,
 * and so does the VAT: the zone's treatment (Cart.vatTreatment, core's VAT by destination table)
 * is only worded here.
 */
import type { CartDto, PriceBasis } from '@shop/contract';
import { deliveryZoneNames, exportVatNote, isRemoteZone, vatLineLabel } from '@shop/contract/browser';

/** "to mainland UK", "to Northern Ireland", ... */
export function deliveryDestination(cart: Pick<CartDto, 'deliveryZone'>): string {
  return `to ${deliveryZoneNames[cart.deliveryZone ?? 'mainland']}`;
}

/** The basket's VAT line: "VAT (20%)", or "Zero-rated export (no UK VAT)" for the Channel Islands and Ireland. */
export function basketVatLabel(cart: Pick<CartDto, 'vatTreatment' | 'taxPercentage'>): string {
  return vatLineLabel({ treatment: cart.vatTreatment, ratePercent: cart.taxPercentage });
}

/** The line under a basket's totals: how VAT is charged, or why none is (a zero-rated export); `basis`: how the lines show prices. */
export function basketVatNote(cart: Pick<CartDto, 'vatTreatment'>, basis: PriceBasis = 'ex'): string {
  return exportVatNote(cart.vatTreatment) ?? (basis === 'inc' ? 'Prices are shown including VAT; the totals show VAT on its own line.' : 'Prices are shown excluding VAT; VAT is added in the total.');
}

/** Whether the chosen delivery address is in a remote zone (extra carriage, 3-5 working days). */
export function isRemoteDelivery(cart: Pick<CartDto, 'deliveryZone'>): boolean {
  return cart.deliveryZone != null && isRemoteZone(cart.deliveryZone);
}
