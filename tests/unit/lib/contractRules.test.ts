// The console's validators as generated from the contract (src/lib/contractRules.ts): each rule kind of the
// contract refuses what the server refuses, with the spec's section-5 message for the field, and takes what the
// server takes. The rules are the committed openapi/portal.rules.ts (types.test.ts holds it equal to the contract).
import { describe, expect, it } from 'vitest';
import { checkField, contractRule, contractValidators } from '../../../src/lib/contractRules';
import { isAppCode, isAppOrRecoveryCode, isRecoveryCode } from '../../../src/lib/secondFactorCode';

describe('contract validators', () => {
  it('gathers a field through $ref and allOf: the tightest bound and every pattern', () => {
    expect(contractRule('requestZone', 'name')).toMatchObject({ required: true, minLength: 1, maxLength: 255, type: 'string' });
    expect(contractRule('requestZone', 'name').patterns).toContain('\\S');
    expect(contractRule('changePassword', 'newPassword')).toMatchObject({ minLength: 8, maxLength: 128 });
    expect(contractRule('searchAdvertisers', 'partialName')).toMatchObject({ minLength: 2, maxLength: 100, required: true });
  });

  it('words each refusal as the spec does for the field', () => {
    expect(checkField('login', 'email', '')).toBe('errorMessages.required');
    expect(checkField('login', 'email', 'v@io')).toBe('validation.invalidEmail');
    expect(checkField('login', 'email', 'someone@example.com')).toBeUndefined();
    expect(checkField('login', 'password', '')).toBe('validation.invalidPassword');
    expect(checkField('changePassword', 'password', '')).toBe('validation.password.invalidCurrent');
    expect(checkField('changePassword', 'newPassword', 'short')).toMatchObject({ message: 'validation.password.requirements' });
    expect(checkField('changePassword', 'newPassword', 'alllowercase1!')).toBe('validation.password.requirements');
    expect(checkField('changePassword', 'newPassword', 'Fresh#2027word')).toBeUndefined();
    expect(checkField('requestSlots', 'slots[].name', 'S'.repeat(256))).toEqual({ message: 'validation.tooLong', args: { max: 255, count: 256 } });
    expect(checkField('searchAdvertisers', 'partialName', 'a')).toEqual({ message: 'validation.tooShort', args: { min: 2, count: 1 } });
    expect(checkField('addBlockedUrls', 'zoneAssetUrlFilterPatternParamList[].pattern', 'x'.repeat(2049))).toMatchObject({ message: 'validation.blockedUrl.notUrl' });
  });

  it('checks numbers, choices and lists', () => {
    expect(checkField('updateNotificationSettings', 'thresholdPercent', 19)).toEqual({ message: 'validation.invalidNumber', args: { min: 20 } });
    expect(checkField('updateNotificationSettings', 'thresholdPercent', 20)).toBeUndefined();
    expect(checkField('updateNotificationSettings', 'thresholdPercent', 20.5)).toBe('validation.invalidNumber');
    expect(checkField('updateNotificationSettings', 'weeklySummary', 'WEEKLY')).toBe('validation.invalidValue');
    expect(checkField('updateNotificationSettings', 'weeklySummary', 'LINK')).toBeUndefined();
    expect(checkField('requestZone', 'domains', [])).toBe('errorMessages.required');
    expect(checkField('requestZone', 'domains', Array.from({ length: 501 }, (_, i) => `d${i}.com`))).toEqual({ message: 'validation.tooMany', args: { max: 500, count: 501 } });
    // Counted in characters as the server counts (code points): 255 emoji are 255 characters.
    expect(checkField('requestZone', 'name', '😀'.repeat(255))).toBeUndefined();
  });

  it('takes a code of either kind where the contract takes either', () => {
    expect(checkField('disableTwoFactor', 'code', '123456')).toBeUndefined();
    expect(checkField('disableTwoFactor', 'code', 'abcde-12345')).toBeUndefined();
    expect(checkField('disableTwoFactor', 'code', '12345')).toBe('auth.invalidCode');
    expect(checkField('confirmTwoFactor', 'code', '')).toBe('auth.invalidCode');
  });

  it('gives react-admin validators: the required one marked, an optional empty field valid', () => {
    const [required, rest] = contractValidators('requestZone', 'name');
    expect(required?.isRequired).toBe(true);
    expect(required?.('')).toBe('errorMessages.required');
    expect(rest?.('Homepage')).toBeUndefined();
    const optional = contractValidators('validateResetLink', 'ts');
    expect(optional).toHaveLength(1);
    expect(optional[0]?.('')).toBeUndefined();
    expect(() => contractValidators('requestZone', 'nmae' as 'name')).toThrow(/no rule for requestZone nmae/);
  });
});

describe('the second-factor code formats (one rule, the contract\'s)', () => {
  it.each([
    ['123456', true, false],
    ['12345', false, false],
    ['1234567', false, false],
    ['abcde-12345', false, true],
    ['ABCDE12345', false, true],
    ['abcd-12345', false, false],
  ])('%s', (typed, app, recovery) => {
    expect(isAppCode(typed)).toBe(app);
    expect(isRecoveryCode(typed)).toBe(recovery);
    expect(isAppOrRecoveryCode(typed)).toBe(app || recovery);
  });
});
