import { describe, expect, it } from 'vitest';
import { DEFAULT_BID_BASE_URL, DEFAULT_TAG_BASE_URL, IMPLEMENTATION_TYPE, slotCode } from '../../../src/lib/slotCodes';

const slot = { id: 4321, size: { name: '300x250', width: 300, height: 250, flex: false } };
const flexSlot = { id: 77, size: { name: 'Flex', width: 0, height: 0, flex: true } };

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

  it('4: the JavaScript tag with the extra placement parameter of 2 (spec section 9)', () => {
    expect(slotCode(4, slot)).toBe(
      '<script async src="https://cdn.adnetwork.example/tag.js"></script>\n' +
        '<div data-slot-id="4321" data-width="300" data-height="250" data-placement="2"></div>',
    );
  });

  it('a flex slot: the tags carry data-size="flex" instead of a width and height of 0', () => {
    expect(slotCode(1, flexSlot)).toBe('<script async src="https://cdn.adnetwork.example/tag.js"></script>\n<div data-slot-id="77" data-size="flex"></div>');
    expect(slotCode(4, flexSlot)).toBe(
      '<script async src="https://cdn.adnetwork.example/tag.js"></script>\n<div data-slot-id="77" data-size="flex" data-placement="2"></div>',
    );
    // Without the flag (an older answer), the size's name decides, as everywhere else (src/lib/slots.ts).
    expect(slotCode(1, { id: 77, size: { name: 'Flex', width: 0, height: 0 } })).toContain('data-size="flex"');
    expect(slotCode(2, flexSlot)).toBe('77');
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
    expect(() => slotCode(1, { ...slot, size: { ...slot.size, width: -1 } })).toThrow(RangeError);
    expect(() => slotCode(4, { ...slot, size: { ...slot.size, height: Number.NaN } })).toThrow(RangeError);
  });
});
