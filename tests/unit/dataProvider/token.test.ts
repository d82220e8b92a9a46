import { describe, expect, it } from 'vitest';
import { decodeToken } from '../../../src/dataProvider/token';
import { jwtFor, tokenFor, tokenPayload } from '../../support/builders';

describe('decodeToken', () => {
  it('reads the contract payload of a compact JWT', () => {
    const payload = tokenPayload();
    expect(decodeToken(tokenFor(payload))).toEqual(payload);
  });

  it('decodes UTF-8 names and base64url characters', () => {
    const payload = tokenPayload({ user: { name: 'Ünïcødé 山田 ~~~???>>>' } });
    expect(decodeToken(tokenFor(payload))?.user.name).toBe('Ünïcødé 山田 ~~~???>>>');
  });

  it('reads missing roles as no roles (roles come from the token when present)', () => {
    const { user, ...rest } = tokenPayload();
    const { roles: _roles, ...userWithoutRoles } = user;
    expect(decodeToken(tokenFor({ ...rest, user: userWithoutRoles }))?.user.roles).toEqual([]);
  });

  it('drops claims the contract does not know', () => {
    const decoded = decodeToken(tokenFor({ ...tokenPayload(), extra: 'x' }));
    expect(decoded).not.toHaveProperty('extra');
  });

  it.each([
    ['an empty string', ''],
    ['two segments', 'abc.def'],
    ['four segments', `${jwtFor()}.x`],
    ['an empty payload', 'abc..def'],
    ['a non-base64url payload', 'abc.***.def'],
    ['a payload that is not JSON', `x.${btoa('not json').replace(/=+$/, '')}.y`],
    ['a JSON array payload', tokenFor([1, 2])],
    ['a payload without user', tokenFor({ ...tokenPayload(), user: undefined })],
    ['a string user id', tokenFor({ ...tokenPayload(), user: { ...tokenPayload().user, id: '11' } })],
    ['non-string roles', tokenFor({ ...tokenPayload(), user: { ...tokenPayload().user, roles: [1] } })],
    ['a missing exp', tokenFor({ ...tokenPayload(), exp: undefined })],
    ['a string exp', tokenFor({ ...tokenPayload(), exp: '123' })],
    ['a missing isInternal', tokenFor({ ...tokenPayload(), isInternal: undefined })],
  ])('refuses %s', (_label, jwt) => {
    expect(decodeToken(jwt)).toBeNull();
  });
});
