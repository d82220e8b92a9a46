import { describe, expect, it } from 'vitest';
import {
  appStoreOf,
  isValidStoreUrl,
  normalizeWebDomain,
  splitEntries,
  validateZoneEntries,
  zoneFormErrors,
} from '../../../src/lib/domains';

describe('normalizeWebDomain', () => {
  it.each([
    ['www.example.com', '*.example.com'],
    ['www2.example.com', '*.example.com'],
    ['www10.example.com', '*.example.com'],
    ['example.com', '*.example.com'],
    ['EXAMPLE.COM', '*.example.com'],
    ['  example.com  ', '*.example.com'],
    ['*.example.com', '*.example.com'],
    ['news.example.co.uk', '*.news.example.co.uk'],
    ['www.news.example.com', '*.news.example.com'],
    ['www.www.example.com', '*.www.example.com'],
    ['wwwx.example.com', '*.wwwx.example.com'],
    ['m.example.com', '*.m.example.com'],
    ['www.com', '*.www.com'],
    ['https://www.example.com/some/page?x=1#top', '*.example.com'],
    ['example.com/path', '*.example.com'],
    ['bücher.de', '*.xn--bcher-kva.de'],
    ['myblog.blogspot.com', '*.myblog.blogspot.com'],
  ])('%s -> %s', (input, value) => {
    expect(normalizeWebDomain(input)).toEqual({ ok: true, value });
  });

  it.each([
    '',
    'example',
    'localhost',
    'com',
    'co.uk',
    'example.invalidtld',
    'printer.local',
    'intranet.internal',
    'nas.lan',
    'router.home.arpa',
    'site.test',
    'hidden.onion',
    '127.0.0.1',
    '8.8.8.8',
    'http://[2606:4700::1111]',
    'ex*ample.com',
    '*.com',
    '**.example.com',
    'foo.*.example.com',
    '-example.com',
    'exa mple.com',
    'user@example.com',
    'http://user:pw@example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    // Not host names: refused, not quietly made into one (issue 8, bug 12).
    'ex_ample.com',
    'https://ex_ample.com/page',
    'example.com:8080',
    'http://Example.com:8080',
    'https://example.com:443/page',
    'example.com:',
    'example.com.',
    'www.example.com.',
    'https://example.com./page',
  ])('rejects %j and returns the trimmed input', (input) => {
    expect(normalizeWebDomain(input)).toEqual({ ok: false, input: input.trim() });
  });
});

describe('splitEntries', () => {
  it('splits on any new line, trims, drops empties and keeps the first of duplicates in order', () => {
    expect(splitEntries(' b.com \r\na.com\n\n  \rb.com\nc.com\n')).toEqual(['b.com', 'a.com', 'c.com']);
  });

  it('returns nothing for blank text', () => {
    expect(splitEntries('')).toEqual([]);
    expect(splitEntries(' \n \n')).toEqual([]);
  });

  it('compares duplicates exactly (normalisation is a separate step)', () => {
    expect(splitEntries('A.com\na.com')).toEqual(['A.com', 'a.com']);
  });
});

