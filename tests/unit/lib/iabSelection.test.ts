import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableCommonParents,
  COMMON_IAB_PARENTS,
  commonParentsSelected,
  coveredIds,
  iabEditChanges,
  iabNetEffect,
  iabTree,
  isCovered,
  isPartlySelected,
  normalizeSelection,
  orderedIds,
  sameSelection,
  toggleCategory,
  toggleCommonParents,
  type IabTree,
} from '../../../src/lib/iabSelection';

/** A small taxonomy: IAB1..IABn with 0..4 children each; some of the common parents are among them. */
const treeArb = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 })
  .chain((childCounts) =>
    fc.constantFrom(0, 6).map((offset) =>
      // offset 6 shifts the parents so IAB7 and IAB14 are in the tree; 0 keeps them out in short trees.
      iabTree(childCounts.map((count, i) => ({ id: `IAB${i + 1 + offset}`, children: Array.from({ length: count }, (_, j) => `IAB${i + 1 + offset}-${j + 1}`) }))),
    ),
  );

const allIds = (tree: IabTree) => [...tree.position.keys()];

/** A tree, a selection reached by toggling random ids from nothing, and the ids to try next. */
const stateArb = treeArb.chain((tree) =>
  fc
    .array(fc.constantFrom(...allIds(tree)), { maxLength: 12 })
    .map((ids) => ({ tree, selection: ids.reduce((s, id) => toggleCategory(tree, s, id), new Set<string>() as ReadonlySet<string>) })),
);

function isMinimal(tree: IabTree, selection: ReadonlySet<string>): boolean {
  return tree.parents.every(({ id, children }) => {
    const someChild = children.some((child) => selection.has(child));
    const allChildren = children.length > 0 && children.every((child) => selection.has(child));
    return !(selection.has(id) && someChild) && !allChildren;
  });
}

