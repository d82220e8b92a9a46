// The one list of restriction types, used by the console's data provider and the server's grouped answers, is
// the contract's enum in its order: a type added to or moved in openapi/portal.yaml fails here.
import { describe, expect, it } from 'vitest';
import { contractDocument } from '../../../server/src/http/contract';
import type { components } from '../../../openapi/portal';
import { RESTRICTION_TYPES, restrictionChangeRefusal, type ClusivityName, type RestrictionTypeName } from '../../../src/lib/restrictions';

const contract = contractDocument() as {
  components: { schemas: { RestrictionType: { enum: string[] } } };
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// tsc fails on this line when the list and the generated type disagree.
const sameTypes: Same<(typeof RESTRICTION_TYPES)[number], components['schemas']['RestrictionType']> = true;

it("lists the contract's restriction types in the contract's order", () => {
  expect(sameTypes).toBe(true);
  expect(RESTRICTION_TYPES).toEqual(contract.components.schemas.RestrictionType.enum);
});

// Spec section 6, one table for the console (what it offers) and the server (what it refuses).
describe('restrictionChangeRefusal', () => {
  const cases: [RestrictionTypeName, ClusivityName | null, boolean, ReturnType<typeof restrictionChangeRefusal>][] = [
    ['advertiser', null, false, null],
    ['advertiser', 'EXCLUDE', false, null],
    ['advertiser', 'INCLUDE', false, 'included'],
    ['advertiser', null, true, 'internalAdvertiser'],
    ['advertiser', 'EXCLUDE', true, 'internalAdvertiser'],
    ['advertiser', 'INCLUDE', true, 'internalAdvertiser'],
    ['advertiser_domain', null, false, null],
    ['advertiser_domain', 'EXCLUDE', true, null],
    ['advertiser_domain', 'INCLUDE', false, 'included'],
    ['advertiser_domain', 'INCLUDE', true, 'included'],
    ['iab_category', null, true, null],
    ['iab_category', 'EXCLUDE', false, null],
    ['iab_category', 'INCLUDE', false, 'included'],
    ['iab_category', 'INCLUDE', true, 'included'],
  ];
  it.each(cases)('%s with clusivity %s, internal %s: %s', (type, clusivity, isInternal, refusal) => {
    expect(restrictionChangeRefusal(type, clusivity, isInternal)).toBe(refusal);
  });
});
