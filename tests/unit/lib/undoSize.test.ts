// When an undo is large enough to ask first (issue 21): more items than a history row names.
import { describe, expect, it } from 'vitest';
import { isLargeUndo, LARGE_UNDO_ITEMS, undoItemCount, undoLines } from '../../../src/lib/history';

const blocks = (count: number) => Array.from({ length: count }, (_, i) => ({ type: 'advertiser' as const, id: String(i), name: `A${i}` }));

describe('large undos', () => {
  it('read the entry the other way round: what it blocked, the undo unblocks', () => {
    expect(undoLines({ kind: 'BLOCKS', before: { blocks: blocks(1) }, after: { blocks: [] } })).toEqual([
      { type: 'blocks', blockType: 'advertiser', added: ['A0'], removed: [] },
    ]);
  });

  it(`ask first past ${LARGE_UNDO_ITEMS} items, counting added and removed alike`, () => {
    expect(isLargeUndo({ kind: 'BLOCKS', before: { blocks: [] }, after: { blocks: blocks(LARGE_UNDO_ITEMS) } })).toBe(false);
    expect(isLargeUndo({ kind: 'BLOCKS', before: { blocks: [] }, after: { blocks: blocks(LARGE_UNDO_ITEMS + 1) } })).toBe(true);
    const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, pattern: `p${i}`, urlType: 'PAGE' as const, evalType: 'CONTAINS' as const }));
    expect(undoItemCount(undoLines({ kind: 'BLOCKED_URLS', before: { urls: urls(5) }, after: { urls: urls(4) } }))).toBe(9);
  });

  it('count a zone field as one item, and nothing for an entry without a before', () => {
    expect(undoItemCount(undoLines({ kind: 'ZONE', before: { name: 'A', enabled: true }, after: { name: 'B', enabled: false } }))).toBe(2);
    expect(undoLines({ kind: 'ZONE', before: null, after: { name: 'New' } })).toEqual([]);
  });
});
