import { describe, expect, it } from 'vitest';
import type { AddressDto, PostcodeEntry } from './checkout-types';
import { addressFormValues, addressFormValuesFrom, billingAddressOf, foundAddressFrom, streetLine, withFoundAddress } from './address-format';

const entry = (fields: Partial<PostcodeEntry>): PostcodeEntry => ({
  line_1: '',
  building_number: '',
  building_name: '',
  sub_building_name: '',
  thoroughfare: '',
  post_town: '',
  postcode: '',
  country: '',
  ...fields,
});

const address = (address_id: number, type: 'Billing' | null): AddressDto => ({
  address_id,
  type,
  reference: `Ref ${address_id}`,
  contact_name: 'A',
  region: '1',
  company_name: '',
  address: 'Street',
  town: 'Town',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '01134960000',
  user_id: 1,
  is_active: true,
});

describe('foundAddressFrom', () => {
  it('takes the house number as region and the street as address', () => {
    expect(
      foundAddressFrom(entry({ line_1: '12 Boar Lane', building_number: '12', thoroughfare: 'Boar Lane', post_town: 'Leeds', postcode: 'LS1 4AP', country: 'England' })),
    ).toEqual({ region: '12', address: 'Boar Lane', town: 'Leeds', post_code: 'LS1 4AP', country: 'United Kingdom' });
  });

  it("sets Country to the form's United Kingdom for an address in England, Scotland, Wales or Northern Ireland", () => {
    for (const nation of ['England', 'Scotland', 'Wales', 'Northern Ireland']) {
      expect(foundAddressFrom(entry({ postcode: 'EH1 1YZ', country: nation })).country).toBe('United Kingdom');
    }
  });

  it('keeps the name of a place outside the UK, and leaves Country alone when the lookup names none', () => {
    expect(foundAddressFrom(entry({ postcode: 'JE2 3AB', country: 'Jersey' })).country).toBe('Jersey');
    expect(foundAddressFrom(entry({ postcode: 'LS1 4AP' })).country).toBe('');
  });

  it('joins sub-building and building name, without repeats', () => {
    expect(foundAddressFrom(entry({ sub_building_name: 'Unit 3', building_name: 'Aire House', thoroughfare: 'Boar Lane' })).region).toBe('Unit 3, Aire House');
    expect(foundAddressFrom(entry({ building_name: 'Mill', building_number: 'Mill' })).region).toBe('Mill');
  });

  it('falls back to the first line when there is no building or street', () => {
    expect(foundAddressFrom(entry({ line_1: 'The Old Barn' }))).toMatchObject({ region: 'The Old Barn', address: 'The Old Barn' });
  });

  it('keeps the region within its 50 characters', () => {
    expect(foundAddressFrom(entry({ building_name: 'x'.repeat(80) })).region).toHaveLength(50);
  });
});

describe('streetLine', () => {
  it('puts a house number before the street and a name before a comma', () => {
    expect(streetLine('12', 'Boar Lane')).toBe('12 Boar Lane');
    expect(streetLine('12a', 'Boar Lane')).toBe('12a Boar Lane');
    expect(streetLine('Aire House', 'Boar Lane')).toBe('Aire House, Boar Lane');
    expect(streetLine('', 'Boar Lane')).toBe('Boar Lane');
  });
});

describe('billingAddressOf', () => {
  it('is the Billing address, else the first, else none', () => {
    expect(billingAddressOf([address(1, null), address(2, 'Billing')])?.address_id).toBe(2);
    expect(billingAddressOf([address(3, null), address(4, null)])?.address_id).toBe(3);
    expect(billingAddressOf([])).toBeNull();
  });
});

describe('address form values', () => {
  it('start from the edited address, or blank in the United Kingdom', () => {
    expect(addressFormValues(address(5, null))).toMatchObject({ reference: 'Ref 5', post_code: 'LS1 4AP', country: 'United Kingdom' });
    expect(addressFormValues(null)).toEqual({
      reference: '',
      contact_name: '',
      region: '',
      company_name: '',
      address: '',
      town: '',
      country: 'United Kingdom',
      post_code: '',
      phone: '',
    });
  });

  it('are read back from a posted form exactly as typed, a missing field as empty', () => {
    const form = new FormData();
    form.set('reference', '  Depot ');
    form.set('phone', '0113');
    form.set('intent', 'save');
    const values = addressFormValuesFrom(form);
    expect(values).toMatchObject({ reference: '  Depot ', phone: '0113', town: '' });
    expect(values).not.toHaveProperty('intent');
  });

  it('take the non-empty parts of a found address and keep the rest', () => {
    const typed = { ...addressFormValues(null), reference: 'Depot', region: 'Unit 4', country: 'Wales' };
    const found = { region: '12', address: 'Boar Lane', town: 'Leeds', post_code: 'LS1 4AP', country: '' };
    expect(withFoundAddress(typed, found)).toMatchObject({ reference: 'Depot', region: '12', address: 'Boar Lane', town: 'Leeds', post_code: 'LS1 4AP', country: 'Wales' });
  });
});
