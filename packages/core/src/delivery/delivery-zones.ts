/**
 * Delivery zones (SPEC 9, DESIGN section 4 "Delivery zones"): from the delivery address's
 * postcode, whether it goes to mainland UK or to a remote zone. The fee itself is decided in one
 * place only, pricing/cart-totals.ts, from the zone decided here; the postcode data is
 * remote-postcodes.ts.
 *
 * The postcode alone decides (the address's country is free text, SPEC 3): a UK postcode (parsed
 * by the `postcode` package, of one of the 124 areas in use) is mainland or one of the remote UK
 * zones; an Eircode is the Republic of Ireland. Anything else is not a postcode we deliver to.
 */
import { parse } from 'postcode';
import { isRemoteZone, type DeliveryZone } from '@shop/contract';
import { EIRCODE_PATTERN, REMOTE_POSTCODE_AREAS, UK_POSTCODE_AREAS } from './remote-postcodes.ts';
import { TRANSIT_WORKING_DAYS } from './dispatch-promise.ts';

export type ParsedPostcode =
  | { kind: 'uk'; postcode: string; area: string; district: number }
  | { kind: 'eircode'; postcode: string };

/**
 * A delivery postcode in its usual form ("ls14ap" -> "LS1 4AP", "d02x285" -> "D02 X285"), or
 * null when it is neither a UK postcode of an area in use nor an Eircode. Spaces and letter case
 * as typed do not matter.
 */
export function parseDeliveryPostcode(text: string): ParsedPostcode | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 5 || compact.length > 7) return null;
  const eircode = EIRCODE_PATTERN.exec(compact);
  if (eircode) return { kind: 'eircode', postcode: `${eircode[1]} ${eircode[2]}` };
  const parsed = parse(compact);
  if (!parsed.valid || !parsed.area || !UK_POSTCODE_AREAS.has(parsed.area)) return null;
  // The district's number: "EC1A" -> 1, "PH19" -> 19.
  const district = Number(/\d+/.exec(parsed.outcode)?.[0]);
  return { kind: 'uk', postcode: parsed.postcode, area: parsed.area, district };
}

/** The normalised postcode a saved address keeps, or null when it is not one (see parseDeliveryPostcode). */
export function normaliseDeliveryPostcode(text: string): string | null {
  return parseDeliveryPostcode(text)?.postcode ?? null;
}

/** The zone of a delivery postcode, or null when it is not a postcode we deliver to. */
export function deliveryZoneOf(postcode: string): DeliveryZone | null {
  const parsed = parseDeliveryPostcode(postcode);
  if (!parsed) return null;
  if (parsed.kind === 'eircode') return 'republic-of-ireland';
  for (const remote of REMOTE_POSTCODE_AREAS) {
    if (remote.area !== parsed.area) continue;
    if (remote.districts === 'all' || remote.districts.some(([from, to]) => parsed.district >= from && parsed.district <= to)) return remote.zone;
  }
  return 'mainland';
}

/**
 * How long delivery takes once dispatched, in working days (SPEC 9): next working day, or 3-5 for
 * remote zones. The numbers live in one place, dispatch-promise.ts's TRANSIT_WORKING_DAYS.
 */
export function deliveryWorkingDays(zone: DeliveryZone): { min: number; max: number } {
  return { ...TRANSIT_WORKING_DAYS[isRemoteZone(zone) ? 'remote' : 'mainland'] };
}
