/**
 * The postcode adapter when IDEAL_POSTCODES_API_KEY is not set: a small, clearly labelled demo
 * data set, so the address finder works offline. The streets and towns are real; the house
 * names and numbers are invented and every line_1 ends in "(demo)". The README beside this
 * file lists the postcodes.
 */
import type { PostcodeEntry, PostcodeLookup } from '@shop/core';

type Sample = Pick<PostcodeEntry, 'building_number' | 'building_name' | 'sub_building_name'>;

interface DemoStreet {
  postcode: string;
  thoroughfare: string;
  post_town: string;
  country: string;
  addresses: Sample[];
}

const streets: DemoStreet[] = [
  {
    postcode: 'LS1 4AP',
    thoroughfare: 'Boar Lane',
    post_town: 'Leeds',
    country: 'England',
    addresses: [
      { building_number: '12', building_name: '', sub_building_name: '' },
      { building_number: '', building_name: 'Aire House', sub_building_name: 'Unit 3' },
      { building_number: '27', building_name: '', sub_building_name: 'Flat 2' },
    ],
  },
  {
    postcode: 'SW1A 2AA',
    thoroughfare: 'Whitehall',
    post_town: 'London',
    country: 'England',
    addresses: [
      { building_number: '', building_name: 'Sample Court', sub_building_name: 'Suite 5' },
      { building_number: '70', building_name: '', sub_building_name: '' },
    ],
  },
  {
    postcode: 'M1 1AE',
    thoroughfare: 'Piccadilly',
    post_town: 'Manchester',
    country: 'England',
    addresses: [
      { building_number: '8', building_name: '', sub_building_name: '' },
      { building_number: '', building_name: 'Cotton Works', sub_building_name: 'Unit 11' },
      { building_number: '41', building_name: '', sub_building_name: '' },
    ],
  },
  {
    postcode: 'EH1 1YZ',
    thoroughfare: 'Princes Street',
    post_town: 'Edinburgh',
    country: 'Scotland',
    addresses: [
      { building_number: '15', building_name: '', sub_building_name: 'Flat 1F' },
      { building_number: '', building_name: 'Castle View House', sub_building_name: '' },
    ],
  },
  {
    postcode: 'B1 1BB',
    thoroughfare: 'Broad Street',
    post_town: 'Birmingham',
    country: 'England',
    addresses: [
      { building_number: '3', building_name: '', sub_building_name: '' },
      { building_number: '', building_name: 'Canalside Studios', sub_building_name: 'Studio 4' },
    ],
  },
];

export const DEMO_POSTCODES = streets.map((s) => s.postcode);

function line1(sample: Sample, thoroughfare: string): string {
  const parts = [sample.sub_building_name, sample.building_name, [sample.building_number, thoroughfare].filter(Boolean).join(' ')];
  return `${parts.filter(Boolean).join(', ')} (demo)`;
}

const byPostcode = new Map<string, PostcodeEntry[]>(
  streets.map((street) => [
    street.postcode,
    street.addresses.map((sample) => ({
      line_1: line1(sample, street.thoroughfare),
      building_number: sample.building_number,
      building_name: sample.building_name,
      sub_building_name: sample.sub_building_name,
      thoroughfare: street.thoroughfare,
      post_town: street.post_town,
      postcode: street.postcode,
      country: street.country,
    })),
  ]),
);

export class DemoPostcodeLookup implements PostcodeLookup {
  readonly notFoundHint = `The address finder is using demo data: try ${DEMO_POSTCODES.join(', ')}.`;

  async find(postcode: string): Promise<PostcodeEntry[]> {
    return (byPostcode.get(postcode) ?? []).map((entry) => ({ ...entry }));
  }
}