describe('isValidStoreUrl', () => {
  it.each([
    ['https://apps.apple.com/us/app/candy-crush-saga/id553834731', 'apple'],
    ['https://apps.apple.com/app/id553834731', 'apple'],
    ['https://itunes.apple.com/us/app/angry-birds/id343200656?mt=8', 'apple'],
    ['HTTPS://APPS.APPLE.COM/us/app/x/id1', 'apple'],
    ['https://play.google.com/store/apps/details?id=com.king.candycrushsaga', 'googlePlay'],
    ['https://play.google.com/store/apps/details?id=com.king.candycrushsaga&hl=en', 'googlePlay'],
    ['https://play.google.com/store/apps/details/?hl=en&id=org.example.my_app2', 'googlePlay'],
    ['https://www.amazon.com/Rovio-Angry-Birds/dp/B00F5BYNWU/ref=sr_1_1', 'amazon'],
    ['https://amazon.com/dp/B00F5BYNWU', 'amazon'],
    ['https://www.amazon.co.uk/gp/x/dp/B00F5BYNWU', 'amazon'],
    ['https://www.amazon.co.jp/dp/B00F5BYNWU', 'amazon'],
  ])('accepts %s (%s)', (url, store) => {
    expect(isValidStoreUrl(url)).toBe(true);
    expect(appStoreOf(url)).toBe(store);
  });

  it.each([
    '',
    'apps.apple.com/us/app/x/id553834731',
    'http://apps.apple.com/us/app/x/id553834731',
    'https://apps.apple.com/us/app/x',
    'https://apps.apple.com/us/app/x/553834731',
    'https://apps.apple.com/us/developer/x/id553834731',
    'https://apps.apple.com.evil.com/us/app/x/id553834731',
    'https://user@apps.apple.com/us/app/x/id553834731',
    'https://apps.apple.com:8443/us/app/x/id553834731',
    'https://play.google.com/store/apps/details',
    'https://play.google.com/store/apps/details?id=',
    'https://play.google.com/store/apps/details?id=candycrush',
    'https://play.google.com/store/apps/details?id=1com.king',
    'https://play.google.com/store/apps/dev?id=com.king.candycrushsaga',
    'https://play.google.com.evil.com/store/apps/details?id=com.king.x',
    'https://www.amazon.com/Rovio-Angry-Birds/B00F5BYNWU',
    'https://www.amazon.com/dp/B00F5',
    'https://www.amazon.com/dp/B00F5BYNWU123',
    'https://www.notamazon.com/dp/B00F5BYNWU',
    'https://example.com/app/id123',
    'not a url',
    'https://apps.apple.com/us/app/x/id553834731 extra',
  ])('rejects %j', (url) => {
    expect(isValidStoreUrl(url)).toBe(false);
  });
});

describe('validateZoneEntries', () => {
  it('normalises web entries, drops duplicates after normalisation and lists invalid ones as typed', () => {
    const text = 'www.example.com\nexample.com\nwww2.example.com\nbad_domain\nnews.example.co.uk\nlocalhost\nbad_domain';
    expect(validateZoneEntries(text, 'website')).toEqual({
      values: ['*.example.com', '*.news.example.co.uk'],
      invalid: ['bad_domain', 'localhost'],
    });
  });

  it('keeps app store URLs as typed and rejects plain domains for app zones', () => {
    const apple = 'https://apps.apple.com/us/app/x/id1';
    const play = 'https://play.google.com/store/apps/details?id=com.example.app';
    expect(validateZoneEntries(` ${apple} \n${play}\nexample.com\n${apple}`, 'app')).toEqual({
      values: [apple, play],
      invalid: ['example.com'],
    });
  });

  it('rejects store URLs for web zones only when their host is not a domain', () => {
    // A store URL typed in a website zone is just a URL: its host is taken.
    expect(validateZoneEntries('https://play.google.com/store/apps/details?id=a.b', 'website')).toEqual({
      values: ['*.play.google.com'],
      invalid: [],
    });
  });

  it('returns empty lists for empty text', () => {
    expect(validateZoneEntries('\n\n', 'website')).toEqual({ values: [], invalid: [] });
  });
});

describe('zoneFormErrors', () => {
  it('is empty for a valid form', () => {
    expect(zoneFormErrors({ name: 'Zone', entries: 'example.com', zoneType: 'website' })).toEqual({});
  });

  it('requires name and domains (white space counts as empty)', () => {
    expect(zoneFormErrors({ name: '  ', entries: ' \n ', zoneType: 'website' })).toEqual({
      name: 'errorMessages.required',
      domains: { key: 'errorMessages.required' },
    });
  });

  it('lists invalid entries with the key matching the zone type', () => {
    expect(zoneFormErrors({ name: 'Z', entries: 'a.com\nnope\nlocalhost', zoneType: 'website' })).toEqual({
      domains: { key: 'zones.invalidDomains', values: { entries: 'nope, localhost' } },
    });
    expect(zoneFormErrors({ name: 'Z', entries: 'example.com', zoneType: 'app' })).toEqual({
      domains: { key: 'zones.invalidStoreUrls', values: { entries: 'example.com' } },
    });
  });
});
