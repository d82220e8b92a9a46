// Who may change what on the blocking screens (spec section 6), which rows they may remove, and where staff are sent:
// the rules of src/resources/restrictions/scope.ts without a screen around them.
import { describe, expect, it } from 'vitest';
import {
  addRule,
  internalSettingsUrl,
  isRemovable,
  type BlockingScope,
  type Restriction,
} from '../../../../src/resources/restrictions/scope';
import { setRuntimeConfig } from '../../../../src/config/runtimeConfig';
import type { RestrictionType } from '../../../../src/dataProvider/resources';
import { runtimeConfig } from '../../../support/builders';

const row = (id: number, extra: Partial<Restriction> = {}): Restriction => ({
  id,
  clusivity: 'EXCLUDE',
  advertisingRestrictionId: `value-${id}`,
  name: `Name ${id}`,
  parentId: null,
  tag: null,
  ...extra,
});

const TYPES: RestrictionType[] = ['advertiser', 'advertiser_domain', 'iab_category'];
const ZONE: BlockingScope = { entity: 'zone', entityId: 7342, publisherId: 2, publisherName: 'Atlas News', zoneName: 'Sports', basePath: '/zones/edit/7342/blocking' };
const PUBLISHER: BlockingScope = { entity: 'publisher', entityId: 2, publisherId: 2, publisherName: 'Atlas News', basePath: '/global-advertiser-blocks' };

describe('addRule (spec section 6)', () => {
  it('lets an ordinary publisher add every type while no clusivity or EXCLUDE applies', () => {
    for (const type of TYPES) {
      expect(addRule(type, null, false)).toEqual({ kind: 'allowed' });
      expect(addRule(type, 'EXCLUDE', false)).toEqual({ kind: 'allowed' });
    }
  });

  it('sends an ordinary publisher to the account manager for every type whose clusivity is INCLUDE', () => {
    for (const type of TYPES) expect(addRule(type, 'INCLUDE', false)).toEqual({ kind: 'accountManager' });
  });

  it('never lets staff change advertiser exclusions, whatever the clusivity', () => {
    expect(addRule('advertiser', null, true)).toEqual({ kind: 'internal' });
    expect(addRule('advertiser', 'EXCLUDE', true)).toEqual({ kind: 'internal' });
    expect(addRule('advertiser', 'INCLUDE', true)).toEqual({ kind: 'internal' });
  });

  it('lets staff add domains and categories unless INCLUDE applies, then shows them the internal notice', () => {
    for (const type of ['advertiser_domain', 'iab_category'] as const) {
      expect(addRule(type, null, true)).toEqual({ kind: 'allowed' });
      expect(addRule(type, 'EXCLUDE', true)).toEqual({ kind: 'allowed' });
      expect(addRule(type, 'INCLUDE', true)).toEqual({ kind: 'internal' });
    }
  });
});

describe('isRemovable', () => {
  it("lets the entity's own exclusions be removed", () => {
    for (const type of TYPES) expect(isRemovable(row(1), type, false)).toBe(true);
  });

  it("keeps Global blocks and inclusions out of reach, for staff too", () => {
    for (const type of TYPES) {
      for (const isInternal of [false, true]) {
        expect(isRemovable(row(1, { tag: 'Global' }), type, isInternal)).toBe(false);
        expect(isRemovable(row(1, { clusivity: 'INCLUDE' }), type, isInternal)).toBe(false);
      }
    }
  });

  it('refuses staff the advertiser exclusions but not the domains and categories', () => {
    expect(isRemovable(row(1), 'advertiser', true)).toBe(false);
    expect(isRemovable(row(1), 'advertiser_domain', true)).toBe(true);
    expect(isRemovable(row(1), 'iab_category', true)).toBe(true);
  });
});

describe('internalSettingsUrl', () => {
  it("fills the zone's id into the configured internal zone page, and the publisher's into the publisher page", () => {
    setRuntimeConfig(
      runtimeConfig({
        internalZoneUrl: 'https://staff.example/zones/{zoneId}/settings',
        internalPublisherUrl: 'https://staff.example/publishers/{publisherId}',
      }),
    );
    expect(internalSettingsUrl(ZONE)).toBe('https://staff.example/zones/7342/settings');
    expect(internalSettingsUrl(PUBLISHER)).toBe('https://staff.example/publishers/2');
    expect(internalSettingsUrl({ ...ZONE, publisherId: 5 })).toBe('https://staff.example/zones/7342/settings');
  });
});
