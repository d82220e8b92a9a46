import { describe, expect, it } from 'vitest';
import type { ZoneDomainSelfIdentifiersRecord } from '../../../../src/dataProvider/resources';
import { changedRows, chosenIds, inOptionOrder } from '../../../../src/resources/zoneDomainSelfIdentifiers/selfIdentifierEdits';

const row = (zoneDomainId: number, ids: number[]): ZoneDomainSelfIdentifiersRecord => ({
  id: zoneDomainId,
  zoneDomainId,
  zoneId: 1,
  domain: { domain: `*.d${zoneDomainId}.example` },
  selfIdentifiers: ids.map((id) => ({ id, name: `S${id}` })),
});

describe('self identifier edits', () => {
  const rows = [row(1, [2, 3]), row(2, []), row(3, [1])];

  it('shows the saved identifiers of an untouched row and the chosen ones of a touched row', () => {
    expect(chosenIds(rows[0]!, {})).toEqual([2, 3]);
    expect(chosenIds(rows[0]!, { 1: [4] })).toEqual([4]);
    expect(chosenIds(rows[1]!, { 1: [4] })).toEqual([]);
  });

  it('lists only the rows whose set differs from the saved one, in page order', () => {
    expect(changedRows(rows, { 3: [], 1: [3, 2], 2: [5, 1] })).toEqual([
      { zoneDomainId: 2, selfIdentifierIds: [5, 1] },
      { zoneDomainId: 3, selfIdentifierIds: [] },
    ]);
    expect(changedRows(rows, { 1: [2, 3], 2: [] })).toEqual([]);
  });

  it('ignores choices for rows not on the page', () => {
    expect(changedRows(rows, { 9: [1] })).toEqual([]);
  });

  it('orders chosen ids as the options are listed, dropping unknown ones', () => {
    expect(inOptionOrder([4, 1, 9], [{ id: 1 }, { id: 2 }, { id: 4 }])).toEqual([1, 4]);
  });
});
