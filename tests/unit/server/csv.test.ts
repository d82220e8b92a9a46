import { describe, expect, it } from 'vitest';
import { neutralizeCell, timestampedFileName, toCsv } from '../../../server/src/http/csv';

describe('CSV answers', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const evil of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t1', '\r1']) {
      expect(neutralizeCell(evil)).toBe(`'${evil}`);
    }
    expect(neutralizeCell('x;=HYPERLINK("http://x")')).toBe('x;\'=HYPERLINK("http://x")');
    expect(neutralizeCell('Ad revenue March')).toBe('Ad revenue March');
    expect(neutralizeCell(-12.5)).toBe(-12.5);
    expect(neutralizeCell(null)).toBe('');
  });

  it('writes RFC 4180: CRLF records, quotes doubled, fields with separators quoted', () => {
    const csv = toCsv(['a', 'b'], [['x, y', 'say "hi"'], ['line\nbreak', 3]]);
    expect(csv).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });

  it('stamps file names with the UTC time', () => {
    expect(timestampedFileName('slots-42', new Date('2026-11-22T05:30:12Z'))).toBe('slots-42-20261122-053012.csv');
  });
});