describe('IAB selection algebra (spec section 4)', () => {
  it('never holds a parent together with one of its children, nor every child of a parent', () => {
    fc.assert(
      fc.property(stateArb, ({ tree, selection }) => {
        expect(isMinimal(tree, selection)).toBe(true);
        expect(isMinimal(tree, toggleCommonParents(tree, selection))).toBe(true);
      }),
    );
  });

  it('collapses to the parent once all of its children are selected, in any order', () => {
    fc.assert(
      fc.property(
        treeArb.chain((tree) => {
          const families = tree.parents.filter((p) => p.children.length > 0);
          return families.length === 0
            ? fc.constant(null)
            : fc.constantFrom(...families).chain((parent) => fc.shuffledSubarray([...parent.children], { minLength: parent.children.length }).map((order) => ({ tree, parent, order })));
        }),
        (state) => {
          if (state === null) return;
          const { tree, parent, order } = state;
          const selection = order.reduce((s, id) => toggleCategory(tree, s, id), new Set<string>() as ReadonlySet<string>);
          expect([...selection]).toEqual([parent.id]);
        },
      ),
    );
  });

  it('returns to the start when an unselected sub-category, or a parent with none of its children, is selected then unselected', () => {
    fc.assert(
      fc.property(
        stateArb.chain(({ tree, selection }) => {
          const candidates = allIds(tree).filter((id) => !isCovered(selection, tree, id) && !isPartlySelected(selection, tree, id));
          return candidates.length === 0 ? fc.constant(null) : fc.constantFrom(...candidates).map((id) => ({ tree, selection, id }));
        }),
        (state) => {
          if (state === null) return;
          const { tree, selection, id } = state;
          const selected = toggleCategory(tree, selection, id);
          expect(isCovered(selected, tree, id)).toBe(true);
          expect(sameSelection(toggleCategory(tree, selected, id), selection)).toBe(true);
        },
      ),
    );
  });

  it('replaces a selected parent by its other children when one child is unselected', () => {
    const tree = iabTree([{ id: 'IAB7', children: ['IAB7-1', 'IAB7-2', 'IAB7-3'] }]);
    expect([...toggleCategory(tree, new Set(['IAB7']), 'IAB7-2')]).toEqual(['IAB7-1', 'IAB7-3']);
    expect([...toggleCategory(tree, new Set(['IAB7-1', 'IAB7-3']), 'IAB7')]).toEqual(['IAB7']);
  });

  it("'Select common' adds every available common parent and drops their children, and removes them when all are selected", () => {
    fc.assert(
      fc.property(stateArb, ({ tree, selection }) => {
        const available = availableCommonParents(tree);
        const toggled = toggleCommonParents(tree, selection);
        const others = (s: ReadonlySet<string>) => [...s].filter((id) => !available.includes(tree.parentOf.get(id) ?? id)).sort();
        if (available.length === 0) {
          expect(sameSelection(toggled, selection)).toBe(true);
          return;
        }
        if (commonParentsSelected(tree, selection)) {
          expect(available.some((id) => isCovered(toggled, tree, id) || isPartlySelected(toggled, tree, id))).toBe(false);
        } else {
          expect(available.every((id) => toggled.has(id))).toBe(true);
          expect(commonParentsSelected(tree, toggled)).toBe(true);
          const again = toggleCommonParents(tree, toggled);
          expect(available.some((id) => again.has(id))).toBe(false);
          expect(others(again)).toEqual(others(selection));
        }
        expect(others(toggled)).toEqual(others(selection));
      }),
    );
  });

  it("leaves out of 'Select common' the common parents already blocked, and is idle when all are", () => {
    const tree = iabTree(COMMON_IAB_PARENTS.map((id) => ({ id, children: [`${id}-1`] })));
    const locked = new Set(['IAB7', 'IAB25']);
    expect(availableCommonParents(tree, locked)).toEqual(['IAB14', 'IAB23', 'IAB26', 'IAB30']);
    const all = new Set<string>(COMMON_IAB_PARENTS);
    expect(availableCommonParents(tree, all)).toEqual([]);
    expect(sameSelection(toggleCommonParents(tree, all, all), all)).toBe(true);
  });

  it('never moves a locked (already blocked) category and keeps it through every change', () => {
    fc.assert(
      fc.property(
        stateArb.chain(({ tree }) =>
          fc.record({
            locked: fc.subarray(allIds(tree)).map((ids) => normalizeSelection(tree, ids)),
            toggles: fc.array(fc.constantFrom(...allIds(tree)), { maxLength: 12 }),
            common: fc.boolean(),
          }).map((rest) => ({ tree, ...rest })),
        ),
        ({ tree, locked, toggles, common }) => {
          let selection: ReadonlySet<string> = locked;
          for (const id of toggles) selection = toggleCategory(tree, selection, id, locked);
          if (common) selection = toggleCommonParents(tree, selection, locked);
          for (const id of locked) expect(isCovered(selection, tree, id)).toBe(true);
          expect(isMinimal(tree, selection)).toBe(true);
        },
      ),
    );
  });

  it('orders parents first, then sub-categories, each in taxonomy order', () => {
    const tree = iabTree([
      { id: 'IAB1', children: ['IAB1-1', 'IAB1-2'] },
      { id: 'IAB2', children: ['IAB2-1'] },
      { id: 'IAB3', children: [] },
    ]);
    expect(orderedIds(tree, ['IAB1-2', 'IAB3', 'IAB2', 'IAB1-1'])).toEqual(['IAB2', 'IAB3', 'IAB1-1', 'IAB1-2']);
    expect(coveredIds(new Set(['IAB1', 'IAB2-1']), tree)).toEqual(['IAB1', 'IAB1-1', 'IAB1-2', 'IAB2-1']);
    expect(normalizeSelection(tree, ['IAB1-1', 'IAB1', 'unknown'])).toEqual(new Set(['IAB1']));
  });

  it('saves an edit by removing the blocks no longer selected and adding the new ones, never touching locked ones', () => {
    const tree = iabTree([{ id: 'IAB7', children: ['IAB7-1', 'IAB7-2', 'IAB7-3'] }]);
    expect(iabEditChanges(tree, new Set(['IAB7-1', 'IAB7-2']), new Set(['IAB7-2', 'IAB7-3']))).toEqual({ remove: ['IAB7-1'], add: ['IAB7-3'] });
    // All children chosen: the parent replaces the children the entity blocked.
    expect(iabEditChanges(tree, new Set(['IAB7-1', 'IAB7-2']), new Set(['IAB7']))).toEqual({ remove: ['IAB7-1', 'IAB7-2'], add: ['IAB7'] });
    expect(iabEditChanges(tree, new Set(['IAB7-1']), new Set(['IAB7-1', 'IAB7-3']), new Set(['IAB7-3']))).toEqual({ remove: [], add: [] });
  });

  it('reviews an edit by its net effect (issue 21): ticking the last child blocks that child, not the parent, and unblocks nothing', () => {
    const tree = iabTree([
      { id: 'IAB8', children: ['IAB8-1', 'IAB8-2', 'IAB8-3'] },
      { id: 'IAB25', children: [] },
    ]);
    const before = new Set(['IAB8-1', 'IAB8-2']);
    const after = toggleCategory(tree, before, 'IAB8-3');
    expect(after).toEqual(new Set(['IAB8']));
    expect(iabEditChanges(tree, before, after)).toEqual({ remove: ['IAB8-1', 'IAB8-2'], add: ['IAB8'] });
    expect(iabNetEffect(tree, before, after)).toEqual({ blocked: ['IAB8-3'], unblocked: [] });
    // Unticking one child of a blocked parent unblocks that child only; a whole family changing shows as its parent.
    expect(iabNetEffect(tree, new Set(['IAB8']), new Set(['IAB8-1', 'IAB8-2']))).toEqual({ blocked: [], unblocked: ['IAB8-3'] });
    expect(iabNetEffect(tree, new Set(), new Set(['IAB8', 'IAB25']))).toEqual({ blocked: ['IAB8', 'IAB25'], unblocked: [] });
    expect(iabNetEffect(tree, new Set(['IAB8']), new Set())).toEqual({ blocked: [], unblocked: ['IAB8'] });
  });

  it('gives a net effect that takes the coverage before to the coverage after, whatever the selections', () => {
    fc.assert(
      fc.property(stateArb, ({ tree, selection }) => {
        const before = normalizeSelection(tree, allIds(tree).filter((_, i) => i % 2 === 0));
        const { blocked, unblocked } = iabNetEffect(tree, before, selection);
        const covered = (ids: Iterable<string>) => new Set(coveredIds(new Set(ids), tree));
        const expected = covered(selection);
        const result = new Set([...covered(before)].filter((id) => !covered(unblocked).has(id)));
        for (const id of covered(blocked)) result.add(id);
        // Leaf categories (children, and parents without children) end up covered exactly as after the edit.
        const leaves = allIds(tree).filter((id) => (tree.childrenOf.get(id) ?? []).length === 0);
        expect(leaves.filter((id) => result.has(id))).toEqual(leaves.filter((id) => expected.has(id)));
      }),
    );
  });
});
