import { describe, expect, it } from 'vitest';
import { isAdsTxtDomain, parseAdsTxt, type AdsTxtEntry } from '../../../src/lib/adsTxtParse';

/** Each non-comment line as [line, kind, detail] for compact expectations. */
function summary(entries: AdsTxtEntry[]) {
  return entries.map((entry) => {
    switch (entry.kind) {
      case 'record':
        return [entry.line, 'record', [entry.domain, entry.sellerAccountId, entry.relationship, entry.certificationId ?? null].join('|')];
      case 'variable':
        return [entry.line, 'variable', `${entry.name}=${entry.value}`];
      case 'malformed':
        return [entry.line, 'malformed', entry.reason.code];
    }
  });
}

describe('parseAdsTxt', () => {
  it('reads records, variables, comments and blank lines with their line numbers', () => {
    const parsed = parseAdsTxt(
      [
        '# ads.txt of example-news.com',
        '',
        'adnetwork.example, 10001, DIRECT, f08c47fec0942fa0 # display',
        'openmarket-ssp.example, 558213, RESELLER',
        '   # indented comment',
        'CONTACT=adops@example-news.com',
        'OWNERDOMAIN=example-news.com',
      ].join('\n'),
    );
    expect(parsed.lineCount).toBe(7);
    expect(summary(parsed.entries)).toEqual([
      [3, 'record', 'adnetwork.example|10001|DIRECT|f08c47fec0942fa0'],
      [4, 'record', 'openmarket-ssp.example|558213|RESELLER|'],
      [6, 'variable', 'CONTACT=adops@example-news.com'],
      [7, 'variable', 'OWNERDOMAIN=example-news.com'],
    ]);
    expect(parsed.entries[0]).toMatchObject({ text: 'adnetwork.example, 10001, DIRECT, f08c47fec0942fa0 # display', warnings: [] });
  });

  it.each([
    ['LF', 'a.example, 1, DIRECT\nb.example, 2, RESELLER\n'],
    ['CRLF', 'a.example, 1, DIRECT\r\nb.example, 2, RESELLER\r\n'],
    ['CR', 'a.example, 1, DIRECT\rb.example, 2, RESELLER\r'],
    ['mixed, no final break', 'a.example, 1, DIRECT\r\nb.example, 2, RESELLER'],
  ])('numbers lines the same with %s line breaks', (_name, text) => {
    const parsed = parseAdsTxt(text);
    expect(parsed.lineCount).toBe(2);
    expect(summary(parsed.entries)).toEqual([
      [1, 'record', 'a.example|1|DIRECT|'],
      [2, 'record', 'b.example|2|RESELLER|'],
    ]);
    expect(parsed.entries.map((entry) => entry.text)).toEqual(['a.example, 1, DIRECT', 'b.example, 2, RESELLER']);
  });

  it('ignores a byte-order mark and says it was there', () => {
    const parsed = parseAdsTxt('\uFEFFadnetwork.example, 10001, DIRECT');
    expect(parsed.hadByteOrderMark).toBe(true);
    expect(summary(parsed.entries)).toEqual([[1, 'record', 'adnetwork.example|10001|DIRECT|']]);
    expect(parsed.entries[0]?.text).toBe('adnetwork.example, 10001, DIRECT');
  });

  it('accepts mixed case, tabs and no spaces; lower-cases domains and certification ids, upper-cases the relationship', () => {
    const parsed = parseAdsTxt('AdNetwork.EXAMPLE,\tPub-ABC,\tdirect ,\tF08C47FEC0942FA0\t\nx.example,1,Reseller');
    expect(summary(parsed.entries)).toEqual([
      [1, 'record', 'adnetwork.example|Pub-ABC|DIRECT|f08c47fec0942fa0'],
      [2, 'record', 'x.example|1|RESELLER|'],
    ]);
  });

  it('keeps extension data after a semicolon out of the fields', () => {
    const [entry] = parseAdsTxt('adnetwork.example, 10001, DIRECT, abc;ext=1, more').entries;
    expect(entry).toMatchObject({ kind: 'record', certificationId: 'abc', extension: 'ext=1, more', warnings: [] });
  });

  it('counts a record with extra fields, with a warning', () => {
    const [entry] = parseAdsTxt('adnetwork.example, 10001, DIRECT, abc, banner, video').entries;
    expect(entry).toMatchObject({ kind: 'record', certificationId: 'abc', warnings: [{ code: 'extraFields', count: 2 }] });
  });

  it.each([
    ['adnetwork.example 10001 DIRECT', { code: 'noCommas' }],
    ['adnetwork.example\t10001\tDIRECT', { code: 'noCommas' }],
    ['adnetwork.example, 10001 DIRECT', { code: 'spaceInField', field: 'sellerAccountId' }],
    ['adnetwork.example, 10001', { code: 'tooFewFields', count: 2 }],
    ['adnetwork.example', { code: 'tooFewFields', count: 1 }],
    ['adnetwork.example, , DIRECT', { code: 'emptyField', field: 'sellerAccountId' }],
    ['adnetwork.example, 10001, ', { code: 'emptyField', field: 'relationship' }],
    [', 10001, DIRECT', { code: 'emptyField', field: 'domain' }],
    ['https://adnetwork.example, 10001, DIRECT', { code: 'domainIsUrl', value: 'https://adnetwork.example' }],
    ['adnetwork.example/ads, 10001, DIRECT', { code: 'domainIsUrl', value: 'adnetwork.example/ads' }],
    ['10001, adnetwork.example, DIRECT', { code: 'badDomain', value: '10001' }],
    ['localhost, 10001, DIRECT', { code: 'badDomain', value: 'localhost' }],
    ['-bad-.example, 10001, DIRECT', { code: 'badDomain', value: '-bad-.example' }],
    ['adnetwork.example, 10001, DIRECTS', { code: 'badRelationship', value: 'DIRECTS' }],
    ['adnetwork.example, 10001, f08c47fec0942fa0, DIRECT', { code: 'badRelationship', value: 'f08c47fec0942fa0' }],
    ['OWNERDOMAIN=', { code: 'emptyVariable', name: 'OWNERDOMAIN' }],
    ['OWNERDOMAIN=not a domain', { code: 'badVariableDomain', name: 'OWNERDOMAIN', value: 'not a domain' }],
    ['MANAGERDOMAIN=manager.example, Japan', { code: 'badCountry', value: 'Japan' }],
  ])('%j is malformed: %j', (line, reason) => {
    const [entry] = parseAdsTxt(`# first line\n${line}  # trailing comment`).entries;
    expect(entry).toEqual({ kind: 'malformed', line: 2, text: `${line}  # trailing comment`, reason });
  });

  it('reads variables case-insensitively and warns about unknown, repeated and misplaced ones', () => {
    const text = [
      'contact=adops@example.com',
      'CONTACT = https://example.com/contact',
      'OWNERDOMAIN=example.com',
      'ownerdomain=other.example',
      'MANAGERDOMAIN=manager.example',
      'MANAGERDOMAIN=manager-jp.example, jp',
      'MANAGERDOMAIN=manager-jp2.example, JP',
      'SUBDOMAIN=news.example.com',
      'INVENTORYPARTNERDOMAIN=partner.example',
      'FOO=bar',
    ].join('\n');
    const app = parseAdsTxt(text, 'app-ads.txt');
    expect(summary(app.entries)).toEqual([
      [1, 'variable', 'CONTACT=adops@example.com'],
      [2, 'variable', 'CONTACT=https://example.com/contact'],
      [3, 'variable', 'OWNERDOMAIN=example.com'],
      [4, 'variable', 'OWNERDOMAIN=other.example'],
      [5, 'variable', 'MANAGERDOMAIN=manager.example'],
      [6, 'variable', 'MANAGERDOMAIN=manager-jp.example, jp'],
      [7, 'variable', 'MANAGERDOMAIN=manager-jp2.example, JP'],
      [8, 'variable', 'SUBDOMAIN=news.example.com'],
      [9, 'variable', 'INVENTORYPARTNERDOMAIN=partner.example'],
      [10, 'variable', 'FOO=bar'],
    ]);
    const warnings = app.entries.flatMap((entry) => (entry.kind === 'malformed' ? [] : entry.warnings.map((warning) => [entry.line, warning])));
    expect(warnings).toEqual([
      [4, { code: 'repeatedOwnerDomain', firstLine: 3 }],
      [7, { code: 'repeatedManagerDomain', firstLine: 6, country: 'JP' }],
      [8, { code: 'subdomainInAppAdsTxt' }],
      [10, { code: 'unknownVariable', name: 'FOO' }],
    ]);
    // SUBDOMAIN belongs in an ads.txt file.
    expect(parseAdsTxt('SUBDOMAIN=news.example.com', 'ads.txt').entries[0]).toMatchObject({ warnings: [] });
  });

  it('treats a line with a comma before "=" as a record', () => {
    expect(summary(parseAdsTxt('adnetwork.example, id=7, DIRECT').entries)).toEqual([[1, 'record', 'adnetwork.example|id=7|DIRECT|']]);
  });

  it('says when the text is a web page rather than an ads.txt file', () => {
    const page = parseAdsTxt('<!DOCTYPE html>\n<html><body>Not found</body></html>');
    expect(page.looksLikeHtml).toBe(true);
    expect(page.entries.every((entry) => entry.kind === 'malformed')).toBe(true);
    expect(parseAdsTxt('# <html> in a comment\nadnetwork.example, 1, DIRECT').looksLikeHtml).toBe(false);
  });

  it('has no lines for an empty text and one for a lone line break', () => {
    expect(parseAdsTxt('')).toMatchObject({ lineCount: 0, entries: [] });
    expect(parseAdsTxt('\n')).toMatchObject({ lineCount: 1, entries: [] });
  });
});

describe('isAdsTxtDomain', () => {
  it.each(['adnetwork.example', 'google.com', 'c.amazon-adsystem.com', 'xn--bcher-kva.example', 'a1.b2.co'])('accepts %s', (domain) => {
    expect(isAdsTxtDomain(domain)).toBe(true);
  });
  it.each(['localhost', 'example.', '.example.com', 'exa_mple.com', '192.168.0.1', 'a..b.com', 'pub-123', ''])('refuses %j', (domain) => {
    expect(isAdsTxtDomain(domain)).toBe(false);
  });
});
