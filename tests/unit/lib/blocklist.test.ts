import { describe, expect, it } from 'vitest';
import { entriesFromRows, readBlocklistEntry } from '../../../src/lib/blocklist';

describe('reading a blocklist line', () => {
  it.each([
    [{ value: 'IAB7' }, { kind: 'value', type: 'iab_category', value: 'IAB7' }],
    [{ value: ' iab07-003 ' }, { kind: 'value', type: 'iab_category', value: 'IAB7-3' }],
    [{ value: '1001' }, { kind: 'advertiserId', type: 'advertiser', id: 1001 }],
    [{ value: 'Example.COM' }, { kind: 'value', type: 'advertiser_domain', value: '*.example.com' }],
    [{ value: '*.ads.example.co.uk' }, { kind: 'value', type: 'advertiser_domain', value: '*.ads.example.co.uk' }],
    [{ value: 'Blue Harbor Insurance' }, { kind: 'advertiserName', type: 'advertiser', name: 'Blue Harbor Insurance' }],
    [{ type: 'Advertiser', value: 'Booking.com' }, { kind: 'advertiserName', type: 'advertiser', name: 'Booking.com' }],
    [{ type: 'advertiser', value: '42' }, { kind: 'advertiserId', type: 'advertiser', id: 42 }],
    [{ type: 'advertiser_domain', value: 'nodot' }, { kind: 'invalid', type: 'advertiser_domain', reason: 'domain' }],
    [{ type: 'iab_category', value: 'Sports' }, { kind: 'invalid', type: 'iab_category', reason: 'iabCategory' }],
    [{ type: ' ', value: 'IAB3' }, { kind: 'value', type: 'iab_category', value: 'IAB3' }],
  ])('reads %j', (entry, reading) => {
    expect(readBlocklistEntry(entry)).toEqual(reading);
  });

  it('refuses a domain-like value that is not a valid domain, and ids beyond the id range', () => {
    expect(readBlocklistEntry({ value: '*.com' })).toEqual({ kind: 'invalid', type: 'advertiser_domain', reason: 'domain' });
    expect(readBlocklistEntry({ value: '99999999999' })).toEqual({ kind: 'invalid', type: 'advertiser', reason: 'advertiserId' });
  });

  it('refuses spreadsheet formulas in the value or the type, and unknown types', () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tIAB7', ';x', '|x']) {
      expect(readBlocklistEntry({ value }), value).toEqual({ kind: 'invalid', type: null, reason: 'formula' });
    }
    expect(readBlocklistEntry({ type: '=HYPERLINK()', value: 'IAB7' })).toMatchObject({ reason: 'formula' });
    expect(readBlocklistEntry({ type: 'keyword', value: 'IAB7' })).toEqual({ kind: 'invalid', type: null, reason: 'type' });
  });

  it('refuses a value or type holding a control character (issue 21: a tab inside a value, a NUL), as a line of its own', () => {
    for (const value of ['exa\tmple.com', 'IAB7\u0000', 'Acme\u0085Co', 'a\u007fb.example']) {
      expect(readBlocklistEntry({ value }), JSON.stringify(value)).toEqual({ kind: 'invalid', type: null, reason: 'control' });
    }
    expect(readBlocklistEntry({ type: 'iab_\u0000category', value: 'IAB7' })).toEqual({ kind: 'invalid', type: null, reason: 'control' });
    // Around the value, white space is trimmed as ever; a leading tab stays a formula marker.
    expect(readBlocklistEntry({ value: 'ok.example\t' })).toEqual({ kind: 'value', type: 'advertiser_domain', value: '*.ok.example' });
    expect(readBlocklistEntry({ value: '\tIAB7' })).toMatchObject({ reason: 'formula' });
  });
});

describe('entries of parsed CSV rows', () => {
  it('reads the export’s columns by their header, whatever their order, skipping empty values', () => {
    const rows = [['\uFEFFname', 'Type', 'VALUE', 'scope'], ['Acme', 'advertiser', '1001', 'zone'], ['', 'iab_category', ' ', ''], ['x', '', 'IAB7', '']];
    expect(entriesFromRows(rows)).toEqual([
      { line: 2, type: 'advertiser', value: '1001' },
      { line: 4, value: 'IAB7' },
    ]);
  });

  it('reads any other text as a mixed list: every non-empty cell of every row', () => {
    expect(entriesFromRows([['\uFEFF1001', ' *.a.example '], [''], ['IAB7', '', 'Acme Co']])).toEqual([
      { line: 1, value: '1001' },
      { line: 1, value: '*.a.example' },
      { line: 3, value: 'IAB7' },
      { line: 3, value: 'Acme Co' },
    ]);
  });
});
