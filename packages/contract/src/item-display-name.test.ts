import { describe, expect, it } from 'vitest';
import { itemDisplayName } from './item-display-name.ts';

describe('item display name (SPEC 3, by its intent: DESIGN 4 "Display name")', () => {
  it.each([
    // A name without a dimension shows its size, whatever letters it has.
    ['Single Wall Cardboard Boxes', '12x9x6', 'Single Wall Cardboard Boxes 12x9x6'],
    ['Single Wall Cardboard Boxes', '12x9x6"', 'Single Wall Cardboard Boxes 12x9x6"'],
    ['Double Wall Boxes', '18x12x12"', 'Double Wall Boxes 18x12x12"'],
    ['Extra Strong Tape', '48mm x 66m', 'Extra Strong Tape 48mm x 66m'],
    ['Wax Paper', '500mm', 'Wax Paper 500mm'],
    ['Brown Packing Tape', '48mm x 66m', 'Brown Packing Tape 48mm x 66m'],
    ['Grey Mailing Bag', '10x14"', 'Grey Mailing Bag 10x14"'],
    ['Thermal Labels', '4x6"', 'Thermal Labels 4x6"'],
    ['Mailing Bags', 'S', 'Mailing Bags S'],
    ['Box 12 Pack', '9x6x4', 'Box 12 Pack 9x6x4'],
    // A name that already holds a dimension is shown alone: the size is never repeated.
    ['Cardboard Box 12x9x6', '12x9x6', 'Cardboard Box 12x9x6'],
    ['Double Wall Box 12x9x6', '12x9x6"', 'Double Wall Box 12x9x6'],
    ['Postal Box 9X6X4', '9x6x4"', 'Postal Box 9X6X4'],
    ['Bubble Wrap 500mm x 100m', '500mm x 100m', 'Bubble Wrap 500mm x 100m'],
    ['Bubble Wrap 500mm X 100m', '500mm', 'Bubble Wrap 500mm X 100m'],
    ['Mailing Box 12"x9"', '12x9"', 'Mailing Box 12"x9"'],
    ['Mailing Box 12" x 9" x 4"', '12x9x4"', 'Mailing Box 12" x 9" x 4"'],
    ['Envelope 10.5 x 14 in', '10.5x14"', 'Envelope 10.5 x 14 in'],
    ['Pallet Box 1200 × 800', '1200x800mm', 'Pallet Box 1200 × 800'],
    ['Tape 48mm x 66m', 'Brown', 'Tape 48mm x 66m'],
    // ... or the size's own text as a word of its own.
    ['Bubble Wrap 500mm', '500mm', 'Bubble Wrap 500mm'],
    ['A4 Envelopes', 'A4', 'A4 Envelopes'],
    ['a4 envelopes', 'A4', 'a4 envelopes'],
    ['Small Mailers S', 'S', 'Small Mailers S'],
    ['Mailers (S)', 'S', 'Mailers (S)'],
    ['A45 Envelopes', 'A4', 'A45 Envelopes A4'],
    ['Étiquettes S', 's', 'Étiquettes S'],
    // No size: the name alone.
    ['Bubble Wrap Roll', '', 'Bubble Wrap Roll'],
    ['Bubble Wrap Roll', null, 'Bubble Wrap Roll'],
    ['Bubble Wrap Roll', '  ', 'Bubble Wrap Roll'],
  ])('shows %j with size %j as %j', (name, size1, expected) => {
    expect(itemDisplayName(name, size1)).toBe(expected);
  });

  it('tells two sizes of one product apart (both read "Single Wall Cardboard Boxes")', () => {
    expect(itemDisplayName('Single Wall Cardboard Boxes', '12x9x6')).not.toBe(itemDisplayName('Single Wall Cardboard Boxes', '14x10x8'));
  });

  it('does not read a word with an x, or a number beside an x word, as a dimension', () => {
    for (const name of ['Boxes', 'Box 3 Xtra', 'Flexible 2 Xl Bags', 'Exact Fit Box', '6 Boxes']) {
      expect(itemDisplayName(name, '12x9x6"'), name).toBe(`${name} 12x9x6"`);
    }
  });
});
