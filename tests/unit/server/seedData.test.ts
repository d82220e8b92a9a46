import { parse } from 'tldts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ADVERTISER_COUNT,
  FIRST_ADVERTISER_ID,
  generateAdvertisers,
} from '../../../server/src/db/seed/data/advertisers';
import { iabById, iabCategories } from '../../../server/src/db/seed/data/iab';
import { mulberry32, siteDomain, zoneName } from '../../../server/src/db/seed/data/names';
import {
  DEFAULT_IMPLEMENTATION_TYPE_ID,
  DEFAULT_SLOT_SIZE_ID,
  LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID,
  adsTxtLines,
  businessUnits,
  fillTemplate,
  implementationTypes,
  paymentLedgerTemplates,
  products,
  slotSizes,
} from '../../../server/src/db/seed/data/reference';

function isValidPublicDomain(domain: string): boolean {
  const parsed = parse(domain);
  return parsed.isIcann === true && parsed.domain !== null && parsed.domain !== undefined;
}

describe('IAB categories', () => {
  const parents = iabCategories.filter((c) => c.parentId === null);
  const children = iabCategories.filter((c) => c.parentId !== null);

  it('has the 26 taxonomy 1.0 parents in numeric order, then the network parent IAB30', () => {
    const expected = [...Array.from({ length: 26 }, (_, i) => `IAB${i + 1}`), 'IAB30'];
    expect(parents.map((p) => p.id)).toEqual(expected);
    expect(iabById('IAB1')?.en).toBe('Arts & Entertainment');
    expect(iabById('IAB26')?.en).toBe('Illegal Content');
  });

  it('has at least 360 sub-categories, each under an existing parent with an id of the form parent-n', () => {
    expect(children.length).toBeGreaterThanOrEqual(360);
    const parentIds = new Set(parents.map((p) => p.id));
    for (const child of children) {
      expect(parentIds.has(child.parentId ?? '')).toBe(true);
      expect(child.id).toMatch(new RegExp(`^${child.parentId}-\\d+$`));
    }
    expect(iabById('IAB7-1')?.en).toBe('Exercise');
    expect(iabById('IAB7-2')?.en).toBe('A.D.D.');
  });

  it('lists each parent followed by its children numbered 1..n', () => {
    let currentParent: string | null = null;
    let expectedSub = 1;
    for (const entry of iabCategories) {
      if (entry.parentId === null) {
        currentParent = entry.id;
        expectedSub = 1;
      } else {
        expect(entry.parentId).toBe(currentParent);
        expect(entry.id).toBe(`${currentParent}-${expectedSub}`);
        expectedSub++;
      }
    }
  });

  it('names every entry in Spanish and French too, each a translation, so the reference calls answer every language (issue 21)', () => {
    for (const c of iabCategories) {
      expect(c.es.trim(), c.id).not.toBe('');
      expect(c.fr.trim(), c.id).not.toBe('');
    }
    // Names like 'Golf', 'Rugby' or 'JavaScript' read the same; most do not.
    expect(iabCategories.filter((c) => c.es !== c.en).length / iabCategories.length).toBeGreaterThan(0.9);
    expect(iabCategories.filter((c) => c.fr !== c.en).length / iabCategories.length).toBeGreaterThan(0.8);
    expect(iabById('IAB7')).toMatchObject({ es: 'Salud y forma física', fr: 'Santé et forme' });
  });

  it('has unique ids', () => {
    expect(new Set(iabCategories.map((c) => c.id)).size).toBe(iabCategories.length);
  });

  it('names every entry in English and Japanese, the two differing for at least 95% of entries', () => {
    for (const entry of iabCategories) {
      expect(entry.en.trim()).not.toBe('');
      expect(entry.ja.trim()).not.toBe('');
    }
    const differing = iabCategories.filter((c) => c.ja !== c.en).length;
    expect(differing / iabCategories.length).toBeGreaterThanOrEqual(0.95);
  });

  it("has every one of the spec's common parents, IAB30 with 4-6 children", () => {
    for (const id of ['IAB7', 'IAB14', 'IAB23', 'IAB25', 'IAB26', 'IAB30']) expect(iabById(id)?.parentId, id).toBeNull();
    const sensitive = iabCategories.filter((entry) => entry.parentId === 'IAB30');
    expect(sensitive.length).toBeGreaterThanOrEqual(4);
    expect(sensitive.length).toBeLessThanOrEqual(6);
  });
});

