/**
 * The dispatch promise (SPEC 9, DESIGN section 4 "Money": delivery): when an order placed now
 * leaves the warehouse and when it should arrive. Pure: the instant is passed in (`now`), the
 * clock is never read here, so every rule is tested with a fixed clock.
 *
 * Rules
 * - Time is Europe/London wall-clock time (GMT in winter, BST in summer), whatever the server's
 *   time zone. Orders by 15:00 on a working day are dispatched that day; later ones, and any on a
 *   weekend or bank holiday, on the next working day (a Friday order after 3pm goes on Monday).
 * - A working day is Monday-Friday and not a bank holiday of the nation concerned. The dispatch
 *   day follows the warehouse's nation (the shop's own address: Leeds, England and Wales); the
 *   delivery days follow the delivery address's nation, so St Andrew's Day moves an Edinburgh
 *   delivery but does not stop the warehouse.
 * - Transit (TRANSIT_WORKING_DAYS, the one place it is decided): mainland UK the next working day
 *   after dispatch; remote areas 3-5 working days after dispatch (a date range).
 * - Before a delivery address is known the promise assumes mainland England and Wales.
 *
 * Bank holidays come from `date-holidays` (country GB; regions ENG for England and Wales, SCT,
 * NIR; public and bank holidays only, never observances such as Mother's Day). It computes the
 * statutory holidays by rule (Easter, substitute days when one falls at a weekend) for any year,
 * so the years covered are not a fixed list; one-off holidays proclaimed later (a coronation, a
 * jubilee) appear only once the package adds them, so keep it updated. dispatch-promise.test.ts
 * checks that every nation has its full set of holidays for the current year and the next two,
 * and fails if the source ever stops covering them.
 */
import Holidays from 'date-holidays';
import { dispatchTodayText, formatDuration, minutesToCutOffOf } from '@shop/contract';
import { LRUCache } from 'lru-cache';

/**
 * How far a parcel travels (SPEC 9): mainland UK, or any remote zone (delivery-zones.ts names the
 * remote zones; for the promise they all take the same 3-5 working days).
 */
export type CarriageZone = 'mainland' | 'remote';
/** The UK nations whose bank holidays differ. */
export type BankHolidayRegion = 'england-and-wales' | 'scotland' | 'northern-ireland';

export interface DeliveryDestination {
  zone: CarriageZone;
  region: BankHolidayRegion;
}

/** The assumption before an address is chosen (the basket says "to mainland UK"). */
export const DEFAULT_DESTINATION: DeliveryDestination = { zone: 'mainland', region: 'england-and-wales' };

export const SHOP_TIME_ZONE = 'Europe/London';
/** Orders by this hour (London time) on a working day are dispatched that day. */
export const DISPATCH_CUTOFF_HOUR = 15;

/** Working days from dispatch to delivery, by zone: the one place this rule lives. */
export const TRANSIT_WORKING_DAYS: Readonly<Record<CarriageZone, { readonly min: number; readonly max: number }>> = {
  mainland: { min: 1, max: 1 },
  remote: { min: 3, max: 5 },
};

const HOLIDAY_STATE: Record<BankHolidayRegion, string> = {
  'england-and-wales': 'ENG',
  scotland: 'SCT',
  'northern-ireland': 'NIR',
};

/** An ISO calendar date, YYYY-MM-DD (a day in London, not an instant). */
export type IsoDate = string;

export interface DispatchPromise {
  zone: CarriageZone;
  region: BankHolidayRegion;
  /** The day the order leaves the warehouse. */
  dispatchDate: IsoDate;
  /** Ordered now, it is dispatched today (before the cut-off on a working day). */
  dispatchToday: boolean;
  /** Whole minutes left until today's cut-off, when dispatched today; else null. */
  minutesToCutOff: number | null;
  /** Seconds left until today's cut-off, when dispatched today; else null (a page counts down from it). */
  secondsToCutOff: number | null;
  /** The expected delivery date; a range for remote areas (equal for mainland). */
  deliveryFrom: IsoDate;
  deliveryTo: IsoDate;
  /** "Order within 2 h 14 min for dispatch today" or "Order now for dispatch on Monday 25 November". */
  dispatchText: string;
  /** "Expected delivery Tuesday 26 November" or "Expected delivery between Thursday 28 November and Monday 2 December". */
  deliveryText: string;
}

