import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, neutralizeCell, timestampedFileName, toCsv } from '../../../src/lib/csv';
import { toCsv as serverToCsv } from '../../../server/src/http/csv';

describe('CSV (src/lib/csv)', () => {
  it('neutralises text a spreadsheet would run as a formula, and only text', () => {
    for (const evil of ['=1+1', '+1', '-1+2', '@SUM(A1)', '|cmd', '\t1', '\r1', ' =1', '"=1"', ' "-1']) expect(neutralizeCell(evil)).toBe(`'${evil}`);
    expect(neutralizeCell('Sports = fun')).toBe('Sports = fun');
    expect(neutralizeCell("it's - a, =b")).toBe("it's - a, =b");
    expect(neutralizeCell(-3)).toBe(-3);
    expect(neutralizeCell(null)).toBe('');
  });

  it('neutralises a formula after a ; | tab or line break too, where a spreadsheet splitting on it starts a cell', () => {
    expect(neutralizeCell(";=cmd|' /C calc'!A0;")).toBe(";'=cmd|' /C calc'!A0;'");
    expect(neutralizeCell('x;=HYPERLINK("http://evil.example/","go")')).toBe('x;\'=HYPERLINK("http://evil.example/","go")');
    expect(neutralizeCell('a; "=1"')).toBe('a;\' "=1"');
    expect(neutralizeCell('a|=1|b')).toBe("a|'=1|b");
    expect(neutralizeCell('a||b')).toBe("a|'|b");
    expect(neutralizeCell('a\t-1')).toBe("a\t'-1");
    expect(neutralizeCell('\t=1')).toBe("'\t'=1");
    expect(neutralizeCell('two\r\n=lines')).toBe("two\r\n'=lines");
    expect(neutralizeCell('a;b; c;1')).toBe('a;b; c;1');
    // A quote or the end right after one would open a quoted field of that dialect, running on into the next cells.
    expect(neutralizeCell('a;"b"')).toBe('a;\'"b"');
    expect(neutralizeCell('a;')).toBe("a;'");
  });

  it('writes RFC 4180: CRLF after every record, quotes doubled, separators and line breaks quoted', () => {
    expect(toCsv(['id', 'name'], [[1, 'a, b'], [2, 'say "hi"'], [3, 'two\nlines'], [4, 'cr\rhere'], [5, '']])).toBe(
      'id,name\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,"two\nlines"\r\n4,"cr\rhere"\r\n5,\r\n',
    );
  });

  it('quotes cells holding ; | or tab, after neutralising what follows them', () => {
    expect(toCsv(['name'], [[';=1+1'], ['a;=1+1'], ['b|=cmd'], ['c\t=1'], ['d;e']])).toBe('name\r\n";\'=1+1"\r\n"a;\'=1+1"\r\n"b|\'=cmd"\r\n"c\t\'=1"\r\n"d;e"\r\n');
  });

  it('leaves no cell starting a formula whatever the text, read with , ; | or tab by a CSV parser', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '|', ';', ',', '"', "'", ' ', '\t', '\r', '\n', 'a', '1'), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.integer({ min: -5, max: 5 })), { minLength: 1, maxLength: 4 }), (row) => {
        const csv = toCsv(['id', ...row.map((_, i) => `c${i}`)], [[1, ...row], [2, ...row.slice().reverse()]]);
        for (const delimiter of [',', ';', '|', '\t']) {
          const cells = Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' }).data.flat();
          const live = cells.filter((cell) => /^[ "]*[=+\-@|\t\r]/.test(cell) && !/^-?\d+$/.test(cell));
          if (live.length) throw new Error(`${JSON.stringify(delimiter)}: ${JSON.stringify(live)} in ${JSON.stringify(csv)}`);
        }
      }),
      { seed: 20_261_127, numRuns: 2000 },
    );
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
