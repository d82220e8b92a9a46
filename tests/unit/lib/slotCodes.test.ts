import { describe, expect, it } from 'vitest';
import { DEFAULT_BID_BASE_URL, DEFAULT_TAG_BASE_URL, IMPLEMENTATION_TYPE, slotCode } from '../../../src/lib/slotCodes';

const slot = { id: 4321, width: 300, height: 250 };

describe('slotCode', () => {
  it('exports the default base URLs', () => {
    expect(DEFAULT_TAG_BASE_URL).toBe('https://cdn.adnetwork.example');
    expect(DEFAULT_BID_BASE_URL).toBe('https://ads.adnetwork.example');
    expect(IMPLEMENTATION_TYPE).toEqual({ javascriptTag: 1, slotId: 2, bidUrl: 3, ampTag: 4 });
  });

  it('1: script tag plus a div carrying slot id, width and height', () => {
    expect(slotCode(1, slot)).toBe(
      '<script async src="https://cdn.adnetwork.example/tag.js"></script>\n' +
        '<div data-slot-id="4321" data-width="300" data-height="250"></div>',
    );
  });

  it('2: the slot id only', () => {
    expect(slotCode(2, slot)).toBe('4321');
  });

  it('3: the bid URL from entity, id and bid', () => {
    expect(slotCode(3, slot)).toBe('https://ads.adnetwork.example/slot/4321/bid');
  });

  it('4: an AMP tag with size, slot id and placement 2', () => {
    const code = slotCode(4, slot);
    expect(code).toBe(
      '<amp-ad width="300" height="250" type="adnetwork" data-slot-id="4321" data-placement="2"></amp-ad>',
    );
  });

  it('uses given base URLs, ignoring trailing slashes', () => {
    const options = { tagBaseUrl: 'https://tags.test.example/', bidBaseUrl: 'https://bid.test.example//' };
    expect(slotCode(1, slot, options)).toContain('src="https://tags.test.example/tag.js"');
    expect(slotCode(3, slot, options)).toBe('https://bid.test.example/slot/4321/bid');
  });

  it('throws RangeError for an unknown implementation type', () => {
    expect(() => slotCode(0, slot)).toThrow(RangeError);
    expect(() => slotCode(5, slot)).toThrow(RangeError);
    expect(() => slotCode(Number.NaN, slot)).toThrow(RangeError);
  });

  it('throws RangeError for ids or sizes that are not non-negative integers', () => {
    expect(() => slotCode(2, { ...slot, id: 1.5 })).toThrow(RangeError);
    expect(() => slotCode(1, { ...slot, width: -1 })).toThrow(RangeError);
    expect(() => slotCode(1, { ...slot, height: Number.NaN })).toThrow(RangeError);
  });
});