export interface DispatchPromiseOptions {
  /** The nation the warehouse dispatches from (its bank holidays stop dispatch). Default England and Wales. */
  dispatchRegion?: BankHolidayRegion;
}

/** The promise for an order placed at `now` to `destination`. */
export function dispatchPromise(now: Date, destination: DeliveryDestination = DEFAULT_DESTINATION, options: DispatchPromiseOptions = {}): DispatchPromise {
  const dispatchRegion = options.dispatchRegion ?? 'england-and-wales';
  const london = londonWallClock(now);
  const secondsToCutOff = DISPATCH_CUTOFF_HOUR * 3600 - london.secondsOfDay;
  // DST changes happen on Sunday nights, never on a working day, so wall-clock seconds are real seconds here.
  const dispatchToday = isWorkingDay(london.date, dispatchRegion) && secondsToCutOff > 0;
  const dispatchDate = dispatchToday ? london.date : nextWorkingDay(london.date, dispatchRegion);
  const { deliveryFrom, deliveryTo, deliveryText } = expectedDelivery(dispatchDate, destination);
  const minutesToCutOff = dispatchToday ? minutesToCutOffOf(secondsToCutOff) : null;
  return {
    zone: destination.zone,
    region: destination.region,
    dispatchDate,
    dispatchToday,
    minutesToCutOff,
    secondsToCutOff: dispatchToday ? secondsToCutOff : null,
    deliveryFrom,
    deliveryTo,
    dispatchText:
      dispatchToday
        ? dispatchTodayText(secondsToCutOff)
        : `Order now for dispatch on ${formatDayMonth(dispatchDate)}`,
    deliveryText,
  };
}

export interface ExpectedDelivery {
  deliveryFrom: IsoDate;
  deliveryTo: IsoDate;
  /** "Expected delivery Tuesday 26 November" or "Expected delivery between ... and ...". */
  deliveryText: string;
}

/**
 * When a parcel dispatched on `dispatchDate` should arrive: the zone's transit in working days of
 * the destination's nation. Also how a placed order's stored dispatch date becomes the delivery
 * date its confirmation e-mail states.
 */
export function expectedDelivery(dispatchDate: IsoDate, destination: DeliveryDestination = DEFAULT_DESTINATION): ExpectedDelivery {
  const transit = TRANSIT_WORKING_DAYS[destination.zone];
  const deliveryFrom = addWorkingDays(dispatchDate, transit.min, destination.region);
  const deliveryTo = addWorkingDays(dispatchDate, transit.max, destination.region);
  return {
    deliveryFrom,
    deliveryTo,
    deliveryText:
      deliveryFrom === deliveryTo
        ? `Expected delivery ${formatDayMonth(deliveryFrom)}`
        : `Expected delivery between ${formatDayMonth(deliveryFrom)} and ${formatDayMonth(deliveryTo)}`,
  };
}

/** "2 h 14 min", "14 min", "3 h" (worded in the contract, which the storefront's countdown shares). */
export { formatDuration };

const dayMonth = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** Days already written out: every basket and order names the same few dates. */
const dayMonthTexts = new LRUCache<IsoDate, string>({ max: 1_000 });

/** "Monday 25 November" (en-GB) for an ISO date. */
export function formatDayMonth(date: IsoDate): string {
  let text = dayMonthTexts.get(date);
  if (text === undefined) {
    text = dayMonth.format(isoToUtc(date));
    dayMonthTexts.set(date, text);
  }
  return text;
}

/* Calendar. */

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * London's offset from UTC, kept for the UTC hour it was read in: the UK changes its clocks at
 * 01:00 UTC, so the offset is the same for a whole UTC hour, and the formatter (a few
 * microseconds) is asked once an hour instead of for every basket and order.
 */
let offsetOfHour = { hour: Number.NaN, offsetMs: 0 };

