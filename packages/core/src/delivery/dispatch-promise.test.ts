import { describe, expect, it } from 'vitest';
import {
  bankHolidayRegionOfPostcode,
  bankHolidays,
  dispatchPromise,
  formatDuration,
  londonWallClock,
  TRANSIT_WORKING_DAYS,
  type BankHolidayRegion,
  type DeliveryDestination,
} from './dispatch-promise.ts';
import { DispatchPromises } from './dispatch-promises.ts';

const england: DeliveryDestination = { zone: 'mainland', region: 'england-and-wales' };
const englandRemote: DeliveryDestination = { zone: 'remote', region: 'england-and-wales' }; // e.g. the Isles of Scilly
const scotland: DeliveryDestination = { zone: 'mainland', region: 'scotland' }; // e.g. Edinburgh
const highlands: DeliveryDestination = { zone: 'remote', region: 'scotland' }; // e.g. Inverness
const belfast: DeliveryDestination = { zone: 'remote', region: 'northern-ireland' };

interface Case {
  name: string;
  /** The instant, in UTC: London is UTC in winter (GMT) and UTC+1 in summer (BST). */
  now: string;
  to: DeliveryDestination;
  dispatch: string;
  today: boolean;
  from: string;
  until?: string;
}

const cases: Case[] = [
  // Spring forward: Sunday 30 March 2025 at 01:00 UTC.
  { name: 'GMT Friday before the spring change, 14:59', now: '2025-03-28T14:59:00Z', to: england, dispatch: '2025-03-28', today: true, from: '2025-03-31' },
  { name: 'GMT Friday before the spring change, 15:00', now: '2025-03-28T15:00:00Z', to: england, dispatch: '2025-03-31', today: false, from: '2025-04-01' },
  { name: 'Sunday of the spring change (01:30 UTC = 02:30 BST)', now: '2025-03-30T01:30:00Z', to: england, dispatch: '2025-03-31', today: false, from: '2025-04-01' },
  { name: 'BST Monday after the spring change, 14:59 (13:59 UTC)', now: '2025-03-31T13:59:00Z', to: england, dispatch: '2025-03-31', today: true, from: '2025-04-01' },
  { name: 'BST Monday after the spring change, 15:00 (14:00 UTC)', now: '2025-03-31T14:00:00Z', to: england, dispatch: '2025-04-01', today: false, from: '2025-04-02' },
  { name: 'BST: 23:30 UTC Monday is already Tuesday 00:30 in London', now: '2025-03-31T23:30:00Z', to: england, dispatch: '2025-04-01', today: true, from: '2025-04-02' },
  // Fall back: Sunday 26 October 2025 at 01:00 UTC.
  { name: 'BST Friday before the autumn change, 14:59 (13:59 UTC)', now: '2025-10-24T13:59:00Z', to: england, dispatch: '2025-10-24', today: true, from: '2025-10-27' },
  { name: 'BST Friday before the autumn change, 15:00 (14:00 UTC)', now: '2025-10-24T14:00:00Z', to: england, dispatch: '2025-10-27', today: false, from: '2025-10-28' },
  { name: 'Sunday of the autumn change (00:30 UTC = 01:30 BST)', now: '2025-10-26T00:30:00Z', to: england, dispatch: '2025-10-27', today: false, from: '2025-10-28' },
  { name: 'GMT Monday after the autumn change, 14:59', now: '2025-10-27T14:59:00Z', to: england, dispatch: '2025-10-27', today: true, from: '2025-10-28' },
  { name: 'GMT Monday after the autumn change, 15:00', now: '2025-10-27T15:00:00Z', to: england, dispatch: '2025-10-28', today: false, from: '2025-10-29' },
  // The 2026 changes (29 March, 25 October).
  { name: 'BST Monday 30 March 2026, 15:00 (14:00 UTC)', now: '2026-03-30T14:00:00Z', to: england, dispatch: '2026-03-31', today: false, from: '2026-04-01' },
  { name: 'GMT Monday 26 October 2026, 14:59', now: '2026-10-26T14:59:00Z', to: england, dispatch: '2026-10-26', today: true, from: '2026-10-27' },
  // Weekends.
  { name: 'Friday after 3pm goes on Monday', now: '2025-11-21T16:00:00Z', to: england, dispatch: '2025-11-24', today: false, from: '2025-11-25' },
  { name: 'Saturday goes on Monday', now: '2025-11-22T10:00:00Z', to: england, dispatch: '2025-11-24', today: false, from: '2025-11-25' },
  { name: 'Sunday before 3pm goes on Monday', now: '2025-11-23T09:00:00Z', to: england, dispatch: '2025-11-24', today: false, from: '2025-11-25' },
  // Bank-holiday Mondays.
  { name: 'Friday before the August bank holiday, 16:00 BST: Tuesday', now: '2025-08-22T15:00:00Z', to: england, dispatch: '2025-08-26', today: false, from: '2025-08-27' },
  { name: 'August bank holiday Monday itself (England)', now: '2025-08-25T09:00:00Z', to: england, dispatch: '2025-08-26', today: false, from: '2025-08-27' },
  { name: 'the Leeds warehouse is closed on 25 August for Edinburgh too', now: '2025-08-22T15:00:00Z', to: scotland, dispatch: '2025-08-26', today: false, from: '2025-08-27' },
  { name: "Scotland's summer bank holiday (4 August) delays an Edinburgh delivery", now: '2025-08-01T09:00:00Z', to: scotland, dispatch: '2025-08-01', today: true, from: '2025-08-05' },
  { name: '...but not a Leeds one', now: '2025-08-01T09:00:00Z', to: england, dispatch: '2025-08-01', today: true, from: '2025-08-04' },
  { name: 'Easter 2026: Thursday after 3pm goes on Tuesday', now: '2026-04-02T15:00:00Z', to: england, dispatch: '2026-04-07', today: false, from: '2026-04-08' },
  // Christmas and New Year.
  { name: '24 Dec 2025 after 3pm: dispatch Monday 29 Dec', now: '2025-12-24T16:00:00Z', to: england, dispatch: '2025-12-29', today: false, from: '2025-12-30' },
  { name: '24 Dec 2025 before 3pm: dispatch that day, delivery 29 Dec', now: '2025-12-24T10:00:00Z', to: england, dispatch: '2025-12-24', today: true, from: '2025-12-29' },
  { name: '31 Dec 2025 after 3pm: dispatch Friday 2 Jan (England)', now: '2025-12-31T16:00:00Z', to: england, dispatch: '2026-01-02', today: false, from: '2026-01-05' },
  { name: '31 Dec 2025 before 3pm to Leeds: delivery 2 Jan', now: '2025-12-31T10:00:00Z', to: england, dispatch: '2025-12-31', today: true, from: '2026-01-02' },
  { name: '31 Dec 2025 before 3pm to Edinburgh: 1 and 2 Jan are holidays, delivery 5 Jan', now: '2025-12-31T10:00:00Z', to: scotland, dispatch: '2025-12-31', today: true, from: '2026-01-05' },
  { name: '24 Dec 2026 after 3pm: Boxing Day is on Monday 28 Dec, dispatch Tuesday 29', now: '2026-12-24T16:00:00Z', to: england, dispatch: '2026-12-29', today: false, from: '2026-12-30' },
  { name: 'remote over Christmas 2025 (England and Wales)', now: '2025-12-24T10:00:00Z', to: englandRemote, dispatch: '2025-12-24', today: true, from: '2025-12-31', until: '2026-01-05' },
  { name: 'remote over Christmas 2025 (Highlands: 2 Jan too)', now: '2025-12-24T10:00:00Z', to: highlands, dispatch: '2025-12-24', today: true, from: '2025-12-31', until: '2026-01-06' },
  // St Andrew's Day (Scotland).
  { name: "St Andrew's Day 2025 falls on Sunday: Monday 1 Dec is the Scottish holiday", now: '2025-11-28T10:00:00Z', to: scotland, dispatch: '2025-11-28', today: true, from: '2025-12-02' },
  { name: "...an English delivery arrives on that Monday", now: '2025-11-28T10:00:00Z', to: england, dispatch: '2025-11-28', today: true, from: '2025-12-01' },
  { name: "St Andrew's Day 2026 (Monday 30 Nov) delays an Edinburgh delivery", now: '2026-11-27T10:00:00Z', to: scotland, dispatch: '2026-11-27', today: true, from: '2026-12-01' },
  { name: "the warehouse still dispatches on St Andrew's Day", now: '2026-11-30T10:00:00Z', to: scotland, dispatch: '2026-11-30', today: true, from: '2026-12-01' },
  { name: 'remote Highlands over St Andrew 2024 (substitute Monday 2 Dec)', now: '2024-11-25T10:00:00Z', to: highlands, dispatch: '2024-11-25', today: true, from: '2024-11-28', until: '2024-12-03' },
  // 12 July (Northern Ireland).
  { name: '12 July 2025 is a Saturday: Monday 14 July is the NI holiday', now: '2025-07-11T09:00:00Z', to: belfast, dispatch: '2025-07-11', today: true, from: '2025-07-17', until: '2025-07-21' },
  { name: '...a remote English address does not wait for it', now: '2025-07-11T09:00:00Z', to: englandRemote, dispatch: '2025-07-11', today: true, from: '2025-07-16', until: '2025-07-18' },
  { name: '12 July 2026 is a Sunday: Monday 13 July is the NI holiday', now: '2026-07-10T09:00:00Z', to: belfast, dispatch: '2026-07-10', today: true, from: '2026-07-16', until: '2026-07-20' },
];

