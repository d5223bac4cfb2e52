import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES, vatLineLabel, type DeliveryZone } from '@shop/contract';
import { deliveryZoneOf } from '../delivery/delivery-zones.ts';
import { VAT_TREATMENT_BY_ZONE, vatForZone, zeroRatingReason } from './vat-by-destination.ts';

type Place = [postcode: string, zone: DeliveryZone, place: string];

describe('VAT by the delivery address', () => {
  it.each([
    ['JE2 3AB', 'channel-islands', 'St Helier, Jersey'],
    ['GY1 1AA', 'channel-islands', 'St Peter Port, Guernsey'],
    ['D02 X285', 'republic-of-ireland', 'Dublin (Eircode)'],
  ] as Place[])('%s (%s, %s) is a zero-rated export: no UK VAT', (postcode, zone) => {
    expect(deliveryZoneOf(postcode)).toBe(zone);
    expect(vatForZone(deliveryZoneOf(postcode), 20)).toEqual({ treatment: 'export', ratePercent: 0 });
  });

  it.each([
    ['IM1 1AA', 'isle-of-man', 'Douglas, Isle of Man (in the UK VAT area)'],
    ['BT1 1AA', 'northern-ireland', 'Belfast'],
    ['IV2 3AA', 'highlands-and-islands', 'Inverness'],
    ['TR21 0AA', 'isles-of-scilly', "St Mary's, Isles of Scilly"],
    ['LS1 4AP', 'mainland', 'Leeds'],
  ] as Place[])('%s (%s, %s) pays UK VAT at the standard rate', (postcode, zone) => {
    expect(deliveryZoneOf(postcode)).toBe(zone);
    expect(vatForZone(deliveryZoneOf(postcode), 20)).toEqual({ treatment: 'standard', ratePercent: 20 });
  });

  it('a basket with no delivery address yet is priced at the standard rate', () => {
    expect(vatForZone(null, 20)).toEqual({ treatment: 'standard', ratePercent: 20 });
  });

  it('the standard rate is the shop configuration\'s', () => {
    expect(vatForZone('mainland', 17.5).ratePercent).toBe(17.5);
    expect(vatForZone('channel-islands', 17.5).ratePercent).toBe(0);
  });

  it('every delivery zone has a treatment, and only the Channel Islands and the Republic of Ireland are exports', () => {
    expect(Object.keys(VAT_TREATMENT_BY_ZONE).sort()).toEqual([...DELIVERY_ZONES].sort());
    expect(DELIVERY_ZONES.filter((zone) => VAT_TREATMENT_BY_ZONE[zone] === 'export').sort()).toEqual(['channel-islands', 'republic-of-ireland']);
  });

  it('says "Zero-rated export" and why wherever the VAT of an export is shown', () => {
    expect(vatLineLabel({ treatment: 'export', ratePercent: 0 })).toBe('Zero-rated export (no UK VAT)');
    expect(vatLineLabel({ treatment: 'standard', ratePercent: 20 })).toBe('VAT (20%)');
    expect(zeroRatingReason('export')).toMatch(/^Zero-rated export: .*outside the UK VAT area.*VAT Notice 703/);
    expect(zeroRatingReason('standard')).toBeNull();
  });
});
