/** A posted form's shape, judged from its field names before anything is built from them. */
import { describe, expect, it } from 'vitest';
import { FORM_ENTRIES_MAX, FORM_LIST_MAX, FORM_TOO_LARGE_MESSAGE, formShapeProblem, listPathOf } from './form-limits.ts';

const repeated = (name: string, times: number) => Array.from({ length: times }, () => name);

describe('a posted form within bounds', () => {
  it('passes the pages\' own names: rows, nested rows, dotted records and appended lists', () => {
    const names = ['intent', 'lines[0].order_line_id', 'lines[0].count', `lines[${FORM_LIST_MAX - 1}].count`, 'size.5.size1', 'pack.5.19.qty', 'a[2].b[3]', 'photos', 'photos', 'tags[]', 'tags[]'];
    expect(formShapeProblem(names)).toBeNull();
  });

  it('names each list as its bound is looked up, earlier rows left out', () => {
    expect(listPathOf('lines')).toBe('lines');
    expect(listPathOf('a[2].b')).toBe('a[].b');
  });
});

describe('a posted form out of bounds is refused from its names alone', () => {
  it.each([
    ['a row far past any list', 'lines[99999999].count'],
    ['a row just past the longest list', `lines[${FORM_LIST_MAX}].count`],
    ['a row that is not a number', 'rows[1e9].selected'],
    ['a negative row', 'rows[-1].selected'],
    ['an unclosed bracket', 'rows[3.selected'],
    ['a nested row far out', 'a[0].b[123456789]'],
    ["Conform's own list buttons", '__intent__'],
    ["Conform's own state", '__state__'],
  ])('%s (%s)', (_why, name) => {
    expect(formShapeProblem(['intent', name])).toBe(FORM_TOO_LARGE_MESSAGE);
  });

  it('refuses a row past the maximum its schema gives the list, and takes the rows below it', () => {
    const boundOf = (list: string) => (list === 'lines' ? 40 : undefined);
    expect(formShapeProblem(['lines[39].count'], boundOf)).toBeNull();
    expect(formShapeProblem(['lines[40].count'], boundOf)).toBe(FORM_TOO_LARGE_MESSAGE);
    // Another list keeps the global bound.
    expect(formShapeProblem([`rows[${FORM_LIST_MAX - 1}].x`], boundOf)).toBeNull();
  });

  it('never lets a schema raise the global bound', () => {
    expect(formShapeProblem([`lines[${FORM_LIST_MAX}]`], () => Number.POSITIVE_INFINITY)).toBe(FORM_TOO_LARGE_MESSAGE);
  });

  it('refuses a thousand distinct rows of a short list', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `lines[${i}].count`);
    expect(formShapeProblem(names, () => 200)).toBe(FORM_TOO_LARGE_MESSAGE);
  });

  it('refuses one name sent more often than its list may be long, and a form with too many fields', () => {
    expect(formShapeProblem(repeated('photos', FORM_LIST_MAX + 1))).toBe(FORM_TOO_LARGE_MESSAGE);
    expect(formShapeProblem(repeated('photos', 4), (list) => (list === 'photos' ? 3 : undefined))).toBe(FORM_TOO_LARGE_MESSAGE);
    expect(formShapeProblem(repeated('lines[]', 41), (list) => (list === 'lines' ? 40 : undefined))).toBe(FORM_TOO_LARGE_MESSAGE);
    const many = Array.from({ length: FORM_ENTRIES_MAX + 1 }, (_, i) => `field${i}`);
    expect(formShapeProblem(many)).toBe(FORM_TOO_LARGE_MESSAGE);
    expect(formShapeProblem(many.slice(0, FORM_ENTRIES_MAX))).toBeNull();
  });
});
