import { describe, expect, it } from 'vitest';
import { isPoBoxAddress, isPoBoxLine } from './po-box.ts';

describe('PO box addresses (SPEC 9: no delivery to PO boxes)', () => {
  it.each([
    'PO Box 42',
    'po box 42',
    'P.O. Box 42',
    'P. O. Box 42',
    'p.o.box 42',
    'P O Box 42',
    'POBox 42',
    'pobox42',
    'PO-Box 42',
    'PO BX 42',
    'P.O. BX 7',
    'Post Office Box 42',
    'POST OFFICE BOX 42',
    'Box 42',
    'box 42',
    'BOX NO. 42',
    'Box #42',
    'Unit 3, PO Box 42',
    'Freight House PO Box 12',
  ])('%j reads as a PO box', (line) => {
    expect(isPoBoxLine(line)).toBe(true);
  });

  it.each([
    'Poboxton Road',
    'Box Hill',
    'Box Lane',
    '42 Box Lane',
    'Depot Box Lane',
    'Boxgrove Avenue',
    'Post Office Lane',
    'Old Post Office',
    'Poplar Box Works',
    'Hippo Box Company',
    'Popes Boxing Club',
    'Box',
    '12 High Street',
    'Porto Bello Road',
  ])('%j is a street address', (line) => {
    expect(isPoBoxLine(line)).toBe(false);
  });

  it('looks at the house number or name and every line of the street address', () => {
    expect(isPoBoxAddress({ region: 'PO Box 42', address: 'Stornoway' })).toBe(true);
    expect(isPoBoxAddress({ region: '12', address: 'Harbour Street, Box 42' })).toBe(true);
    expect(isPoBoxAddress({ region: '12', address: 'Quay Road\nP.O. Box 9' })).toBe(true);
    expect(isPoBoxAddress({ region: '12', address: 'Box Hill Road, Dorking' })).toBe(false);
    expect(isPoBoxAddress({ region: 'Box Cottage', address: 'Church Lane' })).toBe(false);
  });
});
