import { describe, expect, it } from 'vitest';
import {
  isPasswordChangeValid,
  loginPasswordError,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RULES,
  passwordProblems,
  passwordRuleMessage,
  validatePasswordChange,
} from '../../../src/lib/password';

describe('passwordProblems', () => {
  it('has a minimum length of 8', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([]);
  });

  it('reports every rule for an empty password, in rule order', () => {
    expect(passwordProblems('')).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special']);
    expect(PASSWORD_RULES).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special']);
  });

  it.each([
    ['Abcde1!', ['length']],
    ['ABCDEF1!', ['lowercase']],
    ['abcdef1!', ['uppercase']],
    ['Abcdefg!', ['digit']],
    ['Abcdefg1', ['special']],
    ['Abcdef1 ', ['special']],
    ['abcdefgh', ['uppercase', 'digit', 'special']],
  ])('%j breaks %j', (password, rules) => {
    expect(passwordProblems(password)).toEqual(rules);
  });

  it('counts code points, not UTF-16 units, for the length', () => {
    // Seven code points, one of them outside the BMP (two UTF-16 units).
    expect(passwordProblems('Ab1!xy😀')).toEqual(['length']);
    expect(passwordProblems('Ab1!xyz😀')).toEqual([]);
  });

  it('treats non-ASCII letters as letters and symbols as special', () => {
    expect(passwordProblems('ÉCOLE été1')).toEqual(['special']);
    expect(passwordProblems('Prix100€x')).toEqual([]);
  });

  it('gives a key per rule, with the minimum as a value for the length rule', () => {
    expect(passwordRuleMessage('length')).toEqual({ key: 'validation.password.rule.length', values: { min: 8 } });
    expect(passwordRuleMessage('special')).toEqual({ key: 'validation.password.rule.special' });
  });
});

describe('validatePasswordChange', () => {
  const good = { current: 'OldPass1!', next: 'NewPass1!', confirm: 'NewPass1!' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(good)).toEqual({});
    expect(isPasswordChangeValid(good)).toBe(true);
  });

  it('requires the current password', () => {
    expect(validatePasswordChange({ ...good, current: '' })).toEqual({
      current: 'validation.password.invalidCurrent',
    });
    expect(validatePasswordChange({ ...good, current: '   ' }).current).toBe('validation.password.invalidCurrent');
  });

  it('flags a new password breaking the rules', () => {
    const weak = { ...good, next: 'short', confirm: 'short' };
    expect(validatePasswordChange(weak)).toEqual({ next: 'validation.password.requirements' });
    expect(isPasswordChangeValid(weak)).toBe(false);
  });

  it('flags a new password equal to the current one', () => {
    const same = { current: 'NewPass1!', next: 'NewPass1!', confirm: 'NewPass1!' };
    expect(validatePasswordChange(same)).toEqual({ next: 'validation.password.mustDiffer' });
    expect(isPasswordChangeValid(same)).toBe(false);
  });

  it('compares passwords case-sensitively and without trimming', () => {
    expect(validatePasswordChange({ current: 'newpass1!X', next: 'NEWPASS1!x', confirm: 'NEWPASS1!x' })).toEqual({});
    expect(validatePasswordChange({ ...good, confirm: 'NewPass1! ' })).toEqual({
      confirm: 'validation.password.confirmMismatch',
    });
  });

  it('flags a confirmation that does not match', () => {
    expect(validatePasswordChange({ ...good, confirm: 'NewPass1?' })).toEqual({
      confirm: 'validation.password.confirmMismatch',
    });
    expect(validatePasswordChange({ ...good, confirm: '' }).confirm).toBe('validation.password.confirmMismatch');
  });

  it('reports every field at once when all are wrong', () => {
    expect(validatePasswordChange({ current: '', next: 'weak', confirm: 'other' })).toEqual({
      current: 'validation.password.invalidCurrent',
      next: 'validation.password.requirements',
      confirm: 'validation.password.confirmMismatch',
    });
  });

  it('rejects an all-empty form', () => {
    expect(isPasswordChangeValid({ current: '', next: '', confirm: '' })).toBe(false);
  });
});

describe('loginPasswordError', () => {
  it('requires a non-empty password', () => {
    expect(loginPasswordError('')).toBe('validation.invalidPassword');
    expect(loginPasswordError('  ')).toBe('validation.invalidPassword');
    expect(loginPasswordError('x')).toBeUndefined();
  });
});
