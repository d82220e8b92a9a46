import { describe, expect, it } from 'vitest';
import {
  addableRows,
  initialSlotRows,
  slotRowsReducer,
  toRequestRows,
  type SlotRowsState,
} from '../../../../../../src/resources/zones/edit/slots/slotRowsReducer';
import { MAX_SLOT_ROWS } from '../../../../../../src/lib/limits';

const add = (state: SlotRowsState, count: number, sizeId?: number) => slotRowsReducer(state, { type: 'add', count, sizeId });

describe('slot request rows', () => {
  it('starts with one row of the spec defaults: size 4, implementation type 2, no placement, no name', () => {
    expect(initialSlotRows()).toEqual({ rows: [{ key: 0, name: '', sizeId: 4, implementationTypeId: 2, placementId: '' }], nextKey: 1 });
  });

  it('can start and add with another size when the default one is not offered', () => {
    const state = add(initialSlotRows(1), 1, 1);
    expect(state.rows.map((row) => row.sizeId)).toEqual([1, 1]);
  });

  it('adds one or N default rows with fresh keys', () => {
    const state = add(add(initialSlotRows(), 1), 3);
    expect(state.rows.map((row) => row.key)).toEqual([0, 1, 2, 3, 4]);
    expect(state.rows.every((row) => row.sizeId === 4 && row.implementationTypeId === 2 && row.placementId === '')).toBe(true);
  });

  it('ignores an add of zero, a negative or a fractional count', () => {
    const state = initialSlotRows();
    expect(add(state, 0)).toBe(state);
    expect(add(state, -2)).toBe(state);
    expect(add(state, 1.5)).toBe(state);
    expect(add(state, Number.NaN)).toBe(state);
  });

  it(`never holds more than ${MAX_SLOT_ROWS} rows (the contract's limit)`, () => {
    const full = add(initialSlotRows(), 100);
    expect(full.rows).toHaveLength(MAX_SLOT_ROWS);
    expect(add(full, 1)).toBe(full);
    expect(addableRows(48, 5)).toBe(2);
  });

  it('keeps the last row: removing it changes nothing', () => {
    const state = initialSlotRows();
    expect(slotRowsReducer(state, { type: 'remove', key: 0 })).toBe(state);
  });

  it('removes a row by key and never reuses its key, so typed names stay with their rows', () => {
    let state = add(initialSlotRows(), 2);
    state = slotRowsReducer(state, { type: 'change', key: 1, changes: { name: 'Second' } });
    state = slotRowsReducer(state, { type: 'remove', key: 0 });
    state = add(state, 1);
    expect(state.rows.map((row) => [row.key, row.name])).toEqual([
      [1, 'Second'],
      [2, ''],
      [3, ''],
    ]);
  });

  it('changes the fields of one row only, never its key', () => {
    let state = add(initialSlotRows(), 1);
    state = slotRowsReducer(state, { type: 'change', key: 1, changes: { sizeId: 9, placementId: '3' } });
    expect(state.rows[0]).toEqual({ key: 0, name: '', sizeId: 4, implementationTypeId: 2, placementId: '' });
    expect(state.rows[1]).toEqual({ key: 1, name: '', sizeId: 9, implementationTypeId: 2, placementId: '3' });
  });

  it('gives the data provider the rows without their keys', () => {
    expect(toRequestRows(initialSlotRows().rows)).toEqual([{ name: '', sizeId: 4, implementationTypeId: 2, placementId: '' }]);
  });
});
