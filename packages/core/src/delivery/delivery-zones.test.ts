import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES, type DeliveryZone } from '@shop/contract';
import { deliveryWorkingDays, deliveryZoneOf, normaliseDeliveryPostcode, parseDeliveryPostcode } from './delivery-zones.ts';
import { REMOTE_POSTCODE_AREAS, UK_POSTCODE_AREAS } from './remote-postcodes.ts';

describe('delivery zone of a postcode', () => {
  // Every listed area, and the districts either side of each line (same area, other side).
  const cases: [postcode: string, zone: DeliveryZone, why: string][] = [
    // Scottish Highlands and islands: whole areas.
    ['HS1 2XX', 'highlands-and-islands', 'Stornoway, Outer Hebrides'],
    ['HS9 5XX', 'highlands-and-islands', 'Barra'],
    ['IV2 3AA', 'highlands-and-islands', 'Inverness'],
    ['IV51 9AA', 'highlands-and-islands', 'Portree, Skye'],
    ['KW1 4AA', 'highlands-and-islands', 'Wick, Caithness'],
    ['KW15 1AA', 'highlands-and-islands', 'Kirkwall, Orkney'],
    ['ZE1 0AA', 'highlands-and-islands', 'Lerwick, Shetland'],
    // AB: 36-38 and 44-56 remote; the rest of Aberdeenshire mainland.
    ['AB10 1AA', 'mainland', 'Aberdeen city'],
    ['AB35 5AA', 'mainland', 'Ballater: the last mainland district before AB36'],
    ['AB36 8AA', 'highlands-and-islands', 'Strathdon'],
    ['AB37 9AA', 'highlands-and-islands', 'Ballindalloch'],
    ['AB38 9AA', 'highlands-and-islands', 'Aberlour'],
    ['AB39 2AA', 'mainland', 'Stonehaven'],
    ['AB43 6AA', 'mainland', 'Fraserburgh area: the last mainland district before AB44'],
    ['AB44 1AA', 'highlands-and-islands', 'Macduff'],
    ['AB56 1AA', 'highlands-and-islands', 'Buckie'],
    // FK17-21.
    ['FK16 6AA', 'mainland', 'Doune'],
    ['FK17 8AA', 'highlands-and-islands', 'Callander hills'],
    ['FK21 8AA', 'highlands-and-islands', 'Killin'],
    ['FK1 1AA', 'mainland', 'Falkirk'],
    // KA27-28: Arran and Cumbrae, not Ayrshire.
    ['KA26 9AA', 'mainland', 'Girvan'],
    ['KA27 8AA', 'highlands-and-islands', 'Brodick, Arran'],
    ['KA28 0AA', 'highlands-and-islands', 'Millport, Cumbrae'],
    ['KA29 0AA', 'mainland', 'Fairlie'],
    // PA20-78: Bute, Argyll and the islands; PA1-19 (Paisley, Inverclyde) mainland.
    ['PA1 1AA', 'mainland', 'Paisley'],
    ['PA19 1AA', 'mainland', 'Gourock'],
    ['PA20 9AA', 'highlands-and-islands', 'Rothesay, Bute'],
    ['PA34 4AA', 'highlands-and-islands', 'Oban'],
    ['PA78 6AA', 'highlands-and-islands', 'Coll'],
    // PH19-26, 30-44, 49-50; PH1-18 (Perth to Blair Atholl) mainland.
    ['PH1 5AA', 'mainland', 'Perth'],
    ['PH18 5AA', 'mainland', 'Blair Atholl'],
    ['PH19 1AA', 'highlands-and-islands', 'Dalwhinnie'],
    ['PH26 3AA', 'highlands-and-islands', 'Grantown-on-Spey'],
    ['PH33 6AA', 'highlands-and-islands', 'Fort William'],
    ['PH41 4AA', 'highlands-and-islands', 'Mallaig'],
    ['PH50 4AA', 'highlands-and-islands', 'Kinlochleven'],
    // Northern Ireland.
    ['BT1 1AA', 'northern-ireland', 'Belfast'],
    ['BT93 1AA', 'northern-ireland', 'Fermanagh'],
    // Isles of Scilly: TR21-25, not Cornwall.
    ['TR20 8AA', 'mainland', 'Penzance area'],
    ['TR21 0AA', 'isles-of-scilly', "St Mary's"],
    ['TR25 0AA', 'isles-of-scilly', 'St Martin\'s'],
    ['TR26 1AA', 'mainland', 'St Ives'],
    ['TR1 1AA', 'mainland', 'Truro'],
    // Channel Islands and the Isle of Man.
    ['GY1 1AA', 'channel-islands', 'Guernsey'],
    ['JE2 3AB', 'channel-islands', 'Jersey'],
    ['IM1 1AA', 'isle-of-man', 'Douglas'],
    // Republic of Ireland: an Eircode.
    ['D02 X285', 'republic-of-ireland', 'Dublin 2'],
    ['A65 F4E2', 'republic-of-ireland', 'an Eircode with letters in its identifier'],
    ['D6W 1234', 'republic-of-ireland', 'Dublin 6W, the one routing key with a letter'],
    // Mainland elsewhere.
    ['LS1 4AP', 'mainland', 'Leeds'],
    ['EC1A 1BB', 'mainland', 'London, a sub-district'],
    ['G83 7AA', 'mainland', 'Arrochar: G83 stays mainland'],
    ['PO30 1AA', 'mainland', 'Isle of Wight: mainland by decision'],
    ['EH1 1YZ', 'mainland', 'Edinburgh'],
  ];

  it.each(cases)('%s is %s (%s)', (postcode, zone) => {
    expect(deliveryZoneOf(postcode)).toBe(zone);
  });

  it('reads any spacing and letter case', () => {
    expect(deliveryZoneOf('bt11aa')).toBe('northern-ireland');
    expect(deliveryZoneOf('  iv2   3aa ')).toBe('highlands-and-islands');
    expect(deliveryZoneOf('d02x285')).toBe('republic-of-ireland');
  });

  it.each(['', 'LS1', '12345', 'QQ1 1QQ', 'XX1 1XX', 'BFPO 1234', 'D02 X28', 'B02 X285', 'LS1 4AP LS1 4AP'])(
    '%j is not a postcode we deliver to',
    (text) => {
      expect(deliveryZoneOf(text)).toBeNull();
    },
  );

  it('names every zone of the contract except mainland in the data file, and only areas in use', () => {
    const remote = new Set(REMOTE_POSTCODE_AREAS.map((r) => r.zone));
    expect([...remote, 'republic-of-ireland', 'mainland'].sort()).toEqual([...DELIVERY_ZONES].sort());
    for (const { area } of REMOTE_POSTCODE_AREAS) expect(UK_POSTCODE_AREAS.has(area), area).toBe(true);
    expect(UK_POSTCODE_AREAS.size).toBe(124);
  });

  it('remote zones take 3-5 working days, mainland the next working day', () => {
    expect(deliveryWorkingDays('mainland')).toEqual({ min: 1, max: 1 });
    for (const zone of DELIVERY_ZONES.filter((z) => z !== 'mainland')) expect(deliveryWorkingDays(zone)).toEqual({ min: 3, max: 5 });
  });
});

describe('normalising a postcode', () => {
  it.each([
    ['ls1 4ap', 'LS1 4AP'],
    ['LS14AP', 'LS1 4AP'],
    ['  ls1   4ap ', 'LS1 4AP'],
    ['ec1a1bb', 'EC1A 1BB'],
    ['bt1 1aa', 'BT1 1AA'],
    ['d02x285', 'D02 X285'],
    ['d6w 1234', 'D6W 1234'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normaliseDeliveryPostcode(typed)).toBe(stored);
  });

  it.each(['', '   ', 'LS1', 'ls1 4a', 'not a postcode', 'QQ1 1QQ', '<script>'])('%j is refused', (typed) => {
    expect(normaliseDeliveryPostcode(typed)).toBeNull();
  });

  it('tells the district number of a UK postcode', () => {
    expect(parseDeliveryPostcode('PH19 1AA')).toEqual({ kind: 'uk', postcode: 'PH19 1AA', area: 'PH', district: 19 });
    expect(parseDeliveryPostcode('W1A 1AA')).toEqual({ kind: 'uk', postcode: 'W1A 1AA', area: 'W', district: 1 });
  });
});
