/**
 * Delivery zones (SPEC 9, DESIGN section 4 "Delivery zones"): which zone a delivery address is
 * in is decided by core from its postcode; this file only names the zones, so the API schema,
 * the server and the storefront's wording agree. Zod-free (browser-safe).
 */

/** `mainland` is the rest of Great Britain; every other zone is remote (extra carriage, 3-5 working days). */
export const DELIVERY_ZONES = [
  'mainland',
  'highlands-and-islands',
  'northern-ireland',
  'isles-of-scilly',
  'channel-islands',
  'isle-of-man',
  'republic-of-ireland',
] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** How the storefront names a zone: "Delivery to {name}". */
export const deliveryZoneNames: Record<DeliveryZone, string> = {
  mainland: 'mainland UK',
  'highlands-and-islands': 'the Scottish Highlands and islands',
  'northern-ireland': 'Northern Ireland',
  'isles-of-scilly': 'the Isles of Scilly',
  'channel-islands': 'the Channel Islands',
  'isle-of-man': 'the Isle of Man',
  'republic-of-ireland': 'the Republic of Ireland',
};

export function isRemoteZone(zone: DeliveryZone): boolean {
  return zone !== 'mainland';
}
