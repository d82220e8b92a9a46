import { describe, expect, it } from 'vitest';
import {
  BLOCKED_URL_REASON_KEYS,
  EVAL_TYPE,
  filterPatternParams,
  parseBlockedUrlList,
  URL_TYPE_LABEL_KEYS,
  URL_TYPES,
  validateBlockedUrl,
} from '../../../src/lib/blockedUrls';
import { isPublicHost, isPublicIp } from '../../../src/lib/hosts';
import { MAX_BLOCKED_URL_LENGTH } from '../../../src/lib/limits';

describe('validateBlockedUrl: accepted URLs', () => {
  it.each([
    ['https://example.com/ads/banner.png', 'https://example.com/ads/banner.png'],
    ['  http://cdn.ads.example.co.uk/x?y=1  ', 'http://cdn.ads.example.co.uk/x?y=1'],
    ['HTTPS://WWW.Example.COM/Path/Image.PNG', 'https://www.example.com/Path/Image.PNG'],
    ['https://example.com', 'https://example.com'],
    ['https://example.com/', 'https://example.com/'],
    ['https://example.com?q=1', 'https://example.com?q=1'],
    ['https://example.com#frag', 'https://example.com#frag'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['https://example.com:8443/a', 'https://example.com:8443/a'],
    ['https://example.com./a', 'https://example.com./a'],
    ['https://bücher.de/ä', 'https://xn--bcher-kva.de/%C3%A4'],
    ['http://8.8.8.8/ad.js', 'http://8.8.8.8/ad.js'],
    ['http://0x08080808/ad.js', 'http://8.8.8.8/ad.js'],
    ['http://[2606:4700:4700::1111]/x', 'http://[2606:4700:4700::1111]/x'],
    ['https://ads.tracker.io/pixel', 'https://ads.tracker.io/pixel'],
  ])('%s -> %s', (input, value) => {
    expect(validateBlockedUrl(input)).toEqual({ ok: true, value });
  });
});

describe('validateBlockedUrl: not a full URL', () => {
  it.each([
    '',
    '   ',
    'example.com/ads',
    'www.example.com',
    'example.com:8080/ads',
    '//example.com/ads',
    'http//example.com',
    'http:/example.com',
    'http:example.com',
    'http:\\\\example.com',
    'https://',
    'http://exa mple.com/',
    'https://example.com/a b',
    'http://user:pw@example.com/',
    'http://example.com@8.8.8.8/',
    'https://ex*ample.com/',
    'https://a..example.com/',
    'https://-a.example.com/',
    'http://[::1/',
    'http://1.2.3.4.5/',
    'http://foo.123/',
    `https://example.com/${'a'.repeat(MAX_BLOCKED_URL_LENGTH)}`,
  ])('%j is notUrl', (input) => {
    expect(validateBlockedUrl(input)).toEqual({ ok: false, reason: 'notUrl' });
  });
});

describe('validateBlockedUrl: other schemes', () => {
  it.each([
    'ftp://example.com/file',
    'ws://example.com/socket',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@example.com',
  ])('%j is scheme', (input) => {
    expect(validateBlockedUrl(input)).toEqual({ ok: false, reason: 'scheme' });
  });
});

describe('validateBlockedUrl: private and reserved hosts', () => {
  it.each([
    // Names
    ['localhost', 'http://localhost/'],
    ['localhost with port', 'http://localhost:3000/x'],
    ['*.localhost', 'http://app.localhost/'],
    ['single label', 'http://intranet/'],
    ['single label with trailing dot', 'http://printer./'],
    ['.local (mDNS)', 'http://printer.local/'],
    ['.internal', 'https://api.internal/'],
    ['.lan', 'http://nas.lan/'],
    ['.home.arpa', 'http://router.home.arpa/'],
    ['.corp', 'http://wiki.corp/'],
    ['.localdomain', 'http://host.localdomain/'],
    ['.test (special use)', 'http://site.test/'],
    ['.invalid (special use)', 'http://site.invalid/'],
    ['.onion', 'http://hidden.onion/'],
    ['unknown suffix', 'http://example.notarealtld/'],
    ['public suffix only', 'http://co.uk/'],
    ['bare TLD', 'http://com./'],
    // IPv4 in every notation
    ['loopback dotted', 'http://127.0.0.1/'],
    ['loopback other address', 'http://127.8.9.10/'],
    ['loopback hex', 'http://0x7f.1/'],
    ['loopback decimal', 'http://2130706433/'],
    ['loopback octal', 'http://0177.0.0.1/'],
    ['loopback shortened', 'http://127.1/'],
    ['loopback single hex', 'http://0x7f000001/'],
    ['loopback mixed', 'http://0x7f.0.0.01/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['unspecified shortened', 'http://0/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 10/8 decimal', 'http://167772161/'],
    ['private 172.16/12', 'http://172.16.5.4/'],
    ['private 172.31', 'http://172.31.255.255/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['private 192.168 octal', 'http://0300.0250.1.1/'],
    ['carrier NAT 100.64/10', 'http://100.64.0.1/'],
    ['link-local 169.254 (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['benchmarking 198.18/15', 'http://198.19.1.1/'],
    ['documentation 192.0.2/24', 'http://192.0.2.10/'],
    ['documentation 198.51.100/24', 'http://198.51.100.7/'],
    ['documentation 203.0.113/24', 'http://203.0.113.9/'],
    ['IETF 192.0.0/24', 'http://192.0.0.8/'],
    ['multicast', 'http://224.0.0.1/'],
    ['reserved 240/4', 'http://240.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
    // IPv6
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv6 unique-local fc00', 'http://[fc00::1]/'],
    ['IPv6 unique-local fd', 'http://[fd12:3456:789a::1]/'],
    ['IPv6 site-local (deprecated)', 'http://[fec0::1]/'],
    ['IPv6 multicast', 'http://[ff02::1]/'],
    ['IPv6 documentation', 'http://[2001:db8::1]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped private (hex form)', 'http://[::ffff:c0a8:101]/'],
    ['IPv4-mapped public (still not unicast)', 'http://[::ffff:8.8.8.8]/'],
    ['IPv4-compatible loopback', 'http://[::127.0.0.1]/'],
    ['IPv4-compatible private', 'http://[::10.0.0.1]/'],
    ['NAT64 of private v4', 'http://[64:ff9b::10.0.0.1]/'],
    ['NAT64 local-use of loopback', 'http://[64:ff9b:1::7f00:1]/'],
    ['6to4 of loopback', 'http://[2002:7f00:1::1]/'],
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
  ])('%s (%s) is privateHost', (_label, input) => {
    expect(validateBlockedUrl(input)).toEqual({ ok: false, reason: 'privateHost' });
  });
});

describe('host helpers', () => {
  it('classifies IPs by ipaddr.js range, IPv6 only inside 2000::/3', () => {
    expect(isPublicIp('8.8.8.8')).toBe(true);
    expect(isPublicIp('[2606:4700::1111]')).toBe(true);
    expect(isPublicIp('::7f00:1')).toBe(false);
    expect(isPublicIp('10.1.2.3')).toBe(false);
    expect(isPublicIp('not-an-ip')).toBe(false);
  });

  it('treats example.com as public although it is special-use', () => {
    expect(isPublicHost('www.example.com')).toBe(true);
    expect(isPublicHost('example.net')).toBe(true);
    expect(isPublicHost('example.test')).toBe(false);
  });
});

describe('parseBlockedUrlList', () => {
  it('gives a verdict per non-blank line with 1-based line numbers', () => {
    const text = [
      'https://a.example.com/x.png',
      '',
      'not a url',
      'http://127.0.0.1/',
      'ftp://example.com/',
      'https://A.EXAMPLE.com/x.png',
      '   ',
      'https://old.example.com/banner',
      'https://b.example.com/Y',
    ].join('\n');
    expect(parseBlockedUrlList(text, ['https://OLD.example.com/banner', 'https://b.example.com/y'])).toEqual([
      { line: 1, input: 'https://a.example.com/x.png', status: 'ok', value: 'https://a.example.com/x.png' },
      { line: 3, input: 'not a url', status: 'invalid', reason: 'notUrl' },
      { line: 4, input: 'http://127.0.0.1/', status: 'invalid', reason: 'privateHost' },
      { line: 5, input: 'ftp://example.com/', status: 'invalid', reason: 'scheme' },
      { line: 6, input: 'https://A.EXAMPLE.com/x.png', status: 'duplicate', value: 'https://a.example.com/x.png' },
      {
        line: 8,
        input: 'https://old.example.com/banner',
        status: 'alreadyBlocked',
        value: 'https://old.example.com/banner',
      },
      { line: 9, input: 'https://b.example.com/Y', status: 'ok', value: 'https://b.example.com/Y' },
    ]);
  });

  it('handles CRLF and CR line breaks', () => {
    const results = parseBlockedUrlList('https://a.example.com/1\r\nhttps://a.example.com/2\rhttps://a.example.com/1', []);
    expect(results.map(({ line, status }) => ({ line, status }))).toEqual([
      { line: 1, status: 'ok' },
      { line: 2, status: 'ok' },
      { line: 3, status: 'duplicate' },
    ]);
  });

  it('marks a repeat of an already-blocked URL as duplicate', () => {
    const results = parseBlockedUrlList('https://a.example.com/x\nhttps://a.example.com/x', ['https://a.example.com/x']);
    expect(results.map((result) => result.status)).toEqual(['alreadyBlocked', 'duplicate']);
  });

  it('compares existing patterns exactly on path, including a trailing slash', () => {
    const results = parseBlockedUrlList('https://a.example.com\nhttps://a.example.com/', ['https://a.example.com/']);
    expect(results.map((result) => result.status)).toEqual(['ok', 'alreadyBlocked']);
  });

  it('compares existing patterns that are not URLs as typed', () => {
    const results = parseBlockedUrlList('https://a.example.com/x', ['a.example.com/x', '  https://a.example.com/x  ']);
    expect(results.map((result) => result.status)).toEqual(['alreadyBlocked']);
  });

  it('returns nothing for blank text', () => {
    expect(parseBlockedUrlList('\n \n', [])).toEqual([]);
  });
});

describe('URL types and payload', () => {
  it('offers image and page types, both evaluated with CONTAINS', () => {
    expect(URL_TYPES).toEqual(['IMAGE', 'PAGE']);
    expect(URL_TYPE_LABEL_KEYS).toEqual({ IMAGE: 'blocking.urls.types.image', PAGE: 'blocking.urls.types.page' });
    expect(EVAL_TYPE).toBe('CONTAINS');
    expect(filterPatternParams(['https://a.example.com/x'], 'PAGE')).toEqual([
      { pattern: 'https://a.example.com/x', urlType: 'PAGE', evalType: 'CONTAINS' },
    ]);
  });

  it('has a message key for every rejection reason', () => {
    expect(BLOCKED_URL_REASON_KEYS).toEqual({
      notUrl: 'validation.blockedUrl.notUrl',
      scheme: 'validation.blockedUrl.scheme',
      privateHost: 'validation.blockedUrl.privateHost',
    });
  });
});
