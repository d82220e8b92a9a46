// The ads.txt checker over files shaped like the ones publishers serve: comments and variables, CRLF and a BOM,
// mixed case and tabs, extra fields, duplicates, malformed lines, another vendor's file pasted over the network's
// lines, app-ads.txt.
import { describe, expect, it } from 'vitest';
import type { AdsTxtLine } from '../../../src/lib/adsTxt';
import { checkAdsTxt, type AdsTxtCheck } from '../../../src/lib/adsTxtCheck';

const TAG = 'f1e2d3c4b5a69788';
const REQUIRED: AdsTxtLine[] = [
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10001', accountType: 'DIRECT', tagId: TAG },
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10002', accountType: 'DIRECT', tagId: TAG },
  { exchangeDomain: 'brightbid-exchange.example', sellerAccountId: 'pub-4821937', accountType: 'RESELLER', tagId: 'a1c4e7f0b2d59836' },
  { exchangeDomain: 'openmarket-ssp.example', sellerAccountId: '558213', accountType: 'RESELLER' },
  { exchangeDomain: 'adnetwork.example', sellerAccountId: 'pub-101', accountType: 'DIRECT', tagId: TAG },
];
const [L1, L2, L3, L4, L5] = [
  `adnetwork.example, 10001, DIRECT, ${TAG}`,
  `adnetwork.example, 10002, DIRECT, ${TAG}`,
  'brightbid-exchange.example, pub-4821937, RESELLER, a1c4e7f0b2d59836',
  'openmarket-ssp.example, 558213, RESELLER',
  `adnetwork.example, pub-101, DIRECT, ${TAG}`,
];

/** Each required line's outcome, compactly: 'present@3', 'missing', 'wrong@7:relationship'. */
function outcomes(check: AdsTxtCheck): string[] {
  return check.required.map((result) => {
    if (result.status === 'missing') return 'missing';
    if (result.status === 'present') return `present@${result.line}${result.conflictingLines.length ? ` conflicts ${result.conflictingLines.join(',')}` : ''}`;
    return `wrong@${result.line}:${result.fields.join('+')}`;
  });
}

interface FileCase {
  name: string;
  text: string;
  kind?: 'ads.txt' | 'app-ads.txt';
  outcomes: string[];
  malformed?: [number, string][];
  duplicates?: [number, number][];
  warnings?: [number, string][];
}

const FILES: FileCase[] = [
  {
    name: 'the generated lines as they are',
    text: [L1, L2, L3, L4, L5].join('\n'),
    outcomes: ['present@1', 'present@2', 'present@3', 'present@4', 'present@5'],
  },
  {
    name: 'a big publisher file: comments, variables at the end, CRLF and a BOM',
    text: `\uFEFF# example-news.com ads.txt\r\n# Updated 2026-11-01\r\n\r\ngoogle.com, pub-7439281311086140, DIRECT, f08c47fec0942fa0 # banner\r\n${L1} # adnetwork\r\n${L3}\r\n${L4}\r\n${L2}\r\n${L5}\r\n\r\nCONTACT=adops@example-news.com\r\nOWNERDOMAIN=example-news.com\r\nMANAGERDOMAIN=manager.example, US\r\n`,
    outcomes: ['present@5', 'present@8', 'present@6', 'present@7', 'present@9'],
  },
  {
    name: 'mixed case, tabs and no spaces after commas',
    text: `ADNETWORK.example,10001,direct,${TAG.toUpperCase()}\nAdNetwork.Example,\t10002,\tDirect,\t${TAG}\nBrightBid-Exchange.example,pub-4821937,Reseller,A1C4E7F0B2D59836\n\topenmarket-ssp.example ,558213 , reseller\t\nadnetwork.example, pub-101, DIRECT, ${TAG}`,
    outcomes: ['present@1', 'present@2', 'present@3', 'present@4', 'present@5'],
  },
  {
    name: 'two lines missing and one with the wrong relationship',
    text: `# our partners\n${L1}\nadnetwork.example, 10002, RESELLER, ${TAG}\n${L5}\n`,
    outcomes: ['present@2', 'wrong@3:relationship', 'missing', 'missing', 'present@4'],
  },
  {
    name: 'a seller account id with a typo, another in the wrong case, a certification id missing or wrong',
    text: `adnetwork.example, 10001, DIRECT\nadnetwork.example, 10002, DIRECT, 0000000000000000\nbrightbid-exchange.example, pub-482193, RESELLER, a1c4e7f0b2d59836\nopenmarket-ssp.example, 558213, RESELLER, anything\nadnetwork.example, PUB-101, DIRECT, ${TAG}`,
    outcomes: ['wrong@1:certificationId', 'wrong@2:certificationId', 'wrong@3:sellerAccountId', 'present@4', 'wrong@5:sellerAccountId'],
  },
  {
    name: 'another vendor’s file pasted over the network’s lines',
    text: 'google.com, pub-1234567890, DIRECT, f08c47fec0942fa0\nrubiconproject.com, 11078, RESELLER, 0bfd66d529a55807\nadnetwork.example, 99999, DIRECT\nappnexus.com, 7745, RESELLER',
    // 99999 is no near miss of any required id: the publisher's own other account, not a typo.
    outcomes: ['missing', 'missing', 'missing', 'missing', 'missing'],
  },
  {
    name: 'duplicates and a contradicting line',
    text: `${L1}\n${L2}\n${L1}\n${L3}\n${L4}\nadnetwork.example, 10002, RESELLER, ${TAG}\n${L5}\nadnetwork.example,10001,DIRECT,${TAG}`,
    outcomes: ['present@1', 'present@2 conflicts 6', 'present@4', 'present@5', 'present@7'],
    duplicates: [
      [3, 1],
      [8, 1],
    ],
  },
  {
    name: 'malformed lines between good ones',
    text: `${L1}\nadnetwork.example 10002 DIRECT\n${L3}\nopenmarket-ssp.example, 558213\nadnetwork.example, pub-101, DIRECTT, ${TAG}\nhttps://adnetwork.example, 10002, DIRECT\n10002, adnetwork.example, DIRECT`,
    outcomes: ['present@1', 'missing', 'present@3', 'missing', 'missing'],
    malformed: [
      [2, 'noCommas'],
      [4, 'tooFewFields'],
      [5, 'badRelationship'],
      [6, 'domainIsUrl'],
      [7, 'badDomain'],
    ],
  },
  {
    name: 'extra fields and unknown variables',
    text: `${L1}, banner, video\n${L2}\n${L3};ext\n${L4}\n${L5}\nFOO=bar`,
    outcomes: ['present@1', 'present@2', 'present@3', 'present@4', 'present@5'],
    warnings: [
      [1, 'extraFields'],
      [6, 'unknownVariable'],
    ],
  },
  {
    name: 'an app-ads.txt with a SUBDOMAIN variable',
    kind: 'app-ads.txt',
    text: `${L1}\n${L2}\n${L3}\n${L4}\n${L5}\nSUBDOMAIN=news.example.com`,
    outcomes: ['present@1', 'present@2', 'present@3', 'present@4', 'present@5'],
    warnings: [[6, 'subdomainInAppAdsTxt']],
  },
  {
    name: 'the placeholder of a file without sellers',
    text: 'placeholder.example.com, placeholder, DIRECT, placeholder',
    outcomes: ['missing', 'missing', 'missing', 'missing', 'missing'],
  },
  {
    name: 'an empty file',
    text: '',
    outcomes: ['missing', 'missing', 'missing', 'missing', 'missing'],
  },
];

