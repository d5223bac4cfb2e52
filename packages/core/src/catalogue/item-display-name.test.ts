import { describe, expect, it } from 'vitest';
import { itemDisplayName } from './item-display-name.ts';

describe('item display name (SPEC 3)', () => {
  it.each([
    ['Double Wall Box 12x9x6', '12x9x6"', 'Double Wall Box 12x9x6'],
    ['Postal Box 9X6X4', '9x6x4"', 'Postal Box 9X6X4'],
    ['Brown Packing Tape', '48mm x 66m', 'Brown Packing Tape 48mm x 66m'],
    ['Grey Mailing Bag', '10x14"', 'Grey Mailing Bag 10x14"'],
    ['Bubble Wrap Roll', '', 'Bubble Wrap Roll'],
  ])('shows %j with size %j as %j', (name, size1, expected) => {
    expect(itemDisplayName(name, size1)).toBe(expected);
  });

  it('treats a name containing the letter x in a word as already sized (the rule is the letter, not a size)', () => {
    expect(itemDisplayName('Boxes', '12x9x6"')).toBe('Boxes');
  });
});
