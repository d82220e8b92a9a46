// The one list of restriction types, used by the console's data provider and the server's grouped answers, is
// the contract's enum in its order: a type added to or moved in openapi/portal.yaml fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import type { components } from '../../../openapi/portal';
import { RESTRICTION_TYPES } from '../../../src/lib/restrictions';

const contract = parse(readFileSync(path.resolve(import.meta.dirname, '../../../openapi/portal.yaml'), 'utf8')) as {
  components: { schemas: { RestrictionType: { enum: string[] } } };
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// tsc fails on this line when the list and the generated type disagree.
const sameTypes: Same<(typeof RESTRICTION_TYPES)[number], components['schemas']['RestrictionType']> = true;

it("lists the contract's restriction types in the contract's order", () => {
  expect(sameTypes).toBe(true);
  expect(RESTRICTION_TYPES).toEqual(contract.components.schemas.RestrictionType.enum);
});
