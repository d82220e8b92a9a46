import { describe, expect, it } from 'vitest';
import {
  isProductAllowed,
  PRODUCT,
  productChipLabel,
  productKey,
  ZONE_TYPE,
  zoneTypeKey,
} from '../../../src/lib/products';

describe('products', () => {
  it('maps product ids and keys as the spec lists them', () => {
    expect(PRODUCT).toEqual({ inImage: 5, inScreen: 12, inSlot: 13, inContent: 14, inVideo: 15, video: 16 });
    expect(productKey(5)).toBe('inImage');
    expect(productKey(12)).toBe('inScreen');
    expect(productKey(13)).toBe('inSlot');
    expect(productKey(14)).toBe('inContent');
    expect(productKey(15)).toBe('inVideo');
    expect(productKey(16)).toBe('video');
    expect(productKey(1)).toBeUndefined();
  });

  it('has the platform types', () => {
    expect(ZONE_TYPE).toEqual({ website: 1, app: 3 });
    expect(zoneTypeKey(1)).toBe('website');
    expect(zoneTypeKey(3)).toBe('app');
    expect(zoneTypeKey(2)).toBeUndefined();
  });
});

describe('isProductAllowed', () => {
  it('allows every known product on websites', () => {
    for (const id of [5, 12, 13, 14, 15, 16]) expect(isProductAllowed(id, 1)).toBe(true);
    expect(isProductAllowed(99, 1)).toBe(false);
  });

  it('allows only in-slot, in-video and video on apps', () => {
    expect([5, 12, 13, 14, 15, 16].filter((id) => isProductAllowed(id, 3))).toEqual([13, 15, 16]);
  });
});

describe('productChipLabel', () => {
  it.each([
    ['Native Ads', 'In-Content'],
    ['InImage Ads', 'InImage'],
    ['InScreen Ads', 'InScreen'],
    ['Native', 'In-Content'],
    ['Video', 'Video'],
    [' InVideo Ads ', 'InVideo'],
    ['Ads', 'Ads'],
    ['Native Ads Ads', 'Native Ads'],
    ['Native ads', 'Native ads'],
    ['Adsense Ads', 'Adsense'],
  ])('%j -> %j', (name, label) => {
    expect(productChipLabel(name)).toBe(label);
  });
});
