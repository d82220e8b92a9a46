import { describe, expect, it } from 'vitest';
import { hashLinkToken, newLinkToken, temporaryPassword } from '../../../server/src/auth/resets';
import { passwordProblems } from '../../../src/lib/password';

describe('temporary passwords of reset links', () => {
  const tokens = Array.from({ length: 500 }, () => newLinkToken());

  it('always meet the password rules, so the temporary password is itself a valid password', () => {
    for (const token of tokens) expect(passwordProblems(temporaryPassword('secret', token)), token).toEqual([]);
  });

  it('are derived again from the same token and secret, and differ for another token or secret', () => {
    const [a, b] = tokens as [string, string];
    expect(temporaryPassword('secret', a)).toBe(temporaryPassword('secret', a));
    expect(temporaryPassword('secret', a)).not.toBe(temporaryPassword('secret', b));
    expect(temporaryPassword('secret', a)).not.toBe(temporaryPassword('other secret', a));
    expect(new Set(tokens.map((token) => temporaryPassword('secret', token))).size).toBe(tokens.length);
  });

  it('do not always start with the same character classes', () => {
    const firsts = new Set(tokens.map((token) => /[a-z]/.test(temporaryPassword('secret', token)[0]!)));
    expect(firsts).toEqual(new Set([true, false]));
  });
});

describe('link tokens', () => {
  it('are URL-safe, 256 random bits, stored only as their SHA-256', () => {
    const token = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashLinkToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLinkToken(token)).not.toContain(token);
  });
});
