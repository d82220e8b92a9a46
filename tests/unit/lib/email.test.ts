import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailError, INVALID_EMAIL_KEY, isValidEmail, toAsciiEmail } from '../../../src/lib/email';
import { loadContract, schemaValidator } from '../../../server/src/http/contract';

describe('isValidEmail', () => {
  it.each([
    'user@example.com',
    '  user@example.com  ',
    'first.last@sub.example.co.uk',
    "o'brien+ads@example.org",
    'USER@EXAMPLE.COM',
    'a@b.io',
    'user@bücher.de',
    'user@my-site.jp',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'plainaddress',
    '@example.com',
    'user@',
    'user@@example.com',
    'user@foo@example.com',
    'user@localhost',
    'user@example',
    'user@127.0.0.1',
    'user@[127.0.0.1]',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'us er@example.com',
    '"quoted"@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@exa_mple.com',
    'user@example..com',
    'user@com',
    'user@example.c0m',
    'user@example.1',
    `${'a'.repeat(65)}@example.com`,
    `user@${'a'.repeat(250)}.com`,
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts a 64-character local part', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
  });
});

describe('emailError', () => {
  it('returns the invalid-email key for bad or empty input and nothing for a good address', () => {
    expect(INVALID_EMAIL_KEY).toBe('validation.invalidEmail');
    expect(emailError('')).toBe('validation.invalidEmail');
    expect(emailError('nope')).toBe('validation.invalidEmail');
    expect(emailError('user@example.com')).toBeUndefined();
  });
});

describe('one rule with the contract (what the server and generated clients check)', () => {
  const contract = (loadContract().document as { components: { schemas: { Email: { pattern: string } } } }).components.schemas.Email;
  const server = schemaValidator('Email');

  it("is the contract's Email pattern, character for character", () => {
    expect(contract.pattern).toBe(EMAIL_PATTERN);
  });

  // Addresses as they are sent (trimmed, ASCII): the console's check, the server's (Ajv, as it validates requests)
  // and the pattern read by an engine that counts UTF-16 code units or code points, all agree on each.
  it.each([
    ['user@example.com', true],
    ['first.last@sub.example.co.uk', true],
    ["o'brien+ads@example.org", true],
    ['USER@EXAMPLE.COM', true],
    ['a@b.io', true],
    ['user@xn--bcher-kva.de', true],
    ['user@example.xn--p1ai', true],
    ["!#$%&'*+/=?^_`{|}~-@example.com", true],
    [`${'a'.repeat(64)}@example.com`, true],
    [`user@${'a'.repeat(63)}.com`, true],
    ['0@com', false],
    ['v@io', false],
    ['user@localhost', false],
    ['user@127.0.0.1', false],
    ['user@[127.0.0.1]', false],
    ['"quoted"@example.com', false],
    ['.user@example.com', false],
    ['us..er@example.com', false],
    ['user@-example.com', false],
    ['user@example-.com', false],
    ['user@exa_mple.com', false],
    ['user@example.c0m', false],
    ['user@example.c', false],
    ['user@bücher.de', false],
    [' user@example.com', false],
    ['user@example.com\ud800', false],
    [`${'a'.repeat(65)}@example.com`, false],
    [`user@${'a'.repeat(64)}.com`, false],
    [`${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, false],
  ])('%s: %s for the console, the contract and the server alike', (email, valid) => {
    expect(isValidEmail(email) && email === toAsciiEmail(email)).toBe(valid);
    expect(server(email)).toBe(valid);
    expect(new RegExp(contract.pattern).test(email) && email.length <= 254).toBe(valid);
    expect(new RegExp(contract.pattern, 'u').test(email) && email.length <= 254).toBe(valid);
  });
});

describe('toAsciiEmail (the address as the console sends it)', () => {
  it('trims, and writes an internationalised domain in punycode, which the contract takes', () => {
    expect(toAsciiEmail('  user@example.com ')).toBe('user@example.com');
    expect(toAsciiEmail('user@bücher.de')).toBe('user@xn--bcher-kva.de');
    expect(toAsciiEmail('Ünïcode@example.com')).toBe('Ünïcode@example.com');
    expect(isValidEmail('Ünïcode@example.com')).toBe(false);
  });

  it('leaves what is no plain domain as typed, to fail', () => {
    expect(toAsciiEmail('user@bücher.de:80')).toBe('user@bücher.de:80');
    expect(isValidEmail('user@bücher.de:80')).toBe(false);
    expect(toAsciiEmail('no-at-sign')).toBe('no-at-sign');
  });
});
