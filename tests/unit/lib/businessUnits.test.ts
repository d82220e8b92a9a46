import { describe, expect, it } from 'vitest';
import {
  BUSINESS_UNIT_IDS,
  isLegacyJustPremium,
  LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID,
} from '../../../src/lib/businessUnits';
import * as reference from '../../../server/src/db/seed/data/reference';

describe('business units', () => {
  it('marks exactly the legacy unit as legacy in the reference server seed', () => {
    const legacyUnits = reference.businessUnits.filter((unit) => unit.legacyJustPremium).map((unit) => unit.id);
    expect(legacyUnits).toEqual([LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID]);
  });

  it('recognises a legacy just-premium publisher by its business unit', () => {
    expect(isLegacyJustPremium({ businessUnit: { id: 7 } })).toBe(true);
    for (const id of Object.values(BUSINESS_UNIT_IDS)) {
      expect(isLegacyJustPremium({ businessUnit: { id } })).toBe(false);
    }
  });

  it('does not call a missing publisher legacy', () => {
    expect(isLegacyJustPremium(null)).toBe(false);
    expect(isLegacyJustPremium(undefined)).toBe(false);
  });
});
