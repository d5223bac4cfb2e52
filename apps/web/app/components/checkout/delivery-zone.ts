/**
 * How the basket and checkout name where the delivery fee is for (SPEC 9, DESIGN section 4
 * "Delivery zones"): "to mainland UK" until a delivery address is chosen, then that address's
 * zone as the server priced it (Cart.deliveryZone). The fee itself always comes from the server.
 */
import type { CartDto } from '@shop/contract';
import { deliveryZoneNames, isRemoteZone } from '@shop/contract/browser';

/** "to mainland UK", "to Northern Ireland", ... */
export function deliveryDestination(cart: Pick<CartDto, 'deliveryZone'>): string {
  return `to ${deliveryZoneNames[cart.deliveryZone ?? 'mainland']}`;
}

/** Whether the chosen delivery address is in a remote zone (extra carriage, 3-5 working days). */
export function isRemoteDelivery(cart: Pick<CartDto, 'deliveryZone'>): boolean {
  return cart.deliveryZone != null && isRemoteZone(cart.deliveryZone);
}