describe('generateAdvertisers', () => {
  it('is deterministic and a shorter list is a prefix of a longer one', () => {
    const a = generateAdvertisers(500, 42);
    expect(generateAdvertisers(500, 42)).toEqual(a);
    expect(generateAdvertisers(1000, 42).slice(0, 500)).toEqual(a);
    expect(generateAdvertisers(500, 43)).not.toEqual(a);
    expect(generateAdvertisers(DEFAULT_ADVERTISER_COUNT)).toEqual(generateAdvertisers(DEFAULT_ADVERTISER_COUNT));
  });

  it('numbers ids consecutively from 1001', () => {
    const advertisers = generateAdvertisers(DEFAULT_ADVERTISER_COUNT);
    expect(advertisers).toHaveLength(3000);
    advertisers.forEach((advertiser, i) => expect(advertiser.id).toBe(FIRST_ADVERTISER_ID + i));
    expect(FIRST_ADVERTISER_ID).toBe(1001);
  });

  it('gives 20,000 unique names and unique valid public domains, quickly', () => {
    const started = performance.now();
    const advertisers = generateAdvertisers(20_000);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(new Set(advertisers.map((a) => a.name)).size).toBe(20_000);
    expect(new Set(advertisers.map((a) => a.domain)).size).toBe(20_000);
    const invalid = advertisers.filter((a) => !isValidPublicDomain(a.domain));
    expect(invalid).toEqual([]);
  });

  it('makes names of words and derives the domain from the name', () => {
    for (const { name, domain } of generateAdvertisers(200)) {
      expect(name).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)+$/);
      const label = domain.split('.')[0] ?? '';
      expect(label.replace(/-/g, '')).toBe(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
    }
  });
});

describe('names', () => {
  it('mulberry32 is deterministic and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    for (let i = 0; i < 1000; i++) {
      const value = a();
      expect(b()).toBe(value);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('gives unique, valid site domains and unique zone names for 20,000 indexes', () => {
    const rng = mulberry32(1);
    const domains = Array.from({ length: 20_000 }, (_, i) => siteDomain(rng, i));
    expect(new Set(domains).size).toBe(domains.length);
    expect(domains.filter((d) => !isValidPublicDomain(d))).toEqual([]);
    const zones = Array.from({ length: 20_000 }, (_, i) => zoneName(rng, i));
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.some((z) => z.includes(' – '))).toBe(true);
    expect(zones.some((z) => /\d$/.test(z))).toBe(true);
  });
});

describe('reference tables', () => {
  it('has the default slot size 4 and exactly one flex size', () => {
    expect(slotSizes.find((s) => s.id === DEFAULT_SLOT_SIZE_ID)?.name).toBe('300x250');
    expect(slotSizes.filter((s) => s.flex)).toHaveLength(1);
    expect(new Set(slotSizes.map((s) => s.id)).size).toBe(slotSizes.length);
    expect(implementationTypes.some((t) => t.id === DEFAULT_IMPLEMENTATION_TYPE_ID)).toBe(true);
  });

  it('keeps the spec ids for products and business units', () => {
    expect(products.map((p) => [p.key, p.id])).toEqual(
      expect.arrayContaining([['inImage', 5], ['inScreen', 12], ['inContent', 14], ['inSlot', 13], ['inVideo', 15], ['video', 16]]),
    );
    expect(products.filter((p) => p.allowedForApps).map((p) => p.id)).toEqual([13, 15, 16]);
    expect(businessUnits.filter((u) => u.legacyJustPremium).map((u) => u.id)).toEqual([LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID]);
  });

  it('seeds ads.txt lines of both account types, with and without a tag id', () => {
    expect(adsTxtLines.some((l) => l.accountType === 'DIRECT')).toBe(true);
    expect(adsTxtLines.some((l) => l.tagId === undefined)).toBe(true);
  });

  it('fills payment ledger templates', () => {
    const earnings = paymentLedgerTemplates.find((t) => t.key === 'earnings');
    expect(earnings && fillTemplate(earnings.template, { month: 'March 2024' })).toBe('Earnings for March 2024');
    expect(() => fillTemplate('Payment by check #{reference}', {})).toThrow();
  });
});
