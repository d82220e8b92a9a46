// Where the console sends the address it is opened at (spec section 2): no session, to sign in; a jwt that
// signed the user in, on to the chooser, from the public pages too (issue 8, bug 7: /login?jwt= kept showing
// the sign-in form).
import { describe, expect, it } from 'vitest';
import { entryRedirect } from '../../../../src/custom-pages/public/navigation';

describe('entryRedirect', () => {
  it('sends a signed-out user of any non-public path to sign in', () => {
    expect(entryRedirect('/zones', { tokenAdopted: false, signedIn: false })).toBe('/login');
    expect(entryRedirect('/', { tokenAdopted: true, signedIn: false })).toBe('/login');
  });

  it('leaves signed-in users where they are, and the public pages to everyone', () => {
    expect(entryRedirect('/zones', { tokenAdopted: false, signedIn: true })).toBeNull();
    expect(entryRedirect('/zones', { tokenAdopted: true, signedIn: true })).toBeNull();
    expect(entryRedirect('/login', { tokenAdopted: false, signedIn: false })).toBeNull();
    expect(entryRedirect('/login', { tokenAdopted: false, signedIn: true })).toBeNull();
    // An expired or malformed token in the address signs nobody in: the page stays.
    expect(entryRedirect('/login', { tokenAdopted: true, signedIn: false })).toBeNull();
  });

  it('takes a public page opened with a token that signed the user in on to the chooser', () => {
    expect(entryRedirect('/login', { tokenAdopted: true, signedIn: true })).toBe('/browse');
    expect(entryRedirect('/login/', { tokenAdopted: true, signedIn: true })).toBe('/browse');
    expect(entryRedirect('/external-login', { tokenAdopted: true, signedIn: true })).toBe('/browse');
  });
});