describe('dispatchPromise with a fixed clock', () => {
  it.each(cases)('$name', ({ now, to, dispatch, today, from, until }) => {
    const promise = dispatchPromise(new Date(now), to);
    expect({ dispatch: promise.dispatchDate, today: promise.dispatchToday, from: promise.deliveryFrom, until: promise.deliveryTo }).toEqual({
      dispatch,
      today,
      from,
      until: until ?? from,
    });
    expect(promise.zone).toBe(to.zone);
    expect(promise.region).toBe(to.region);
  });

  it('counts down to the cut-off in London time', () => {
    // 12:46 BST is 11:46 UTC.
    const promise = dispatchPromise(new Date('2025-03-31T11:46:00Z'), england);
    expect(promise.minutesToCutOff).toBe(134);
    expect(promise.dispatchText).toBe('Order within 2 h 14 min for dispatch today');
    expect(promise.deliveryText).toBe('Expected delivery Tuesday 1 April');
  });

  it('rounds the countdown down, never to nothing', () => {
    expect(dispatchPromise(new Date('2025-10-27T12:45:59Z')).dispatchText).toBe('Order within 2 h 14 min for dispatch today');
    expect(dispatchPromise(new Date('2025-10-27T14:59:30Z')).dispatchText).toBe('Order within 1 min for dispatch today');
  });

  it('says the day after the cut-off (the examples of the issue)', () => {
    const promise = dispatchPromise(new Date('2024-11-22T15:30:00Z'));
    expect(promise.dispatchText).toBe('Order now for dispatch on Monday 25 November');
    expect(promise.deliveryText).toBe('Expected delivery Tuesday 26 November');
    expect(promise.minutesToCutOff).toBeNull();
  });

  it('gives remote areas a date range', () => {
    const promise = dispatchPromise(new Date('2024-11-25T10:00:00Z'), englandRemote);
    expect(promise.deliveryText).toBe('Expected delivery between Thursday 28 November and Monday 2 December');
  });

  it('assumes mainland England and Wales before an address is known', () => {
    const promise = dispatchPromise(new Date('2025-08-22T15:00:00Z'));
    expect(promise).toMatchObject({ zone: 'mainland', region: 'england-and-wales', dispatchDate: '2025-08-26', deliveryFrom: '2025-08-27' });
  });

  it('keeps the transit rule in one table', () => {
    expect(TRANSIT_WORKING_DAYS).toEqual({ mainland: { min: 1, max: 1 }, remote: { min: 3, max: 5 } });
  });

  it('refuses an invalid instant', () => {
    expect(() => dispatchPromise(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('formatDuration', () => {
  it.each([
    [134, '2 h 14 min'],
    [14, '14 min'],
    [180, '3 h'],
    [1, '1 min'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('bank holidays (date-holidays)', () => {
  // Fails before the source runs out: the current year and the next two must be fully covered.
  const thisYear = new Date().getUTCFullYear();
  const years = [thisYear, thisYear + 1, thisYear + 2];
  const minimum: Record<BankHolidayRegion, number> = { 'england-and-wales': 8, scotland: 9, 'northern-ireland': 10 };

  it.each(Object.entries(minimum).flatMap(([region, count]) => years.map((year) => [region as BankHolidayRegion, year, count] as const)))(
    '%s has at least its statutory holidays in %i',
    (region, year, count) => {
      const days = bankHolidays(region, year);
      expect(days.size).toBeGreaterThanOrEqual(count);
      expect(days).toContain(`${year}-12-25`);
      expect(days).toContain(`${year}-01-01`);
    },
  );

  it('takes public and bank holidays only, never observances', () => {
    const days = bankHolidays('england-and-wales', 2025);
    expect(days).not.toContain('2025-03-30'); // Mother's Day
    expect(days).not.toContain('2025-04-20'); // Easter Sunday
    expect([...days].sort()).toEqual(['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26']);
  });

  it('knows each nation', () => {
    expect(bankHolidays('scotland', 2026)).toContain('2026-01-02');
    expect(bankHolidays('scotland', 2026)).toContain('2026-08-03');
    expect(bankHolidays('scotland', 2026)).not.toContain('2026-04-06'); // no Easter Monday in Scotland
    expect(bankHolidays('northern-ireland', 2026)).toContain('2026-03-17');
    expect(bankHolidays('northern-ireland', 2026)).toContain('2026-07-13');
    expect(bankHolidays('england-and-wales', 2026)).not.toContain('2026-03-17');
  });
});

describe('bankHolidayRegionOfPostcode', () => {
  it.each([
    ['BT1 1AA', 'northern-ireland'],
    ['bt48 6da', 'northern-ireland'],
    ['IV1 1AA', 'scotland'],
    ['EH1 1YZ', 'scotland'],
    ['G1 1AA', 'scotland'],
    ['G11 5AB', 'scotland'],
    ['ZE1 0AA', 'scotland'],
    ['HS1 2XX', 'scotland'],
    ['TD1 5AB', 'scotland'],
    ['TD15 1AB', 'england-and-wales'], // Berwick-upon-Tweed
    ['TD15', 'england-and-wales'],
    ['GL1 1AA', 'england-and-wales'],
    ['GU1 1AA', 'england-and-wales'],
    ['LS4 2AA', 'england-and-wales'],
    ['CF10 1AA', 'england-and-wales'],
    ['TR21 0AA', 'england-and-wales'],
    ['', 'england-and-wales'],
    [null, 'england-and-wales'],
  ])('%s is %s', (postcode, region) => {
    expect(bankHolidayRegionOfPostcode(postcode)).toBe(region);
  });
});

describe('the London wall clock', () => {
  const london = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const fromFormatter = (instant: Date) => {
    const part = Object.fromEntries(london.formatToParts(instant).map(({ type, value }) => [type, value]));
    return { date: `${part.year}-${part.month}-${part.day}`, secondsOfDay: Number(part.hour) * 3600 + Number(part.minute) * 60 + Number(part.second) };
  };

  it.each([
    ['2025-03-30T00:59:59.999Z', '2025-03-30', 59 + 59 * 60], // 00:59:59 GMT
    ['2025-03-30T01:00:00.000Z', '2025-03-30', 2 * 3600], // the clocks go forward: 02:00 BST
    ['2025-10-26T00:59:59.000Z', '2025-10-26', 3600 + 59 * 60 + 59], // 01:59:59 BST
    ['2025-10-26T01:00:00.000Z', '2025-10-26', 3600], // the clocks go back: 01:00 GMT again
    ['2025-06-30T23:00:00.000Z', '2025-07-01', 0], // midnight BST starts the next day
    ['2025-12-31T23:59:59.500Z', '2025-12-31', 86_399],
  ])('%s is %s, %i seconds into the London day', (instant, date, secondsOfDay) => {
    expect(londonWallClock(new Date(instant))).toEqual({ date, secondsOfDay });
  });

  it('agrees with the time-zone database at every instant tried, one after another in the same hour and across years', () => {
    let instant = Date.UTC(2024, 0, 1);
    for (let step = 0; step < 20_000; step++) {
      // Steps of 0-4 hours and some seconds: several calls per hour, then new hours, over about five years.
      instant += ((step * 7919) % 4) * 3_600_000 + ((step * 104_729) % 3_600) * 1000 + (step % 1000);
      expect(londonWallClock(new Date(instant)), new Date(instant).toISOString()).toEqual(fromFormatter(new Date(instant)));
    }
  });
});

describe('a page left open before the cut-off', () => {
  it('gets the seconds left to 3pm and what an order after it is promised', () => {
    // Monday 27 October 2025, 14:58 in London (GMT).
    const promises = new DispatchPromises({ now: () => new Date('2025-10-27T14:58:00Z'), warehousePostcode: 'LS1 4AP' });
    const { now, afterCutOff } = promises.promiseAndNextFor(null);
    expect(now.secondsToCutOff).toBe(120);
    expect(now.dispatchText).toBe('Order within 2 min for dispatch today');
    expect(afterCutOff?.dispatchText).toBe('Order now for dispatch on Tuesday 28 October');
    expect(afterCutOff?.deliveryText).toBe('Expected delivery Wednesday 29 October');
  });

  it('gets nothing to count down after the cut-off', () => {
    const promises = new DispatchPromises({ now: () => new Date('2025-10-27T15:00:00Z'), warehousePostcode: 'LS1 4AP' });
    expect(promises.promiseAndNextFor(null)).toMatchObject({ now: { secondsToCutOff: null }, afterCutOff: null });
  });
});

describe('a basket with lines beyond the shelf of products that may be backordered', () => {
  // Monday 27 October 2025, 10:00 in London: an order now would leave today.
  const promises = new DispatchPromises({ now: () => new Date('2025-10-27T10:00:00Z'), warehousePostcode: 'LS1 4AP' });

  it('promises dispatch on the date staff expect more, and delivery after it, with no countdown', () => {
    const { now, afterCutOff } = promises.promiseAndNextFor('LS1 4AP', { expectedDate: '2025-11-04' });
    expect(now).toMatchObject({
      dispatchDate: '2025-11-04',
      dispatchToday: false,
      secondsToCutOff: null,
      dispatchText: 'Some items are available to order: dispatch around Tuesday 4 November',
      deliveryText: 'Expected delivery Wednesday 5 November',
    });
    expect(afterCutOff).toBeNull();
  });

  it('an expected date on a weekend becomes the next working day', () => {
    expect(promises.promiseAndNextFor(null, { expectedDate: '2025-11-01' }).now.dispatchDate).toBe('2025-11-03');
  });

  it('an expected date no later than the usual promise leaves the usual promise', () => {
    expect(promises.promiseAndNextFor(null, { expectedDate: '2025-10-27' })).toEqual(promises.promiseAndNextFor(null));
  });

  it('with no date given, no date is promised', () => {
    const { now } = promises.promiseAndNextFor(null, { expectedDate: null });
    expect(now).toMatchObject({ dispatchToday: false, secondsToCutOff: null, dispatchText: 'Some items are available to order: we dispatch when they come in' });
    expect(now.deliveryText).toBe('We will e-mail you when your order is on its way');
  });
});
