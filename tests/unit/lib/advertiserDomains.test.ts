import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADVERTISER_DOMAIN_KEYS,
  blockedDomainBase,
  blocksDomain,
  domainsAbove,
  isValidAdvertiserDomain,
  parseAdvertiserDomains,
  splitAdvertiserDomainEntries,
  toWildcardDomain,
} from '../../../src/lib/advertiserDomains';

describe('isValidAdvertiserDomain', () => {
  it.each([
    'test.com',
    '*.test.com',
    'a.b',
    'sub.domain.example.co.uk',
    'my-shop.example.com',
    'x1.y2',
    'TEST.COM',
    '123.com',
    'xn--bcher-kva.de',
    'bücher.de',
    '*.Bücher.de',
    'http://test.com',
    'https://Ads.Test.com/page?x=1',
    `${'a'.repeat(63)}.com`,
    `${Array.from({ length: 126 }, () => 'a').join('.')}.b`,
    `*.${Array.from({ length: 125 }, () => 'a').join('.')}.b`,
  ])('accepts %s', (domain) => {
    expect(isValidAdvertiserDomain(domain)).toBe(true);
  });

  it.each([
    '',
    'com',
    '*.com',
    '*',
    '*.',
    '.com',
    'test.com.',
    'test..com',
    '-test.com',
    'test-.com',
    'te_st.com',
    'test.c-m',
    'test.co_',
    'te st.com',
    'test.*.com',
    'a.*',
    '**.test.com',
    '*test.com',
    'test.com/path',
    'ftp://test.com',
    'https://user@test.com/',
    'https://bad..entry/',
    'ünï code.de',
    'münchen.de/path',
    `${'a'.repeat(64)}.com`,
    `${Array.from({ length: 127 }, () => 'a').join('.')}.b`,
    `*.${Array.from({ length: 126 }, () => 'a').join('.')}.b`,
  ])('rejects %j', (domain) => {
    expect(isValidAdvertiserDomain(domain)).toBe(false);
  });
});

describe('internationalised domains and addresses (issue 21)', () => {
  it('stores an internationalised domain in punycode and an http(s) address as its host', () => {
    expect(toWildcardDomain('ünïcode.de')).toBe('*.xn--ncode-cta3g.de');
    expect(toWildcardDomain('*.Bücher.de')).toBe('*.xn--bcher-kva.de');
    expect(toWildcardDomain('https://Ads.Example.com/sponsored?x=1')).toBe('*.ads.example.com');
    expect(parseAdvertiserDomains('bücher.de\nxn--bcher-kva.de, https://bücher.de/x', [])).toEqual({
      domains: ['*.xn--bcher-kva.de'],
      invalid: [],
      allAlreadyBlocked: false,
    });
    expect(parseAdvertiserDomains('bücher.de', ['*.xn--bcher-kva.de']).allAlreadyBlocked).toBe(true);
  });
});

describe('splitAdvertiserDomainEntries', () => {
  it('splits on new lines and commas and trims', () => {
    expect(splitAdvertiserDomainEntries(' a.com, b.com\r\nc.com,,\n\n d.com ')).toEqual(['a.com', 'b.com', 'c.com', 'd.com']);
  });
});

describe('toWildcardDomain', () => {
  it('adds the *. prefix once and lower-cases', () => {
    expect(toWildcardDomain('Test.com')).toBe('*.test.com');
    expect(toWildcardDomain('*.test.com')).toBe('*.test.com');
  });
});

describe('parseAdvertiserDomains', () => {
  it('prefixes, lower-cases and de-duplicates valid entries in order', () => {
    expect(parseAdvertiserDomains('test.com, *.other.org\nTEST.com\n*.test.com', [])).toEqual({
      domains: ['*.test.com', '*.other.org'],
      invalid: [],
      allAlreadyBlocked: false,
    });
  });

  it('lists invalid entries as typed, once each', () => {
    expect(parseAdvertiserDomains('good.com, bad, *.com, bad', [])).toEqual({
      domains: ['*.good.com'],
      invalid: ['bad', '*.com'],
      allAlreadyBlocked: false,
    });
  });

  it('drops already-blocked domains, comparing in the normalised form', () => {
    expect(parseAdvertiserDomains('a.com\nb.com', ['A.COM'])).toEqual({
      domains: ['*.b.com'],
      invalid: [],
      allAlreadyBlocked: false,
    });
  });

  it('says so when every valid entry is already blocked', () => {
    expect(parseAdvertiserDomains('a.com, *.b.com', ['*.a.com', 'b.com'])).toEqual({
      domains: [],
      invalid: [],
      allAlreadyBlocked: true,
    });
  });

  it('reports invalid entries alongside an all-blocked valid set', () => {
    expect(parseAdvertiserDomains('a.com, nope', ['*.a.com'])).toEqual({
      domains: [],
      invalid: ['nope'],
      allAlreadyBlocked: true,
    });
  });

  it('is not "all already blocked" when there is nothing valid', () => {
    expect(parseAdvertiserDomains('', ['*.a.com']).allAlreadyBlocked).toBe(false);
    expect(parseAdvertiserDomains('nope', []).allAlreadyBlocked).toBe(false);
  });

  it('uses the spec keys for the invalid-domains dialog', () => {
    expect(ADVERTISER_DOMAIN_KEYS.invalidDomains).toBe('blocking.domains.invalidDomains');
    expect(ADVERTISER_DOMAIN_KEYS.errorMessage).toBe('blocking.domains.errorMessage');
  });
});

describe('blocksDomain and domainsAbove', () => {
  it('lists the domain itself and each one above it, lower-cased and without the wildcard', () => {
    expect(domainsAbove('*.Ads.Shop.example ')).toEqual(['ads.shop.example', 'shop.example', 'example']);
    expect(blockedDomainBase('Shop.Example')).toBe('shop.example');
  });

  it('covers the domain and every host under it, and nothing that merely ends the same', () => {
    const host = fc.array(fc.constantFrom('a', 'b', 'ab', 'ba'), { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
    fc.assert(
      fc.property(host, host, fc.boolean(), (blocked, domain, wildcard) => {
        const covered = domain === blocked || domain.endsWith(`.${blocked}`);
        expect(blocksDomain(wildcard ? `*.${blocked}` : blocked.toUpperCase(), domain)).toBe(covered);
      }),
    );
  });
});
