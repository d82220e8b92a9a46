import { describe, expect, it } from 'vitest';
import { emailError, INVALID_EMAIL_KEY, isValidEmail } from '../../../src/lib/email';

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