/** The London calendar date and the seconds since London midnight (wall clock) of an instant. */
export function londonWallClock(now: Date): { date: IsoDate; secondsOfDay: number } {
  const instant = now.getTime();
  if (Number.isNaN(instant)) throw new RangeError('dispatchPromise needs a valid instant');
  const hour = Math.floor(instant / 3_600_000);
  if (offsetOfHour.hour !== hour) offsetOfHour = { hour, offsetMs: londonOffsetMs(now) };
  const wallSeconds = Math.floor((instant + offsetOfHour.offsetMs) / 1000);
  const secondsOfDay = ((wallSeconds % 86_400) + 86_400) % 86_400;
  return { date: new Date((wallSeconds - secondsOfDay) * 1000).toISOString().slice(0, 10), secondsOfDay };
}

/** How far London's wall clock is ahead of UTC at this instant (0 in winter, an hour in summer). */
function londonOffsetMs(now: Date): number {
  const part: Record<string, string> = {};
  for (const { type, value } of londonParts.formatToParts(now)) part[type] = value;
  const wallAsUtc = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
}

/** Monday-Friday and not a bank holiday of the region. */
export function isWorkingDay(date: IsoDate, region: BankHolidayRegion): boolean {
  const weekday = isoToUtc(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !bankHolidays(region, Number(date.slice(0, 4))).has(date);
}

/** The first working day after `date`. */
export function nextWorkingDay(date: IsoDate, region: BankHolidayRegion): IsoDate {
  return addWorkingDays(date, 1, region);
}

/** The `count`-th working day after `date` (0: `date` itself). */
export function addWorkingDays(date: IsoDate, count: number, region: BankHolidayRegion): IsoDate {
  let day = date;
  for (let found = 0, guard = 0; found < count; guard++) {
    // No UK nation has more than a handful of consecutive non-working days; a loop past this is a data fault.
    if (guard > 60) throw new Error(`No working day found within 60 days of ${date} (${region})`);
    day = addDays(day, 1);
    if (isWorkingDay(day, region)) found++;
  }
  return day;
}

function addDays(date: IsoDate, days: number): IsoDate {
  const next = isoToUtc(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

function isoToUtc(date: IsoDate): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not an ISO date: ${date}`);
  return new Date(`${date}T00:00:00Z`);
}

/* Bank holidays (date-holidays), memoised per region and year: the rules are fixed data. */

const calendars = new Map<BankHolidayRegion, Holidays>();
const holidaysByYear = new Map<string, ReadonlySet<IsoDate>>();

/** The region's public and bank holidays in `year`, as ISO dates (substitute days included). */
export function bankHolidays(region: BankHolidayRegion, year: number): ReadonlySet<IsoDate> {
  const key = `${region}:${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    let calendar = calendars.get(region);
    if (!calendar) {
      calendar = new Holidays('GB', HOLIDAY_STATE[region], { timezone: SHOP_TIME_ZONE, types: ['public', 'bank'] });
      calendars.set(region, calendar);
    }
    const list = calendar.getHolidays(year) || [];
    days = new Set(list.filter((h) => h.type === 'public' || h.type === 'bank').map((h) => h.date.slice(0, 10)));
    holidaysByYear.set(key, days);
  }
  return days;
}

/* Bank-holiday region of a postcode (the carriage zone is delivery-zones' business). */

/** Postcode areas in Scotland (TD15, Berwick-upon-Tweed, is in England). */
const SCOTTISH_AREAS = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE']);

/**
 * The nation whose bank holidays apply to a UK postcode: BT is Northern Ireland, the Scottish
 * areas Scotland, anything else (including the Channel Islands, the Isle of Man and addresses
 * without a UK postcode, which keep their own holidays) England and Wales.
 */
export function bankHolidayRegionOfPostcode(postcode: string | null | undefined): BankHolidayRegion {
  const compact = (postcode ?? '').toUpperCase().replace(/\s+/g, '');
  // A full postcode ends in its inward code (digit, two letters); the outward code is the rest.
  const outward = /^[A-Z]{1,2}[0-9][0-9A-Z]?[0-9][A-Z]{2}$/.test(compact) ? compact.slice(0, -3) : compact;
  const match = /^([A-Z]{1,2})([0-9][0-9A-Z]?)$/.exec(outward);
  if (!match) return 'england-and-wales';
  const [, area, district] = match;
  if (area === 'BT') return 'northern-ireland';
  if (area === 'TD' && district === '15') return 'england-and-wales';
  return SCOTTISH_AREAS.has(area!) ? 'scotland' : 'england-and-wales';
}
