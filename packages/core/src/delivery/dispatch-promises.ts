/**
 * The dispatch promise for a postcode, with the server's clock (injected by the composition
 * root, so tests can fix it): what the storefront's product, basket and payment pages show and
 * what an order stores when placed. The rules are dispatch-promise.ts; the zone of a postcode is
 * delivery-zones.ts; this file only joins them.
 */
import { isRemoteZone } from '@shop/contract';
import { deliveryZoneOf } from './delivery-zones.ts';
import {
  bankHolidayRegionOfPostcode,
  DEFAULT_DESTINATION,
  dispatchPromise,
  expectedDelivery,
  formatDayMonth,
  isWorkingDay,
  nextWorkingDay,
  type BankHolidayRegion,
  type DeliveryDestination,
  type DispatchPromise,
  type ExpectedDelivery,
  type IsoDate,
} from './dispatch-promise.ts';

/**
 * Where a parcel to this postcode goes, for the promise: any remote zone (Highlands and islands,
 * Northern Ireland, Scilly, Channel Islands, Isle of Man, Republic of Ireland) is 'remote'; the
 * bank holidays are the nation's of the postcode. No postcode yet, or one we do not recognise:
 * mainland England and Wales (the basket's "to mainland UK").
 */
export function deliveryDestinationOf(postcode: string | null | undefined): DeliveryDestination {
  const zone = postcode ? deliveryZoneOf(postcode) : null;
  if (zone === null) return DEFAULT_DESTINATION;
  return { zone: isRemoteZone(zone) ? 'remote' : 'mainland', region: bankHolidayRegionOfPostcode(postcode) };
}

/** When a placed order, with its stored dispatch date, should reach this delivery postcode. */
export function promisedDeliveryOf(promisedDispatchDate: IsoDate, deliveryPostcode: string | null | undefined): ExpectedDelivery {
  return expectedDelivery(promisedDispatchDate, deliveryDestinationOf(deliveryPostcode));
}

export interface DispatchPromisesOptions {
  /** The server's clock. */
  now: () => Date;
  /** The warehouse's postcode (the shop's address): its nation's bank holidays stop dispatch. */
  warehousePostcode: string;
}

export class DispatchPromises {
  private readonly dispatchRegion: BankHolidayRegion;

  constructor(private readonly options: DispatchPromisesOptions) {
    this.dispatchRegion = bankHolidayRegionOfPostcode(options.warehousePostcode);
  }

  /** The promise for an order placed now (or at `at`) to this delivery postcode (null: not chosen yet). */
  promiseFor(deliveryPostcode: string | null, at: Date = this.options.now()): DispatchPromise {
    return dispatchPromise(at, deliveryDestinationOf(deliveryPostcode), { dispatchRegion: this.dispatchRegion });
  }

  /**
   * The promise now and, while today's cut-off is still ahead, the one that follows it: a page
   * left open counts down to the cut-off, then says what an order placed after it gets.
   */
  promiseAndNextFor(
    deliveryPostcode: string | null,
    backorder: { expectedDate: IsoDate | null } | null = null,
  ): { now: DispatchPromise; afterCutOff: DispatchPromise | null } {
    const at = this.options.now();
    const now = this.promiseFor(deliveryPostcode, at);
    if (backorder) {
      const later = backorderedPromise(now, backorder.expectedDate, deliveryDestinationOf(deliveryPostcode), this.dispatchRegion);
      if (later) return { now: later, afterCutOff: null };
    }
    if (now.secondsToCutOff === null) return { now, afterCutOff: null };
    return { now, afterCutOff: this.promiseFor(deliveryPostcode, new Date(at.getTime() + now.secondsToCutOff * 1000)) };
  }
}

/**
 * A basket with lines beyond the shelf, of products that may be backordered: the order will not
 * leave before more comes in. As the placed order's promise moves (stock/stock-allocation.ts):
 * to the date staff expect more when that is later than the usual promise; with no date given,
 * no date is promised. Null when the usual promise stands.
 */
function backorderedPromise(usual: DispatchPromise, expectedDate: IsoDate | null, destination: DeliveryDestination, region: BankHolidayRegion): DispatchPromise | null {
  if (expectedDate === null) {
    return {
      ...usual,
      dispatchToday: false,
      minutesToCutOff: null,
      secondsToCutOff: null,
      dispatchText: 'Some items are available to order: we dispatch when they come in',
      deliveryText: 'We will e-mail you when your order is on its way',
    };
  }
  if (expectedDate <= usual.dispatchDate) return null;
  const dispatchDate = isWorkingDay(expectedDate, region) ? expectedDate : nextWorkingDay(expectedDate, region);
  const { deliveryFrom, deliveryTo, deliveryText } = expectedDelivery(dispatchDate, destination);
  return {
    ...usual,
    dispatchDate,
    dispatchToday: false,
    minutesToCutOff: null,
    secondsToCutOff: null,
    deliveryFrom,
    deliveryTo,
    dispatchText: `Some items are available to order: dispatch around ${formatDayMonth(dispatchDate)}`,
    deliveryText,
  };
}
