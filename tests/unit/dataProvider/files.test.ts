import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from '../../../src/dataProvider/files';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="payment-ledger-20260115-120000.csv"', 'payment-ledger-20260115-120000.csv'],
    ['attachment; filename=slots-5001.csv', 'slots-5001.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''%E6%94%AF%E6%89%95%E3%81%84.csv", '支払い.csv'],
    ['ATTACHMENT; FILENAME="UPPER.CSV"', 'UPPER.CSV'],
  ])('reads %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('falls back to the plain name when the extended one is malformed', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E6%9; filename=\"plain.csv\"")).toBe('plain.csv');
  });

  it('drops path separators', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
  });

  it('is null without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
