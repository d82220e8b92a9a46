// Display names (issue 30, item 4): no web address and at most 100 characters, one rule for the console, the
// contract and the server; a name from before the rule is left out of mails.
import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_PATTERN, displayNameError, mailableName } from '../../../src/lib/displayName';
import { loadContract, schemaValidator } from '../../../server/src/http/contract';

describe('one rule with the contract (what the server and generated clients check)', () => {
  const contract = (loadContract().document as { components: { schemas: { DisplayName: { allOf: { pattern?: string }[]; maxLength: number } } } }).components.schemas
    .DisplayName;
  const server = schemaValidator('DisplayName');

  it("is the contract's DisplayName pattern, character for character, with its 100 characters", () => {
    expect(contract.allOf.map((part) => part.pattern).filter(Boolean)).toEqual([DISPLAY_NAME_PATTERN]);
    expect(contract.maxLength).toBe(100);
  });

  it.each([
    ['Ana García', true],
    ['J. R. R. Tolkien', true],
    ['Dr.Smith', true],
    ['St. John', true],
    ["Mary-Jane O'Neil", true],
    ['山田 太郎', true],
    ['Smith & Co.', true],
    ['a'.repeat(100), true],
    ['Visit https://evil.example/login', false],
    ['HTTPS://EVIL.EXAMPLE', false],
    ['hxxp://evil', false],
    ['www.evil.example', false],
    ['WWW.EVIL.EXAMPLE', false],
    ['Evil.Example/login', false],
    ['see evil.example', false],
    ['bit.ly', false],
    ['a'.repeat(101), false],
    ['   ', false],
  ])('%s: %s for the console, the contract and the server alike', (name, valid) => {
    expect(displayNameError(name) === undefined).toBe(valid);
    expect(server(name)).toBe(valid);
    expect(new RegExp(DISPLAY_NAME_PATTERN, 'u').test(name) && name.length <= 100).toBe(valid);
  });

  it('says what is wrong', () => {
    expect(displayNameError('')).toBe('errorMessages.required');
    expect(displayNameError('x'.repeat(101))).toBe('validation.displayNameLength');
    expect(displayNameError('Visit evil.example')).toBe('validation.displayNameUrl');
  });

  it('leaves a name that breaks the rule out of mails', () => {
    expect(mailableName('  Ana García ')).toBe('Ana García');
    expect(mailableName('Visit https://evil.example/login')).toBeNull();
  });
});
