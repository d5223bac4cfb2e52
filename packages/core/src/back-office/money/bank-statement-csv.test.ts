/**
 * Reading bank statements (docs/bank-statements.md): each bank's export, from the fixtures
 * beside this file, is recognised by its header and gives the same two credits (the debit
 * left out); UK and ISO dates, amounts with £, commas and signs; a bad row is reported with its
 * line and the others are still read; an unknown header lists the accepted layouts; identical
 * credits of one file get different fingerprints, and the same file gives the same ones again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBankStatement, parseStatementAmount, parseStatementDate, STATEMENT_MAX_ROWS, statementMessages } from './bank-statement-csv.ts';

const TODAY = '2026-02-01';
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}.csv`, import.meta.url)));
const csv = (text: string) => new TextEncoder().encode(text);

describe('bank statement CSV', async () => {
  it.each([
    ['barclays', 'Barclays'],
    ['lloyds', 'Lloyds, Halifax, Bank of Scotland'],
    ['natwest', 'NatWest, Royal Bank of Scotland, Ulster Bank'],
    ['monzo', 'Monzo'],
    ['starling', 'Starling'],
    ['generic', 'Generic (Date, Description, Amount)'],
  ])('recognises the %s export by its header and reads its two credits, leaving the debit out', async (name, label) => {
    const statement = await parseBankStatement(fixture(name), TODAY);
    expect(statement.layout).toEqual({ key: name, label });
    expect(statement.errors).toEqual([]);
    expect(statement.debitsIgnored).toBe(1);
    expect(statement.credits.map((c) => [c.postedOn, c.amountPence])).toEqual([
      ['2026-01-05', 65_99],
      ['2026-01-06', 1200_00],
    ]);
    expect(statement.credits[0]!.description).toMatch(/BXW-7KQ4MC/);
    expect(statement.credits[1]!.description.replace(/\s|-/g, '')).toMatch(/BXW3HTC9D/);
    // Spaces and tabs collapsed, the apostrophe some banks put before text dropped.
    expect(statement.credits[0]!.description).not.toMatch(/\t|^'|\s{2}/);
  });

  it('uses the bank transaction id as the fingerprint when the export has one, else date, amount, description and occurrence', async () => {
    expect((await parseBankStatement(fixture('monzo'), TODAY)).credits[0]!.fingerprint).toBe('monzo:tx_0000AbCdEf1');
    const twice = await parseBankStatement(csv('Date,Description,Amount\n05/01/2026,Cash in,10.00\n05/01/2026,cash  IN,10.00\n05/01/2026,Cash in,10.00\n'), TODAY);
    expect(twice.credits.map((c) => c.fingerprint)).toEqual(['2026-01-05|1000|CASH IN|1', '2026-01-05|1000|CASH IN|2', '2026-01-05|1000|CASH IN|3']);
    expect((await parseBankStatement(fixture('barclays'), TODAY)).credits.map((c) => c.fingerprint)).toEqual(
      (await parseBankStatement(fixture('barclays'), TODAY)).credits.map((c) => c.fingerprint),
    );
  });

  it('reads the header below the lines some banks write above it', async () => {
    const statement = await parseBankStatement(csv('Account,Business Current Account\nPeriod,January 2026\n\nDate,Description,Amount\n2026-01-05,BXW-7KQ4MC,65.99\n'), TODAY);
    expect(statement.credits).toEqual([expect.objectContaining({ line: 5, amountPence: 65_99 })]);
  });

  it('reports each row it cannot read with its line number and reads the rest', async () => {
    const statement = await parseBankStatement(
      csv('Date,Description,Amount\n31/02/2026,A,1.00\n01/01/2026,B,one pound\n01/01/2026\n09/09/2099,D,1.00\n01/01/2026,E,2.00\n'),
      TODAY,
    );
    expect(statement.errors).toEqual([
      { line: 2, message: statementMessages.date('31/02/2026') },
      { line: 3, message: statementMessages.amount('one pound') },
      { line: 4, message: statementMessages.cellCount(1, 3) },
      { line: 5, message: statementMessages.futureDate('09/09/2099') },
    ]);
    expect(statement.credits).toEqual([expect.objectContaining({ line: 6, description: 'E', amountPence: 200 })]);
  });

  it('lists rows without an amount with the reason, rather than reading a file of them as having no payments', async () => {
    const statement = await parseBankStatement(csv('Date,Description,Amount\n05/01/2026,BXW-7KQ4MC SMITH,\n06/01/2026,BXW-3HTC9D JONES,  \n'), TODAY);
    expect(statement.credits).toEqual([]);
    expect(statement.debitsIgnored).toBe(0);
    expect(statement.errors).toEqual([
      { line: 2, message: statementMessages.noAmount },
      { line: 3, message: statementMessages.noAmount },
    ]);
  });

  it('refuses a file whose header is no known layout, listing the accepted ones', async () => {
    await expect(parseBankStatement(csv('When,What,How much\n2026-01-05,x,1\n'), TODAY)).rejects.toThrow(/not a bank statement layout.*Barclays: Number, Date, Account, Amount, Subcategory, Memo.*Generic/);
  });

  it('refuses an empty file, a binary file and one over the row limit', async () => {
    await expect(parseBankStatement(new Uint8Array(), TODAY)).rejects.toThrow(statementMessages.empty);
    await expect(parseBankStatement(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2]), TODAY)).rejects.toThrow(statementMessages.notText);
    const rows = 'Date,Description,Amount\n' + '2026-01-05,x,1.00\n'.repeat(STATEMENT_MAX_ROWS + 1);
    await expect(parseBankStatement(csv(rows), TODAY)).rejects.toThrow(statementMessages.tooManyRows);
  });

  it('reads amounts with £, commas and signs, and UK and ISO dates', async () => {
    expect(['1234.5', '£1,234.50', '+£12', '-12.00', '£-12.00', '(12.00)', '12.00 CR', '12.00 DR', '', '1,23.00', '12.345', 'abc'].map(parseStatementAmount)).toEqual([
      123450, 123450, 1200, -1200, -1200, -1200, 1200, -1200, 0, null, null, null,
    ]);
    expect(['31/01/2026', '1/2/2026', '31-01-2026', '31.01.26', '2026-01-31', '2026-01-31T10:00:00Z', '31 Jan 2026', '31-Jan-2026', '29/02/2025', '01/31/2026'].map(parseStatementDate)).toEqual([
      '2026-01-31', '2026-02-01', '2026-01-31', '2026-01-31', '2026-01-31', '2026-01-31', '2026-01-31', '2026-01-31', null, null,
    ]);
  });

  it('reads a Windows-1252 file (a £ as one byte)', async () => {
    const bytes = new Uint8Array([...csv('Date,Description,Amount\n2026-01-05,x,'), 0xa3, ...csv('5.00\n')]);
    expect((await parseBankStatement(bytes, TODAY)).credits[0]!.amountPence).toBe(500);
  });

  it('lets other visitors be served while it reads a 10,000-row statement (it never holds the thread for long)', async () => {
    const rows = 'Date,Description,Amount\n' + Array.from({ length: STATEMENT_MAX_ROWS }, (_, i) => `2026-01-05,"BXW-${i} quoted, text",${(i % 500) + 1}.00\n`).join('');
    // Another request's work, as the event loop would run it: one turn after another.
    let turns = 0;
    let longestGapMs = 0;
    let last = performance.now();
    let reading = true;
    const ticker = (function tick() {
      if (!reading) return;
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      turns++;
      setImmediate(tick);
    });
    setImmediate(ticker);
    const started = performance.now();
    const statement = await parseBankStatement(csv(rows), TODAY);
    const tookMs = performance.now() - started;
    reading = false;
    expect(statement.credits).toHaveLength(STATEMENT_MAX_ROWS);
    expect(statement.credits[1]!.description).toBe('BXW-1 quoted, text');
    // Read in one go (before), the read got no turn in between however long it took.
    expect(turns).toBeGreaterThan(Math.floor(tookMs / 100));
    console.log(`bank statement: ${STATEMENT_MAX_ROWS} rows read in ${Math.round(tookMs)} ms, ${turns} turns for other work, longest gap ${Math.round(longestGapMs)} ms`);
  });
});
