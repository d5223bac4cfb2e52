/** How a quick order's typed rows, pasted lines and CSV text are read into lines, before any look-up. */
import { describe, expect, it } from 'vitest';
import { quickOrderLineMessages, quickOrderLines } from './quick-order-lines.ts';

const read = (request: { rows?: { code?: string; size?: string; pack?: string; quantity?: string }[]; text?: string; csv?: string }) =>
  quickOrderLines({ rows: request.rows ?? [], text: request.text ?? '', csv: request.csv ?? '' }).map(({ source, line, code, size, pack, between, quantity, problem }) => ({
    source,
    line,
    code,
    size,
    pack,
    between,
    quantity,
    problem,
  }));

const line = (fields: Partial<ReturnType<typeof read>[number]>) => ({ size: null, pack: null, between: null, quantity: null, problem: null, ...fields });

describe('quick order lines', () => {
  it('reads "CODE, qty", "CODE qty", tabs from a spreadsheet and four cells, numbering lines as pasted', () => {
    const text = ['P000001, 4', 'P000002 3', '', 'P000003\t12x9x6"\t25\t2', 'P000004; 5', 'P000005, 12x9x6", 25, 1'].join('\n');
    expect(read({ text })).toEqual([
      line({ source: 'text', line: 1, code: 'P000001', quantity: '4' }),
      line({ source: 'text', line: 2, code: 'P000002', quantity: '3' }),
      line({ source: 'text', line: 4, code: 'P000003', size: '12x9x6"', pack: '25', quantity: '2' }),
      line({ source: 'text', line: 5, code: 'P000004', quantity: '5' }),
      line({ source: 'text', line: 6, code: 'P000005', size: '12x9x6"', pack: '25', quantity: '1' }),
    ]);
  });

  it('keeps the words between code and packs of a line split by spaces, for the catalogue to tell size from pack', () => {
    expect(read({ text: 'P000001 12 x 9 x 6" 25 4\nP000002 A4 10' })).toEqual([
      line({ source: 'text', line: 1, code: 'P000001', between: '12 x 9 x 6" 25', quantity: '4' }),
      line({ source: 'text', line: 2, code: 'P000002', between: 'A4', quantity: '10' }),
    ]);
  });

  it('reads a CSV file by its header in any column order, ignoring other columns and quoted sizes', () => {
    const csv = '\uFEFFDescription,Qty,Product Code,Size,Pack size\r\n"Box, brown",6,P000007,"12x9x6""",25\r\nTape,2,P000008,,\r\n';
    expect(read({ csv })).toEqual([
      line({ source: 'csv', line: 2, code: 'P000007', size: '12x9x6"', pack: '25', quantity: '6' }),
      line({ source: 'csv', line: 3, code: 'P000008', quantity: '2' }),
    ]);
  });

  it('numbers typed rows by their row and skips empty rows', () => {
    const rows = [{ code: 'P000001', quantity: '2' }, {}, { code: ' P000003 ', size: '', pack: 'Pack of 25', quantity: '1' }];
    expect(read({ rows })).toEqual([
      line({ source: 'row', line: 1, code: 'P000001', quantity: '2' }),
      line({ source: 'row', line: 3, code: 'P000003', pack: 'Pack of 25', quantity: '1' }),
    ]);
  });

  it('marks a line with more cells than code, size, pack and packs, and one without packs', () => {
    expect(read({ text: 'P000001,a,b,c,d\nP000002' })).toEqual([
      line({ source: 'text', line: 1, code: 'P000001', problem: quickOrderLineMessages.tooManyCells }),
      line({ source: 'text', line: 2, code: 'P000002' }),
    ]);
  });

  it('drops the empty cells a spreadsheet pastes after the last column', () => {
    expect(read({ text: 'P000001\t4\t\t' })).toEqual([line({ source: 'text', line: 1, code: 'P000001', quantity: '4' })]);
  });
});
