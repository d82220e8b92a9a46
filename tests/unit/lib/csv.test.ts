import { describe, expect, it } from 'vitest';
import { CSV_BOM, neutralizeCell, timestampedFileName, toCsv } from '../../../src/lib/csv';
import { toCsv as serverToCsv } from '../../../server/src/http/csv';

describe('CSV (src/lib/csv)', () => {
  it('neutralises text a spreadsheet would run as a formula, and only text', () => {
    for (const evil of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1']) expect(neutralizeCell(evil)).toBe(`'${evil}`);
    expect(neutralizeCell('Sports = fun')).toBe('Sports = fun');
    expect(neutralizeCell(-3)).toBe(-3);
    expect(neutralizeCell(null)).toBe('');
  });

  it('writes RFC 4180: CRLF after every record, quotes doubled, separators and line breaks quoted', () => {
    expect(toCsv(['id', 'name'], [[1, 'a, b'], [2, 'say "hi"'], [3, 'two\nlines'], [4, 'cr\rhere'], [5, '']])).toBe(
      'id,name\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,"two\nlines"\r\n4,"cr\rhere"\r\n5,\r\n',
    );
  });

  it('neutralises and quotes cells a spreadsheet splitting on ; | or tab would cut into a formula', () => {
    for (const evil of [';=1+1', '|=1+1']) expect(neutralizeCell(evil)).toBe(`'${evil}`);
    expect(toCsv(['name'], [[';=1+1'], ['a;=1+1'], ['b|=cmd'], ['c\t=1']])).toBe('name\r\n"\';=1+1"\r\n"a;=1+1"\r\n"b|=cmd"\r\n"c\t=1"\r\n');
  });

  it('quotes a neutralised formula that holds a separator', () => {
    expect(toCsv(['name'], [['=HYPERLINK("http://x","y")']])).toBe('name\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n');
  });

  it('writes exactly what the server writes with csv-stringify', () => {
    const header = ['id', 'name', 'products', 'slots'];
    const rows = [
      [1, 'Plain', 'InImage, In-Content', 0],
      [2, '=cmd|" /C calc"!A0', ';=1+1', 3],
      [3, 'quote " and, comma', null, -1],
      [4, 'multi\r\nline', '@x', 12],
      [5, '日本語のゾーン', 'Video', 1],
    ];
    expect(toCsv(header, rows)).toBe(serverToCsv(header, rows));
  });

  it('has a BOM for spreadsheets and time-stamped names', () => {
    expect(CSV_BOM).toBe('\uFEFF');
    expect(timestampedFileName('zones-101', new Date('2026-03-04T05:06:07Z'))).toBe('zones-101-20260304-050607.csv');
  });
});
