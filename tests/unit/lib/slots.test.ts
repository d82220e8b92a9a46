import { describe, expect, it } from 'vitest';
import {
  availableSlotSizes,
  canRemoveSlotRow,
  DEFAULT_SLOT_ROW,
  FLEX_SIZE_LABEL_KEY,
  FLEX_VIOLATION_KEY,
  flexViolation,
  highestSuffix,
  isFlexSize,
  nameSlotRows,
  newSlotRow,
  sizeBaseName,
  slotSizeLabel,
} from '../../../src/lib/slots';

const sizes = [
  { id: 1, name: '728 x 90', width: 728, height: 90, flex: false },
  { id: 4, name: '300x250', width: 300, height: 250, flex: false },
  { id: 7, name: 'Flex', width: 0, height: 0, flex: true },
];

describe('slot size labels', () => {
  it('labels the flex size with a key and others as width*height', () => {
    expect(FLEX_SIZE_LABEL_KEY).toBe('slots.flexSize');
    expect(slotSizeLabel(sizes[2]!)).toEqual({ key: 'slots.flexSize' });
    expect(slotSizeLabel(sizes[1]!)).toEqual({ text: '300*250' });
    expect(slotSizeLabel({ name: 'Leaderboard', width: 728, height: 90 })).toEqual({ text: '728*90' });
  });

  it('recognises the flex size by flag, and by name only when the flag is absent', () => {
    expect(isFlexSize({ name: 'Anything', width: 1, height: 1, flex: true })).toBe(true);
    expect(isFlexSize({ name: 'Flex size', width: 0, height: 0 })).toBe(true);
    expect(isFlexSize({ name: 'flex', width: 0, height: 0 })).toBe(true);
    expect(isFlexSize({ name: 'Flex', width: 0, height: 0, flex: false })).toBe(false);
    expect(isFlexSize({ name: 'Flexible', width: 0, height: 0 })).toBe(false);
  });

  it('derives the base name by removing spaces, falling back to WxH', () => {
    expect(sizeBaseName(sizes[0]!)).toBe('728x90');
    expect(sizeBaseName(sizes[1]!)).toBe('300x250');
    expect(sizeBaseName(sizes[2]!)).toBe('Flex');
    expect(sizeBaseName({ name: ' Flex  size ', width: 0, height: 0 })).toBe('Flexsize');
    expect(sizeBaseName({ name: '  ', width: 160, height: 600 })).toBe('160x600');
  });
});

describe('highestSuffix', () => {
  it('is -1 when no name has the base', () => {
    expect(highestSuffix([], '300x250')).toBe(-1);
    expect(highestSuffix(['x300x250', '300x250x', '300x250-a', '300x250-', '728x90-4'], '300x250')).toBe(-1);
  });

  it('is 0 when only the bare base exists', () => {
    expect(highestSuffix(['300x250', 'other'], '300x250')).toBe(0);
  });

  it('is the highest numeric suffix after a hyphen', () => {
    expect(highestSuffix(['Leaderboard-3', 'Leaderboard', 'Leaderboard-12', 'Leaderboard-7'], 'Leaderboard')).toBe(12);
    expect(highestSuffix(['300x250-02'], '300x250')).toBe(2);
    expect(highestSuffix([' 300x250-5 '], '300x250')).toBe(5);
  });

  it('is case-sensitive and treats regex characters in the base literally', () => {
    expect(highestSuffix(['leaderboard-3'], 'Leaderboard')).toBe(-1);
    expect(highestSuffix(['a.b-2', 'axb-9'], 'a.b')).toBe(2);
  });
});

describe('nameSlotRows', () => {
  const row = (name: string, sizeId = 4) => ({ name, sizeId, implementationTypeId: 2, placementId: '' });

  it('names two new rows of a size with no existing names base, base-1', () => {
    expect(nameSlotRows([row(''), row('  ')], [], sizes).map((r) => r.name)).toEqual(['300x250', '300x250-1']);
  });

  it('continues after the highest existing suffix for the base', () => {
    const named = nameSlotRows([row(''), row('')], ['x300x250', '300x250-2'], sizes);
    expect(named.map((r) => r.name)).toEqual(['300x250-3', '300x250-4']);
  });

  it('continues after a bare existing base', () => {
    expect(nameSlotRows([row('')], ['300x250'], sizes).map((r) => r.name)).toEqual(['300x250-1']);
  });

  it('counts per base and keeps other fields', () => {
    const named = nameSlotRows(
      [row('', 4), row('', 1), row('', 4), { ...row('', 7), placementId: 'p1' }],
      ['728x90-1'],
      sizes,
    );
    expect(named).toEqual([
      row('300x250', 4),
      row('728x90-2', 1),
      row('300x250-1', 4),
      { name: 'Flex', sizeId: 7, implementationTypeId: 2, placementId: 'p1' },
    ]);
  });

  it('keeps typed names (trimmed) and avoids them when generating, even if typed further down', () => {
    const named = nameSlotRows([row(''), row(' My slot '), row('300x250-5')], [], sizes);
    expect(named.map((r) => r.name)).toEqual(['300x250-6', 'My slot', '300x250-5']);
  });

  it('leaves a row with an unknown size unnamed', () => {
    expect(nameSlotRows([row('', 99)], [], sizes)).toEqual([row('', 99)]);
  });

  it('does not modify its input', () => {
    const rows = [row('')];
    nameSlotRows(rows, [], sizes);
    expect(rows).toEqual([row('')]);
  });
});

describe('flex rules', () => {
  it('hides the flex size when the zone already has a flex slot', () => {
    expect(availableSlotSizes(sizes, true).map((s) => s.id)).toEqual([1, 4]);
    expect(availableSlotSizes(sizes, false).map((s) => s.id)).toEqual([1, 4, 7]);
  });

  it('allows at most one flex slot per zone, counting the existing one', () => {
    expect(FLEX_VIOLATION_KEY).toBe('slots.onlyOneFlex');
    expect(flexViolation([{ sizeId: 7 }, { sizeId: 4 }], sizes, false)).toBe(false);
    expect(flexViolation([{ sizeId: 7 }, { sizeId: 7 }], sizes, false)).toBe(true);
    expect(flexViolation([{ sizeId: 7 }], sizes, true)).toBe(true);
    expect(flexViolation([{ sizeId: 4 }], sizes, true)).toBe(false);
    expect(flexViolation([], sizes, true)).toBe(false);
    expect(flexViolation([{ sizeId: 99 }, { sizeId: 99 }], sizes, false)).toBe(false);
  });
});

describe('slot request rows', () => {
  it('defaults to the spec new-zone values', () => {
    expect(DEFAULT_SLOT_ROW).toEqual({ name: '', sizeId: 4, implementationTypeId: 2, placementId: '' });
    expect(Object.isFrozen(DEFAULT_SLOT_ROW)).toBe(true);
    const fresh = newSlotRow();
    fresh.name = 'changed';
    expect(DEFAULT_SLOT_ROW.name).toBe('');
  });

  it('keeps at least one row', () => {
    expect(canRemoveSlotRow(1)).toBe(false);
    expect(canRemoveSlotRow(2)).toBe(true);
  });
});