describe('checkAdsTxt on real-world shaped files', () => {
  it.each(FILES.map((file) => [file.name, file] as const))('%s', (_name, file) => {
    const check = checkAdsTxt(file.text, REQUIRED, file.kind);
    expect(outcomes(check)).toEqual(file.outcomes);
    expect(check.malformed.map((entry) => [entry.line, entry.reason.code])).toEqual(file.malformed ?? []);
    expect(check.duplicates.map((entry) => [entry.line, entry.firstLine])).toEqual(file.duplicates ?? []);
    expect(check.warnings.map((entry) => [entry.line, entry.reason.code])).toEqual(file.warnings ?? []);
    expect(check.kind).toBe(file.kind ?? 'ads.txt');
  });
});

describe('checkAdsTxt results', () => {
  it('gives the missing lines to append, as the console renders them, and the counts of the summary', () => {
    const check = checkAdsTxt(`# our partners\n${L1}\nadnetwork.example, 10002, RESELLER, ${TAG}\n${L5}\n`, REQUIRED);
    expect(check.missingText).toBe(`${L3}\n${L4}`);
    expect(check.counts).toEqual({ required: 5, present: 2, wrong: 1, missing: 2, malformed: 0, duplicates: 0, warnings: 0 });
    expect(check.required[1]).toEqual({
      status: 'wrong',
      expected: L2,
      line: 3,
      text: `adnetwork.example, 10002, RESELLER, ${TAG}`,
      fields: ['relationship'],
    });
    expect(check.required[2]).toEqual({ status: 'missing', expected: L3 });
    expect(check.lineCount).toBe(4);
    expect(check.recordCount).toBe(3);
  });

  it('has nothing to append when every line is there', () => {
    const check = checkAdsTxt([L1, L2, L3, L4, L5].join('\n'), REQUIRED);
    expect(check.missingText).toBe('');
    expect(check.counts.missing).toBe(0);
  });

  it('takes a near miss only once and never a line another required line names', () => {
    // 10003 is a near miss of both 10001 and 10002, but may stand in for one of them only.
    const check = checkAdsTxt(`adnetwork.example, 10003, DIRECT, ${TAG}\n${L3}\n${L4}\n${L5}`, REQUIRED);
    expect(outcomes(check)).toEqual(['wrong@1:sellerAccountId', 'missing', 'present@2', 'present@3', 'present@4']);
  });

  it('reports the first line when the same seller is listed wrongly more than once', () => {
    const check = checkAdsTxt(`adnetwork.example, 10001, RESELLER\nadnetwork.example, 10001, RESELLER, ${TAG}`, REQUIRED.slice(0, 1));
    expect(outcomes(check)).toEqual(['wrong@1:relationship+certificationId']);
  });

  it('says when the text is a web page', () => {
    expect(checkAdsTxt('<html><body>404</body></html>', REQUIRED).looksLikeHtml).toBe(true);
  });

  it('checks a 10,000-line file, finding what is missing among thousands of other records', () => {
    const others = Array.from({ length: 9_990 }, (_, index) => `ssp${index % 400}.example, seller-${index}, ${index % 3 ? 'RESELLER' : 'DIRECT'}`);
    others.splice(5_000, 0, L1, L2, L3);
    const check = checkAdsTxt(others.join('\r\n'), REQUIRED);
    expect(check.lineCount).toBe(9_993);
    expect(outcomes(check)).toEqual(['present@5001', 'present@5002', 'present@5003', 'missing', 'missing']);
    expect(check.counts).toMatchObject({ malformed: 0, duplicates: 0 });
  });
});
